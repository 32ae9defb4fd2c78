import { Module } from '@nestjs/common';
import { ArchiveModule } from '../archive/archive.module';
import { LineupsModule } from '../lineups/lineups.module';
import { LiveModule } from '../live/live.module';
import { RecordsModule } from '../records/records.module';
import { RoundsModule } from '../rounds/rounds.module';
import { StandingsModule } from '../standings/standings.module';
import { EntryPagesController } from './entry-pages.controller';
import { EventHubController } from './event-hub.controller';
import { EventPageData } from './event-page-data';
import { RoundPagesController } from './round-pages.controller';
import { StandingsPagesController } from './standings-pages.controller';
import { TeamPagesController } from './team-pages.controller';
import { PagesController } from './pages.controller';

@Module({
  imports: [ArchiveModule, RoundsModule, StandingsModule, LineupsModule, LiveModule, RecordsModule],
  // The public event pages by family (issues 12, 21), in the order their routes were declared.
  controllers: [PagesController, EventHubController, RoundPagesController, StandingsPagesController, EntryPagesController, TeamPagesController],
  providers: [EventPageData],
})
export class PagesModule {}
