import { ConflictException, Injectable } from '@nestjs/common';
import { checkMoveLimitClaim, exportGame, importGame, makeIccs, replayGame } from '@chuhe/xiangqi';
import type { Game as RecordGame } from '@chuhe/xiangqi';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.decorators';
import { notFound, staleOrMissing } from '../common/optimistic';
import { badRequest } from '../common/validation';
import { gameContext, type GameContext } from '../discipline/game-context';
import { PrismaService, Tx } from '../prisma/prisma.service';
import type { MoveLimitClaimDto, PutRecordDto } from './records.dto';
import { EARLY_DRAW_PLIES } from '../discipline/discipline.service';
import { isEarlyDraw } from '@chuhe/xiangqi/early-draw';

const RESULT_TOKEN: Record<string, string> = {
  red_win: '1-0',
  red_win_forfeit: '1-0',
  red_win_penalty: '1-0',
  black_win: '0-1',
  black_win_forfeit: '0-1',
  black_win_penalty: '0-1',
  draw: '1/2-1/2',
  double_forfeit: '0-0',
  annulled: '*',
};

/** What the text looks like (the stored `format`); libs/xiangqi reads any notation move by move. */
export function detectFormat(text: string): string {
  if (/^\s*\[/.test(text)) return 'pgn';
  if (/[車馬砲帥將進後]/.test(text)) return 'chinese-traditional';
  if (/[\u4e00-\u9fff]/.test(text)) return 'chinese';
  if (/\b[a-i][0-9]-?[a-i][0-9]\b/i.test(text)) return 'iccs';
  return 'wxf';
}

/** Reads a record; the first illegal move is a 400 naming it with its number (二章3节). */
export function readRecord(text: string, fen?: string): RecordGame {
  const game = importGame(text, fen ? { fen } : {});
  if (!game.ok) {
    const e = game.error;
    const where = e.ply !== undefined ? ` (move ${e.moveNumber}${e.side === 'black' ? '...' : '.'} ${e.text}, ply ${e.ply})` : '';
    throw badRequest([{ field: e.code === 'bad_fen' ? 'fen' : 'text', reason: `${e.message}${e.ply !== undefined && !e.message.includes('ply') ? where : ''}` }]);
  }
  return game.value;
}

/** The stored record as a libs/xiangqi Game (moves are ICCS, already validated). */
export function storedGame(record: { startFen: string; moves: unknown }): RecordGame {
  const game = replayGame(record.startFen, record.moves as string[]);
  if (!game.ok) throw new ConflictException({ statusCode: 409, error: 'Conflict', message: `record: the stored record no longer replays: ${game.error.message}` });
  return game.value;
}

@Injectable()
export class RecordsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
  ) {}

  async put(user: AuthUser, gameId: string, dto: PutRecordDto) {
    const game = readRecord(dto.text, dto.fen);
    const format = dto.format && dto.format !== 'auto' ? dto.format : detectFormat(dto.text);
    const moves = game.plies.map((p) => makeIccs(p.move));
    return this.prisma.$transaction(async (tx) => {
      const ctx = await gameContext(tx, gameId);
      const existing = await tx.gameRecord.findUnique({ where: { gameId } });
      const data = { format, text: dto.text, startFen: game.startFen, moves, uploadedById: user.id };
      let row;
      if (existing) {
        if (dto.version === undefined) throw badRequest([{ field: 'version', reason: `the game has a record (version ${existing.version}): give its version to replace it` }]);
        const { count } = await tx.gameRecord.updateMany({ where: { gameId, version: dto.version }, data: { ...data, version: { increment: 1 } } });
        if (count === 0) staleOrMissing('record', existing);
        row = await tx.gameRecord.findUniqueOrThrow({ where: { gameId } });
      } else {
        row = await tx.gameRecord.create({ data: { gameId, ...data } });
      }
      // 二章8节12: a drawn game whose record is shorter than 20 moves (40 plies) is flagged for the chief arbiter.
      let earlyDraw = false;
      if (ctx.result === 'draw' && isEarlyDraw(moves.length) && !(await tx.gameLog.findFirst({ where: { gameId, kind: 'early_draw' } }))) {
        const flag = await tx.gameLog.create({ data: { gameId, kind: 'early_draw', byId: user.id, state: 'pending', data: { plies: moves.length, fromRecord: true } } });
        await this.audit.record(tx, { userId: user.id, tournamentId: ctx.pairing.round.event.tournamentId, entity: 'game_log', entityId: flag.id, action: 'create', after: flag, reason: `early agreed draw flagged from the record (${moves.length} plies < ${EARLY_DRAW_PLIES}, 二章8节12): needs the chief arbiter` });
        earlyDraw = true;
      }
      await this.audit.record(tx, { userId: user.id, tournamentId: ctx.pairing.round.event.tournamentId, entity: 'game_record', entityId: row.id, action: existing ? 'update' : 'create', before: existing ? { ...existing, text: undefined } : undefined, after: { ...row, text: undefined }, reason: `${moves.length} plies, ${format}` });
      return { ...this.view(row, game), ...(earlyDraw ? { earlyDrawFlagged: true, article: '二章8节12' } : {}) };
    });
  }

  async get(gameId: string) {
    const row = await this.prisma.gameRecord.findUnique({ where: { gameId } });
    if (!row) throw notFound('record of this game');
    return this.view(row, storedGame(row));
  }

  async pgn(gameId: string): Promise<string> {
    const ctx = await gameContext(this.prisma, gameId);
    const row = await this.prisma.gameRecord.findUnique({ where: { gameId } });
    if (!row) throw notFound('record of this game');
    const game = storedGame(row);
    game.tags = { ...game.tags, ...pgnTags(ctx) };
    if (ctx.result) game.resultToken = RESULT_TOKEN[ctx.result];
    return exportGame(game, 'pgn') + '\n';
  }

  /** 二章4节, 三章6J: the natural move limit claim checked against the stored record. */
  async moveLimit(gameId: string, dto: MoveLimitClaimDto) {
    const row = await this.prisma.gameRecord.findUnique({ where: { gameId } });
    if (!row) throw notFound('record of this game');
    const answer = checkMoveLimitClaim(storedGame(row), dto);
    return { ...answer, article: '二章4节', ...(answer.valid ? {} : { consequence: 'false_move_limit_claim: a technical foul and 5 minutes deducted (record it as a sanction)' }) };
  }

  private view(row: { id: string; gameId: string; format: string; text: string; startFen: string; moves: unknown; version: number; updatedAt: Date }, game: RecordGame) {
    const chinese = game.plies.length ? exportGame(game, 'chinese') : '';
    return { id: row.id, gameId: row.gameId, format: row.format, text: row.text, startFen: row.startFen, moves: row.moves, plies: game.plies.length, chinese, end: game.end, version: row.version, updatedAt: row.updatedAt };
  }
}

function pgnTags(ctx: GameContext): Record<string, string> {
  const ev = ctx.pairing.round.event;
  return {
    Event: `${ev.nameZh} ${ev.nameEn}`,
    Round: String(ctx.pairing.round.number),
    Table: String(ctx.pairing.table ?? ''),
    Board: String(ctx.board),
    Red: ctx.redPlayer ? `${ctx.redPlayer.nameZh} ${ctx.redPlayer.nameEn}` : '?',
    Black: ctx.blackPlayer ? `${ctx.blackPlayer.nameZh} ${ctx.blackPlayer.nameEn}` : '?',
  };
}

export type { Tx };
