import { Module } from '@nestjs/common';
import { EntriesModule } from '../entries/entries.module';
import { ResultsModule } from '../results/results.module';
import { DisciplineController } from './discipline.controller';
import { DisciplineService } from './discipline.service';
import { ResultConsequence } from './result-consequence';

@Module({
  imports: [ResultsModule, EntriesModule],
  controllers: [DisciplineController],
  providers: [DisciplineService, ResultConsequence],
  exports: [ResultConsequence, DisciplineService],
})
export class DisciplineModule {}
