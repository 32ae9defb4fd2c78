import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, REGISTRARS, RequireRole } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.decorators';
import { uuidParam } from '../common/id-param';
import { CreateEventDto, UpdateEventDto } from './event.dto';
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

  @Delete('events/:eventId')
  @HttpCode(204)
  @RequireRole(...REGISTRARS)
  remove(@CurrentUser() user: AuthUser, @Param('eventId', uuidParam('eventId')) id: string) {
    return this.events.remove({ user, id });
  }
}
