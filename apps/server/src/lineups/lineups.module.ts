import { Module } from '@nestjs/common';
import { LineupsController } from './lineups.controller';
import { LineupsService } from './lineups.service';
import { TeamReportService } from './team-report.service';
import { StandingsModule } from '../standings/standings.module';

/** Team lineups (排阵表) and match cards, 附录1. */
@Module({
  imports: [StandingsModule],
  controllers: [LineupsController],
  providers: [LineupsService, TeamReportService],
  exports: [LineupsService, TeamReportService],
})
export class LineupsModule {}
