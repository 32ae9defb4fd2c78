import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Access, CurrentUser, PAIRERS, RequireRole, RESULT_ENTRY, STAFF } from '../auth/auth.decorators';
import type { TournamentAccess } from '../auth/tournament-access';
import type { AuthUser } from '../auth/auth.decorators';
import { VersionDto } from '../common/dto-fields';
import { uuidParam } from '../common/id-param';
import {
  AdjournmentDto,
  CreateSanctionDto,
  DisciplineSettingsDto,
  DecideEarlyDrawDto,
  DrawOfferDto,
  EarlyDrawDto,
  RevokeSanctionDto,
  ApplySanctionsDto,
} from './discipline.dto';
import { DisciplineService } from './discipline.service';

@ApiTags('discipline')
@ApiBearerAuth()
@Controller('api')
export class DisciplineController {
  constructor(private readonly discipline: DisciplineService) {}

  @Post('games/:gameId/sanctions')
  @RequireRole(...RESULT_ENTRY)
  @ApiOperation({
    summary:
      'record a foul or penalty on a player of the game (三章6F). Misconduct and collusion are proposals until the chief arbiter confirms (三章6M) unless the chief records them. A confirmed sanction that decides the game changes its result through the results path (article in the audit reason).',
  })
  create(
    @CurrentUser() user: AuthUser,
    @Access() access: TournamentAccess,
    @Param('gameId', uuidParam('gameId')) gameId: string,
    @Body() dto: CreateSanctionDto,
  ) {
    return this.discipline.create(user, gameId, dto, access);
  }

  @Get('events/:eventId/discipline-settings')
  @ApiOperation({ summary: 'the appeal deadline and fee (二章8节4) and the 棋例 rule set (public)' })
  settings(@Param('eventId', uuidParam('eventId')) eventId: string) {
    return this.discipline.settings(eventId);
  }

  @Patch('events/:eventId/discipline-settings')
  @RequireRole(...PAIRERS)
  @ApiOperation({ summary: 'set the appeal deadline (minutes), the fee (minor unit, currency) and the 棋例 rule set (axf_2017 | cxa); event version' })
  updateSettings(@CurrentUser() user: AuthUser, @Param('eventId', uuidParam('eventId')) eventId: string, @Body() dto: DisciplineSettingsDto) {
    return this.discipline.updateSettings(user, eventId, dto);
  }

  @Post('games/:gameId/sanctions/apply')
  @HttpCode(200)
  @RequireRole(...PAIRERS)
  @ApiOperation({
    summary:
      'apply the confirmed sanctions’ consequence to the stored result again, with a reason (e.g. when an arbiter could not change a result after the next round was paired, or before the lineups were in)',
  })
  apply(@CurrentUser() user: AuthUser, @Param('gameId', uuidParam('gameId')) gameId: string, @Body() dto: ApplySanctionsDto) {
    return this.discipline.reapply(user, gameId, dto.reason);
  }

  @Get('games/:gameId/sanctions')
  @RequireRole(...STAFF)
  @ApiOperation({ summary: 'the game’s sanctions in recorded order, proposals, revocations and undo entries included' })
  listForGame(@Param('gameId', uuidParam('gameId')) gameId: string) {
    return this.discipline.listForGame(gameId);
  }

  @Get('events/:eventId/sanctions')
  @RequireRole(...STAFF)
  @ApiOperation({ summary: 'the event’s sanctions (the confirmed, unrevoked ones are the tournament file’s `sanctions`)' })
  listForEvent(@Param('eventId', uuidParam('eventId')) eventId: string) {
    return this.discipline.listForEvent(eventId);
  }

  @Post('sanctions/:sanctionId/confirm')
  @HttpCode(200)
  @RequireRole(...PAIRERS)
  @ApiOperation({ summary: 'the chief arbiter confirms a proposed sanction (三章6M); its consequence follows' })
  confirm(@CurrentUser() user: AuthUser, @Param('sanctionId', uuidParam('sanctionId')) id: string, @Body() dto: VersionDto) {
    return this.discipline.confirm(user, id, dto.version);
  }

  @Post('sanctions/:sanctionId/revoke')
  @HttpCode(200)
  @RequireRole(...RESULT_ENTRY)
  @ApiOperation({
    summary:
      'undo a sanction: a new audited entry (revokesId), never a delete. Confirmed ones: chief arbiter or organizer only. A result the sanction gave is restored.',
  })
  revoke(
    @CurrentUser() user: AuthUser,
    @Access() access: TournamentAccess,
    @Param('sanctionId', uuidParam('sanctionId')) id: string,
    @Body() dto: RevokeSanctionDto,
  ) {
    return this.discipline.revoke(user, id, dto, access);
  }

  @Post('games/:gameId/draw-offers')
  @RequireRole(...RESULT_ENTRY)
  @ApiOperation({ summary: 'log a draw offer (三章6I); a repeated offer after a refusal is flagged (二章9节5)' })
  drawOffer(@CurrentUser() user: AuthUser, @Param('gameId', uuidParam('gameId')) gameId: string, @Body() dto: DrawOfferDto) {
    return this.discipline.drawOffer(user, gameId, dto);
  }

  @Post('games/:gameId/early-draw')
  @RequireRole(...RESULT_ENTRY)
  @ApiOperation({ summary: 'an agreed draw: flagged for the chief arbiter when before move 20 (40 plies) or with little material gone (二章8节12)' })
  earlyDraw(@CurrentUser() user: AuthUser, @Param('gameId', uuidParam('gameId')) gameId: string, @Body() dto: EarlyDrawDto) {
    return this.discipline.earlyDraw(user, gameId, dto);
  }

  @Post('games/:gameId/early-draw/decision')
  @HttpCode(200)
  @RequireRole(...PAIRERS)
  @ApiOperation({ summary: 'the chief arbiter confirms or refuses a flagged early draw (二章8节12)' })
  decideEarlyDraw(@CurrentUser() user: AuthUser, @Param('gameId', uuidParam('gameId')) gameId: string, @Body() dto: DecideEarlyDrawDto) {
    return this.discipline.decideEarlyDraw(user, gameId, dto);
  }

  @Get('events/:eventId/early-draws')
  @RequireRole(...STAFF)
  @ApiOperation({ summary: 'draws to confirm: flagged ones and drawn games whose record is shorter than 40 plies (二章8节12)' })
  earlyDraws(@Param('eventId', uuidParam('eventId')) eventId: string) {
    return this.discipline.earlyDraws(eventId);
  }

  @Post('games/:gameId/adjournment')
  @RequireRole(...RESULT_ENTRY)
  @ApiOperation({
    summary:
      'adjourn a game (二章2节4, 三章6K): diagram (FEN), sealed move, times, resumption. More than 15 minutes late for the resumption: record adjournment_no_show — a forfeit (作弃权论).',
  })
  adjourn(@CurrentUser() user: AuthUser, @Param('gameId', uuidParam('gameId')) gameId: string, @Body() dto: AdjournmentDto) {
    return this.discipline.adjourn(user, gameId, dto);
  }

  @Get('games/:gameId/adjournment')
  @RequireRole(...STAFF)
  @ApiOperation({ summary: 'the adjournment with its diagram (SVG) and the sealed move (staff only)' })
  adjournment(@Param('gameId', uuidParam('gameId')) gameId: string) {
    return this.discipline.adjournment(gameId);
  }
}
