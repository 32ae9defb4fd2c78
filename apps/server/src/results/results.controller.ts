import { Body, Controller, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Access, CurrentUser, RequireRole, RESULT_ENTRY } from '../auth/auth.decorators';
import type { TournamentAccess } from '../auth/tournament-access';
import type { AuthUser } from '../auth/auth.decorators';
import { uuidParam } from '../common/id-param';
import { EnterResultDto } from './result.dto';
import { ResultsService } from './results.service';

@ApiTags('results')
@ApiBearerAuth()
@Controller('api')
export class ResultsController {
  constructor(private readonly results: ResultsService) {}

  @Put('games/:gameId/result')
  @RequireRole(...RESULT_ENTRY)
  @ApiOperation({
    summary:
      'enter or correct a result (published rounds). Arbiters, the chief arbiter and the organizer; once the next round is paired only the chief arbiter and the organizer, with a reason, and the response has laterPairingsAffected. Completes the round with its last result; knockout matches get their next tie-break game (附录2 7b, 附录3 #6).',
  })
  enter(@CurrentUser() user: AuthUser, @Access() access: TournamentAccess, @Param('gameId', uuidParam('gameId')) gameId: string, @Body() dto: EnterResultDto) {
    return this.results.enterResult({ user, gameId, dto, access });
  }
}
