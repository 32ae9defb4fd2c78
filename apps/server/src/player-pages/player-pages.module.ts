import { Module } from '@nestjs/common';
import { CredentialsModule } from '../credentials/credentials.module';
import { StandingsModule } from '../standings/standings.module';
import { PlayerPagesController } from './player-pages.controller';
import { PlayerViewService } from './player-view.service';
import { RoundMails } from './round-mails';

/** The holder's own page (issue 32 #2): from the credential's link, with manifest, service worker and calendar. */
@Module({
  imports: [CredentialsModule, StandingsModule],
  controllers: [PlayerPagesController],
  providers: [PlayerViewService, RoundMails],
  exports: [PlayerViewService, RoundMails],
})
export class PlayerPagesModule {}
