import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Access, CurrentUser, PAIRERS, RESULT_ENTRY, RequireRole } from '../auth/auth.decorators';
import type { TournamentAccess } from '../auth/tournament-access';
import type { AuthUser } from '../auth/auth.decorators';
import { Arrival, ArrivedAt } from '../common/arrival';
import { uuidParam } from '../common/id-param';
import { SubmitLineupDto, TeamForfeitDto } from './lineup.dto';
import { LineupsService } from './lineups.service';
import { TeamReportService } from './team-report.service';
import { afterRoundQuery } from '../standings/standings.controller';

@ApiTags('lineups')
@ApiBearerAuth()
@Controller('api')
export class LineupsController {
  constructor(
    private readonly lineups: LineupsService,
    private readonly teamReport: TeamReportService,
  ) {}

  /**
   * A captain hands in the team's lineup (排阵表) for a match before the deadline (附录1 #8); the
   * chief arbiter may set or correct one at any time before results, with a reason.
   */
  @Put('pairings/:pairingId/lineups/:entryId')
  @RequireRole('team_captain', ...PAIRERS)
  submit(
    @CurrentUser() user: AuthUser,
    @Param('pairingId', uuidParam('pairingId')) pairingId: string,
    @Param('entryId', uuidParam('entryId')) entryId: string,
    @Body() dto: SubmitLineupDto,
    @ArrivedAt() arrived: Arrival,
    @Access() access: TournamentAccess,
  ) {
    return this.lineups.submit({ user, pairingId, entryId, dto, arrived, access });
  }

  /**
   * The match card: both teams, their lineups and the boards with players, colours, results and
   * the match score. Lineups are secret to everyone but their own captain and the arbiters until
   * both are in or the deadline has passed (附录1 #8).
   */
  @Get('pairings/:pairingId/match-card')
  matchCard(@CurrentUser() user: AuthUser | undefined, @Param('pairingId', uuidParam('pairingId')) pairingId: string) {
    return this.lineups.lineups(pairingId, user);
  }

  /** A whole team absent at the start (零迟到, 二章7节1): every board lost by forfeit. */
  @Post('pairings/:pairingId/team-forfeit')
  @HttpCode(200)
  @RequireRole(...RESULT_ENTRY)
  teamForfeit(
    @CurrentUser() user: AuthUser,
    @Access() access: TournamentAccess,
    @Param('pairingId', uuidParam('pairingId')) pairingId: string,
    @Body() dto: TeamForfeitDto,
  ) {
    return this.lineups.teamForfeit({ user, pairingId, absent: dto.absent, reason: dto.reason, access });
  }

  /** Each team's record round by round, players' records across boards (附录1 #6), board prizes. */
  @Get('events/:eventId/team-report')
  report(@Param('eventId', uuidParam('eventId')) eventId: string, @Query('afterRound') afterRound: unknown) {
    return this.teamReport.report(eventId, afterRoundQuery(afterRound));
  }
}
