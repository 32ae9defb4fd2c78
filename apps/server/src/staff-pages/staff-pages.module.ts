import { Module } from '@nestjs/common';
import { AppealsModule } from '../appeals/appeals.module';
import { ArbiterSectionsModule } from '../arbiter-sections/arbiter-sections.module';
import { DisciplineModule } from '../discipline/discipline.module';
import { DisputesModule } from '../disputes/disputes.module';
import { ExchangeModule } from '../exchange/exchange.module';
import { LineupsModule } from '../lineups/lineups.module';
import { RecordsModule } from '../records/records.module';
import { ResultsModule } from '../results/results.module';
import { RoundsModule } from '../rounds/rounds.module';
import { AppealPagesController } from './appeal-pages.controller';
import { ArbiterSectionsPagesController } from './arbiter-sections-pages.controller';
import { CommitteePagesController } from './committee-pages.controller';
import { RecordPagesController } from './record-pages.controller';
import { RecordSlipsController } from './record-slips.controller';
import { CaptainPagesController } from './captain-pages.controller';
import { ConsolePagesController } from './console-pages.controller';
import { GamePagesController } from './game-pages.controller';
import { ResultSheetPagesController } from './result-sheet-pages.controller';
import { RulesPagesController } from './rules-pages.controller';
import { EventsModule } from '../events/events.module';
import { StaffPageData } from './staff-page-data';

/** The staff pages (issue 20, pages 8–11): server-rendered forms over the API's services. */
@Module({
  imports: [
    EventsModule,
    ArbiterSectionsModule,
    RoundsModule,
    ResultsModule,
    LineupsModule,
    DisciplineModule,
    DisputesModule,
    AppealsModule,
    RecordsModule,
    ExchangeModule,
  ],
  controllers: [
    RulesPagesController,
    ConsolePagesController,
    ArbiterSectionsPagesController,
    ResultSheetPagesController,
    GamePagesController,
    CaptainPagesController,
    CommitteePagesController,
    AppealPagesController,
    RecordPagesController,
    RecordSlipsController,
  ],
  providers: [StaffPageData],
})
export class StaffPagesModule {}
