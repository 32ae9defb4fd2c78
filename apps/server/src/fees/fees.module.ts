import { Module } from '@nestjs/common';
import { FeesController } from './fees.controller';
import { FeesPagesController } from './fees-pages.controller';
import { FeesService } from './fees.service';
import { FeesPageData } from './fees-page-data';

@Module({ controllers: [FeesController, FeesPagesController], providers: [FeesPageData, FeesService], exports: [FeesService] })
export class FeesModule {}
