import { Module } from '@nestjs/common';
import { AffiliationsModule } from '../affiliations/affiliations.module';
import { DisciplineModule } from '../discipline/discipline.module';
import { EntriesModule } from '../entries/entries.module';
import { EventsModule } from '../events/events.module';
import { ImportsModule } from '../imports/imports.module';
import { PlayersModule } from '../players/players.module';
import { RoundsModule } from '../rounds/rounds.module';
import { TeamsModule } from '../teams/teams.module';
import { TournamentsModule } from '../tournaments/tournaments.module';
import { EntriesSetupController } from './entries-setup.controller';
import { EventsSetupController } from './events-setup.controller';
import { PlayersSetupController } from './players-setup.controller';
import { StaffSetupController } from './staff-setup.controller';
import { TeamsSetupController } from './teams-setup.controller';
import { TournamentSetupController } from './tournament-setup.controller';
import { SetupPageData } from './setup-page-data';

/** The organizer's setup pages and My tournaments (issue 20 #2–7): the API's services behind forms. */
@Module({
  imports: [TournamentsModule, AffiliationsModule, PlayersModule, ImportsModule, EventsModule, RoundsModule, DisciplineModule, EntriesModule, TeamsModule],
  controllers: [TournamentSetupController, StaffSetupController, PlayersSetupController, EventsSetupController, EntriesSetupController, TeamsSetupController],
  providers: [SetupPageData],
})
export class SetupPagesModule {}
