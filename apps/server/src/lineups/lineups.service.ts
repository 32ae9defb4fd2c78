import { Arrival } from '../common/arrival';
import { databaseNow } from '../common/database-clock';
import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import {
  boardGames,
  checkLineup,
  defaultLineup,
  firstTeamIsRed,
  lineupDeadline,
  lineupReleased,
  lineupSubmissionPlan,
  pairingPoints,
  type GameResult,
  type LineupRefusal,
  type TeamMember,
} from '@chuhe/tournament';
import { codedProblems, DomainError, staleVersion } from '../common/errors';
import { scorePairing } from '@chuhe/standings';
import { SCORING_FROM_DB } from '../events/scoring-map';
import { AuditService } from '../audit/audit.service';
import { PAIRERS, STAFF, type AuthUser } from '../auth/auth.decorators';
import { carriedOr } from '../auth/access.service';
import type { TournamentAccess } from '../auth/tournament-access';
import type { RawDb } from '../persistence/typed-sql';
import { notFound } from '../common/optimistic';
import type { Prisma } from '../generated/prisma/client';
import { lockEventPlay, lockEventPlayShared, lockMatch } from '../play/locks';
import { changeResult, readResultTarget } from '../results/change-result';
import { ServerSecret } from '../prisma/server-secret';
import { PrismaService, Tx } from '../prisma/prisma.service';
import { SubmitLineupDto } from './lineup.dto';

const MATCH_INCLUDE = {
  round: { include: { event: true } },
  games: { orderBy: [{ board: 'asc' as const }, { leg: 'asc' as const }] },
  lineups: { include: { boards: { orderBy: { board: 'asc' as const } } } },
  redEntry: { include: { team: { include: { members: { include: { player: true } } } } } },
  blackEntry: { include: { team: { include: { members: { include: { player: true } } } } } },
} satisfies Prisma.PairingInclude;

type Match = Prisma.PairingGetPayload<{ include: typeof MATCH_INCLUDE }>;
type MatchEntry = Match['redEntry'];

/** What the asking user may see and do in a tournament. */
interface Viewer {
  staff: boolean;
  pairer: boolean;
  captainTeamId: string | null;
}

/** A refused lineup as its domain error (附录1 #8). */
function lineupRefused(refusal: LineupRefusal): DomainError {
  switch (refusal.refusal) {
    case 'deadline_passed':
      return new DomainError('lineup.deadline_passed', { deadline: refusal.deadline.toISOString() }, 'deadline');
    case 'released':
      return new DomainError('lineup.released', {}, 'lineup');
    case 'reason_needed':
      return new DomainError('lineup.reason_needed', {}, 'reason');
    case 'results_entered':
      return new DomainError('lineup.results_entered', {}, 'lineup');
  }
}

/**
 * The audit records that (and when) a lineup was handed in, not whom it names: it stays secret
 * until release (附录1 #8). The seal is an HMAC under the server secret (issue 23 #3): a plain hash
 * of the player ids was recovered from the public team list in a few dozen guesses.
 */
async function sealed(secret: ServerSecret, lineup: { entryId: string; source: string; players: string[] }) {
  return {
    entryId: lineup.entryId,
    source: lineup.source,
    boards: lineup.players.length,
    seal: await secret.hmac('lineup-seal', `${lineup.entryId}:${lineup.players.join(',')}`),
  };
}

/**
 * Around a deadline every captain hands in at once, behind the deadline sweep and each other on the
 * event's play lock: Prisma's 5 s would turn a lineup that arrived in time into a 503 (issue 23 #4:
 * 140 on-time lineups lost). A few hundred captains at once queue for seconds (the lineup-deadline
 * soak: 280 captains behind a lock held across the deadline, the last served after ~10 s on 2 cores).
 * Waiting is fine — the lineup counts by its arrival time (common/arrival.ts) — so an on-time lineup
 * queues for up to two minutes for a connection rather than fail.
 */
const LINEUP_TRANSACTION = { maxWait: 120_000, timeout: 60_000 };

@Injectable()
export class LineupsService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Lineups');
  private sweeper?: NodeJS.Timeout;

  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
    private readonly secret: ServerSecret,
  ) {}

  /** Every instance sweeps; the event lock and the unique (pairing, entry) make the default lineup happen once. */
  onModuleInit(): void {
    const ms = Number(process.env.CHUHE_LINEUP_SWEEP_MS ?? 30_000);
    // One timed sweep at a time in a process: a sweep slower than the period (a loaded machine)
    // would otherwise start another behind it, and each would lock every open match in turn.
    let running = false;
    this.sweeper = setInterval(() => {
      if (running) return;
      running = true;
      void this.sweep()
        .catch((e: unknown) => this.logger.warn(`deadline sweep: ${(e as Error).message}`))
        .finally(() => (running = false));
    }, ms);
    this.sweeper.unref();
  }

  onModuleDestroy(): void {
    if (this.sweeper) clearInterval(this.sweeper);
  }

  /** Applies the deadline (附录1 #8) to every published team round whose deadline has passed. */
  async sweep(at?: Date): Promise<number> {
    await this.secret.ready(); // the audit seals need the key: loaded before any lock is held
    // The database's clock (common/database-clock.ts, issue 34 #4): every instance sweeps at the same moment.
    const now = at ?? (await databaseNow(this.prisma));
    const rounds = await this.prisma.round.findMany({
      where: { state: 'published', scheduledAt: { not: null }, event: { kind: 'team' } },
      select: { id: true, scheduledAt: true, eventId: true, event: { select: { lineupDeadlineMinutes: true } } },
    });
    let applied = 0;
    for (const r of rounds) {
      const deadline = lineupDeadline(r.scheduledAt, r.event.lineupDeadlineMinutes);
      if (!deadline || deadline > now) continue;
      // One transaction per match still without both lineups: a captain of another match never
      // waits for this sweep, one of this match only for this match's defaults (issue 34 #11).
      const open = await this.prisma.pairing.findMany({
        where: { roundId: r.id, blackEntryId: { not: null } },
        select: { id: true, _count: { select: { lineups: true } } },
        orderBy: { id: 'asc' },
      });
      for (const m of open)
        if (m._count.lineups < 2) applied += await this.prisma.$transaction((tx) => this.applyDeadline(tx, r.eventId, r.id, now, m.id), LINEUP_TRANSACTION);
    }
    return applied;
  }

  /**
   * 附录1 #8 "逾时则按照正选上阵": after the deadline every team of the round without a lineup plays
   * its starters in registered board order, and the audit says so; then the boards are filled.
   */
  async applyDeadline(tx: Tx, eventId: string, roundId: string, at?: Date, pairingId?: string): Promise<number> {
    // Shared: lineups of other matches go on meanwhile; each match is locked before it is read.
    await lockEventPlayShared(tx, eventId);
    const now = at ?? (await databaseNow(tx));
    const ids = await tx.pairing.findMany({
      where: { roundId, blackEntryId: { not: null }, ...(pairingId ? { id: pairingId } : {}) },
      select: { id: true },
      orderBy: { id: 'asc' },
    });
    let applied = 0;
    for (const { id } of ids) {
      // Both lineups in (handed in, or defaults by another sweep): nothing to do, nothing more to read.
      if ((await lockMatch(tx, id)) >= 2) continue;
      const match = await tx.pairing.findUniqueOrThrow({ where: { id }, include: MATCH_INCLUDE });
      const deadline = lineupDeadline(match.round.scheduledAt, match.round.event.lineupDeadlineMinutes);
      if (!deadline || deadline > now || match.round.state !== 'published') continue;
      for (const entry of [match.redEntry, match.blackEntry!]) {
        if (match.lineups.some((l) => l.entryId === entry.id)) continue;
        const players = defaultLineup({ members: teamMembers(entry), boards: match.round.event.teamStarters, unavailable: await this.unavailable(tx, match) });
        const lineup = await tx.lineup.create({
          data: {
            pairingId: match.id,
            entryId: entry.id,
            source: 'default_starters',
            boards: { create: players.map((playerId, i) => ({ board: i + 1, playerId })) },
          },
          include: { boards: true },
        });
        match.lineups.push(lineup);
        await this.audit.record(tx, {
          tournamentId: match.round.event.tournamentId,
          entity: 'lineup',
          entityId: lineup.id,
          action: 'create',
          after: { ...(await sealed(this.secret, { entryId: entry.id, source: lineup.source, players })), players },
          reason: `附录1 #8: no lineup by the deadline (${deadline.toISOString()}): the starters play in registered board order`,
        });
        applied++;
      }
      await this.fillBoards(tx, match, null, '附录1 #8: the deadline passed; lineups fixed');
    }
    return applied;
  }

  /**
   * The user's roles in the tournament. Inside a transaction that holds the event's play lock, pass
   * the transaction as `db`: a read through the pool there waits for a connection that the other
   * waiters on the lock hold — the pool starves and every lineup times out (issue 23 #4).
   */
  async viewer(user: AuthUser | undefined, tournamentId: string, db: RawDb = this.prisma, access?: TournamentAccess): Promise<Viewer> {
    if (!user) return { staff: false, pairer: false, captainTeamId: null };
    // The request's access (issue 29 #3), when the guard computed it for this user and tournament: no statement.
    const held = await carriedOr(db, user, tournamentId, access);
    return { staff: held.has(...STAFF), pairer: held.has(...PAIRERS), captainTeamId: held.captainedTeam() };
  }

  /**
   * A captain's lineup (or the chief arbiter's). `arrived` is when the request reached the server
   * (common/arrival.ts): 附录1 #8's deadline is compared with it, not with the time the transaction
   * got the event's play lock — a lineup sent before the deadline counts by its arrival (issue 23 #4).
   * Every read inside the transaction goes through `tx`.
   */
  async submit({
    user,
    pairingId,
    entryId,
    dto,
    arrived = new Arrival(),
    access,
  }: {
    user: AuthUser;
    pairingId: string;
    entryId: string;
    dto: SubmitLineupDto;
    /** The request's access (the guard's), if any: the roles are not read again. */
    access?: TournamentAccess;
    /** When the request arrived (common/arrival.ts); a Date is taken as it is (tests). */
    arrived?: Arrival | Date;
  }) {
    await this.secret.ready(); // the audit seal needs the key: loaded before the lock is held
    return this.prisma.$transaction(async (tx) => {
      // The arrival on the database's clock (issue 34 #4): every instance judges the deadline alike.
      const now = arrived instanceof Date ? arrived : await databaseNow(tx, arrived.elapsedMs());
      const head = await tx.pairing.findUnique({ where: { id: pairingId }, select: { round: { select: { eventId: true } } } });
      if (!head) throw notFound('pairing');
      // The event's lock shared and this match's rows (issue 34 #11): on-time captains of different
      // matches no longer queue behind each other; pairing and publishing still exclude them all.
      await lockEventPlayShared(tx, head.round.eventId);
      await lockMatch(tx, pairingId);
      const match = await tx.pairing.findUniqueOrThrow({ where: { id: pairingId }, include: MATCH_INCLUDE });
      const event = match.round.event;
      if (event.kind !== 'team') throw new DomainError('lineup.team_events_only', {}, 'pairingId');
      if (!match.blackEntry) throw new DomainError('lineup.bye', {}, 'pairingId');
      if (match.round.state === 'draft') throw new DomainError('round.not_published');
      const entry = [match.redEntry, match.blackEntry].find((e) => e.id === entryId);
      if (!entry) throw new DomainError('lineup.not_in_match', { field: 'entryId' }, 'entryId');

      const viewer = await this.viewer(user, event.tournamentId, tx, access);
      const captain = viewer.captainTeamId !== null && viewer.captainTeamId === entry.teamId;
      if (!captain && !viewer.pairer) throw new DomainError('lineup.captain_or_chief');
      const asArbiter = !captain;
      const deadline = lineupDeadline(match.round.scheduledAt, event.lineupDeadlineMinutes);
      const existing = match.lineups.find((l) => l.entryId === entryId);
      // `now` is when the lineup arrived, not when it got the event's lock: one handed in on time
      // counts even if the deadline sweep got the lock first (issue 23 #4) — it replaces the
      // starters the sweep put in for it. The rule (附录1 #8) is the library's.
      const plan = lineupSubmissionPlan({
        by: captain ? 'captain' : 'arbiter',
        arrived: now,
        deadline,
        existing: existing?.source ?? 'none',
        bothIn: match.lineups.length === 2,
        reason: dto.reason,
        resultsEntered: match.games.some((g) => g.result !== null),
      });
      if (!plan.ok) throw lineupRefused(plan);
      const { deadlinePassed, replacesDefault } = plan;

      const checked = checkLineup(dto.players, { members: teamMembers(entry), boards: event.teamStarters, unavailable: await this.unavailable(tx, match) });
      if (!checked.ok) throw codedProblems(checked.error);

      const source = asArbiter ? 'arbiter' : 'captain';
      let lineupId: string;
      if (existing) {
        if (!replacesDefault && dto.version !== existing.version) {
          throw staleVersion('lineup', existing.version);
        }
        await tx.lineupBoard.deleteMany({ where: { lineupId: existing.id } });
        await tx.lineup.update({
          where: { id: existing.id },
          data: {
            source,
            reason: dto.reason ?? null,
            submittedById: user.id,
            submittedAt: now,
            version: { increment: 1 },
            boards: { create: checked.value.map((playerId, i) => ({ board: i + 1, playerId })) },
          },
        });
        lineupId = existing.id;
      } else {
        if (dto.version !== undefined) throw new DomainError('lineup.none_to_replace');
        const created = await tx.lineup.create({
          data: {
            pairingId,
            entryId,
            source,
            reason: dto.reason ?? null,
            submittedById: user.id,
            submittedAt: now,
            boards: { create: checked.value.map((playerId, i) => ({ board: i + 1, playerId })) },
          },
        });
        lineupId = created.id;
      }
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: event.tournamentId,
        entity: 'lineup',
        entityId: lineupId,
        action: existing ? 'update' : 'create',
        before: existing ? await sealed(this.secret, { entryId, source: existing.source, players: existing.boards.map((b) => b.playerId) }) : undefined,
        after: await sealed(this.secret, { entryId, source, players: checked.value }),
        reason: dto.reason,
      });
      const fresh = await tx.pairing.findUniqueOrThrow({ where: { id: pairingId }, include: MATCH_INCLUDE });
      // The boards (the games' players, which every public read shows) are filled only at release —
      // the chief arbiter's lineup too stays secret until both are in or the deadline passed (附录1 #8).
      if (lineupReleased({ bothIn: fresh.lineups.length === 2, deadlinePassed: deadlinePassed || replacesDefault }))
        await this.fillBoards(
          tx,
          fresh,
          user.id,
          asArbiter
            ? dto.reason!
            : replacesDefault
              ? '附录1 #8: handed in before the deadline (it arrived while the deadline was applied)'
              : '附录1 #8: both lineups are in',
        );
      const after = await tx.pairing.findUniqueOrThrow({ where: { id: pairingId }, include: MATCH_INCLUDE });
      return this.present(after, viewer, now);
    }, LINEUP_TRANSACTION);
  }

  /**
   * A whole team absent at the start (零迟到, 二章7节1): every board of the match is lost by
   * forfeit by that team (both absent: double forfeits). One transaction; the round completes
   * when this was its last open match.
   */
  async teamForfeit({
    user,
    pairingId,
    absent,
    reason,
    access,
  }: {
    user: AuthUser;
    pairingId: string;
    absent: string[];
    reason?: string;
    /** The request's access (the guard's), if any: the roles are not read again. */
    access?: TournamentAccess;
  }) {
    return this.prisma.$transaction(async (tx) => {
      const head = await tx.pairing.findUnique({ where: { id: pairingId }, select: { round: { select: { eventId: true } } } });
      if (!head) throw notFound('pairing');
      await lockEventPlay(tx, head.round.eventId);
      const match = await tx.pairing.findUniqueOrThrow({ where: { id: pairingId }, include: MATCH_INCLUDE });
      const event = match.round.event;
      if (event.kind !== 'team' || !match.blackEntryId) throw new DomainError('lineup.forfeit_team_match', {}, 'pairingId');
      if (match.round.state === 'draft') throw new DomainError('round.not_published');
      const sides = absent.map((id, i) => {
        if (id === match.redEntryId) return 'red' as const;
        if (id === match.blackEntryId) return 'black' as const;
        throw new DomainError('lineup.not_in_match', { field: `absent.${i}` }, `absent.${i}`);
      });
      const games = match.games.filter((g) => g.kind === 'regular');
      if (games.some((g) => g.result !== null)) throw new DomainError('lineup.boards_have_results');
      const now = new Date();
      for (const g of games) {
        const firstIsRed = firstTeamIsRed(g.board, g.leg);
        const absentRed = sides.includes(firstIsRed ? 'red' : 'black');
        const absentBlack = sides.includes(firstIsRed ? 'black' : 'red');
        const result = absentRed && absentBlack ? 'double_forfeit' : absentRed ? 'black_win_forfeit' : 'red_win_forfeit';
        // The one way a result changes (results/change-result.ts): audit, round state, live.
        const target = await readResultTarget(tx, g.id);
        if (!target) continue;
        await changeResult(tx, this.audit, {
          target,
          result,
          penaltyReason: null,
          actor: { userId: user.id, tournamentId: event.tournamentId },
          reason: `二章7节1 零迟到: the whole team was absent at the start${reason ? ` — ${reason}` : ''}`,
          matchReason: '二章7节1 零迟到',
          compareLater: false,
          now,
        });
      }
      const fresh = await tx.pairing.findUniqueOrThrow({ where: { id: pairingId }, include: MATCH_INCLUDE });
      return this.present(fresh, await this.viewer(user, event.tournamentId, tx, access), now);
    });
  }

  /** GET: the match's lineups as the asking user may see them (the deadline is applied first). */
  async lineups(pairingId: string, user: AuthUser | undefined, access?: TournamentAccess) {
    const match = await this.loadAfterDeadline(pairingId);
    const viewer = await this.viewer(user, match.round.event.tournamentId, this.prisma, access);
    if (match.round.state === 'draft' && !viewer.staff) throw notFound('pairing');
    return this.present(match, viewer, await databaseNow(this.prisma));
  }

  private async loadAfterDeadline(pairingId: string): Promise<Match> {
    const match = await this.prisma.pairing.findUnique({ where: { id: pairingId }, include: MATCH_INCLUDE });
    if (!match) throw notFound('pairing');
    const deadline = lineupDeadline(match.round.scheduledAt, match.round.event.lineupDeadlineMinutes);
    const now = deadline ? await databaseNow(this.prisma) : undefined;
    const due =
      match.round.event.kind === 'team' &&
      match.blackEntryId !== null &&
      match.lineups.length < 2 &&
      deadline !== null &&
      deadline <= now! &&
      match.round.state === 'published';
    if (!due) return match;
    await this.secret.ready();
    await this.prisma.$transaction((tx) => this.applyDeadline(tx, match.round.eventId, match.roundId, undefined, match.id), LINEUP_TRANSACTION);
    return this.prisma.pairing.findUniqueOrThrow({ where: { id: pairingId }, include: MATCH_INCLUDE });
  }

  /**
   * The boards take the lineups' players (附录6 用法2: the first-listed team Red on boards 1 and 3).
   * A side without a lineup keeps the starters the round was paired with. With two games per board
   * (二章5节4) the board's second game (leg 2) takes the same players, colours reversed.
   */
  private async fillBoards(tx: Tx, match: Match, userId: string | null, reason: string): Promise<void> {
    const event = match.round.event;
    const order = (entry: MatchEntry) => {
      const lineup = match.lineups.find((l) => l.entryId === entry.id);
      return lineup ? [...lineup.boards].sort((a, b) => a.board - b.board).map((b) => b.playerId) : null;
    };
    const red = order(match.redEntry);
    const black = order(match.blackEntry!);
    const current = (board: number, side: 'red' | 'black') =>
      match.games.find((g) => g.board === board && g.leg === 1 && g.kind === 'regular')?.[side === 'red' ? 'redPlayerId' : 'blackPlayerId'] ?? undefined;
    // A side without a lineup keeps what it has: on odd boards the first-listed team is Red (附录6 用法2).
    const redSide = red ?? Array.from({ length: event.teamStarters }, (_, i) => current(i + 1, firstTeamIsRed(i + 1) ? 'red' : 'black'));
    const blackSide = black ?? Array.from({ length: event.teamStarters }, (_, i) => current(i + 1, firstTeamIsRed(i + 1) ? 'black' : 'red'));
    const legs = event.gamesPerPairing === 2 ? [1, 2] : [1];
    for (const g of boardGames(redSide, blackSide, event.teamStarters).flatMap((b) =>
      legs.map((leg) => (leg === 1 ? { ...b, leg } : { ...b, leg, red: b.black, black: b.red })),
    )) {
      const game = match.games.find((x) => x.board === g.board && x.leg === g.leg && x.kind === 'regular');
      const redPlayerId = g.red || null;
      const blackPlayerId = g.black || null;
      if (!game) {
        const created = await tx.game.create({ data: { pairingId: match.id, board: g.board, leg: g.leg, redPlayerId, blackPlayerId } });
        await this.audit.record(tx, {
          userId: userId ?? undefined,
          tournamentId: event.tournamentId,
          entity: 'game',
          entityId: created.id,
          action: 'create',
          after: created,
          reason,
        });
        continue;
      }
      if (game.redPlayerId === redPlayerId && game.blackPlayerId === blackPlayerId) continue;
      const updated = await tx.game.update({ where: { id: game.id }, data: { redPlayerId, blackPlayerId, version: { increment: 1 } } });
      await this.audit.record(tx, {
        userId: userId ?? undefined,
        tournamentId: event.tournamentId,
        entity: 'game',
        entityId: game.id,
        action: 'update',
        before: game,
        after: updated,
        reason,
      });
    }
  }

  /**
   * Players who may not play: removed from the event by the warning ladder (二章8节11) or
   * disqualified (二章8节3), by a confirmed sanction.
   */
  private async unavailable(tx: Tx, match: Match): Promise<Set<string>> {
    const removed = await tx.sanction.findMany({
      where: {
        state: 'confirmed',
        OR: [{ decision: 'removal' }, { kind: 'disqualification' }],
        game: { pairing: { round: { eventId: match.round.eventId } } },
      },
      select: { playerId: true },
    });
    return new Set(removed.map((s) => s.playerId));
  }

  private present(match: Match, viewer: Viewer, now: Date) {
    const event = match.round.event;
    const deadline = lineupDeadline(match.round.scheduledAt, event.lineupDeadlineMinutes);
    const deadlinePassed = deadline !== null && deadline <= now;
    const released = lineupReleased({ bothIn: match.lineups.length === 2, deadlinePassed });
    const names = new Map<string, { id: string; nameZh: string; nameEn: string }>();
    for (const e of [match.redEntry, match.blackEntry])
      for (const m of e?.team?.members ?? []) names.set(m.playerId, { id: m.playerId, nameZh: m.player.nameZh, nameEn: m.player.nameEn });
    const sees = (entry: MatchEntry) => released || viewer.staff || (viewer.captainTeamId !== null && viewer.captainTeamId === entry.teamId);
    const side = (entry: MatchEntry | null) => {
      if (!entry) return null;
      const lineup = match.lineups.find((l) => l.entryId === entry.id);
      return {
        entryId: entry.id,
        teamId: entry.teamId,
        nameZh: entry.team?.nameZh ?? '',
        nameEn: entry.team?.nameEn ?? '',
        submitted: lineup !== undefined,
        lineup:
          lineup && sees(entry)
            ? {
                id: lineup.id,
                version: lineup.version,
                source: lineup.source,
                reason: lineup.reason,
                submittedAt: lineup.submittedAt,
                players: lineup.boards.map((b) => ({ board: b.board, ...names.get(b.playerId)! })),
              }
            : null,
      };
    };
    // A board played is public, lineups or not (issue 21): results show as soon as they are entered.
    const played = match.round.state === 'completed' || match.games.some((g) => g.result !== null);
    const gamesVisible = released || viewer.staff || played;
    return {
      score: gamesVisible ? matchScore(match) : null,
      pairingId: match.id,
      roundId: match.roundId,
      roundNumber: match.round.number,
      table: match.table,
      deadline,
      released,
      red: side(match.redEntry),
      black: side(match.blackEntry),
      boards: match.games.map((g) => ({
        id: g.id,
        board: g.board,
        leg: g.leg,
        kind: g.kind,
        red: gamesVisible && g.redPlayerId ? (names.get(g.redPlayerId) ?? { id: g.redPlayerId }) : null,
        black: gamesVisible && g.blackPlayerId ? (names.get(g.blackPlayerId) ?? { id: g.blackPlayerId }) : null,
        result: g.result,
        version: g.version,
      })),
    };
  }
}

/**
 * 附录1 #7: the match is decided by the sum of the boards' 局分 — 4 of 6 or more wins (场分 2),
 * 3–3 draws (1 each); the same comparison in half-points with 1/½/0 scoring (libs/tournament
 * pairingPoints). Two games per board (二章5节4): 大分 per board 2/1/0 decides, then 小分 (libs/standings
 * scorePairing, what the standings count; libs/tournament pairingPoints compares 小分 only).
 * Null while a board has no result.
 */
function matchScore(match: Match) {
  const side = new Map<string, 'red' | 'black'>();
  for (const m of match.redEntry.team?.members ?? []) side.set(m.playerId, 'red');
  for (const m of match.blackEntry?.team?.members ?? []) side.set(m.playerId, 'black');
  const games = match.games.filter((g) => g.kind === 'regular');
  if (!match.blackEntryId || games.some((g) => g.result === null || !g.redPlayerId || !g.blackPlayerId)) return null;
  const event = match.round.event;
  if (event.gamesPerPairing === 2) {
    const counted = games.filter((g) => g.result !== 'annulled');
    if (!counted.length) return null;
    const s = scorePairing(
      'team',
      2,
      counted.map((g) => ({ board: g.board, aIsRed: side.get(g.redPlayerId!) === 'red', result: g.result as GameResult })),
    );
    const pair = ([red, black]: [number, number]) => ({ red, black });
    return { scoring: SCORING_FROM_DB[event.scoring], gamePoints: pair(s.gamePoints), bigPoints: pair(s.bigPoints), matchPoints: pair(s.score) };
  }
  const points = pairingPoints(
    {
      red: match.redEntryId,
      black: match.blackEntryId,
      games: games.map((g) => ({ red: g.redPlayerId!, black: g.blackPlayerId!, result: g.result as GameResult, board: g.board })),
    },
    { eventKind: 'team', scoring: SCORING_FROM_DB[event.scoring], gamesPerPairing: event.gamesPerPairing as 1 | 2, boards: event.teamStarters },
    (id) => side.get(id),
  );
  return points ? { scoring: SCORING_FROM_DB[event.scoring], gamePoints: points.gamePoints, matchPoints: points.score } : null;
}

function teamMembers(entry: MatchEntry): TeamMember[] {
  return (entry.team?.members ?? []).map((m) => (m.role === 'starter' && m.board !== null ? { id: m.playerId, board: m.board } : { id: m.playerId }));
}
