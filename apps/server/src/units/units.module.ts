import { Module } from '@nestjs/common';
import { StandingsModule } from '../standings/standings.module';
import { TournamentsModule } from '../tournaments/tournaments.module';
import { QuotasService } from './quotas.service';
import { UnitsController } from './units.controller';
import { UnitsPagesController } from './units-pages.controller';
import { UnitsPageData } from './units-page-data';

@Module({
  imports: [StandingsModule, TournamentsModule],
  controllers: [UnitsController, UnitsPagesController],
  providers: [UnitsPageData, QuotasService],
  exports: [QuotasService],
})
export class UnitsModule {}
