import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { INITIAL_FEN, Position, recordEntrant, recordFindings, recordResultOf, replayGame, makeIccs } from '@chuhe/xiangqi';
import type { Side } from '@chuhe/xiangqi';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.decorators';
import { tooManyRequests, WindowCounter } from '../auth/rate-limit';
import { notFound, staleOrMissing } from '../common/optimistic';
import { DomainError } from '../common/errors';
import { gameContext, gameLabel, type GameContext } from '../discipline/game-context';
import { PrismaService, Tx } from '../prisma/prisma.service';
import type { LinkRecordDto } from './records.dto';
import { earlyDrawFromRecord } from './records.service';

/** The path of the entry page a link opens (the token is the capability). */
export const recordLinkPath = (token: string) => `/records/${token}`;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Tokens are 32 random bytes, base64url: 43 characters. Anything else is not looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Record entry links (issue 25): a capability per game and side, printed on the result slip as a
 * QR code (二章8节6). Only the player due to enter the record may use it (二章3节7: the winner;
 * Red on a draw), until an arbiter locks the record. Issuing links again revokes the old ones; the
 * plain token is shown once, at issue, and only its SHA-256 is stored. Every call through a token
 * is limited per link; guessing (unknown tokens) per address — never the hall's valid links (issue 34 #5).
 */
@Injectable()
export class RecordLinksService {
  /** Calls per link (not per address: a hall shares one) and misses per address, per 10 minutes. */
  private readonly calls = new WindowCounter(Number(process.env.CHUHE_RECORD_LINK_CALLS) || 300, 10 * 60_000);
  private readonly misses = new WindowCounter(Number(process.env.CHUHE_RECORD_LINK_MISSES) || 50, 10 * 60_000);

  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
  ) {}

  /** New links for the game's two sides; the game's earlier links are revoked. */
  async issue(user: AuthUser, gameId: string) {
    return this.prisma.$transaction(async (tx) => this.issueIn(tx, user, await gameContext(tx, gameId)));
  }

  /** Links for every game of a round with both players known (printing the result slips). */
  async issueForRound(user: AuthUser, roundId: string) {
    const games = await this.prisma.game.findMany({
      where: { pairing: { roundId }, redPlayerId: { not: null }, blackPlayerId: { not: null } },
      select: { id: true },
      orderBy: [{ pairing: { table: 'asc' } }, { board: 'asc' }, { leg: 'asc' }],
    });
    if (!(await this.prisma.round.findUnique({ where: { id: roundId }, select: { id: true } }))) throw notFound('round');
    return this.prisma.$transaction(async (tx) => {
      const out = [];
      for (const g of games) out.push(await this.issueIn(tx, user, await gameContext(tx, g.id)));
      return { roundId, games: out };
    });
  }

  private async issueIn(tx: Tx, user: AuthUser, ctx: GameContext) {
    if (!ctx.redPlayerId || !ctx.blackPlayerId) throw new DomainError('record.no_players', {}, 'gameId');
    const now = new Date();
    await tx.recordLink.updateMany({ where: { gameId: ctx.id, revokedAt: null }, data: { revokedAt: now } });
    const links: Record<Side, { token: string; path: string }> = {} as never;
    for (const side of ['red', 'black'] as const) {
      const token = randomBytes(32).toString('base64url');
      const row = await tx.recordLink.create({ data: { gameId: ctx.id, side, tokenHash: hashToken(token), createdById: user.id } });
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: ctx.pairing.round.event.tournamentId,
        entity: 'record_link',
        entityId: row.id,
        action: 'create',
        after: { id: row.id, gameId: ctx.id, side },
        reason: `record entry link for ${side}, ${gameLabel(ctx)}`,
      });
      links[side] = { token, path: recordLinkPath(token) };
    }
    return { gameId: ctx.id, table: ctx.pairing.table, board: ctx.board, leg: ctx.leg, ...links };
  }

  async revoke(user: AuthUser, gameId: string) {
    return this.prisma.$transaction(async (tx) => {
      const ctx = await gameContext(tx, gameId);
      const { count } = await tx.recordLink.updateMany({ where: { gameId, revokedAt: null }, data: { revokedAt: new Date() } });
      if (count)
        await this.audit.record(tx, {
          userId: user.id,
          tournamentId: ctx.pairing.round.event.tournamentId,
          entity: 'record_link',
          entityId: gameId,
          action: 'update',
          after: { revoked: count },
          reason: `record entry links revoked, ${gameLabel(ctx)}`,
        });
      return { gameId, revoked: count };
    });
  }

  /**
   * The link's row, or 404 / 403 revoked (issue 34 #5). A venue's players share one address (the
   * hall's NAT): a valid link always works, whatever others from the address did — it is limited
   * per link (CHUHE_RECORD_LINK_CALLS a link per 10 minutes, a few hundred entries' worth), never
   * per address. Guessing is limited per address: after CHUHE_RECORD_LINK_MISSES unknown or revoked
   * tokens in 10 minutes, the address's further misses answer 429 (a token is still looked up — one
   * indexed read — so that a player's own link keeps working beside a guesser).
   */
  private async resolve(db: Tx, token: string, address: string) {
    const key = TOKEN_SHAPE.test(token) ? hashToken(token) : undefined;
    const link = key ? await db.recordLink.findUnique({ where: { tokenHash: key } }) : null;
    if (!link || link.revokedAt) {
      const wait = this.misses.blockedFor(address);
      if (wait > 0) throw tooManyRequests('limit.unknown_record_links', wait);
      this.misses.add(address);
      if (!link) throw new DomainError('record_link.unknown');
      throw new DomainError('record_link.revoked');
    }
    const wait = this.calls.blockedFor(link.id);
    if (wait > 0) throw tooManyRequests('limit.record_link', wait);
    this.calls.add(link.id);
    return link;
  }

  /** Why this link may not enter the record now (undefined: it may). */
  private refusalFor(link: { side: string }, ctx: GameContext, record: { lockedAt: Date | null } | null): DomainError | undefined {
    if (record?.lockedAt) return new DomainError('record_link.locked');
    const due = recordEntrant(recordResultOf(ctx.result));
    if (!due) return new DomainError('record_link.no_result');
    if (due !== link.side) {
      const draw = ctx.result === 'draw';
      return new DomainError('record_link.not_due', {
        whyEn: draw ? 'on a draw, Red enters it' : `${due === 'red' ? 'Red' : 'Black'} won and enters it`,
        whyZh: draw ? '和棋由红方录入' : `${due === 'red' ? '红方' : '黑方'}胜，由其录入`,
        sideEn: link.side === 'red' ? 'Red' : 'Black',
        sideZh: link.side === 'red' ? '红方' : '黑方',
      });
    }
    return undefined;
  }

  /** What the entry page shows: the game, who is due, where the record starts, what is stored. */
  async view(token: string, address: string) {
    const link = await this.resolve(this.prisma, token, address);
    const ctx = await gameContext(this.prisma, link.gameId);
    const record = await this.prisma.gameRecord.findUnique({ where: { gameId: link.gameId } });
    const adjournment = await this.prisma.gameLog.findFirst({
      where: { gameId: link.gameId, kind: 'adjournment' },
      orderBy: { at: 'desc' },
      select: { data: true },
    });
    const refused = this.refusalFor(link, ctx, record);
    const ev = ctx.pairing.round.event;
    return {
      gameId: ctx.id,
      side: link.side,
      event: { id: ev.id, nameZh: ev.nameZh, nameEn: ev.nameEn },
      round: ctx.pairing.round.number,
      table: ctx.pairing.table,
      board: ctx.board,
      red: ctx.redPlayer ? { nameZh: ctx.redPlayer.nameZh, nameEn: ctx.redPlayer.nameEn } : null,
      black: ctx.blackPlayer ? { nameZh: ctx.blackPlayer.nameZh, nameEn: ctx.blackPlayer.nameEn } : null,
      result: ctx.result,
      due: recordEntrant(recordResultOf(ctx.result)) ?? null,
      mayEnter: !refused,
      // The refusal's stable code and values: the page words it in its language (issue 30 #5).
      refusal: refused ? { code: refused.code, message: refused.message, params: refused.params } : null,
      initialFen: INITIAL_FEN,
      // 二章2节4: an adjourned game may be entered from the sealed position.
      adjournedFen: (adjournment?.data as { fen?: string } | undefined)?.fen ?? null,
      record: record
        ? { startFen: record.startFen, moves: record.moves as string[], version: record.version, locked: !!record.lockedAt, unrecorded: record.unrecorded }
        : null,
    };
  }

  /** The player due enters (or replaces) the record through the link. */
  async enter(token: string, address: string, dto: LinkRecordDto) {
    return this.prisma.$transaction(async (tx) => {
      const link = await this.resolve(tx, token, address);
      // The game's row first: result entry and locking serialize on it.
      await tx.$executeRaw`SELECT 1 FROM "Game" WHERE id = ${link.gameId}::uuid FOR UPDATE`;
      const ctx = await gameContext(tx, link.gameId);
      const existing = await tx.gameRecord.findUnique({ where: { gameId: link.gameId } });
      const refused = this.refusalFor(link, ctx, existing);
      if (refused) throw refused;
      const adjournment = await tx.gameLog.findFirst({ where: { gameId: link.gameId, kind: 'adjournment' }, orderBy: { at: 'desc' }, select: { data: true } });
      const adjournedFen = (adjournment?.data as { fen?: string } | undefined)?.fen;
      const startFen = dto.startFen ?? INITIAL_FEN;
      const start = Position.fromFen(startFen);
      if (!start.ok) throw new DomainError('record.bad_start', { detail: start.error.message }, 'startFen');
      const allowed = [Position.default().toFen(), adjournedFen].filter(Boolean);
      if (!allowed.includes(start.value.toFen())) throw new DomainError('record.start_position', {}, 'startFen');
      const game = replayGame(startFen, dto.moves);
      if (!game.ok) {
        const e = game.error;
        const field = e.ply !== undefined ? `moves[${e.ply - 1}]` : 'moves';
        throw new DomainError('record.bad_move', { field, ply: e.ply ?? '?', detail: e.message }, field);
      }
      const moves = game.value.plies.map((p) => makeIccs(p.move));
      const unrecorded = { ...((existing?.unrecorded as object) ?? {}), ...(dto.unrecorded !== undefined ? { [link.side]: dto.unrecorded } : {}) };
      // Moves entered on the board carry no comments; an earlier upload's no longer fit them.
      const data = {
        format: 'iccs',
        text: moves.join(' '),
        startFen: game.value.startFen,
        moves,
        annotations: {},
        enteredVia: 'link',
        unrecorded,
        uploadedById: null,
      };
      let row;
      if (existing) {
        if (dto.version === undefined) throw new DomainError('record.version_needed', { version: existing.version }, 'version');
        const { count } = await tx.gameRecord.updateMany({
          where: { gameId: link.gameId, version: dto.version, lockedAt: null },
          data: { ...data, version: { increment: 1 } },
        });
        if (count === 0) staleOrMissing('record', existing);
        row = await tx.gameRecord.findUniqueOrThrow({ where: { gameId: link.gameId } });
      } else {
        row = await tx.gameRecord.create({ data: { gameId: link.gameId, ...data } });
      }
      await tx.recordLink.update({ where: { id: link.id }, data: { lastUsedAt: new Date() } });
      const tournamentId = ctx.pairing.round.event.tournamentId;
      const earlyDraw = await earlyDrawFromRecord(tx, this.audit, { tournamentId }, ctx, moves.length, null);
      await this.audit.record(tx, {
        tournamentId,
        entity: 'game_record',
        entityId: row.id,
        action: existing ? 'update' : 'create',
        before: existing ? { ...existing, text: undefined } : undefined,
        after: { ...row, text: undefined },
        reason: `${moves.length} plies, entered by ${link.side} through the record link (二章3节7)`,
      });
      const findings = recordFindings(game.value, { result: recordResultOf(ctx.result), unrecorded: unrecorded as Partial<Record<Side, number>> });
      return { gameId: row.gameId, plies: moves.length, version: row.version, end: game.value.end, findings, ...(earlyDraw ? { earlyDrawFlagged: true } : {}) };
    });
  }
}
