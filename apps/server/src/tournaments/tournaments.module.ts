import { Module } from '@nestjs/common';
import { InvitationsController, TournamentsController } from './tournaments.controller';
import { TournamentsService } from './tournaments.service';

@Module({ controllers: [TournamentsController, InvitationsController], providers: [TournamentsService], exports: [TournamentsService] })
export class TournamentsModule {}
