import { Module } from '@nestjs/common';
import { ResultsController } from './results.controller';
import { ResultsService } from './results.service';
import { RoundRepair } from './round-repair';

@Module({ controllers: [ResultsController], providers: [ResultsService, RoundRepair], exports: [ResultsService] })
export class ResultsModule {}
