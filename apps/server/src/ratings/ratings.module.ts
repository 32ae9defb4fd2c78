import { Module } from '@nestjs/common';
import { LiveModule } from '../live/live.module';
import { AutoRerate } from './auto-rerate';
import { RatingsController } from './ratings.controller';
import { RatingsService } from './ratings.service';

@Module({ imports: [LiveModule], controllers: [RatingsController], providers: [RatingsService, AutoRerate], exports: [RatingsService, AutoRerate] })
export class RatingsModule {}
