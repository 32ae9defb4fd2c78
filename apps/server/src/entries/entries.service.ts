import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { drawNumbers, type DrawErrorCode } from '@chuhe/registration';
import { withdrawalPlan, type WithdrawalPairing, type WithdrawalRefusal } from '@chuhe/standings';
import { codedProblems, DomainError, type CodedFieldProblem, type ErrorCode } from '../common/errors';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.decorators';
import { notFound, staleOrMissing } from '../common/optimistic';
import { closedConflict, entriesClosed } from '../events/events.service';
import type { GameResult } from '../generated/prisma/client';
import { lockEventPlay } from '../play/locks';
import { changeResult, readResultTarget } from '../results/change-result';
import { laterPairingsAfterCommit } from '../results/later-pairings';
import type { RoundStateChange } from '../results/play-effects';
import { loadEventPlay } from '../play/event-loader';
import { assertNoneBanned, assertNotBanned } from '../persons/bans';
import { PrismaService, Tx } from '../prisma/prisma.service';
import { BulkEntryDto, CreateEntryDto, DrawDto, SetSeedsDto, UpdateEntryDto } from './entry.dto';
import { defaultSeedPositions, seededSetChanged, seedListProblems, type SeedListProblem } from '@chuhe/registration';
import { drawLateNumbers, hasDraw } from './late-draw';
import { undoWithdrawalRefusal } from './withdrawal-undo';

const ENTRY_INCLUDE = {
  player: { include: { affiliation: true } },
  team: { include: { affiliation: true, members: { include: { player: true }, orderBy: [{ role: 'asc' as const }, { board: 'asc' as const }] } } },
};

// The id last: entries made together (one bulk form, one import) share their createdAt, and without it
// their order was the table's physical one — rows changed places when one was saved (a seed).
const ENTRY_ORDER = [
  { status: 'asc' as const },
  { drawNumber: { sort: 'asc' as const, nulls: 'last' as const } },
  { createdAt: 'asc' as const },
  { id: 'asc' as const },
];

/** Serializes registration changes of one event (entries, draw) so numbers never race. */
export async function lockEvent(tx: Tx, eventId: string) {
  await tx.$executeRaw`SELECT 1 FROM "Event" WHERE id = ${eventId}::uuid FOR UPDATE`;
  const event = await tx.event.findUnique({ where: { id: eventId } });
  if (!event) throw notFound('event');
  return event;
}

@Injectable()
export class EntriesService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
  ) {}

  list(eventId: string) {
    return this.prisma.entry.findMany({
      where: { eventId },
      include: ENTRY_INCLUDE,
      orderBy: ENTRY_ORDER,
    });
  }

  /** Individual events. Late entries are accepted until round 1 is paired. */
  create({ user, eventId, dto }: { user: AuthUser; eventId: string; dto: CreateEntryDto }) {
    return this.prisma.$transaction((tx) => this.createIn(tx, { user, eventId, dto }));
  }

  /** The one way an individual entry is made, inside the caller's transaction (the organizer's form, an approved entry request). */
  async createIn(tx: Tx, { user, eventId, dto }: { user: AuthUser; eventId: string; dto: CreateEntryDto }) {
    {
      const event = await lockEvent(tx, eventId);
      if (entriesClosed(event)) throw closedConflict('entries');
      if (event.kind !== 'individual') throw new DomainError('entry.team_event', { field: 'playerId' }, 'playerId');
      const player = await tx.player.findUnique({ where: { id: dto.playerId } });
      if (!player || player.tournamentId !== event.tournamentId) throw new DomainError('player.not_in_tournament', { field: 'playerId' }, 'playerId');
      if (event.category === 'women' && player.gender !== 'female') throw new DomainError('entry.women_only', {}, 'playerId');
      await assertNotBanned(tx, player.personId, new Date(), 'playerId'); // 二章8节3
      const existing = await tx.entry.findUnique({ where: { eventId_playerId: { eventId, playerId: dto.playerId } } });
      if (existing) throw new DomainError('entry.already_entered', {}, 'playerId');
      const late = await hasDraw(tx, eventId);
      const created = await tx.entry.create({ data: { eventId, playerId: dto.playerId, seed: dto.seed, lateEntry: late } });
      if (late) await drawLateNumbers(tx, this.audit, { userId: user.id, tournamentId: event.tournamentId }, eventId, [created.id]);
      const entry = await tx.entry.findUniqueOrThrow({ where: { id: created.id }, include: ENTRY_INCLUDE });
      await this.audit.record(tx, { userId: user.id, tournamentId: event.tournamentId, entity: 'entry', entityId: entry.id, action: 'create', after: entry });
      return entry;
    }
  }

  /**
   * "Enter these players": many individual entries in one transaction, all or none, with the same
   * rules as one entry (players of this tournament, women's events, no player twice, late numbers).
   * 400 names the first offending `playerIds[i]`; 409 when one is already entered.
   */
  bulkCreate({ user, eventId, dto }: { user: AuthUser; eventId: string; dto: BulkEntryDto }) {
    return this.prisma.$transaction(
      async (tx) => {
        const event = await lockEvent(tx, eventId);
        if (entriesClosed(event)) throw closedConflict('entries');
        if (event.kind !== 'individual') throw new DomainError('entry.team_event', { field: 'playerIds' }, 'playerIds');
        const players = await tx.player.findMany({ where: { id: { in: dto.playerIds } } });
        const byId = new Map(players.map((p) => [p.id, p]));
        const problems: CodedFieldProblem[] = [];
        dto.playerIds.forEach((id, i) => {
          const player = byId.get(id);
          if (!player || player.tournamentId !== event.tournamentId)
            problems.push({ field: `playerIds[${i}]`, reason: 'no such player in this tournament', code: 'player.unknown' });
          else if (event.category === 'women' && player.gender !== 'female')
            problems.push({ field: `playerIds[${i}]`, reason: "a women's event admits women players only", code: 'player.not_woman' });
        });
        if (problems.length) throw codedProblems(problems);
        await assertNoneBanned(
          tx,
          dto.playerIds.map((id, i) => ({ personId: byId.get(id)!.personId, field: `playerIds[${i}]` })),
        ); // 二章8节3
        const existing = await tx.entry.findMany({ where: { eventId, playerId: { in: dto.playerIds } }, select: { playerId: true } });
        if (existing.length) {
          // Name the first of the list already entered (the query's order is not the list's).
          const i = Math.min(...existing.map((e) => dto.playerIds.indexOf(e.playerId!)));
          throw new DomainError('entry.already_entered_list', { field: `playerIds[${i}]`, count: existing.length }, `playerIds[${i}]`);
        }
        const late = await hasDraw(tx, eventId);
        await tx.entry.createMany({ data: dto.playerIds.map((playerId) => ({ eventId, playerId, lateEntry: late })) });
        if (late) {
          const ids = await tx.entry.findMany({ where: { eventId, playerId: { in: dto.playerIds } }, select: { id: true } });
          await drawLateNumbers(
            tx,
            this.audit,
            { userId: user.id, tournamentId: event.tournamentId },
            eventId,
            ids.map((e) => e.id),
          );
        }
        const entries = await tx.entry.findMany({ where: { eventId, playerId: { in: dto.playerIds } }, include: ENTRY_INCLUDE });
        const order = new Map(dto.playerIds.map((id, i) => [id, i]));
        entries.sort((a, b) => order.get(a.playerId!)! - order.get(b.playerId!)!);
        // One audit row per entry, written in one statement.
        await this.audit.recordMany(
          tx,
          entries.map((entry) => ({ userId: user.id, tournamentId: event.tournamentId, entity: 'entry', entityId: entry.id, action: 'create', after: entry })),
        );
        return { created: entries.length, entries };
      },
      { timeout: 30_000 },
    );
  }

  update({ user, id, dto }: { user: AuthUser; id: string; dto: UpdateEntryDto }) {
    const { version, ...changes } = dto;
    return this.prisma.$transaction(async (tx) => {
      const before = await tx.entry.findUnique({ where: { id } });
      if (!before) throw notFound('entry');
      const event = await lockEvent(tx, before.eventId);
      if (entriesClosed(event)) throw closedConflict('entry');
      if (changes.hostExtra && event.kind !== 'team') throw new DomainError('entry.host_extra_team_only', {}, 'hostExtra');
      const { count } = await tx.entry.updateMany({ where: { id, version }, data: { ...changes, version: { increment: 1 } } });
      if (count === 0) staleOrMissing('entry', before);
      const after = await tx.entry.findUniqueOrThrow({ where: { id }, include: ENTRY_INCLUDE });
      await this.audit.record(tx, { userId: user.id, tournamentId: event.tournamentId, entity: 'entry', entityId: id, action: 'update', before, after });
      return after;
    });
  }

  /**
   * The event's seeds (种子) in one change (issue 30 #6): every row checked first (libs/registration
   * seedListProblems: entries of this event, one rank per seed, one seed per round-1 pair, 附录1 #5),
   * then written with each row's version (409 when one changed meanwhile), all or none, audited per
   * entry. Until round 1 is paired, as one seed. When numbers were drawn and the set of seeded
   * entries changed, the event needs a new draw (seeds are drawn into the seed positions, 附录1 #5).
   */
  setSeeds({ user, eventId, dto }: { user: AuthUser; eventId: string; dto: SetSeedsDto }) {
    return this.prisma.$transaction(
      async (tx) => {
        const event = await lockEvent(tx, eventId);
        if (entriesClosed(event)) throw closedConflict('entry');
        const entries = await tx.entry.findMany({ where: { eventId }, include: ENTRY_INCLUDE });
        const seeded = entries.map((e) => ({ id: e.id, active: e.status === 'active', seed: e.seed }));
        const changes = dto.entries.map((r) => ({ entryId: r.entryId, seed: r.seed ?? null }));
        const [problem] = seedListProblems(seeded, changes);
        if (problem) throw seedListRefusal(problem, entries);
        const byId = new Map(entries.map((e) => [e.id, e]));
        const stale = dto.entries.find((r) => byId.get(r.entryId)!.version !== r.version);
        // 409 for the whole list when one row changed since the page was read (nothing is written).
        if (stale)
          throw new DomainError('edit.stale', { what: 'entry', currentVersion: byId.get(stale.entryId)!.version }, undefined, {
            currentVersion: byId.get(stale.entryId)!.version,
            entryId: stale.entryId,
          });
        const changed = dto.entries.filter((r) => byId.get(r.entryId)!.seed !== (r.seed ?? null));
        for (const r of changed) {
          // The lock on the event row serializes this with every other entry change of the event; the version check stays for a writer that skipped it.
          const { count } = await tx.entry.updateMany({
            where: { id: r.entryId, version: r.version },
            data: { seed: r.seed ?? null, version: { increment: 1 } },
          });
          if (count === 0) staleOrMissing('entry', await tx.entry.findUnique({ where: { id: r.entryId } }));
        }
        const redrawNeeded = changed.length > 0 && (await hasDraw(tx, eventId)) && seededSetChanged(seeded, changes);
        if (redrawNeeded) await tx.event.update({ where: { id: eventId }, data: { redrawNeeded: true, version: { increment: 1 } } });
        const after = await tx.entry.findMany({ where: { id: { in: changed.map((r) => r.entryId) } }, include: ENTRY_INCLUDE });
        await this.audit.recordMany(
          tx,
          after.map((entry) => ({
            userId: user.id,
            tournamentId: event.tournamentId,
            entity: 'entry',
            entityId: entry.id,
            action: 'update',
            before: byId.get(entry.id),
            after: entry,
            reason: 'seeds set for the event in one change (附录1 #5)',
          })),
        );
        return {
          changed: changed.length,
          redrawNeeded,
          entries: await tx.entry.findMany({ where: { eventId }, include: ENTRY_INCLUDE, orderBy: ENTRY_ORDER }),
        };
      },
      { timeout: 30_000 },
    );
  }

  /**
   * 二章7节2: withdrawing before the start frees the place; if numbers were drawn already the
   * event needs a new draw (and, for round-robin or Swiss, the organizer should consider making
   * the field even again).
   *
   * 二章7节3–4: once round 1 is published the entry leaves after round `afterRound` (default the
   * last published round, Entry.withdrawnAfterRound) and keeps its results in the database; its
   * unplayed games (no result) in published rounds after that become forfeit wins for the
   * opponent (both gone: double forfeit). What the results are worth is the standings' reading
   * (libs/standings: round-robin before half-way annuls them all, 二章7节3); a Swiss pairing no
   * longer pairs the entry (libs/pairing isActiveIn, via eventFile). Draft rounds that still pair
   * the entry are named in `warnings` (pair them again).
   */
  async withdraw({ user, id, version, afterRound, reason }: { user: AuthUser; id: string; version: number; afterRound?: number; reason?: string }) {
    const done = await this.prisma.$transaction(async (tx) => {
      const before = await tx.entry.findUnique({ where: { id }, include: { team: { select: { members: { select: { playerId: true } } } } } });
      if (!before) throw notFound('entry');
      await lockEventPlay(tx, before.eventId); // first: the play lock, then the event row (API.md)
      const event = await lockEvent(tx, before.eventId);
      if (before.status === 'withdrawn') throw new DomainError('withdrawal.already', {}, 'status');
      const rounds = await tx.round.findMany({ where: { eventId: event.id }, select: { id: true, number: true, state: true }, orderBy: { number: 'asc' } });
      const lastPublished = Math.max(0, ...rounds.filter((r) => r.state !== 'draft').map((r) => r.number));
      const note = reason?.trim() || null;
      const warnings = await draftWarnings(tx, rounds, id);
      const { team, ...entryBefore } = before;
      const pairings = lastPublished === 0 ? [] : await withdrawalPairings(tx, event.id, id);
      // The rule (二章7节2–4) is the library's; here: lock, ask, write.
      const plan = withdrawalPlan({
        kind: event.kind === 'team' ? 'team' : 'individual',
        playerId: before.playerId,
        memberIds: new Set((team?.members ?? []).map((m) => m.playerId)),
        lastPublished,
        afterRound,
        entriesClosed: entriesClosed(event),
        drawn: before.drawNumber !== null,
        pairings,
      });
      if (!plan.ok) throw withdrawalRefused(plan);

      const now = new Date();
      const { count } = await tx.entry.updateMany({
        where: { id, version },
        data: {
          status: 'withdrawn',
          withdrawnAt: now,
          withdrawnAfterRound: plan.afterRound,
          withdrawalReason: note,
          // 二章7节2: before the start the place is freed (and its number, while entries are open).
          ...(plan.beforeStart && !entriesClosed(event) ? { drawNumber: null } : {}),
          version: { increment: 1 },
        },
      });
      if (count === 0) staleOrMissing('entry', before);
      if (plan.redrawNeeded) await tx.event.update({ where: { id: event.id }, data: { redrawNeeded: true, version: { increment: 1 } } });
      const after = await tx.entry.findUniqueOrThrow({ where: { id }, include: ENTRY_INCLUDE });
      const actor = { userId: user.id, tournamentId: event.tournamentId };
      await this.audit.record(tx, {
        ...actor,
        entity: 'entry',
        entityId: id,
        action: 'update',
        before: entryBefore,
        after,
        reason: plan.beforeStart
          ? (note ?? '二章7节2: withdrawal before the start')
          : `${note ?? 'withdrawal'} — leaves after round ${plan.afterRound} (二章7节3–4)`,
      });
      if (plan.beforeStart) return { entry: after, redrawNeeded: plan.redrawNeeded, afterRound: 0, forfeits: [], rounds: [], warnings, compare: null };

      // 二章7节3–4: each unplayed game of the later published rounds, through the one result writer.
      const forfeits: { gameId: string; round: number; table: number | null; board: number; result: GameResult }[] = [];
      const settled = new Map<string, RoundStateChange>();
      let compareFrom: number | undefined;
      for (const f of plan.forfeits) {
        // The one way a result changes (results/change-result.ts): audit, round state, knockout follow-up, live.
        const target = await readResultTarget(tx, f.gameId);
        if (!target) continue;
        const change = await changeResult(tx, this.audit, {
          target,
          result: f.result,
          penaltyReason: null,
          actor,
          reason: `${f.article}: entry #${before.drawNumber} withdrew after round ${plan.afterRound}${note ? ` (${note})` : ''} — unplayed game, forfeit${f.bothGone ? ' (both entries had left)' : ' win for the opponent'}`,
          matchReason: 'withdrawal (二章7节3–4)',
          compareLater: false,
          now,
        });
        if (change.round) settled.set(change.round.id, change.round);
        if (target.laterRoundPaired) compareFrom = Math.min(compareFrom ?? Infinity, f.round);
        forfeits.push({ gameId: f.gameId, round: f.round, table: f.table, board: f.board, result: f.result });
      }
      // Round N+1 already paired after a forfeited game of round N: what it would have paired (read here, compared after the commit).
      const loaded = compareFrom === undefined ? null : await loadEventPlay(tx, event.id);
      const compare = loaded && compareFrom !== undefined ? { round: compareFrom, event: loaded } : null;
      return { entry: after, redrawNeeded: false, afterRound: plan.afterRound, forfeits, rounds: [...settled.values()], warnings, compare };
    });
    const { compare, ...response } = done;
    return compare ? { ...response, laterPairingsAffected: laterPairingsAfterCommit(compare.event, compare.round) } : response;
  }

  /**
   * Undoes a withdrawal entered by mistake, until the next round is paired (undoWithdrawalRefusal):
   * the entry is active again and plays from the next round on. Nothing else changed when it left
   * (no later round, hence no forfeit was written). Before the start the withdrawal freed its draw
   * number: when numbers were drawn, the event needs a new draw (二章7节2). Audited with the reason.
   */
  undoWithdrawal({ user, id, version, reason }: { user: AuthUser; id: string; version: number; reason?: string }) {
    return this.prisma.$transaction(async (tx) => {
      const before = await tx.entry.findUnique({ where: { id } });
      if (!before) throw notFound('entry');
      await lockEventPlay(tx, before.eventId); // first: the play lock, then the event row (API.md)
      const event = await lockEvent(tx, before.eventId);
      const rounds = await tx.round.findMany({ where: { eventId: event.id }, select: { number: true, state: true } });
      const refusal = undoWithdrawalRefusal(before, rounds);
      if (refusal) throw refusal;
      const { count } = await tx.entry.updateMany({
        where: { id, version },
        data: { status: 'active', withdrawnAt: null, withdrawnAfterRound: null, withdrawalReason: null, version: { increment: 1 } },
      });
      if (count === 0) staleOrMissing('entry', before);
      const redrawNeeded = before.drawNumber === null && !entriesClosed(event) && (await hasDraw(tx, event.id));
      if (redrawNeeded) await tx.event.update({ where: { id: event.id }, data: { redrawNeeded: true, version: { increment: 1 } } });
      const after = await tx.entry.findUniqueOrThrow({ where: { id }, include: ENTRY_INCLUDE });
      const note = reason?.trim();
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: event.tournamentId,
        entity: 'entry',
        entityId: id,
        action: 'update',
        before,
        after,
        reason: `withdrawal undone (it was after round ${before.withdrawnAfterRound ?? 0}${before.withdrawalReason ? `: ${before.withdrawalReason}` : ''})${note ? ` — ${note}` : ''}`,
      });
      return { entry: after, redrawNeeded };
    });
  }

  /**
   * Removes an entry made by mistake, until round 1 is paired (afterwards it withdraws, 二章7节3–4).
   * An entry that held a draw number leaves a gap: the event needs a new draw (二章7节2). A team
   * entry goes with its team (DELETE /api/teams/:teamId).
   */
  async remove({ user, id }: { user: AuthUser; id: string }): Promise<{ redrawNeeded: boolean }> {
    return this.prisma.$transaction(async (tx) => {
      const before = await tx.entry.findUnique({ where: { id }, include: ENTRY_INCLUDE });
      if (!before) throw notFound('entry');
      const event = await lockEvent(tx, before.eventId);
      // A draft round 1 pairs it already (round1PairedAt is set at publication).
      if (entriesClosed(event) || (await tx.round.count({ where: { eventId: event.id } })) > 0) throw new DomainError('entry.delete_after_round1');
      if (before.teamId) throw new DomainError('entry.team_entry_delete', {}, 'entryId');
      await tx.entry.delete({ where: { id } });
      const redrawNeeded = before.drawNumber !== null;
      if (redrawNeeded) await tx.event.update({ where: { id: event.id }, data: { redrawNeeded: true, version: { increment: 1 } } });
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: event.tournamentId,
        entity: 'entry',
        entityId: id,
        action: 'delete',
        before,
        ...(redrawNeeded ? { reason: '二章7节2: the entry held a draw number, a new draw is needed' } : {}),
      });
      return { redrawNeeded };
    });
  }

  /** Draw numbers by lot (抽签) with a recorded seed; refused once round 1 is paired. */
  draw({ user, eventId, dto }: { user: AuthUser; eventId: string; dto: DrawDto }) {
    return this.prisma.$transaction(async (tx) => {
      const event = await lockEvent(tx, eventId);
      if (entriesClosed(event)) throw closedConflict('draw');
      const entries = await tx.entry.findMany({
        where: { eventId, status: 'active' },
        include: { player: true, team: true },
      });
      if (entries.length < 2) throw new DomainError('draw.too_few', {}, 'eventId');
      const seeds = entries.filter((e) => e.seed !== null).length;
      const seedPositions = dto.seedPositions ?? defaultSeedPositions(entries.length, seeds);
      const seed = dto.seed ?? randomBytes(12).toString('base64url');
      const pinned = dto.pinned ?? [];
      const result = drawNumbers(
        entries.map((e) => ({
          id: e.id,
          seed: e.seed ?? undefined,
          hostExtra: e.hostExtra,
          affiliation: e.team?.affiliationId ?? e.player?.affiliationId ?? undefined,
        })),
        { seed, pinned, seedPositions },
      );
      if (!result.ok)
        throw new DomainError(
          DRAW_CODES[result.error.code],
          { field: drawErrorField(result.error.code), detail: result.error.message },
          drawErrorField(result.error.code),
        );
      await tx.entry.updateMany({ where: { eventId }, data: { drawNumber: null } });
      for (const { entryId, drawNumber } of result.value) await tx.entry.update({ where: { id: entryId }, data: { drawNumber } });
      await tx.event.update({ where: { id: eventId }, data: { redrawNeeded: false, version: { increment: 1 } } });
      const draw = await tx.draw.create({
        data: { eventId, seed, pinned: pinned.map((p) => ({ ...p })), assignment: result.value.map((a) => ({ ...a })), createdById: user.id },
      });
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: event.tournamentId,
        entity: 'draw',
        entityId: draw.id,
        action: 'create',
        after: { ...draw, seedPositions },
      });
      return { drawId: draw.id, seed, seedPositions, assignment: result.value };
    });
  }

  draws(eventId: string) {
    // Public: who drew the lot is in the audit log (staff only), not here (issue 13 #11).
    return this.prisma.draw.findMany({
      where: { eventId },
      orderBy: { createdAt: 'desc' },
      select: { id: true, eventId: true, seed: true, pinned: true, assignment: true, createdAt: true },
    });
  }
}

/** Results played over the board (a withdrawal cannot precede them). */

/** Draft rounds that still pair the entry: they need pairing again. */
async function draftWarnings(tx: Tx, rounds: { id: string; number: number; state: string }[], entryId: string): Promise<string[]> {
  const drafts = rounds.filter((r) => r.state === 'draft');
  if (!drafts.length) return [];
  const paired = await tx.pairing.findMany({
    where: { roundId: { in: drafts.map((r) => r.id) }, OR: [{ redEntryId: entryId }, { blackEntryId: entryId }] },
    select: { roundId: true },
  });
  return drafts
    .filter((r) => paired.some((p) => p.roundId === r.id))
    .map((r) => `draft round ${r.number} pairs this entry: pair it again (POST /api/rounds/${r.id}/repair) or delete it`);
}

/** A refused seed list as the API and the page show it: the first problem, with its field and the other entry's name. */
function seedListRefusal(
  problem: SeedListProblem,
  entries: {
    id: string;
    status: string;
    drawNumber: number | null;
    player: { nameZh: string; nameEn: string } | null;
    team: { nameZh: string; nameEn: string } | null;
  }[],
): DomainError {
  if (problem.code === 'too_many') {
    const active = entries.filter((e) => e.status === 'active').length;
    return new DomainError('seeds.too_many', { field: 'entries', seeds: problem.seeds, entries: active, room: problem.room }, 'entries');
  }
  const at = `entries.${problem.index}`;
  switch (problem.code) {
    case 'not_in_event':
      return new DomainError('seeds.not_in_event', { field: `${at}.entryId` }, `${at}.entryId`);
    case 'listed_twice':
      return new DomainError('seeds.listed_twice', { field: `${at}.entryId` }, `${at}.entryId`);
    case 'withdrawn':
      return new DomainError('seeds.withdrawn', { field: `${at}.seed` }, `${at}.seed`);
    case 'rank_twice': {
      const other = entries.find((e) => e.id === problem.other)!;
      const who = other.player ?? other.team;
      const name = `${who ? `${who.nameZh} ${who.nameEn}` : ''}${other.drawNumber !== null ? ` (#${other.drawNumber})` : ''}`.trim();
      return new DomainError('seeds.rank_twice', { field: `${at}.seed`, seed: problem.seed, other: name }, `${at}.seed`);
    }
  }
}

/** The draw's refusals by code (libs/registration draw.ts), worded in the page's language. */
const DRAW_CODES: Record<DrawErrorCode, ErrorCode> = {
  no_entries: 'draw.no_entries',
  duplicate_entry: 'draw.duplicate_entry',
  pin_unknown_entry: 'draw.pin_unknown_entry',
  pin_out_of_range: 'draw.pin_out_of_range',
  pin_number_taken: 'draw.pin_number_taken',
  too_many_seeds: 'draw.too_many_seeds',
  seed_position_out_of_range: 'draw.seed_position_out_of_range',
  seed_position_twice: 'draw.seed_position_twice',
  host_extra_without_partner: 'draw.host_extra_without_partner',
  host_extra_twice: 'draw.host_extra_twice',
};

function drawErrorField(code: string): string {
  if (code.startsWith('pin')) return 'pinned';
  if (code.startsWith('seed') || code === 'too_many_seeds') return 'seedPositions';
  if (code.startsWith('host')) return 'hostExtra';
  return 'eventId';
}

/** The entry's published pairings as the withdrawal plan reads them (libs/standings withdrawalPlan). */
async function withdrawalPairings(tx: Tx, eventId: string, entryId: string): Promise<WithdrawalPairing[]> {
  const pairings = await tx.pairing.findMany({
    where: { round: { eventId, state: { not: 'draft' } }, OR: [{ redEntryId: entryId }, { blackEntryId: entryId }] },
    include: {
      round: { select: { number: true, stage: { select: { type: true } } } },
      games: { orderBy: [{ board: 'asc' }, { leg: 'asc' }] },
      redEntry: { select: { status: true, withdrawnAfterRound: true } },
      blackEntry: { select: { status: true, withdrawnAfterRound: true } },
    },
  });
  return pairings.map((p) => {
    const opponent = p.redEntryId === entryId ? p.blackEntry : p.redEntry;
    return {
      round: p.round.number,
      table: p.table,
      roundRobin: p.round.stage.type.includes('round_robin'),
      bye: p.blackEntryId === null,
      entryFirstListed: p.redEntryId === entryId,
      opponentLeftBefore:
        opponent !== null && opponent.status === 'withdrawn' && opponent.withdrawnAfterRound !== null && opponent.withdrawnAfterRound < p.round.number,
      games: p.games.map((g) => ({ id: g.id, board: g.board, leg: g.leg, result: g.result, redPlayerId: g.redPlayerId, blackPlayerId: g.blackPlayerId })),
    };
  });
}

/** A refused withdrawal as the domain error its words and code come from (400, field afterRound). */
function withdrawalRefused(refusal: WithdrawalRefusal): DomainError {
  const params: Record<string, number> = 'round' in refusal ? { round: refusal.round } : {};
  return new DomainError(`withdrawal.${refusal.refusal}`, params, 'afterRound');
}
