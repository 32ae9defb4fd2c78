import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequireRole, type AuthUser } from '../auth/auth.decorators';
import { uuidParam } from '../common/id-param';
import { CheckInDto, LookUpDto } from './check-in.dto';
import { CHECKERS, CheckInService } from './check-in.service';
import { START_SIGNALLERS } from './start-roles';
import { StartSignalService } from './start-signal.service';

/** Check-in and the start signal over the API (issue 32 #3, #4). */
@ApiTags('venue')
@Controller('api')
export class CheckInController {
  constructor(
    private readonly checkIns: CheckInService,
    private readonly start: StartSignalService,
  ) {}

  @Post('tournaments/:tournamentId/check-ins/lookup')
  @HttpCode(200)
  @RequireRole(...CHECKERS)
  @ApiOperation({ summary: 'Who a credential is (name, unit, events, draw numbers) and whether they are checked in' })
  lookup(@Param('tournamentId', uuidParam('tournamentId')) tournamentId: string, @Body() dto: LookUpDto) {
    return this.checkIns.lookup(tournamentId, dto.code);
  }

  @Post('tournaments/:tournamentId/check-ins')
  @RequireRole(...CHECKERS)
  @ApiOperation({ summary: 'Check a player in (检录) for an event — or its round in play, where the event checks in per round; 409 checkin.already' })
  checkIn(@CurrentUser() user: AuthUser, @Param('tournamentId', uuidParam('tournamentId')) tournamentId: string, @Body() dto: CheckInDto) {
    return this.checkIns.checkIn(user, tournamentId, dto.code, dto.eventId);
  }

  @Get('events/:eventId/presence')
  @RequireRole(...CHECKERS)
  @ApiOperation({ summary: 'Who is checked in and who is not, per table, for the round in play; the absences once it started' })
  presence(@Param('eventId', uuidParam('eventId')) eventId: string) {
    return this.start.presence(eventId);
  }

  @Post('rounds/:roundId/start')
  @HttpCode(200)
  @RequireRole(...START_SIGNALLERS)
  @ApiOperation({ summary: 'The start signal (二章7节1): the round starts now, by the database’s clock; answers who is absent' })
  startRound(@CurrentUser() user: AuthUser, @Param('roundId', uuidParam('roundId')) roundId: string) {
    return this.start.start(user, roundId);
  }

  @Post('rounds/:roundId/absences')
  @HttpCode(200)
  @RequireRole(...START_SIGNALLERS)
  @ApiOperation({ summary: 'Records the games of the players absent at the late limit as lost by absence (弃权), through the result writer' })
  absences(@CurrentUser() user: AuthUser, @Param('roundId', uuidParam('roundId')) roundId: string) {
    return this.start.recordAbsences(user, roundId);
  }
}
