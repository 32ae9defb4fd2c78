import { DomainError } from '../common/errors';
import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequireRole, RESULT_ENTRY, STAFF } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.decorators';
import { setDownloadName } from '../common/download-name';
import { uuidParam } from '../common/id-param';
import { LinkRecordDto, LockRecordDto, MoveLimitClaimDto, PutRecordDto } from './records.dto';
import { RecordLinksService } from './record-links.service';
import { RecordsService } from './records.service';

/** The client's address for the record links' rate limits (req.ip honours CHUHE_TRUST_PROXY). */
function addressOf(request: Request): string {
  return request.ip ?? request.socket.remoteAddress ?? 'unknown';
}

@ApiTags('records')
@ApiBearerAuth()
@Controller('api')
export class RecordsController {
  constructor(
    private readonly records: RecordsService,
    private readonly links: RecordLinksService,
  ) {}

  @Put('games/:gameId/record/lock')
  @RequireRole(...RESULT_ENTRY)
  @ApiOperation({ summary: 'lock the record (the record links can no longer change it; arbiters still can) or open it again' })
  lock(@CurrentUser() user: AuthUser, @Param('gameId', uuidParam('gameId')) gameId: string, @Body() dto: LockRecordDto) {
    return this.records.lock(user, gameId, dto);
  }

  @Get('rounds/:roundId/records')
  @RequireRole(...STAFF)
  @ApiOperation({
    summary:
      'the result sheet’s record column: each game’s record missing, in or locked, who is due (二章3节7) and the flags (自然限着 二章4节, 16 unrecorded moves 二章3节6, early draw 二章8节12, end vs result)',
  })
  roundRecords(@Param('roundId', uuidParam('roundId')) roundId: string) {
    return this.records.roundStatus(roundId);
  }

  @Post('games/:gameId/record-links')
  @RequireRole(...RESULT_ENTRY)
  @ApiOperation({ summary: 'issue the game’s record entry links (one per side; the earlier ones are revoked); the tokens are shown only now' })
  issue(@CurrentUser() user: AuthUser, @Param('gameId', uuidParam('gameId')) gameId: string) {
    return this.links.issue(user, gameId);
  }

  @Post('rounds/:roundId/record-links')
  @RequireRole(...RESULT_ENTRY)
  @ApiOperation({ summary: 'issue record entry links for every game of the round (printing the result slips); earlier links are revoked' })
  issueRound(@CurrentUser() user: AuthUser, @Param('roundId', uuidParam('roundId')) roundId: string) {
    return this.links.issueForRound(user, roundId);
  }

  @Delete('games/:gameId/record-links')
  @RequireRole(...RESULT_ENTRY)
  @ApiOperation({ summary: 'revoke the game’s record entry links' })
  revoke(@CurrentUser() user: AuthUser, @Param('gameId', uuidParam('gameId')) gameId: string) {
    return this.links.revoke(user, gameId);
  }

  @Get('record-links/:token')
  @Header('Cache-Control', 'no-store')
  @Header('Referrer-Policy', 'no-referrer')
  @ApiOperation({
    summary: 'a record entry link (the token is the capability): the game, who is due to enter the record (二章3节7), the start position, the stored record',
  })
  linkView(@Param('token') token: string, @Req() req: Request) {
    return this.links.view(token, addressOf(req));
  }

  @Put('record-links/:token/record')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary:
      'the player due enters the record through the link (moves in ICCS from the entry page); refused for the other player, after the arbiter locks it, or once the link is revoked',
  })
  linkEnter(@Param('token') token: string, @Req() req: Request, @Body() dto: LinkRecordDto) {
    return this.links.enter(token, addressOf(req), dto);
  }

  @Get('rounds/:roundId/records.pgn')
  @ApiOperation({ summary: 'every recorded game of the round as one PGN file, named after the event and the round (?lang= en for the English name)' })
  async roundPgn(@Param('roundId', uuidParam('roundId')) roundId: string, @Query('lang') lang: unknown, @Res({ passthrough: true }) res: Response) {
    const round = await this.records.roundOf(roundId);
    if (round?.state === 'draft') throw new DomainError('round.draft_forbidden');
    const text = await this.records.roundPgn(roundId);
    res.set('Content-Type', 'application/x-chess-pgn; charset=utf-8');
    // Set on success only (an error stays JSON): 全国象棋锦标赛 第3轮.pgn, with an ASCII fallback.
    setDownloadName(res, await this.records.pgnName(round!.eventId, lang, ` round ${round!.number}`, ` 第${round!.number}轮`), 'pgn');
    return text;
  }

  @Get('events/:eventId/records.pgn')
  @ApiOperation({ summary: 'every recorded game of the event’s published rounds as one PGN file, named after the event (?lang= en for the English name)' })
  async eventPgn(@Param('eventId', uuidParam('eventId')) eventId: string, @Query('lang') lang: unknown, @Res({ passthrough: true }) res: Response) {
    const text = await this.records.eventPgn(eventId);
    res.set('Content-Type', 'application/x-chess-pgn; charset=utf-8');
    setDownloadName(res, await this.records.pgnName(eventId, lang, ' games', ' 棋谱'), 'pgn');
    return text;
  }

  @Put('games/:gameId/record')
  @RequireRole(...RESULT_ENTRY)
  @ApiOperation({
    summary:
      'upload or type the game’s record (二章3节): Chinese (simplified or traditional), WXF/AXF, ICCS or PGN; validated move by move (the first illegal move is a 400 with its number); replacing needs the version',
  })
  put(@CurrentUser() user: AuthUser, @Param('gameId', uuidParam('gameId')) gameId: string, @Body() dto: PutRecordDto) {
    return this.records.put(user, gameId, dto);
  }

  @Get('games/:gameId/record')
  @ApiOperation({ summary: 'the stored record (public once the round is published)' })
  async get(@Param('gameId', uuidParam('gameId')) gameId: string) {
    await this.records.published(gameId);
    return this.records.get(gameId);
  }

  @Get('games/:gameId/record.pgn')
  @Header('Content-Type', 'application/x-chess-pgn; charset=utf-8')
  @ApiOperation({ summary: 'the record as PGN (Chinese movetext, tags from the event, the round and the players)' })
  async pgn(@Param('gameId', uuidParam('gameId')) gameId: string, @Query('lang') lang: unknown, @Res({ passthrough: true }) res: Response) {
    await this.records.published(gameId);
    const text = await this.records.pgn(gameId);
    const g = await this.records.gamePlace(gameId);
    const { table, round } = g.pairing;
    const board = g.board > 1 ? g.board : null;
    const en = ` round ${round.number} table ${table ?? '-'}${board ? ` board ${board}` : ''}`;
    const zh = ` 第${round.number}轮 第${table ?? '-'}台${board ? ` 第${board}台次` : ''}`;
    setDownloadName(res, await this.records.pgnName(round.eventId, lang, en, zh), 'pgn');
    return text;
  }

  @Post('games/:gameId/record/move-limit-claim')
  @HttpCode(200)
  @RequireRole(...STAFF)
  @ApiOperation({ summary: 'check a natural move limit claim (二章4节, 三章6J) against the stored record' })
  moveLimit(@Param('gameId', uuidParam('gameId')) gameId: string, @Body() dto: MoveLimitClaimDto) {
    return this.records.moveLimit(gameId, dto);
  }
}
