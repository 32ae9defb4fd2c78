import { DomainError } from '../common/errors';
import { databaseNow } from '../common/database-clock';
import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { STAFF } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.decorators';
import { carriedOr } from '../auth/access.service';
import type { TournamentAccess } from '../auth/tournament-access';
import { notFound, staleOrMissing } from '../common/optimistic';
import { affiliationsInvolved, gameContext, gameLabel, type GameContext } from '../discipline/game-context';
import { sanctionView } from '../discipline/discipline.service';
import type { Appeal, GameResult } from '../generated/prisma/client';
import { lockEventPlaySharedForGame } from '../play/locks';
import { changeResult, readResultTarget, resultChangeResponse } from '../results/change-result';
import type { ResultChange } from '../results/change-result';
import { PrismaService, Tx } from '../prisma/prisma.service';
import type { AppealNotesDto, CommitteeSanctionDto, FileAppealDto, RoleAffiliationDto, VoteDto } from './appeals.dto';
import { EntriesService } from '../entries/entries.service';
import { appealFeeAfter, committeeFor, MIN_COMMITTEE, decisionOf, type Committee } from '@chuhe/tournament';
import { readingsOf } from '../events/readings';

/** Votes wait for the event's play lock (shared) like results do: let them queue (results.service). */
const DECISION_TRANSACTION = { maxWait: 15_000, timeout: 15_000 };

/**
 * Appeals (二章8节4, 三章4F, 三章7). Who files: players have no accounts of their own here, so a
 * written appeal is filed by the captain of a team in the game (for the team's entry), or recorded
 * by an arbiter, the chief arbiter or the organizer for the player who handed it in (entryId: an
 * entry of the game). Within Event.appealDeadlineMinutes (2 hours) of the game's end — the moment
 * its result was entered, on the server's clock — with the fee recorded as paid.
 */
@Injectable()
export class AppealsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
    private readonly entries: EntriesService,
  ) {}

  /**
   * 三章7E: after a decision that the arbiter was right, a party that persists may be sanctioned by
   * the committee: 批评、警告、严重警告、停止本场比赛 or 取消比赛资格. Logged on the game (GameLog
   * 'committee_sanction'; not a foul for 犯规少); a disqualification withdraws the entry after the
   * game's round (the withdrawal path).
   */
  async committeeSanction(user: AuthUser, appealId: string, dto: CommitteeSanctionDto) {
    const appeal = await this.prisma.appeal.findUnique({ where: { id: appealId } });
    if (!appeal) throw notFound('appeal');
    if (appeal.state !== 'dismissed') throw new DomainError('appeal.not_dismissed');
    if (!appeal.gameId) throw new DomainError('appeal.no_game');
    const ctx = await gameContext(this.prisma, appeal.gameId);
    const entries = [ctx.pairing.redEntry, ctx.pairing.blackEntry].filter((e) => e !== null);
    if (!entries.some((e) => e.id === dto.entryId)) throw new DomainError('appeal.entry_not_in_game', { game: gameLabel(ctx) }, 'entryId');
    const log = await this.prisma.$transaction(async (tx) => {
      const row = await tx.gameLog.create({
        data: {
          gameId: ctx.id,
          kind: 'committee_sanction',
          byId: user.id,
          state: dto.level,
          data: { appealId, entryId: dto.entryId, level: dto.level, note: dto.note, article: '三章7E' },
        },
      });
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: ctx.pairing.round.event.tournamentId,
        entity: 'game_log',
        entityId: row.id,
        action: 'create',
        after: row,
        reason: `三章7E: ${dto.level} — ${dto.note}`,
      });
      return row;
    });
    let withdrawn: { applied: boolean; message?: string } | undefined;
    if (dto.level === 'disqualification') {
      const entry = await this.prisma.entry.findUniqueOrThrow({ where: { id: dto.entryId } });
      if (entry.status !== 'withdrawn') {
        try {
          await this.entries.withdraw({
            user,
            id: entry.id,
            version: entry.version,
            afterRound: ctx.pairing.round.number,
            reason: `三章7E: disqualified by the appeals committee — ${dto.note}`,
          });
          withdrawn = { applied: true };
        } catch (e) {
          withdrawn = { applied: false, message: (e as { message?: string }).message };
        }
      }
    }
    return { log, ...(withdrawn ? { withdrawn } : {}) };
  }

  /** `access`: the request's (the guard's), if any — the filer's roles are not read again. */
  async file(user: AuthUser, gameId: string, dto: FileAppealDto, at?: Date, access?: TournamentAccess) {
    return this.prisma.$transaction(async (tx) => {
      // 二章8节4's two hours, on the database's clock (issue 34 #4): every instance judges alike.
      const now = at ?? (await databaseNow(tx));
      const ctx = await gameContext(tx, gameId);
      const event = ctx.pairing.round.event;
      const held = await carriedOr(tx, user, event.tournamentId, access);
      const entries = [ctx.pairing.redEntry, ctx.pairing.blackEntry].filter((e) => e !== null);
      const captainOf = held.captainedTeam();
      const captainEntry = entries.find((e) => e.teamId !== null && e.teamId === captainOf);
      const staff = held.has(...STAFF);
      if (!captainEntry && !staff) throw new DomainError('appeal.filer');
      const entryId = dto.entryId ?? captainEntry?.id;
      if (!entryId) throw new DomainError('appeal.name_entry', {}, 'entryId');
      if (!entries.some((e) => e.id === entryId)) throw new DomainError('appeal.entry_not_in_game', { game: gameLabel(ctx) }, 'entryId');
      if (!staff && entryId !== captainEntry!.id) throw new DomainError('appeal.own_team');
      if (dto.disputeId) {
        const d = await tx.dispute.findUnique({ where: { id: dto.disputeId }, select: { gameId: true } });
        if (!d || d.gameId !== gameId) throw new DomainError('appeal.dispute_other_game', {}, 'disputeId');
      }
      // 三章4F: without an appeals committee the chief arbiter's ruling is final.
      const members = await tx.tournamentRole.count({ where: { tournamentId: event.tournamentId, role: 'appeals_member' } });
      if (members === 0) throw new DomainError('appeal.no_committee');
      // 二章8节4: 赛后两小时内 — from the game's end (its result entered), on the database's clock.
      if (!ctx.resultEnteredAt) throw new DomainError('appeal.game_not_ended', { game: gameLabel(ctx) });
      const deadline = appealDeadline(ctx.resultEnteredAt, event.appealDeadlineMinutes);
      if (now > deadline)
        throw new DomainError('appeal.late', {
          deadline: deadline.toISOString(),
          ended: ctx.resultEnteredAt.toISOString(),
          minutes: event.appealDeadlineMinutes,
          minutesEn: `${event.appealDeadlineMinutes} minute${event.appealDeadlineMinutes === 1 ? '' : 's'}`,
        });
      const row = await tx.appeal.create({
        data: {
          eventId: event.id,
          gameId,
          disputeId: dto.disputeId,
          filedById: user.id,
          entryId,
          text: dto.text,
          filedAt: now,
          feeAmount: event.appealFeeAmount,
          feeCurrency: event.appealFeeCurrency,
          feeStatus: 'paid',
        },
      });
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: event.tournamentId,
        entity: 'appeal',
        entityId: row.id,
        action: 'create',
        after: row,
        reason: `appeal filed (二章8节4), fee ${event.appealFeeAmount} ${event.appealFeeCurrency} paid; deadline ${deadline.toISOString()}`,
      });
      return { ...row, deadline };
    });
  }

  private async committee(db: Tx, tournamentId: string, ctx: GameContext | null): Promise<Committee> {
    const roles = await db.tournamentRole.findMany({
      where: { tournamentId, role: 'appeals_member' },
      include: { user: { select: { displayName: true } } },
      orderBy: { createdAt: 'asc' },
    });
    const members = roles.map((r) => ({ userId: r.userId, displayName: r.user.displayName, affiliationId: r.affiliationId }));
    return committeeFor(members, ctx ? affiliationsInvolved(ctx) : []);
  }

  /** The hearing file: the appeal, the game, its record, the arbiter's reports (disputes with diagrams), sanctions, the committee and the votes. */
  async get(user: AuthUser, appealId: string, access?: TournamentAccess) {
    const appeal = await this.prisma.appeal.findUnique({ where: { id: appealId }, include: { votes: { orderBy: { votedAt: 'asc' } } } });
    if (!appeal) throw notFound('appeal');
    const event = await this.prisma.event.findUniqueOrThrow({ where: { id: appeal.eventId }, select: { tournamentId: true, nameZh: true, nameEn: true } });
    const ctx = appeal.gameId ? await gameContext(this.prisma, appeal.gameId) : null;
    const committee = await this.committee(this.prisma, event.tournamentId, ctx);
    const [record, disputes, sanctions] = ctx
      ? await Promise.all([
          this.prisma.gameRecord.findUnique({ where: { gameId: ctx.id } }),
          this.prisma.dispute.findMany({ where: { gameId: ctx.id }, orderBy: { createdAt: 'asc' } }),
          this.prisma.sanction.findMany({ where: { gameId: ctx.id }, orderBy: { createdAt: 'asc' } }),
        ])
      : [null, [], []];
    const game = ctx && {
      id: ctx.id,
      round: ctx.pairing.round.number,
      table: ctx.pairing.table,
      board: ctx.board,
      result: ctx.result,
      penaltyReason: ctx.penaltyReason,
      resultEnteredAt: ctx.resultEnteredAt,
      version: ctx.version,
      red: ctx.redPlayer && { id: ctx.redPlayer.id, nameZh: ctx.redPlayer.nameZh, nameEn: ctx.redPlayer.nameEn },
      black: ctx.blackPlayer && { id: ctx.blackPlayer.id, nameZh: ctx.blackPlayer.nameZh, nameEn: ctx.blackPlayer.nameEn },
    };
    // The committee's private notes are the committee's (its file is 403 to everyone else, issue 23 #9).
    const member = (await carriedOr(this.prisma, user, event.tournamentId, access)).has('appeals_member');
    return {
      appeal: member ? appeal : { ...appeal, privateNotes: null },
      event,
      game,
      record: record && { format: record.format, text: record.text, startFen: record.startFen, moves: record.moves },
      disputes: disputes.map((d) => ({ id: d.id, state: d.state, ruling: d.ruling, rulingResult: d.rulingResult, report: d.report })),
      sanctions: sanctions.map(sanctionView),
      committee,
      myVote: appeal.votes.find((v) => v.userId === user.id) ?? null,
      recused: committee.recused.some((m) => m.userId === user.id),
    };
  }

  async list(eventId: string, user?: AuthUser, access?: TournamentAccess) {
    const appeals = await this.prisma.appeal.findMany({ where: { eventId }, include: { votes: true }, orderBy: { filedAt: 'asc' } });
    const event = await this.prisma.event.findUnique({ where: { id: eventId }, select: { tournamentId: true } });
    if (user && event && (await carriedOr(this.prisma, user, event.tournamentId, access)).has('appeals_member')) return appeals;
    return appeals.map((a) => ({ ...a, privateNotes: null }));
  }

  /**
   * A member votes (三章7C: 表决). The committee is checked first (三章7A after 三章7D); a recused
   * member cannot vote. Once a choice has the majority of the sitting members the decision is
   * final and takes effect at once: the game's result (when upheld with a result), the fee
   * refunded (upheld) or forfeited (dismissed), audit rows — all in this transaction. A changed
   * result sets off what result entry sets off (results.service): the knockout match re-settled
   * and the round's state with it, the live notification, and — round N+1 already paired — the
   * pairings of round N+1 the changed result would have changed (laterPairingsAffected).
   */
  async vote(user: AuthUser, appealId: string, dto: VoteDto) {
    if (dto.result && dto.choice !== 'uphold') throw new DomainError('appeal.result_with_uphold_only', {}, 'result');
    const done = await this.prisma.$transaction(async (tx) => {
      // Locks in result entry's order (results.service): the event's play lock (shared), the
      // knockout match's pairing row, then the appeal's row. A decision may add or remove games of
      // the match (and round N+1 must not be paired meanwhile); result entry removing a game
      // touches the appeals on it (Appeal.gameId SET NULL) — the other order could deadlock.
      const filed = await tx.appeal.findUnique({ where: { id: appealId }, select: { gameId: true } });
      if (!filed) throw notFound('appeal');
      if (filed.gameId) {
        await lockEventPlaySharedForGame(tx, filed.gameId);
        await tx.$executeRaw`SELECT 1 FROM "Pairing" p WHERE p.id = (SELECT g."pairingId" FROM "Game" g WHERE g.id = ${filed.gameId}::uuid) AND p."matchKey" IS NOT NULL FOR UPDATE`;
      }
      // One decision per appeal: votes on it are serialised on its row.
      await tx.$executeRaw`SELECT id FROM "Appeal" WHERE id = ${appealId}::uuid FOR UPDATE`;
      const appeal = await tx.appeal.findUnique({ where: { id: appealId } });
      if (!appeal) throw notFound('appeal');
      if (appeal.state !== 'filed') throw new DomainError('appeal.decided', { state: appeal.state });
      const event = await tx.event.findUniqueOrThrow({ where: { id: appeal.eventId }, select: { tournamentId: true } });
      const ctx = appeal.gameId ? await gameContext(tx, appeal.gameId) : null;
      const committee = await this.committee(tx, event.tournamentId, ctx);
      if (committee.recused.some((m) => m.userId === user.id)) throw new DomainError('appeal.recused');
      if (!committee.canDecide)
        throw committee.members.length === 0
          ? new DomainError('appeal.no_committee')
          : new DomainError('appeal.committee_too_small', { sitting: committee.sitting.length, recused: committee.recused.length, min: MIN_COMMITTEE });
      // A changed vote is an update of the member's vote, audited with what it was (issue 23 #9).
      const previous = await tx.appealVote.findUnique({ where: { appealId_userId: { appealId, userId: user.id } } });
      const vote = await tx.appealVote.upsert({
        where: { appealId_userId: { appealId, userId: user.id } },
        // The result is a field of its own: a note is only a note, whatever it begins with.
        create: { appealId, userId: user.id, choice: dto.choice, result: dto.result ?? null, note: dto.note ?? null },
        update: { choice: dto.choice, result: dto.result ?? null, note: dto.note ?? null, votedAt: new Date() },
      });
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: event.tournamentId,
        entity: 'appeal_vote',
        entityId: vote.id,
        action: previous ? 'update' : 'create',
        before: previous ?? undefined,
        after: vote,
      });
      const votes = await tx.appealVote.findMany({ where: { appealId } });
      const decision = decisionOf(
        committee,
        votes.map((v) => ({ userId: v.userId, choice: v.choice, result: v.result })),
      );
      if (!decision) return { vote, decided: false as const, committee, appeal };
      const upheld = decision.choice === 'uphold';
      // 二章8节4 败诉则没收: a tie's fee is the event's reading (events/readings.ts, libs/tournament appealFeeAfter).
      const readings = readingsOf(await tx.event.findUniqueOrThrow({ where: { id: appeal.eventId }, select: { standingsOptions: true } }));
      const fee = appealFeeAfter(decision, readings.appealTieFee);
      const decidedResult = (upheld ? decision.result : null) as GameResult | null;
      let text = decision.tie
        ? `dismissed: ${decision.tie}; 三章7C: final, effective at once`
        : `${upheld ? 'upheld' : 'dismissed'} by ${decision.tally[decision.choice]} of ${committee.sitting.length} (uphold ${decision.tally.uphold}, dismiss ${decision.tally.dismiss}); 三章7C: final, effective at once`;
      // The game first (its audit reason carries the decision), then the appeal: when the match
      // turns out decided by an earlier game, the appeal's decision says what became of this one.
      let effects: ResultChange | null = null;
      if (ctx && decidedResult && decidedResult !== ctx.result) {
        // The one way a result changes (results/change-result.ts). A committee decision is final and
        // effective at once (三章7C): when an earlier game of the match already decides it, this game
        // goes as any game after the deciding one does (附录2 7b), and the appeal says so.
        const target = await readResultTarget(tx, ctx.id);
        if (!target) throw notFound('game');
        const penaltyReason = decidedResult === 'red_win_penalty' || decidedResult === 'black_win_penalty' ? (ctx.penaltyReason ?? 'other') : null;
        effects = await changeResult(tx, this.audit, {
          target,
          result: decidedResult,
          penaltyReason,
          actor: { userId: user.id, tournamentId: event.tournamentId },
          reason: `[appeal] 三章7C: appeal ${appealId} upheld — ${text}`,
          version: ctx.version,
          matchReason: `appeal ${appealId} upheld (三章7C)`,
        });
        if (effects.gameRemoved) text += `; ${gameLabel(ctx)} removed: match ${ctx.pairing.matchKey} is decided by an earlier game (附录2 7b)`;
      }
      const { count } = await tx.appeal.updateMany({
        where: { id: appealId, version: appeal.version },
        data: {
          state: upheld ? 'upheld' : 'dismissed',
          feeStatus: fee,
          decision: text,
          decidedResult,
          decidedAt: new Date(),
          version: { increment: 1 },
        },
      });
      if (count === 0) staleOrMissing('appeal', await tx.appeal.findUnique({ where: { id: appealId } }));
      const decided = await tx.appeal.findUniqueOrThrow({ where: { id: appealId } });
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: event.tournamentId,
        entity: 'appeal',
        entityId: appealId,
        action: 'update',
        before: appeal,
        after: decided,
        reason: `${text}; fee ${fee} (二章8节4${decision.tie ? `; on a tie: the event's reading appealTieFee = ${readings.appealTieFee}` : ''})`,
      });
      return { vote, decided: true as const, committee, appeal: decided, effects };
    }, DECISION_TRANSACTION);

    if (!done.decided) return done;
    const { effects, ...response } = done;
    if (!effects) return { ...response, gameChanged: false };
    return { ...response, gameChanged: true, ...(await resultChangeResponse(this.prisma, effects)) };
  }

  /**
   * The appellant withdraws before the decision (the filer, or staff). The fee is refunded: 二章8节4
   * forfeits it only when the appeal fails (败诉则没收), and a withdrawn appeal was never decided.
   */
  async withdraw(user: AuthUser, appealId: string, version: number, access?: TournamentAccess) {
    return this.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT id FROM "Appeal" WHERE id = ${appealId}::uuid FOR UPDATE`;
      const appeal = await tx.appeal.findUnique({ where: { id: appealId } });
      if (!appeal) throw notFound('appeal');
      const event = await tx.event.findUniqueOrThrow({ where: { id: appeal.eventId }, select: { tournamentId: true } });
      const staff = (await carriedOr(tx, user, event.tournamentId, access)).has(...STAFF);
      if (!staff && appeal.filedById !== user.id) throw new DomainError('appeal.withdraw_not_yours');
      if (appeal.version !== version) staleOrMissing('appeal', appeal);
      if (appeal.state !== 'filed') throw new DomainError('appeal.decided', { state: appeal.state });
      const { count } = await tx.appeal.updateMany({
        where: { id: appealId, version },
        data: { state: 'withdrawn', feeStatus: 'refunded', decidedAt: new Date(), version: { increment: 1 } },
      });
      if (count === 0) staleOrMissing('appeal', await tx.appeal.findUnique({ where: { id: appealId } }));
      const after = await tx.appeal.findUniqueOrThrow({ where: { id: appealId } });
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: event.tournamentId,
        entity: 'appeal',
        entityId: appealId,
        action: 'update',
        before: appeal,
        after,
        reason: 'withdrawn by the appellant; fee refunded',
      });
      return after;
    });
  }

  /** The committee's public summary and private notes (三章7G: the file keeps both; the public page shows the summary only). */
  async notes(user: AuthUser, appealId: string, dto: AppealNotesDto) {
    return this.prisma.$transaction(async (tx) => {
      const appeal = await tx.appeal.findUnique({ where: { id: appealId } });
      if (!appeal) throw notFound('appeal');
      const { count } = await tx.appeal.updateMany({
        where: { id: appealId, version: dto.version },
        data: { publicSummary: dto.publicSummary, privateNotes: dto.privateNotes, version: { increment: 1 } },
      });
      if (count === 0) staleOrMissing('appeal', appeal);
      const after = await tx.appeal.findUniqueOrThrow({ where: { id: appealId } });
      const event = await tx.event.findUniqueOrThrow({ where: { id: appeal.eventId }, select: { tournamentId: true } });
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: event.tournamentId,
        entity: 'appeal',
        entityId: appealId,
        action: 'update',
        before: appeal,
        after,
      });
      return after;
    });
  }

  /** Decisions on the event's public page: no private notes, no names of voters. */
  async publicDecisions(eventId: string) {
    const rows = await this.prisma.appeal.findMany({
      where: { eventId, state: { in: ['upheld', 'dismissed'] } },
      include: { game: { select: { board: true, pairing: { select: { table: true, round: { select: { number: true } } } } } } },
      orderBy: { decidedAt: 'asc' },
    });
    return rows.map((a) => publicView(a));
  }

  /** 三章7G: the committee's file for the organising committee — every appeal with its votes, notes and decisions. */
  async committeeFile(eventId: string) {
    const event = await this.prisma.event.findUnique({
      where: { id: eventId },
      select: { id: true, nameZh: true, nameEn: true, tournamentId: true, appealDeadlineMinutes: true, appealFeeAmount: true, appealFeeCurrency: true },
    });
    if (!event) throw notFound('event');
    const appeals = await this.prisma.appeal.findMany({
      where: { eventId },
      include: { votes: { orderBy: { votedAt: 'asc' } }, dispute: { select: { id: true, ruling: true, rulingResult: true, report: true } } },
      orderBy: { filedAt: 'asc' },
    });
    const members = await this.prisma.tournamentRole.findMany({
      where: { tournamentId: event.tournamentId, role: 'appeals_member' },
      include: { user: { select: { displayName: true, email: true } } },
    });
    return {
      article: '三章7G',
      generatedAt: new Date().toISOString(),
      event,
      committee: members.map((m) => ({ userId: m.userId, displayName: m.user.displayName, affiliationId: m.affiliationId })),
      appeals: appeals.map((a) => ({
        ...a,
        dispute: a.dispute && {
          id: a.dispute.id,
          ruling: a.dispute.ruling,
          rulingResult: a.dispute.rulingResult,
          verdict: (a.dispute.report as { verdict?: string }).verdict,
        },
      })),
    };
  }

  /** The organizer sets an appeals member's affiliation (for 三章7D). */
  async setAffiliation(user: AuthUser, roleId: string, dto: RoleAffiliationDto) {
    return this.prisma.$transaction(async (tx) => {
      const role = await tx.tournamentRole.findUnique({ where: { id: roleId } });
      if (!role) throw notFound('role');
      if (role.role !== 'appeals_member') throw new DomainError('appeal.member_only_affiliation', {}, 'roleId');
      if (dto.affiliationId !== null) {
        const a = await tx.affiliation.findUnique({ where: { id: dto.affiliationId } });
        if (!a || a.tournamentId !== role.tournamentId) throw new DomainError('affiliation.not_in_tournament', { field: 'affiliationId' }, 'affiliationId');
      }
      const after = await tx.tournamentRole.update({ where: { id: roleId }, data: { affiliationId: dto.affiliationId } });
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: role.tournamentId,
        entity: 'tournament_role',
        entityId: roleId,
        action: 'update',
        before: role,
        after,
        reason: 'appeals member affiliation (三章7D)',
      });
      return after;
    });
  }

  /** The event a public decisions page is about: its names, kind, stages and tournament. */
  publicEvent(eventId: string) {
    return this.prisma.event.findUnique({
      where: { id: eventId },
      select: {
        id: true,
        nameZh: true,
        nameEn: true,
        kind: true,
        stages: true,
        tournament: { select: { id: true, nameZh: true, nameEn: true, timeZone: true } },
      },
    });
  }
}

/** 二章8节4: 赛后两小时内 — the appeal deadline: the game's end (its result entered) plus the event's minutes. */
export function appealDeadline(resultEnteredAt: Date, minutes: number): Date {
  return new Date(resultEnteredAt.getTime() + minutes * 60_000);
}

export function publicView(a: Appeal & { game: { board: number; pairing: { table: number | null; round: { number: number } } } | null }) {
  return {
    id: a.id,
    round: a.game?.pairing.round.number ?? null,
    table: a.game?.pairing.table ?? null,
    board: a.game?.board ?? null,
    filedAt: a.filedAt,
    state: a.state,
    decision: a.decision,
    publicSummary: a.publicSummary,
    decidedResult: a.decidedResult,
    decidedAt: a.decidedAt,
    feeStatus: a.feeStatus,
  };
}
