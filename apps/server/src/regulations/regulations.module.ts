import { Module } from '@nestjs/common';
import { RegulationsController } from './regulations.controller';
import { RegulationsPagesController } from './regulations-pages.controller';
import { RegulationsService } from './regulations.service';
import { RegulationsPageData } from './regulations-page-data';

@Module({
  controllers: [RegulationsController, RegulationsPagesController],
  providers: [RegulationsPageData, RegulationsService],
  exports: [RegulationsService],
})
export class RegulationsModule {}
