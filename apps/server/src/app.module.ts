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
import { MailModule } from './mail/mail.module';
import { CredentialsModule } from './credentials/credentials.module';
import { CheckInModule } from './check-in/check-in.module';
import { PlayerPagesModule } from './player-pages/player-pages.module';
import { LineupsModule } from './lineups/lineups.module';
import { PagesModule } from './pages/pages.module';
import { StaffPagesModule } from './staff-pages/staff-pages.module';
import { PersonsModule } from './persons/persons.module';
import { PlayersModule } from './players/players.module';
import { RatingsModule } from './ratings/ratings.module';
import { PrismaModule } from './prisma/prisma.module';
import { RecordsModule } from './records/records.module';
import { ResultsModule } from './results/results.module';
import { RoundsModule } from './rounds/rounds.module';
import { StandingsModule } from './standings/standings.module';
import { PlayModule } from './play/play.module';
import { SetupPagesModule } from './setup-pages/setup-pages.module';
import { TeamsModule } from './teams/teams.module';
import { TournamentsModule } from './tournaments/tournaments.module';
import { WebModule } from './web/web.module';
import { RegulationsModule } from './regulations/regulations.module';
import { UnitsModule } from './units/units.module';
import { EntryRequestsModule } from './entry-requests/entry-requests.module';
import { FeesModule } from './fees/fees.module';

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
        MailModule,
        AuthModule,
        TournamentsModule,
        EventsModule,
        AffiliationsModule,
        PlayersModule,
        PersonsModule,
        RatingsModule,
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
        StaffPagesModule,
        CredentialsModule,
        PlayerPagesModule,
        CheckInModule,
        WebModule,
        SetupPagesModule,
        RegulationsModule,
        UnitsModule,
        EntryRequestsModule,
        FeesModule,
      ],
    };
  }
}
