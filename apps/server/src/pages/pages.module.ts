import { Module } from '@nestjs/common';
import { LineupsModule } from '../lineups/lineups.module';
import { LiveModule } from '../live/live.module';
import { RecordsModule } from '../records/records.module';
import { RoundsModule } from '../rounds/rounds.module';
import { StandingsModule } from '../standings/standings.module';
import { EventPagesController } from './event-pages.controller';
import { PagesController } from './pages.controller';
import { StaffPagesApiController } from './staff-pages-api.controller';
import { StaffPagesController } from './staff-pages.controller';

@Module({ imports: [RoundsModule, StandingsModule, LineupsModule, LiveModule, RecordsModule], controllers: [PagesController, EventPagesController, StaffPagesController, StaffPagesApiController] })
export class PagesModule {}
