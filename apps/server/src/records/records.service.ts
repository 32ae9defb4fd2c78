import { Injectable } from '@nestjs/common';
import {
  annotationsOf,
  checkMoveLimitClaim,
  exportGame,
  hasAnnotations,
  importGame,
  makeIccs,
  recordEntrant,
  recordFindings,
  recordResultOf,
  replayGame,
} from '@chuhe/xiangqi';
import type { Annotations, Game as RecordGame, RecordFinding, Side } from '@chuhe/xiangqi';
import { eventDownloadName } from '../common/download-name';
import { isDhtmlXq, readRecordFile } from '@chuhe/xiangqi/record-file';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.decorators';
import { notFound, staleOrMissing } from '../common/optimistic';
import { DomainError } from '../common/errors';
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

/** Reads a record; the first illegal move is a 400 naming it with its number (二章3节), in the page's language (issue 30 #5). */
export function readRecord(text: string, fen?: string): RecordGame {
  // A 东萍 DhtmlXQ page pasted as it is (issue 30): read like the file it would be.
  if (isDhtmlXq(text)) {
    const file = readRecordFile(text, fen ? { fen } : {});
    if (!file.ok) throw new DomainError('record.unreadable_file', { field: 'text', detail: file.error.message }, 'text');
    const { games } = file.value;
    if (games.length !== 1) throw new DomainError('record.dhtmlxq_many', { count: games.length }, 'text');
    if (games[0].error) throw recordRefusal(games[0].error);
    return games[0].game!;
  }
  const game = importGame(text, fen ? { fen } : {});
  if (!game.ok) throw recordRefusal(game.error);
  return game.value;
}

const MOVE_REASON: Record<string, { zh: string; en: string }> = {
  syntax: { zh: '不是可识别的着法写法', en: 'not a move in any notation Chuhe reads' },
  no_such_piece: { zh: '该处没有这个棋子', en: 'there is no such piece there' },
  ambiguous: { zh: '有两个棋子都能这样走，须写明前后', en: 'two pieces could make it: say which (front / rear)' },
  illegal: { zh: '不合走法', en: 'not a legal move' },
  self_exposure: { zh: '自杀着法（一章3节5）', en: 'it exposes the mover’s own king (一章3节5)' },
  wrong_side: { zh: '不是该方的棋子', en: 'the piece is the other side’s' },
};

/** libs/xiangqi's RecordError as a domain error with its words in every page language. */
export function recordRefusal(e: {
  code: string;
  message: string;
  ply?: number;
  moveNumber?: number;
  side?: Side;
  text?: string;
  reason?: string;
}): DomainError {
  if (e.code === 'bad_fen') return new DomainError('record.bad_fen', { detail: e.message }, 'fen');
  if (e.ply === undefined) return new DomainError('record.syntax', { detail: e.message }, 'text');
  const at = {
    moveNumber: e.moveNumber ?? '',
    ply: e.ply,
    text: e.text ?? '',
    sideZh: e.side === 'black' ? '黑方' : '红方',
    dots: e.side === 'black' ? '...' : '.',
  };
  if (e.code === 'after_end') return new DomainError('record.after_end', at, 'text');
  const why = MOVE_REASON[e.reason ?? 'illegal'] ?? MOVE_REASON.illegal;
  return new DomainError('record.illegal_move', { ...at, whyZh: why.zh, whyEn: why.en }, 'text');
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
  if (!/^[A-Za-z0-9+/=\s_-]+$/.test(base64)) throw new DomainError('record.not_base64', {}, 'file');
  const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
  const file = readRecordFile(bytes, fen ? { fen } : {});
  if (!file.ok) throw new DomainError('record.unreadable_file', { field: 'file', detail: file.error.message }, 'file');
  const { games } = file.value;
  const note = file.value.xqf ? `XQF version ${file.value.xqf.version}${file.value.xqf.encrypted ? ' (encrypted)' : ''}` : file.value.encoding?.note;
  const report = () =>
    games
      .map(
        (g) =>
          `game ${g.index}: ${g.game ? `${g.game.plies.length} plies${g.game.tags.Red || g.game.tags.Black ? ` (${g.game.tags.Red ?? '?'} – ${g.game.tags.Black ?? '?'})` : ''}` : g.error!.message}`,
      )
      .join('; ');
  if (games.length > 1 && gameIndex === undefined) throw new DomainError('record.which_game', { count: games.length, report: report() }, 'game');
  const chosen = games[(gameIndex ?? 1) - 1];
  if (!chosen) throw new DomainError('record.no_such_game', { count: games.length }, 'game');
  if (!chosen.game) {
    const e = chosen.error!;
    throw new DomainError('record.game_unreadable', { index: chosen.index, at: games.length > 1 ? `game ${chosen.index}: ` : '', detail: e.message }, 'file');
  }
  // Stored as PGN: the chosen game in UTF-8, whatever the file was.
  const text = exportGame(chosen.game, 'pgn');
  return { game: chosen.game, format: file.value.format, text, note, warnings: chosen.warnings };
}

/** One thing a record says that its game does not (issue 30): the result, or who played Red or Black. */
export interface RecordDifference {
  field: 'result' | 'red' | 'black';
  /** What the record says (its result token, or the name in its Red/Black tag). */
  record: string;
  /** What the game says (its result token, or the player's names). */
  game: string;
}

type Named = { nameZh: string; nameEn: string } | null | undefined;

const normalName = (s: string) =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s·.,，、()（）-]+/g, '');

/** A record's name tag names the player when either holds the other's Chinese or English name. */
function namesPlayer(tag: string, player: { nameZh: string; nameEn: string }): boolean {
  const t = normalName(tag);
  return [player.nameZh, player.nameEn].map(normalName).some((n) => n !== '' && (t.includes(n) || n.includes(t)));
}

/**
 * What an uploaded record says that its game does not: a result other than the game's (when both
 * are known), and Red/Black tags naming other players. Empty when they agree or the record is silent.
 */
export function recordDifferences(record: RecordGame, game: { result: string | null; redPlayer?: Named; blackPlayer?: Named }): RecordDifference[] {
  const out: RecordDifference[] = [];
  const written = (record.resultToken && record.resultToken !== '*' ? record.resultToken : record.tags.Result)?.replace('½-½', '1/2-1/2');
  const gameToken = game.result ? RESULT_TOKEN[game.result] : undefined;
  if (written && written !== '*' && ['1-0', '0-1', '1/2-1/2'].includes(written) && gameToken && gameToken !== '*' && written !== gameToken)
    out.push({ field: 'result', record: written, game: gameToken });
  for (const side of ['red', 'black'] as const) {
    const tag = record.tags[side === 'red' ? 'Red' : 'Black']?.trim();
    const player = side === 'red' ? game.redPlayer : game.blackPlayer;
    if (!tag || tag === '?' || !player) continue;
    if (!namesPlayer(tag, player)) out.push({ field: side, record: tag, game: `${player.nameZh} ${player.nameEn}`.trim() });
  }
  return out;
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
export function storedGame(record: { startFen: string; moves: unknown; annotations?: unknown }): RecordGame {
  const game = replayGame(record.startFen, record.moves as string[]);
  if (!game.ok) throw new DomainError('record.stored_unreplayable', { detail: game.error.message });
  const annotations = annotationsOf(record.annotations);
  if (hasAnnotations(annotations)) game.value.annotations = annotations;
  return game.value;
}

@Injectable()
export class RecordsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
  ) {}

  async put(user: AuthUser, gameId: string, dto: PutRecordDto) {
    if ((dto.text === undefined) === (dto.file === undefined)) throw new DomainError('record.text_or_file', {}, 'text');
    let game: RecordGame;
    let format: string;
    let text: string;
    let note: string | undefined;
    let warnings: string[];
    if (dto.file !== undefined) {
      ({ game, format, text, note, warnings } = readUploadedFile(dto.file, dto.game, dto.fen));
    } else {
      game = readRecord(dto.text!, dto.fen);
      const dhtml = isDhtmlXq(dto.text!);
      format = dhtml ? 'dhtmlxq' : dto.format && dto.format !== 'auto' ? dto.format : detectFormat(dto.text!);
      // A DhtmlXQ page is kept as the PGN it reads as (with its comments and variations): editable text.
      text = dhtml ? exportGame(game, 'pgn') : dto.text!;
      warnings = game.warnings ?? [];
    }
    const moves = game.plies.map((p) => makeIccs(p.move));
    const annotations: Annotations = game.annotations ?? { comments: {}, variations: [] };
    return this.prisma.$transaction(async (tx) => {
      const ctx = await gameContext(tx, gameId);
      // Issue 30: a record saying another result or other players than its game is stored only when confirmed.
      const differences = recordDifferences(game, ctx);
      if (differences.length && dto.confirm !== true) throw new DomainError('record.differs_from_game', {}, 'confirm', { differences });
      const existing = await tx.gameRecord.findUnique({ where: { gameId } });
      const unrecorded = {
        ...((existing?.unrecorded as object) ?? {}),
        ...(dto.unrecordedRed !== undefined ? { red: dto.unrecordedRed } : {}),
        ...(dto.unrecordedBlack !== undefined ? { black: dto.unrecordedBlack } : {}),
      };
      // The arbiter can always enter or correct a record, locked or not (issue 25).
      const data = {
        format,
        text,
        startFen: game.startFen,
        moves,
        annotations: annotations as unknown as Prisma.InputJsonValue,
        uploadedById: user.id,
        enteredVia: 'staff',
        unrecorded,
      };
      let row;
      if (existing) {
        if (dto.version === undefined) throw new DomainError('record.version_needed', { version: existing.version }, 'version');
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
        reason: `${moves.length} plies, ${format}${note ? `, ${note}` : ''}${
          differences.length
            ? `; stored on confirmation although the record differs from the game: ${differences.map((d) => `${d.field} ${d.record} (game: ${d.game})`).join(', ')}`
            : ''
        }`,
      });
      return {
        ...this.view(row, game),
        ...(note ? { readAs: note } : {}),
        warnings,
        findings: recordFindings(game, { result: recordResultOf(ctx.result), unrecorded }),
        ...(earlyDraw ? { earlyDrawFlagged: true, article: '二章8节12' } : {}),
        ...(differences.length ? { confirmedDifferences: differences } : {}),
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

  /** A round's state, number and event, for its PGN download (a draft's is refused). */
  roundOf(roundId: string) {
    return this.prisma.round.findUnique({ where: { id: roundId }, select: { state: true, number: true, eventId: true } });
  }

  /** Where a game was played (board, table, round, event), for its PGN download's name. */
  gamePlace(gameId: string) {
    return this.prisma.game.findUniqueOrThrow({
      where: { id: gameId },
      select: { board: true, pairing: { select: { table: true, round: { select: { number: true, eventId: true } } } } },
    });
  }

  /** A PGN download's name after its event: Chinese unless ?lang=en; the ASCII fallback always the English one (round number kept). */
  async pgnName(eventId: string, lang: unknown, en: string, zh: string): Promise<{ utf8: string; ascii: string }> {
    const english = await eventDownloadName(this.prisma, eventId, 'en', en);
    if (lang === 'en') return english;
    return { utf8: (await eventDownloadName(this.prisma, eventId, undefined, zh)).utf8, ascii: english.ascii };
  }

  async published(gameId: string) {
    const g = await this.prisma.game.findUnique({ where: { id: gameId }, select: { pairing: { select: { round: { select: { state: true } } } } } });
    if (g && g.pairing.round.state === 'draft') throw new DomainError('round.draft_forbidden');
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
      annotations?: unknown;
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
      annotations: annotationsOf(row.annotations),
      locked: !!row.lockedAt,
      version: row.version,
      updatedAt: row.updatedAt,
    };
  }

  /** A game as its public page shows it: players, table, round and event, and whether the tournament is published. */
  publicGame(gameId: string) {
    return this.prisma.game.findUnique({
      where: { id: gameId },
      select: {
        id: true,
        board: true,
        result: true,
        record: true,
        // The players' persons and held titles: the viewer links each name to the profile (issue 33).
        redPlayer: {
          select: {
            nameZh: true,
            nameEn: true,
            title: true,
            personId: true,
            person: { select: { titles: { select: { titleZh: true, titleEn: true }, orderBy: { awardedAt: 'asc' } } } },
          },
        },
        blackPlayer: {
          select: {
            nameZh: true,
            nameEn: true,
            title: true,
            personId: true,
            person: { select: { titles: { select: { titleZh: true, titleEn: true }, orderBy: { awardedAt: 'asc' } } } },
          },
        },
        pairing: {
          select: {
            table: true,
            round: {
              select: {
                id: true,
                number: true,
                state: true,
                event: { select: { id: true, nameZh: true, nameEn: true, tournament: { select: { publishedAt: true } } } },
              },
            },
          },
        },
      },
    });
  }

  /** The game's players, round and event as the record checks read them (discipline/game-context.ts). */
  context(gameId: string): Promise<GameContext> {
    return gameContext(this.prisma, gameId);
  }
}

export type { Tx };
