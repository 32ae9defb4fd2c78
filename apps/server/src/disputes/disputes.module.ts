import { Module } from '@nestjs/common';
import { ResultsModule } from '../results/results.module';
import { DisputesController } from './disputes.controller';
import { DisputesService } from './disputes.service';
import { StaffPagesController } from './staff-pages.controller';

@Module({ imports: [ResultsModule], controllers: [DisputesController, StaffPagesController], providers: [DisputesService], exports: [DisputesService] })
export class DisputesModule {}
