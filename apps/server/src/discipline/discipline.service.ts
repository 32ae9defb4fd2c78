import { codedProblems, DomainError, type CodedFieldProblem } from '../common/errors';
import { Injectable } from '@nestjs/common';
import { diagramSvg } from '@chuhe/xiangqi';
import { checkSealedMove } from '@chuhe/xiangqi';
import { checkDrawOffer } from '@chuhe/xiangqi';
import { knockoutFormatOf, recordsKept } from '@chuhe/pairing';
import { needsChiefConfirmation, SANCTION_ARTICLES, sanctionArticle } from '@chuhe/standings';
import { AuditService } from '../audit/audit.service';
import { PAIRERS } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.decorators';
import { carriedOr } from '../auth/access.service';
import type { TournamentAccess } from '../auth/tournament-access';
import { notFound, staleOrMissing } from '../common/optimistic';
import type { Sanction } from '../generated/prisma/client';
import { PrismaService, Tx } from '../prisma/prisma.service';
import type {
  AdjournmentDto,
  CreateSanctionDto,
  DisciplineSettingsDto,
  DecideEarlyDrawDto,
  DrawOfferDto,
  EarlyDrawDto,
  RevokeSanctionDto,
} from './discipline.dto';
import { gameContext, gameLabel, sideOf } from './game-context';
import { EARLY_DRAW_PLIES } from './early-draw';
import { isEarlyDraw } from '@chuhe/xiangqi';
import { ResultConsequence } from './result-consequence';

export { EARLY_DRAW_PLIES };

/** The chief arbiter's (or the deputy's, or the organizer's) rights: the carried access when it is this user's here, else asked once. */
export async function isPairer(db: Tx, tournamentId: string, user: AuthUser, access?: TournamentAccess): Promise<boolean> {
  return (await carriedOr(db, user, tournamentId, access)).has(...PAIRERS);
}

export function sanctionView(s: Sanction) {
  return { ...s, article: sanctionArticle(s.kind, s.detail) };
}

@Injectable()
export class DisciplineService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
    private readonly consequence: ResultConsequence,
  ) {}

  /** An arbiter records a foul or penalty (三章6F); discipline kinds wait for the chief arbiter (三章6M). */
  /** `access`: the request's (the guard's), if any — the roles are not read again. */
  async create(user: AuthUser, gameId: string, dto: CreateSanctionDto, access?: TournamentAccess) {
    const problems: CodedFieldProblem[] = [];
    if (dto.count !== undefined && dto.kind !== 'unrecorded_moves')
      problems.push({ field: 'count', reason: 'only unrecorded_moves has a count', code: 'sanction.count_only_unrecorded' });
    if (dto.minutes !== undefined && dto.kind !== 'time_deduction')
      problems.push({ field: 'minutes', reason: 'only time_deduction has minutes', code: 'sanction.minutes_only_deduction' });
    if (dto.minutesLate !== undefined && dto.kind !== 'adjournment_no_show')
      problems.push({ field: 'minutesLate', reason: 'only adjournment_no_show has minutesLate', code: 'sanction.minutes_late_only' });
    if (dto.decision !== undefined && dto.kind !== 'misconduct')
      problems.push({ field: 'decision', reason: 'only misconduct (二章8节11, third offence) has a decision', code: 'sanction.decision_only' });
    if (dto.disqualify !== undefined && dto.kind !== 'collusion')
      problems.push({ field: 'disqualify', reason: 'only collusion (二章8节3) disqualifies entries here', code: 'sanction.disqualify_only' });
    if (dto.kind === 'time_deduction' && dto.minutes === undefined)
      problems.push({ field: 'minutes', reason: 'time_deduction needs the minutes', code: 'sanction.minutes_needed' });
    if (problems.length) throw codedProblems(problems);

    const created = await this.prisma.$transaction(async (tx) => {
      const ctx = await gameContext(tx, gameId);
      const round = ctx.pairing.round;
      if (round.state === 'draft') throw new DomainError('sanction.draft_round', { number: round.number });
      if (!sideOf(ctx, dto.playerId)) throw new DomainError('game.not_a_player', { field: 'playerId', game: gameLabel(ctx) }, 'playerId');
      // 二章3节6 applies where records are kept: not the rapid / armageddon tie-break games (附录2 7b 均不须自行记录).
      const stageType =
        dto.kind === 'unrecorded_moves' && ctx.kind !== 'regular'
          ? (await tx.stage.findUniqueOrThrow({ where: { id: round.stageId }, select: { type: true } })).type
          : null;
      if (stageType !== null && !recordsKept(knockoutFormatOf(stageType), ctx.kind)) {
        throw new DomainError('sanction.no_score_sheet', { kind: ctx.kind, game: gameLabel(ctx) }, 'kind');
      }
      if (dto.disqualify?.length) {
        const found = await tx.entry.count({ where: { id: { in: dto.disqualify }, eventId: round.event.id } });
        if (found !== new Set(dto.disqualify).size) throw new DomainError('sanction.disqualify_entries', {}, 'disqualify');
      }
      const chief = await isPairer(tx, round.event.tournamentId, user, access);
      const needsChief = needsChiefConfirmation(dto.kind);
      const confirmed = !needsChief || chief;
      const row = await tx.sanction.create({
        data: {
          gameId,
          playerId: dto.playerId,
          kind: dto.kind,
          detail: dto.detail,
          count: dto.count,
          minutes: dto.minutes,
          minutesLate: dto.minutesLate,
          decision: dto.decision,
          disqualify: dto.disqualify,
          note: dto.note,
          state: confirmed ? 'confirmed' : 'proposed',
          proposedById: user.id,
          confirmedById: confirmed ? user.id : null,
          confirmedAt: confirmed ? new Date() : null,
        },
      });
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: round.event.tournamentId,
        entity: 'sanction',
        entityId: row.id,
        action: 'create',
        after: row,
        reason: `${dto.kind} (${SANCTION_ARTICLES[dto.kind]}), ${gameLabel(ctx)}${confirmed ? '' : ': proposed to the chief arbiter (三章6M)'}`,
      });
      return row;
    });
    const consequence = created.state === 'confirmed' ? await this.consequence.apply(user, gameId) : null;
    return { sanction: sanctionView(created), consequence };
  }

  /** The chief arbiter (or the organizer) confirms a proposed sanction (三章6M). */
  async confirm(user: AuthUser, sanctionId: string, version: number) {
    const row = await this.prisma.$transaction(async (tx) => {
      const s = await tx.sanction.findUnique({ where: { id: sanctionId } });
      if (!s) throw notFound('sanction');
      if (s.version !== version) staleOrMissing('sanction', s);
      if (s.state !== 'proposed') throw new DomainError('sanction.not_proposed', { state: s.state });
      const { count } = await tx.sanction.updateMany({
        where: { id: sanctionId, version },
        data: { state: 'confirmed', confirmedById: user.id, confirmedAt: new Date(), version: { increment: 1 } },
      });
      if (count === 0) staleOrMissing('sanction', await tx.sanction.findUnique({ where: { id: sanctionId } }));
      const after = await tx.sanction.findUniqueOrThrow({ where: { id: sanctionId } });
      const ctx = await gameContext(tx, s.gameId);
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: ctx.pairing.round.event.tournamentId,
        entity: 'sanction',
        entityId: s.id,
        action: 'update',
        before: s,
        after,
        reason: 'confirmed by the chief arbiter (三章6M)',
      });
      return after;
    });
    const consequence = await this.consequence.apply(user, row.gameId);
    return { sanction: sanctionView(row), consequence };
  }

  /**
   * Undo: never a delete. The sanction becomes `revoked` and a new entry names it (revokesId) with
   * the reason; a confirmed sanction is undone by the chief arbiter or the organizer only.
   */
  async revoke(user: AuthUser, sanctionId: string, dto: RevokeSanctionDto, access?: TournamentAccess) {
    const undo = await this.prisma.$transaction(async (tx) => {
      const s = await tx.sanction.findUnique({ where: { id: sanctionId } });
      if (!s) throw notFound('sanction');
      if (s.version !== dto.version) staleOrMissing('sanction', s);
      if (s.revokesId) throw new DomainError('sanction.undo_of_undo');
      if (s.state === 'revoked') throw new DomainError('sanction.revoked');
      const ctx = await gameContext(tx, s.gameId);
      const tournamentId = ctx.pairing.round.event.tournamentId;
      if (s.state === 'confirmed' && !(await isPairer(tx, tournamentId, user, access))) {
        throw new DomainError('sanction.revoke_confirmed');
      }
      const { count } = await tx.sanction.updateMany({
        where: { id: sanctionId, version: dto.version },
        data: { state: 'revoked', version: { increment: 1 } },
      });
      if (count === 0) staleOrMissing('sanction', await tx.sanction.findUnique({ where: { id: sanctionId } }));
      const entry = await tx.sanction.create({
        data: {
          gameId: s.gameId,
          playerId: s.playerId,
          kind: s.kind,
          detail: s.detail,
          note: dto.reason,
          state: 'confirmed',
          revokesId: s.id,
          proposedById: user.id,
          confirmedById: user.id,
          confirmedAt: new Date(),
        },
      });
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId,
        entity: 'sanction',
        entityId: s.id,
        action: 'update',
        before: s,
        after: { ...s, state: 'revoked', version: s.version + 1 },
        reason: dto.reason,
      });
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId,
        entity: 'sanction',
        entityId: entry.id,
        action: 'create',
        after: entry,
        reason: `undo of sanction ${s.id}: ${dto.reason}`,
      });
      return entry;
    });
    const consequence = await this.consequence.apply(user, undo.gameId);
    return { undo: sanctionView(undo), consequence };
  }

  /** The event's appeal deadline and fee (二章8节4) and its 棋例 rule set (AXF 2017 or CXA). */
  async settings(eventId: string) {
    const e = await this.prisma.event.findUnique({
      where: { id: eventId },
      select: { id: true, version: true, appealDeadlineMinutes: true, appealFeeAmount: true, appealFeeCurrency: true, repetitionRules: true },
    });
    if (!e) throw notFound('event');
    return e;
  }

  async updateSettings(user: AuthUser, eventId: string, dto: DisciplineSettingsDto) {
    return this.prisma.$transaction(async (tx) => {
      const before = await tx.event.findUnique({ where: { id: eventId } });
      if (!before) throw notFound('event');
      const { version, ...data } = dto;
      const { count } = await tx.event.updateMany({ where: { id: eventId, version }, data: { ...data, version: { increment: 1 } } });
      if (count === 0) staleOrMissing('event', before);
      const after = await tx.event.findUniqueOrThrow({
        where: { id: eventId },
        select: { id: true, version: true, appealDeadlineMinutes: true, appealFeeAmount: true, appealFeeCurrency: true, repetitionRules: true },
      });
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: before.tournamentId,
        entity: 'event',
        entityId: eventId,
        action: 'update',
        before: {
          appealDeadlineMinutes: before.appealDeadlineMinutes,
          appealFeeAmount: before.appealFeeAmount,
          appealFeeCurrency: before.appealFeeCurrency,
          repetitionRules: before.repetitionRules,
          version: before.version,
        },
        after,
        reason: 'discipline settings (appeal deadline and fee, 棋例 rule set)',
      });
      return after;
    });
  }

  async reapply(user: AuthUser, gameId: string, reason: string) {
    return { consequence: await this.consequence.apply(user, gameId, reason) };
  }

  async listForGame(gameId: string) {
    const rows = await this.prisma.sanction.findMany({ where: { gameId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
    return rows.map(sanctionView);
  }

  async listForEvent(eventId: string) {
    const rows = await this.prisma.sanction.findMany({
      where: { game: { pairing: { round: { eventId } } } },
      include: {
        game: { select: { board: true, pairing: { select: { table: true, round: { select: { number: true } } } } } },
        player: { select: { nameZh: true, nameEn: true } },
      },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
    return rows.map((r) => ({ ...sanctionView(r), round: r.game.pairing.round.number, table: r.game.pairing.table, board: r.game.board, player: r.player }));
  }

  /** 三章6I: draw offers logged; a repeated offer after a refusal is flagged (二章9节5: a technical foul for the arbiter to record). */
  async drawOffer(user: AuthUser, gameId: string, dto: DrawOfferDto) {
    return this.prisma.$transaction(async (tx) => {
      const ctx = await gameContext(tx, gameId);
      const side = sideOf(ctx, dto.playerId);
      if (!side) throw new DomainError('game.not_a_player', { field: 'playerId', game: gameLabel(ctx) }, 'playerId');
      const previous = await tx.gameLog.findMany({ where: { gameId, kind: 'draw_offer' }, orderBy: { at: 'desc' }, take: 1 });
      const last = previous[0]?.data as { playerId: string; response: string } | undefined;
      // libs/xiangqi: 三章6I after one's own move, 二章9节5 not again after a refusal.
      const { repeated, outOfTurn, warnings } = checkDrawOffer({ side, playerId: dto.playerId, ply: dto.ply }, last ?? null);
      const row = await tx.gameLog.create({
        data: {
          gameId,
          kind: 'draw_offer',
          byId: user.id,
          state: dto.response ?? 'pending',
          data: { playerId: dto.playerId, ply: dto.ply ?? null, response: dto.response ?? 'pending', note: dto.note ?? null, repeated, outOfTurn },
        },
      });
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: ctx.pairing.round.event.tournamentId,
        entity: 'game_log',
        entityId: row.id,
        action: 'create',
        after: row,
        reason: 'draw offer (三章6I)',
      });
      return { ...row, repeated, outOfTurn, ...(warnings.length ? { warning: warnings.join('; ') } : {}) };
    });
  }

  /** 二章8节12: a draw agreed before move 20 (40 plies) or with little material gone is flagged for the chief arbiter. */
  async earlyDraw(user: AuthUser, gameId: string, dto: EarlyDrawDto) {
    const flagged = isEarlyDraw(dto.plies) || dto.littleMaterialGone === true; // 二章8节12
    if (!flagged) return { flagged: false, message: `${dto.plies} plies: not an early draw (二章8节12: 20 moves = ${EARLY_DRAW_PLIES} plies)` };
    return this.prisma.$transaction(async (tx) => {
      const ctx = await gameContext(tx, gameId);
      const row = await tx.gameLog.create({
        data: {
          gameId,
          kind: 'early_draw',
          byId: user.id,
          state: 'pending',
          data: { plies: dto.plies, littleMaterialGone: dto.littleMaterialGone ?? false, note: dto.note ?? null },
        },
      });
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: ctx.pairing.round.event.tournamentId,
        entity: 'game_log',
        entityId: row.id,
        action: 'create',
        after: row,
        reason: 'early agreed draw flagged (二章8节12): needs the chief arbiter',
      });
      return { flagged: true, article: '二章8节12', log: row };
    });
  }

  async decideEarlyDraw(user: AuthUser, gameId: string, dto: DecideEarlyDrawDto) {
    return this.prisma.$transaction(async (tx) => {
      const ctx = await gameContext(tx, gameId);
      const log = await tx.gameLog.findFirst({ where: { gameId, kind: 'early_draw', state: 'pending' }, orderBy: { at: 'desc' } });
      if (!log) throw notFound('pending early draw on this game');
      if (log.version !== dto.version) staleOrMissing('early draw', log);
      const { count } = await tx.gameLog.updateMany({
        where: { id: log.id, version: dto.version },
        data: { state: dto.decision, version: { increment: 1 }, data: { ...(log.data as object), decidedById: user.id, reason: dto.reason ?? null } },
      });
      if (count === 0) staleOrMissing('early draw', await tx.gameLog.findUnique({ where: { id: log.id } }));
      const after = await tx.gameLog.findUniqueOrThrow({ where: { id: log.id } });
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: ctx.pairing.round.event.tournamentId,
        entity: 'game_log',
        entityId: log.id,
        action: 'update',
        before: log,
        after,
        reason: dto.reason ?? `early draw ${dto.decision} (二章8节12)`,
      });
      return after;
    });
  }

  /** Early draws: games drawn with a stored record shorter than 40 plies, and the flags logged. */
  async earlyDraws(eventId: string) {
    const games = await this.prisma.game.findMany({
      where: { pairing: { round: { eventId } }, OR: [{ result: 'draw', record: { isNot: null } }, { logs: { some: { kind: 'early_draw' } } }] },
      include: {
        record: { select: { moves: true } },
        logs: { where: { kind: 'early_draw' }, orderBy: { at: 'desc' } },
        pairing: { select: { table: true, round: { select: { number: true } } } },
      },
    });
    return games
      .map((g) => {
        const plies = Array.isArray(g.record?.moves) ? (g.record!.moves as unknown[]).length : null;
        const log = g.logs[0] ?? null;
        return {
          gameId: g.id,
          round: g.pairing.round.number,
          table: g.pairing.table,
          board: g.board,
          result: g.result,
          recordPlies: plies,
          state: log?.state ?? 'pending',
          log,
          version: log?.version ?? null,
        };
      })
      .filter((x) => x.log !== null || isEarlyDraw(x.recordPlies));
  }

  /** 二章2节4, 三章6K: an adjournment — diagram (FEN), sealed move, times, resumption. */
  async adjourn(user: AuthUser, gameId: string, dto: AdjournmentDto) {
    // libs/xiangqi: Red seals (二章2节4, 三章6K); the sealed move must be legal in the diagram.
    const checked = checkSealedMove(dto.fen, dto.sealedMove);
    if (!checked.ok) throw codedProblems([{ field: checked.field, reason: checked.reason, code: checked.code }]);
    const pos = { value: checked.position };
    const resumeAt = new Date(dto.resumeAt);
    if (Number.isNaN(resumeAt.getTime())) throw new DomainError('input.date_time', { field: 'resumeAt' }, 'resumeAt');
    return this.prisma.$transaction(async (tx) => {
      const ctx = await gameContext(tx, gameId);
      if (ctx.result !== null) throw new DomainError('game.has_result', { result: ctx.result });
      const row = await tx.gameLog.create({
        data: {
          gameId,
          kind: 'adjournment',
          byId: user.id,
          state: 'sealed',
          data: {
            fen: pos.value.toFen(),
            sealedMove: dto.sealedMove,
            sealedBy: pos.value.turn,
            redMinutesUsed: dto.redMinutesUsed,
            blackMinutesUsed: dto.blackMinutesUsed,
            resumeAt: resumeAt.toISOString(),
            place: dto.place ?? null,
          },
        },
      });
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: ctx.pairing.round.event.tournamentId,
        entity: 'game_log',
        entityId: row.id,
        action: 'create',
        after: { ...row, data: { ...(row.data as object), sealedMove: '(sealed)' } },
        reason: 'adjournment (三章6K)',
      });
      return this.adjournmentView(row);
    });
  }

  async adjournment(gameId: string) {
    const row = await this.prisma.gameLog.findFirst({ where: { gameId, kind: 'adjournment' }, orderBy: { at: 'desc' } });
    if (!row) throw notFound('adjournment of this game');
    return this.adjournmentView(row);
  }

  private adjournmentView(row: { id: string; data: unknown; at: Date; state: string | null; version: number }) {
    const data = row.data as { fen: string };
    const svg = diagramSvg(data.fen, { caption: '封局棋图 / adjourned position' });
    return { id: row.id, state: row.state, at: row.at, version: row.version, ...data, graceMinutes: 15, diagram: svg.ok ? svg.value : null };
  }
}
