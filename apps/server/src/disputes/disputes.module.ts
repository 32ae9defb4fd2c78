import { Module } from '@nestjs/common';
import { ResultsModule } from '../results/results.module';
import { DisputesController } from './disputes.controller';
import { DisputesService } from './disputes.service';

@Module({ imports: [ResultsModule], controllers: [DisputesController], providers: [DisputesService], exports: [DisputesService] })
export class DisputesModule {}
