import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, PAIRERS, RequireRole } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.decorators';
import { uuidParam } from '../common/id-param';
import { SubmitLineupDto } from './lineup.dto';
import { LineupsService } from './lineups.service';

@ApiTags('lineups')
@ApiBearerAuth()
@Controller('api')
export class LineupsController {
  constructor(private readonly lineups: LineupsService) {}

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
  ) {
    return this.lineups.submit({ user, pairingId, entryId, dto });
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
}
