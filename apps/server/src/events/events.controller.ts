import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, REGISTRARS, RequireRole, STANDINGS_SETTERS } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.decorators';
import { uuidParam } from '../common/id-param';
import { CreateEventDto, StandingsReadingsDto, UpdateEventDto } from './event.dto';
import { readingsOf } from './readings';
import { EventsService } from './events.service';
import { tieBreakCatalogue } from './tie-breaks';

@ApiTags('events')
@ApiBearerAuth()
@Controller('api')
export class EventsController {
  constructor(private readonly events: EventsService) {}

  @Get('tournaments/:tournamentId/events')
  list(@Param('tournamentId', uuidParam('tournamentId')) tournamentId: string) {
    return this.events.list(tournamentId);
  }

  @Post('tournaments/:tournamentId/events')
  @RequireRole(...REGISTRARS)
  create(@CurrentUser() user: AuthUser, @Param('tournamentId', uuidParam('tournamentId')) tournamentId: string, @Body() dto: CreateEventDto) {
    return this.events.create({ user, tournamentId, dto });
  }

  /** Every tie-break criterion and the chains the rules list (二章6节, 附录1–5). */
  @Get('tie-breaks')
  tieBreaks() {
    return tieBreakCatalogue();
  }

  @Get('events/:eventId')
  get(@Param('eventId', uuidParam('eventId')) id: string) {
    return this.events.get(id);
  }

  @Patch('events/:eventId')
  @RequireRole(...REGISTRARS)
  update(@CurrentUser() user: AuthUser, @Param('eventId', uuidParam('eventId')) id: string, @Body() dto: UpdateEventDto) {
    return this.events.update({ user, id, dto });
  }

  /** The event's readings of open articles (二章6节2 A/F, 二章8节4), each with its default. */
  @Get('events/:eventId/readings')
  async readings(@Param('eventId', uuidParam('eventId')) id: string) {
    return readingsOf(await this.events.get(id));
  }

  /** 三章4C: the chief arbiter fixes the readings until round 1 is paired (409 settings.round1_paired after). */
  @Put('events/:eventId/readings')
  @RequireRole(...STANDINGS_SETTERS)
  setReadings(@CurrentUser() user: AuthUser, @Param('eventId', uuidParam('eventId')) id: string, @Body() dto: StandingsReadingsDto) {
    return this.events.setReadings({ user, id, dto });
  }

  @Delete('events/:eventId')
  @HttpCode(204)
  @RequireRole(...REGISTRARS)
  remove(@CurrentUser() user: AuthUser, @Param('eventId', uuidParam('eventId')) id: string) {
    return this.events.remove({ user, id });
  }
}
