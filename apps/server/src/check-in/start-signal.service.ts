import { Injectable } from '@nestjs/common';
import { absencesAtStart, lateLimit, presentAt, type BoardAbsence } from '@chuhe/tournament';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.decorators';
import { databaseNow } from '../common/database-clock';
import { DomainError } from '../common/errors';
import { notFound } from '../common/optimistic';
import { Prisma } from '../generated/prisma/client';
import { typedQuery } from '../persistence/typed-sql';
import { lockEventPlay } from '../play/locks';
import { PrismaService, type Tx } from '../prisma/prisma.service';
import { changeResult, readResultTarget } from '../results/change-result';
import { clock } from '../i18n/words';

interface Named {
  nameZh: string;
  nameEn: string;
}

/** Starts the round once: the row's startedAt is set by the database's clock, or nothing when it was set already. */
const START_ROUND = typedQuery(
  'start a round',
  { startedAt: 'timestamp' },
  (roundId: string, userId: string) => Prisma.sql`
    UPDATE "Round" SET "startedAt" = now() AT TIME ZONE 'UTC', "startedById" = ${userId}::uuid, "updatedAt" = now() AT TIME ZONE 'UTC'
     WHERE id = ${roundId}::uuid AND state = 'published' AND "startedAt" IS NULL
    RETURNING "startedAt"`,
  ['00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-000000000000'],
);

export interface Seat {
  playerId: string;
  name: Named;
  checkedInAt: Date | null;
  present: boolean;
}

export interface Board {
  gameId: string;
  table: number | null;
  board: number;
  result: string | null;
  red: Seat | null;
  black: Seat | null;
}

export interface Presence {
  round: { id: string; number: number; state: string; startedAt: Date | null; version: number } | null;
  event: Named & { id: string; tournamentId: string; checkInPerRound: boolean; lateToleranceMinutes: number; timeZone: string };
  /** The late limit (start + tolerance) once started. */
  limit: Date | null;
  /** The database's time now; past the limit the absences are final. */
  now: Date;
  boards: Board[];
  checkedIn: number;
  players: number;
  absences: (BoardAbsence & { table: number | null; board: number; names: string[] })[];
}

/**
 * The start signal (零迟到, issue 32 #4): who is in and who is not, per table, for the round in play;
 * the chief arbiter starts it (Round.startedAt, by the database's clock); the players not checked in
 * by the late limit (the start, or the start plus Event.lateToleranceMinutes where the 补充规定 give
 * one) lose their games by absence — libs/tournament absencesAtStart, 二章7节1 — written through the
 * one result writer (changeResult: audit, round state, live), each correctable as any result is.
 */
@Injectable()
export class StartSignalService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
  ) {}

  async presence(eventId: string, roundId?: string, db: Tx | PrismaService = this.prisma): Promise<Presence> {
    const event = await db.event.findUnique({
      where: { id: eventId },
      select: {
        id: true,
        nameZh: true,
        nameEn: true,
        tournamentId: true,
        checkInPerRound: true,
        lateToleranceMinutes: true,
        tournament: { select: { timeZone: true } },
      },
    });
    if (!event) throw notFound('event');
    const { tournament, ...rest } = event;
    const ev = { ...rest, timeZone: tournament.timeZone };
    const round = roundId
      ? await db.round.findFirst({ where: { id: roundId, eventId }, select: { id: true, number: true, state: true, startedAt: true, version: true } })
      : await db.round.findFirst({
          where: { eventId, state: 'published' },
          orderBy: { number: 'asc' },
          select: { id: true, number: true, state: true, startedAt: true, version: true },
        });
    // The database's clock: the start and the late limit are judged by it, never by a server's.
    const now = await databaseNow(db);
    if (!round) return { round: null, event: ev, limit: null, now, boards: [], checkedIn: 0, players: 0, absences: [] };
    const games = await db.game.findMany({
      where: { pairing: { roundId: round.id }, kind: 'regular' },
      orderBy: [{ pairing: { table: 'asc' } }, { board: 'asc' }, { leg: 'asc' }],
      select: {
        id: true,
        board: true,
        result: true,
        redPlayerId: true,
        blackPlayerId: true,
        pairing: { select: { table: true } },
        redPlayer: { select: { nameZh: true, nameEn: true } },
        blackPlayer: { select: { nameZh: true, nameEn: true } },
      },
    });
    const checkIns = await db.checkIn.findMany({
      where: { eventId, roundNumber: event.checkInPerRound ? round.number : 0 },
      select: { playerId: true, checkedInAt: true },
    });
    const at = new Map(checkIns.map((c) => [c.playerId, c.checkedInAt]));
    const limit = round.startedAt ? lateLimit(round.startedAt, event.lateToleranceMinutes) : null;
    // Before the start: whoever is checked in now; after it: whoever was by the limit.
    const present = presentAt(
      checkIns.map((c) => ({ playerId: c.playerId, at: c.checkedInAt })),
      limit && limit < now ? limit : now,
    );
    const seat = (id: string | null, name: Named | null): Seat | null =>
      id && name ? { playerId: id, name, checkedInAt: at.get(id) ?? null, present: present.has(id) } : null;
    const boards: Board[] = games.map((g) => ({
      gameId: g.id,
      table: g.pairing.table,
      board: g.board,
      result: g.result,
      red: seat(g.redPlayerId, g.redPlayer),
      black: seat(g.blackPlayerId, g.blackPlayer),
    }));
    const byGame = new Map(boards.map((b) => [b.gameId, b]));
    const absences = absencesAtStart(
      games.map((g) => ({ gameId: g.id, red: g.redPlayerId, black: g.blackPlayerId, result: g.result })),
      present,
    ).map((a) => {
      const b = byGame.get(a.gameId)!;
      return {
        ...a,
        table: b.table,
        board: b.board,
        names: a.absent.map((side) => (side === 'red' ? b.red!.name : b.black!.name)).map((n) => `${n.nameZh} ${n.nameEn}`),
      };
    });
    const seats = boards.flatMap((b) => [b.red, b.black]).filter((s): s is Seat => s !== null);
    return { round, event: ev, limit, now, boards, checkedIn: seats.filter((s) => s.present).length, players: seats.length, absences };
  }

  /** The chief arbiter starts the round (once): the database's time is the start. */
  async start(user: AuthUser, roundId: string): Promise<Presence> {
    const round = await this.prisma.round.findUnique({
      where: { id: roundId },
      select: {
        id: true,
        number: true,
        state: true,
        startedAt: true,
        eventId: true,
        event: { select: { tournamentId: true, tournament: { select: { timeZone: true } } } },
      },
    });
    if (!round) throw notFound('round');
    if (round.state !== 'published') throw new DomainError('start.not_published', { n: round.number }, 'roundId');
    const started = await this.prisma.$transaction(async (tx) => {
      const [row] = await START_ROUND.rows(tx, roundId, user.id);
      if (!row) {
        const now = await tx.round.findUniqueOrThrow({ where: { id: roundId }, select: { startedAt: true, state: true } });
        if (now.startedAt) throw new DomainError('start.already', { n: round.number, time: clock(now.startedAt, round.event.tournament.timeZone) }, 'roundId');
        throw new DomainError('start.not_published', { n: round.number }, 'roundId');
      }
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: round.event.tournamentId,
        entity: 'round',
        entityId: roundId,
        action: 'update',
        before: { startedAt: null },
        after: { startedAt: row.startedAt, startedById: user.id },
        reason: `二章7节1: the chief arbiter started round ${round.number}`,
      });
      return row.startedAt;
    });
    void started;
    return this.presence(round.eventId, roundId);
  }

  /**
   * One confirmation: every game whose player was not checked in by the late limit is lost by
   * absence (弃权: the present side wins by forfeit, both absent a double forfeit). Refused before
   * the limit (the tolerance still runs). Games with a result are left alone, so a second call
   * writes nothing; each result is corrected as any result is, with a reason.
   */
  async recordAbsences(user: AuthUser, roundId: string): Promise<{ recorded: { gameId: string; table: number | null; board: number; result: string }[] }> {
    const round = await this.prisma.round.findUnique({
      where: { id: roundId },
      select: { number: true, eventId: true, event: { select: { tournamentId: true } } },
    });
    if (!round) throw notFound('round');
    return this.prisma.$transaction(
      async (tx) => {
        await lockEventPlay(tx, round.eventId);
        const p = await this.presence(round.eventId, roundId, tx);
        if (!p.round?.startedAt || !p.limit) throw new DomainError('start.not_started', { n: round.number }, 'roundId');
        if (p.now < p.limit) throw new DomainError('start.tolerance_running', { time: clock(p.limit, p.event.timeZone) }, 'roundId');
        const recorded = [];
        for (const a of p.absences) {
          const target = await readResultTarget(tx, a.gameId);
          if (!target || target.game.result !== null) continue;
          await changeResult(tx, this.audit, {
            target,
            result: a.result,
            penaltyReason: null,
            actor: { userId: user.id, tournamentId: round.event.tournamentId },
            reason: `二章7节1 零迟到: ${a.names.join(', ')} not checked in by ${clock(p.limit, p.event.timeZone)} (${p.event.timeZone}), absent at the start signal`,
            matchReason: '二章7节1 零迟到',
            compareLater: false,
            now: p.now,
          });
          recorded.push({ gameId: a.gameId, table: a.table, board: a.board, result: a.result });
        }
        return { recorded };
      },
      { timeout: 60_000, maxWait: 10_000 },
    );
  }
}
