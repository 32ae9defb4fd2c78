import { ConflictException, Injectable } from '@nestjs/common';
import { checkMoveLimitClaim, exportGame, importGame, makeIccs, recordEntrant, recordFindings, recordResultOf, replayGame } from '@chuhe/xiangqi';
import type { Game as RecordGame, RecordFinding, Side } from '@chuhe/xiangqi';
import { readRecordFile } from '@chuhe/xiangqi/record-file';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.decorators';
import { notFound, staleOrMissing } from '../common/optimistic';
import { badRequest } from '../common/validation';
import { gameContext, type GameContext } from '../discipline/game-context';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService, Tx } from '../prisma/prisma.service';
import type { LockRecordDto, MoveLimitClaimDto, PutRecordDto } from './records.dto';
import { EARLY_DRAW_PLIES } from '../discipline/discipline.service';

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
    throw badRequest([
      { field: e.code === 'bad_fen' ? 'fen' : 'text', reason: `${e.message}${e.ply !== undefined && !e.message.includes('ply') ? where : ''}` },
    ]);
  }
  return game.value;
}

/**
 * A record file as uploaded (base64): XQF or text in any encoding, one game or many. A file of
 * several games needs `game` (1-based); without it the 400 reports every game of the file.
 */
export function readUploadedFile(
  base64: string,
  gameIndex: number | undefined,
  fen?: string,
): { game: RecordGame; format: string; text: string; note?: string; warnings: string[] } {
  if (!/^[A-Za-z0-9+/=\s_-]+$/.test(base64)) throw badRequest([{ field: 'file', reason: 'the file is not base64' }]);
  const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
  const file = readRecordFile(bytes, fen ? { fen } : {});
  if (!file.ok) throw badRequest([{ field: 'file', reason: file.error.message }]);
  const { games } = file.value;
  const note = file.value.xqf ? `XQF version ${file.value.xqf.version}${file.value.xqf.encrypted ? ' (encrypted)' : ''}` : file.value.encoding?.note;
  const report = () =>
    games
      .map(
        (g) =>
          `game ${g.index}: ${g.game ? `${g.game.plies.length} plies${g.game.tags.Red || g.game.tags.Black ? ` (${g.game.tags.Red ?? '?'} – ${g.game.tags.Black ?? '?'})` : ''}` : g.error!.message}`,
      )
      .join('; ');
  if (games.length > 1 && gameIndex === undefined)
    throw badRequest([{ field: 'game', reason: `the file holds ${games.length} games; say which one (game: N) — ${report()}` }]);
  const chosen = games[(gameIndex ?? 1) - 1];
  if (!chosen) throw badRequest([{ field: 'game', reason: `the file holds ${games.length} game(s)` }]);
  if (!chosen.game) {
    const e = chosen.error!;
    throw badRequest([{ field: 'file', reason: `${games.length > 1 ? `game ${chosen.index}: ` : ''}${e.message}` }]);
  }
  // Stored as PGN: the chosen game in UTF-8, whatever the file was.
  const text = exportGame(chosen.game, 'pgn');
  return { game: chosen.game, format: file.value.format, text, note, warnings: chosen.warnings };
}

/**
 * 二章8节12: a drawn game whose record is shorter than 20 moves (40 plies) is flagged for the chief
 * arbiter once (a pending early_draw game log, audited). Shared by the arbiter's upload and the link.
 */
export async function earlyDrawFromRecord(
  tx: Tx,
  audit: AuditService,
  actor: { tournamentId: string },
  ctx: GameContext,
  plies: number,
  userId: string | null,
): Promise<boolean> {
  if (ctx.result !== 'draw' || plies >= EARLY_DRAW_PLIES) return false;
  if (await tx.gameLog.findFirst({ where: { gameId: ctx.id, kind: 'early_draw' }, select: { id: true } })) return false;
  const flag = await tx.gameLog.create({ data: { gameId: ctx.id, kind: 'early_draw', byId: userId, state: 'pending', data: { plies, fromRecord: true } } });
  await audit.record(tx, {
    userId: userId ?? undefined,
    tournamentId: actor.tournamentId,
    entity: 'game_log',
    entityId: flag.id,
    action: 'create',
    after: flag,
    reason: `early agreed draw flagged from the record (${plies} plies < ${EARLY_DRAW_PLIES}, 二章8节12): needs the chief arbiter`,
  });
  return true;
}

/** What the result sheet shows of a game's record: missing, in or locked, and the flags for the arbiter. */
export interface RecordStatus {
  gameId: string;
  state: 'missing' | 'in' | 'locked';
  enteredVia?: string;
  plies?: number;
  /** 二章3节7: who enters it (null while there is no result). */
  due: Side | null;
  flagged: boolean;
  findings: RecordFinding[];
  version?: number;
}

export function recordStatus(
  game: { id: string; result: string | null },
  record: { startFen: string; moves: unknown; lockedAt: Date | null; enteredVia: string; unrecorded: unknown; version: number } | null,
  unrecordedSanctions: Partial<Record<Side, number>> = {},
): RecordStatus {
  const due = recordEntrant(recordResultOf(game.result)) ?? null;
  if (!record) return { gameId: game.id, state: 'missing', due, flagged: false, findings: [] };
  const replay = replayGame(record.startFen, record.moves as string[]);
  const stored = (record.unrecorded ?? {}) as Partial<Record<Side, number>>;
  const unrecorded = { red: Math.max(stored.red ?? 0, unrecordedSanctions.red ?? 0), black: Math.max(stored.black ?? 0, unrecordedSanctions.black ?? 0) };
  const findings = replay.ok ? recordFindings(replay.value, { result: recordResultOf(game.result), unrecorded }) : [];
  return {
    gameId: game.id,
    state: record.lockedAt ? 'locked' : 'in',
    enteredVia: record.enteredVia,
    plies: (record.moves as unknown[]).length,
    due,
    flagged: findings.some((f) => f.severity === 'flag'),
    findings,
    version: record.version,
  };
}

/** The stored record as a libs/xiangqi Game (moves are ICCS, already validated). */
export function storedGame(record: { startFen: string; moves: unknown }): RecordGame {
  const game = replayGame(record.startFen, record.moves as string[]);
  if (!game.ok)
    throw new ConflictException({ statusCode: 409, error: 'Conflict', message: `record: the stored record no longer replays: ${game.error.message}` });
  return game.value;
}

@Injectable()
export class RecordsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
  ) {}

  async put(user: AuthUser, gameId: string, dto: PutRecordDto) {
    if ((dto.text === undefined) === (dto.file === undefined))
      throw badRequest([{ field: 'text', reason: 'give the record as text or as file (base64), one of them' }]);
    let game: RecordGame;
    let format: string;
    let text: string;
    let note: string | undefined;
    let warnings: string[];
    if (dto.file !== undefined) {
      ({ game, format, text, note, warnings } = readUploadedFile(dto.file, dto.game, dto.fen));
    } else {
      game = readRecord(dto.text!, dto.fen);
      format = dto.format && dto.format !== 'auto' ? dto.format : detectFormat(dto.text!);
      text = dto.text!;
      warnings = game.warnings ?? [];
    }
    const moves = game.plies.map((p) => makeIccs(p.move));
    return this.prisma.$transaction(async (tx) => {
      const ctx = await gameContext(tx, gameId);
      const existing = await tx.gameRecord.findUnique({ where: { gameId } });
      const unrecorded = {
        ...((existing?.unrecorded as object) ?? {}),
        ...(dto.unrecordedRed !== undefined ? { red: dto.unrecordedRed } : {}),
        ...(dto.unrecordedBlack !== undefined ? { black: dto.unrecordedBlack } : {}),
      };
      // The arbiter can always enter or correct a record, locked or not (issue 25).
      const data = { format, text, startFen: game.startFen, moves, uploadedById: user.id, enteredVia: 'staff', unrecorded };
      let row;
      if (existing) {
        if (dto.version === undefined)
          throw badRequest([{ field: 'version', reason: `the game has a record (version ${existing.version}): give its version to replace it` }]);
        const { count } = await tx.gameRecord.updateMany({ where: { gameId, version: dto.version }, data: { ...data, version: { increment: 1 } } });
        if (count === 0) staleOrMissing('record', existing);
        row = await tx.gameRecord.findUniqueOrThrow({ where: { gameId } });
      } else {
        row = await tx.gameRecord.create({ data: { gameId, ...data } });
      }
      const tournamentId = ctx.pairing.round.event.tournamentId;
      const earlyDraw = await earlyDrawFromRecord(tx, this.audit, { tournamentId }, ctx, moves.length, user.id);
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId,
        entity: 'game_record',
        entityId: row.id,
        action: existing ? 'update' : 'create',
        before: existing ? { ...existing, text: undefined } : undefined,
        after: { ...row, text: undefined },
        reason: `${moves.length} plies, ${format}${note ? `, ${note}` : ''}`,
      });
      return {
        ...this.view(row, game),
        ...(note ? { readAs: note } : {}),
        warnings,
        findings: recordFindings(game, { result: recordResultOf(ctx.result), unrecorded }),
        ...(earlyDraw ? { earlyDrawFlagged: true, article: '二章8节12' } : {}),
      };
    });
  }

  /** An arbiter locks the record (the links can no longer change it) or opens it again. */
  async lock(user: AuthUser, gameId: string, dto: LockRecordDto) {
    return this.prisma.$transaction(async (tx) => {
      const ctx = await gameContext(tx, gameId);
      const existing = await tx.gameRecord.findUnique({ where: { gameId } });
      if (!existing) throw notFound('record of this game');
      const { count } = await tx.gameRecord.updateMany({
        where: { gameId, version: dto.version },
        data: dto.locked
          ? { lockedAt: new Date(), lockedById: user.id, version: { increment: 1 } }
          : { lockedAt: null, lockedById: null, version: { increment: 1 } },
      });
      if (count === 0) staleOrMissing('record', existing);
      const row = await tx.gameRecord.findUniqueOrThrow({ where: { gameId } });
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: ctx.pairing.round.event.tournamentId,
        entity: 'game_record',
        entityId: row.id,
        action: 'update',
        before: { lockedAt: existing.lockedAt, version: existing.version },
        after: { lockedAt: row.lockedAt, version: row.version },
        reason: dto.locked ? 'record locked by the arbiter' : 'record opened again by the arbiter',
      });
      return { gameId, locked: !!row.lockedAt, lockedAt: row.lockedAt, version: row.version };
    });
  }

  /** Every game of a round: its record missing, in or locked, and flagged (for the result sheet). */
  async roundStatus(roundId: string): Promise<RecordStatus[]> {
    const games = await this.prisma.game.findMany({
      where: { pairing: { roundId } },
      orderBy: [{ pairing: { table: 'asc' } }, { board: 'asc' }, { leg: 'asc' }],
      select: {
        id: true,
        result: true,
        redPlayerId: true,
        blackPlayerId: true,
        record: true,
        sanctions: { where: { kind: 'unrecorded_moves', state: { not: 'revoked' } }, select: { playerId: true, count: true } },
      },
    });
    return games.map((g) => {
      const bySide: Partial<Record<Side, number>> = {};
      for (const s of g.sanctions) {
        const side = s.playerId === g.redPlayerId ? 'red' : s.playerId === g.blackPlayerId ? 'black' : undefined;
        if (side) bySide[side] = (bySide[side] ?? 0) + (s.count ?? 0);
      }
      return recordStatus(g, g.record, bySide);
    });
  }

  async get(gameId: string) {
    const row = await this.prisma.gameRecord.findUnique({ where: { gameId } });
    if (!row) throw notFound('record of this game');
    return this.view(row, storedGame(row));
  }

  async pgn(gameId: string): Promise<string> {
    const text = await this.pgnOf({ id: gameId });
    if (!text) throw notFound('record of this game');
    return text;
  }

  /** Every recorded game of a published round, one PGN after another. */
  async roundPgn(roundId: string): Promise<string> {
    const round = await this.prisma.round.findUnique({ where: { id: roundId }, select: { state: true } });
    if (!round) throw notFound('round');
    return this.pgnOf({ pairing: { roundId } });
  }

  /** Every recorded game of the event's published rounds. */
  async eventPgn(eventId: string): Promise<string> {
    if (!(await this.prisma.event.findUnique({ where: { id: eventId }, select: { id: true } }))) throw notFound('event');
    return this.pgnOf({ pairing: { round: { eventId, state: { not: 'draft' } } } });
  }

  /** PGN of the recorded games matching `where` (XQ PGN tags: Event, Site, Date, Round, Red, Black, Result, Format). */
  private async pgnOf(where: Prisma.GameWhereInput): Promise<string> {
    const games = await this.prisma.game.findMany({
      where: { ...where, record: { isNot: null } },
      orderBy: [{ pairing: { round: { number: 'asc' } } }, { pairing: { table: 'asc' } }, { board: 'asc' }, { leg: 'asc' }],
      select: {
        result: true,
        board: true,
        leg: true,
        record: true,
        redPlayer: { select: { nameZh: true, nameEn: true } },
        blackPlayer: { select: { nameZh: true, nameEn: true } },
        pairing: {
          select: {
            table: true,
            round: {
              select: {
                number: true,
                scheduledAt: true,
                event: { select: { nameZh: true, nameEn: true, tournament: { select: { venue: true, startDate: true } } } },
              },
            },
          },
        },
      },
    });
    return games
      .map((g) => {
        const game = storedGame(g.record!);
        const round = g.pairing.round;
        const ev = round.event;
        const date = round.scheduledAt ?? ev.tournament.startDate;
        game.tags = {
          Event: `${ev.nameZh} ${ev.nameEn}`,
          Site: ev.tournament.venue,
          Date: date.toISOString().slice(0, 10).replace(/-/g, '.'),
          Round: String(round.number),
          Table: String(g.pairing.table ?? ''),
          Board: String(g.board),
          Red: g.redPlayer ? `${g.redPlayer.nameZh} ${g.redPlayer.nameEn}` : '?',
          Black: g.blackPlayer ? `${g.blackPlayer.nameZh} ${g.blackPlayer.nameEn}` : '?',
        };
        game.resultToken = g.result ? RESULT_TOKEN[g.result] : '*';
        return exportGame(game, 'pgn', { formatTag: true }) + '\n';
      })
      .join('\n');
  }

  /** 二章4节, 三章6J: the natural move limit claim checked against the stored record. */
  async moveLimit(gameId: string, dto: MoveLimitClaimDto) {
    const row = await this.prisma.gameRecord.findUnique({ where: { gameId } });
    if (!row) throw notFound('record of this game');
    const answer = checkMoveLimitClaim(storedGame(row), dto);
    return {
      ...answer,
      article: '二章4节',
      ...(answer.valid ? {} : { consequence: 'false_move_limit_claim: a technical foul and 5 minutes deducted (record it as a sanction)' }),
    };
  }

  private view(
    row: {
      id: string;
      gameId: string;
      format: string;
      text: string;
      startFen: string;
      moves: unknown;
      version: number;
      updatedAt: Date;
      lockedAt: Date | null;
      enteredVia: string;
    },
    game: RecordGame,
  ) {
    const chinese = game.plies.length ? exportGame(game, 'chinese') : '';
    return {
      id: row.id,
      gameId: row.gameId,
      format: row.format,
      text: row.text,
      startFen: row.startFen,
      moves: row.moves,
      plies: game.plies.length,
      chinese,
      end: game.end,
      enteredVia: row.enteredVia,
      locked: !!row.lockedAt,
      version: row.version,
      updatedAt: row.updatedAt,
    };
  }
}

export type { Tx };
