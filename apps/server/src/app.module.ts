import { DynamicModule, Module } from '@nestjs/common';
import { AffiliationsModule } from './affiliations/affiliations.module';
import { AppealsModule } from './appeals/appeals.module';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { DisciplineModule } from './discipline/discipline.module';
import { DisputesModule } from './disputes/disputes.module';
import { EntriesModule } from './entries/entries.module';
import { EventsModule } from './events/events.module';
import { ExchangeModule } from './exchange/exchange.module';
import { HealthModule } from './health/health.module';
import { ImportsModule } from './imports/imports.module';
import { LineupsModule } from './lineups/lineups.module';
import { PagesModule } from './pages/pages.module';
import { PlayersModule } from './players/players.module';
import { PrismaModule } from './prisma/prisma.module';
import { RecordsModule } from './records/records.module';
import { ResultsModule } from './results/results.module';
import { RoundsModule } from './rounds/rounds.module';
import { StandingsModule } from './standings/standings.module';
import { PlayModule } from './play/play.module';
import { TeamsModule } from './teams/teams.module';
import { TournamentsModule } from './tournaments/tournaments.module';
import { WebModule } from './web/web.module';

/** One module per part of the user's world (DESIGN.md); registration is what exists so far. */
@Module({})
export class AppModule {
  static forDatabase(databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PrismaModule.forUrl(databaseUrl),
        PlayModule,
        AuditModule,
        AuthModule,
        TournamentsModule,
        EventsModule,
        AffiliationsModule,
        PlayersModule,
        TeamsModule,
        EntriesModule,
        RoundsModule,
        ResultsModule,
        DisciplineModule,
        RecordsModule,
        DisputesModule,
        AppealsModule,
        LineupsModule,
        ImportsModule,
        StandingsModule,
        ExchangeModule,
        HealthModule,
        PagesModule,
        WebModule,
      ],
    };
  }
}
