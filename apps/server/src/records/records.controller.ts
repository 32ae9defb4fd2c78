import { Body, Controller, ForbiddenException, Get, Header, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequireRole, RESULT_ENTRY, STAFF } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.decorators';
import { uuidParam } from '../common/id-param';
import { PrismaService } from '../prisma/prisma.service';
import { MoveLimitClaimDto, PutRecordDto } from './records.dto';
import { RecordsService } from './records.service';

@ApiTags('records')
@ApiBearerAuth()
@Controller('api')
export class RecordsController {
  constructor(
    private readonly records: RecordsService,
    private readonly prisma: PrismaService,
  ) {}

  @Put('games/:gameId/record')
  @RequireRole(...RESULT_ENTRY)
  @ApiOperation({ summary: 'upload or type the game’s record (二章3节): Chinese (simplified or traditional), WXF/AXF, ICCS or PGN; validated move by move (the first illegal move is a 400 with its number); replacing needs the version' })
  put(@CurrentUser() user: AuthUser, @Param('gameId', uuidParam('gameId')) gameId: string, @Body() dto: PutRecordDto) {
    return this.records.put(user, gameId, dto);
  }

  @Get('games/:gameId/record')
  @ApiOperation({ summary: 'the stored record (public once the round is published)' })
  async get(@Param('gameId', uuidParam('gameId')) gameId: string) {
    await this.published(gameId);
    return this.records.get(gameId);
  }

  @Get('games/:gameId/record.pgn')
  @Header('Content-Type', 'application/x-chess-pgn; charset=utf-8')
  @ApiOperation({ summary: 'the record as PGN (Chinese movetext, tags from the event, the round and the players)' })
  async pgn(@Param('gameId', uuidParam('gameId')) gameId: string) {
    await this.published(gameId);
    return this.records.pgn(gameId);
  }

  @Post('games/:gameId/record/move-limit-claim')
  @HttpCode(200)
  @RequireRole(...STAFF)
  @ApiOperation({ summary: 'check a natural move limit claim (二章4节, 三章6J) against the stored record' })
  moveLimit(@Param('gameId', uuidParam('gameId')) gameId: string, @Body() dto: MoveLimitClaimDto) {
    return this.records.moveLimit(gameId, dto);
  }

  private async published(gameId: string) {
    const g = await this.prisma.game.findUnique({ where: { id: gameId }, select: { pairing: { select: { round: { select: { state: true } } } } } });
    if (g && g.pairing.round.state === 'draft') throw new ForbiddenException({ statusCode: 403, error: 'Forbidden', message: 'the round is a draft' });
  }
}
