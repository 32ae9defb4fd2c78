import { Module } from '@nestjs/common';
import { RatingsModule } from '../ratings/ratings.module';
import { StandingsModule } from '../standings/standings.module';
import { AdminPagesController } from './admin-pages.controller';
import { PersonPagesController } from './person-pages.controller';
import { PersonsController } from './persons.controller';
import { PersonsService } from './persons.service';
import { TitlesController } from './titles.controller';
import { TitlesService } from './titles.service';

@Module({
  imports: [StandingsModule, RatingsModule],
  controllers: [PersonsController, TitlesController, PersonPagesController, AdminPagesController],
  providers: [PersonsService, TitlesService],
  exports: [PersonsService],
})
export class PersonsModule {}
