import { Module } from '@nestjs/common';
import { AppealsModule } from '../appeals/appeals.module';
import { DisciplineModule } from '../discipline/discipline.module';
import { DisputesModule } from '../disputes/disputes.module';
import { ExchangeModule } from '../exchange/exchange.module';
import { LineupsModule } from '../lineups/lineups.module';
import { RecordsModule } from '../records/records.module';
import { ResultsModule } from '../results/results.module';
import { RoundsModule } from '../rounds/rounds.module';
import { CommitteePagesController } from './committee-pages.controller';
import { CaptainPagesController } from './captain-pages.controller';
import { ConsolePagesController } from './console-pages.controller';
import { GamePagesController } from './game-pages.controller';
import { ResultSheetPagesController } from './result-sheet-pages.controller';

/** The staff pages (issue 20, pages 8–11): server-rendered forms over the API's services. */
@Module({
  imports: [RoundsModule, ResultsModule, LineupsModule, DisciplineModule, DisputesModule, AppealsModule, RecordsModule, ExchangeModule],
  controllers: [ConsolePagesController, ResultSheetPagesController, GamePagesController, CaptainPagesController, CommitteePagesController],
})
export class StaffPagesModule {}
