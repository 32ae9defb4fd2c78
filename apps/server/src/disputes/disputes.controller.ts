import { Body, Controller, Get, Header, HttpCode, Param, ParseIntPipe, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequireRole, RESULT_ENTRY, STAFF } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.decorators';
import { uuidParam } from '../common/id-param';
import { OpenDisputeDto, RuleDisputeDto } from './disputes.dto';
import { DisputesService } from './disputes.service';
import { invalidInput } from '../common/errors';

/** Staff and the appeals committee (who hear appeals against rulings, 三章7C) read disputes. */
const READERS = [...STAFF, 'appeals_member' as const];

@ApiTags('disputes')
@ApiBearerAuth()
@Controller('api')
export class DisputesController {
  constructor(private readonly disputes: DisputesService) {}

  @Post('games/:gameId/disputes')
  @RequireRole(...RESULT_ENTRY)
  @ApiOperation({
    summary:
      'open a disputed position (待判局面, 三章6G) from a FEN and the cycle’s moves, or fromRecord (up to uptoPly); the engine’s report (verdict, moves in Chinese notation with their kinds, articles, procedure, SVG diagrams) is stored',
  })
  open(@CurrentUser() user: AuthUser, @Param('gameId', uuidParam('gameId')) gameId: string, @Body() dto: OpenDisputeDto) {
    return this.disputes.open(user, gameId, dto);
  }

  @Get('games/:gameId/disputes')
  @RequireRole(...READERS)
  listForGame(@Param('gameId', uuidParam('gameId')) gameId: string) {
    return this.disputes.listForGame(gameId);
  }

  @Get('events/:eventId/disputes')
  @RequireRole(...READERS)
  listForEvent(@Param('eventId', uuidParam('eventId')) eventId: string) {
    return this.disputes.listForEvent(eventId);
  }

  @Get('disputes/:disputeId')
  @RequireRole(...READERS)
  get(@Param('disputeId', uuidParam('disputeId')) id: string) {
    return this.disputes.get(id);
  }

  @Get('disputes/:disputeId/diagrams/:index.svg')
  @RequireRole(...READERS)
  @Header('Content-Type', 'image/svg+xml; charset=utf-8')
  @ApiOperation({ summary: 'one diagram of the cycle as SVG (Red at the bottom, 一章1节3)' })
  diagram(
    @Param('disputeId', uuidParam('disputeId')) id: string,
    @Param('index', new ParseIntPipe({ exceptionFactory: () => invalidInput('input.not_integer', 'index', 'must be an integer') })) index: number,
  ) {
    return this.disputes.diagram(id, index);
  }

  @Post('disputes/:disputeId/ruling')
  @HttpCode(200)
  @RequireRole(...RESULT_ENTRY)
  @ApiOperation({ summary: 'the arbiter’s ruling: recorded with the report, it becomes the game’s result (results path, audit)' })
  rule(@CurrentUser() user: AuthUser, @Param('disputeId', uuidParam('disputeId')) id: string, @Body() dto: RuleDisputeDto) {
    return this.disputes.rule(user, id, dto);
  }
}
