import { Module } from '@nestjs/common';
import { EntriesModule } from '../entries/entries.module';
import { PlayersModule } from '../players/players.module';
import { TeamsModule } from '../teams/teams.module';
import { UnitsModule } from '../units/units.module';
import { EntryRequestsController } from './entry-requests.controller';
import { EntryRequestsPagesController } from './entry-requests-pages.controller';
import { RequestMailPagesController } from './request-mail-pages.controller';
import { EntryRequestsService } from './entry-requests.service';
import { EntryRequestsByMailService } from './by-mail.service';
import { EntryRequestsPageData } from './entry-requests-page-data';

@Module({
  imports: [PlayersModule, EntriesModule, TeamsModule, UnitsModule],
  controllers: [EntryRequestsController, EntryRequestsPagesController, RequestMailPagesController],
  providers: [EntryRequestsPageData, EntryRequestsService, EntryRequestsByMailService],
  exports: [EntryRequestsService],
})
export class EntryRequestsModule {}
