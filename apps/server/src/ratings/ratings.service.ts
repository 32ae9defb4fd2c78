import { Injectable } from '@nestjs/common';
import { parseCsv } from '@chuhe/registration';
import { EXPECTED_SCORE, methodProblems, readRatingList, writeRatingList } from '@chuhe/ratings';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.decorators';
import { codedProblems, DomainError, missingResource } from '../common/errors';
import { csvProblems } from '../common/csv-problems';
import { closedConflict } from '../events/events.service';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService, Tx } from '../prisma/prisma.service';
import { requireAdmin } from '../persons/admin';
import { gamesVersion } from './auto-rerate';
import { recomputeList, type RecomputeResult } from './rating-timeline';

/** A rating as of a date: the person's latest row of the list at or before it, and their rated games. */
export interface ListedRating {
  personId: string;
  federationId: string | null;
  nameZh: string;
  nameEn: string;
  rating: number;
  games: number;
}

@Injectable()
export class RatingsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
  ) {}

  lists() {
    return this.prisma.ratingList.findMany({ orderBy: { name: 'asc' }, select: { id: true, name: true, method: true, createdAt: true } });
  }

  async list(listId: string) {
    const list = await this.prisma.ratingList.findUnique({ where: { id: listId } });
    if (!list) throw missingResource('listId', 'rating list');
    return list;
  }

  /** A new list (server administrators: a list is the federation's, not a tournament's). */
  async createList(user: AuthUser, dto: { name: string; method?: Record<string, unknown> }) {
    await requireAdmin(this.prisma, user);
    checkMethod(dto.method ?? {});
    return this.prisma.$transaction(async (tx) => {
      if (await tx.ratingList.findUnique({ where: { name: dto.name } })) throw new DomainError('rating.list_exists', { field: 'name' }, 'name');
      const list = await tx.ratingList.create({ data: { name: dto.name, method: (dto.method ?? {}) as Prisma.InputJsonValue } });
      await this.audit.record(tx, { userId: user.id, entity: 'rating_list', entityId: list.id, action: 'create', after: list });
      return list;
    });
  }

  /** New constants: the whole list is recomputed with them; the answer says which ratings moved. */
  async setMethod(user: AuthUser, listId: string, method: Record<string, unknown>) {
    await requireAdmin(this.prisma, user);
    checkMethod(method);
    return this.prisma.$transaction(async (tx) => {
      const before = await tx.ratingList.findUnique({ where: { id: listId } });
      if (!before) throw missingResource('listId', 'rating list');
      const after = await tx.ratingList.update({ where: { id: listId }, data: { method: method as Prisma.InputJsonValue } });
      await this.audit.record(tx, { userId: user.id, entity: 'rating_list', entityId: listId, action: 'update', before, after });
      return { list: after, ...(await recomputeList(tx, listId)) };
    }, LONG);
  }

  /**
   * A given list (CSV) as of a date: the ratings it gives replace that date's imported rows, and
   * everything after is recomputed. All-or-nothing, every problem by line and column.
   */
  async importList(user: AuthUser, listId: string, dto: { asOf: string; csv: string }) {
    await requireAdmin(this.prisma, user);
    const parsed = parseCsv(dto.csv);
    if (!parsed.ok) throw csvProblems([{ line: parsed.error.line, column: '-', code: 'syntax', reason: parsed.error.message }]);
    const ids = parsed.value.slice(1).flatMap((r) => r.fields.map((f) => f.trim()));
    const persons = await this.prisma.person.findMany({
      where: { OR: [{ federationId: { in: ids } }, { id: { in: ids.filter((i) => /^[0-9a-f-]{36}$/i.test(i)) } }] },
      select: { id: true, federationId: true, mergedIntoId: true },
    });
    const byFederation = new Map(persons.filter((p) => p.federationId).map((p) => [p.federationId!, p.mergedIntoId ?? p.id]));
    const byId = new Map(persons.map((p) => [p.id, p.mergedIntoId ?? p.id]));
    const rows = readRatingList(parsed.value, (column, value) => (column === 'federation_id' ? byFederation.get(value) : byId.get(value)));
    if (!rows.ok) throw csvProblems(rows.error);
    const at = new Date(`${dto.asOf}T00:00:00Z`);
    return this.prisma.$transaction(async (tx) => {
      if (!(await tx.ratingList.findUnique({ where: { id: listId } }))) throw missingResource('listId', 'rating list');
      await tx.ratingChange.deleteMany({ where: { ratingListId: listId, eventId: null, effectiveAt: at } });
      await tx.ratingChange.createMany({
        data: rows.value.map((r) => ({ ratingListId: listId, personId: r.personId, eventId: null, effectiveAt: at, rating: r.rating, games: r.games ?? 0 })),
      });
      await this.audit.record(tx, {
        userId: user.id,
        entity: 'rating_list',
        entityId: listId,
        action: 'update',
        after: { imported: rows.value.length, asOf: dto.asOf },
      });
      return { imported: rows.value.length, ...(await recomputeList(tx, listId)) };
    }, LONG);
  }

  /** The event's list (organizer; before it is rated, or re-rated into another list). */
  async setEventList(user: AuthUser, eventId: string, ratingListId: string | null) {
    return this.prisma.$transaction(async (tx) => {
      const before = await tx.event.findUnique({ where: { id: eventId } });
      if (!before) throw missingResource('eventId', 'event');
      if (ratingListId && !(await tx.ratingList.findUnique({ where: { id: ratingListId } }))) throw missingResource('ratingListId', 'rating list');
      const after = await tx.event.update({ where: { id: eventId }, data: { ratingListId, version: { increment: 1 } } });
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: before.tournamentId,
        entity: 'event',
        entityId: eventId,
        action: 'update',
        before: { ratingListId: before.ratingListId },
        after: { ratingListId },
      });
      // Leaving a list takes the event's rows out of it, and what follows is recomputed.
      const left = before.ratingListId && before.ratingListId !== ratingListId ? before.ratingListId : null;
      if (left) {
        await tx.ratingChange.deleteMany({ where: { ratingListId: left, eventId } });
        await recomputeList(tx, left);
      }
      return after;
    }, LONG);
  }

  /**
   * Rates the event (after it, or again after a correction): its list is recomputed from scratch
   * with the event in it. The answer names every later rating the recompute changed.
   */
  async rateEvent(user: AuthUser, eventId: string): Promise<RecomputeResult & { ratingListId: string }> {
    return this.prisma.$transaction(async (tx) => {
      const event = await tx.event.findUnique({ where: { id: eventId } });
      if (!event) throw missingResource('eventId', 'event');
      if (!event.ratingListId) throw new DomainError('rating.not_rated', { event: event.nameZh }, 'ratingListId');
      const result = await recomputeList(tx, event.ratingListId, [eventId]);
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: event.tournamentId,
        entity: 'event_rating',
        entityId: eventId,
        action: 'update',
        // The results version rated: a later change of the results re-rates automatically (auto-rerate.ts).
        after: { changed: result.changed.length, gamesVersion: await gamesVersion(tx, eventId) },
      });
      return { ratingListId: event.ratingListId, ...result };
    }, LONG);
  }

  /** Each person's rating on the list as of the date (end of that day), strongest first. */
  async ratingsAsOf(db: PrismaService | Tx, listId: string, asOf: Date, personIds?: readonly string[]): Promise<ListedRating[]> {
    const rows = await db.ratingChange.findMany({
      where: {
        ratingListId: listId,
        effectiveAt: { lt: new Date(Date.parse(asOf.toISOString().slice(0, 10)) + 86_400_000) },
        ...(personIds ? { personId: { in: [...personIds] } } : {}),
      },
      orderBy: [{ effectiveAt: 'asc' }, { id: 'asc' }],
      select: { personId: true, rating: true, games: true, eventId: true, person: { select: { nameZh: true, nameEn: true, federationId: true } } },
    });
    const out = new Map<string, ListedRating>();
    for (const r of rows) {
      const prior = out.get(r.personId);
      // An imported row gives the experience; an event adds its games.
      const games = r.eventId ? (prior?.games ?? 0) + r.games : r.games || (prior?.games ?? 0);
      out.set(r.personId, {
        personId: r.personId,
        federationId: r.person.federationId,
        nameZh: r.person.nameZh,
        nameEn: r.person.nameEn,
        rating: r.rating,
        games,
      });
    }
    return [...out.values()].sort((a, b) => b.rating - a.rating || (a.nameEn < b.nameEn ? -1 : 1));
  }

  /** The list, or null (the public list page answers its own 404). */
  findList(listId: string) {
    return this.prisma.ratingList.findUnique({ where: { id: listId } });
  }

  /** The list's ratings as of a date, without checking the list exists. */
  ratingsOn(listId: string, asOf: Date): Promise<ListedRating[]> {
    return this.ratingsAsOf(this.prisma, listId, asOf);
  }

  async published(listId: string, asOf: Date): Promise<ListedRating[]> {
    await this.list(listId);
    return this.ratingsAsOf(this.prisma, listId, asOf);
  }

  async csv(listId: string, asOf: Date): Promise<string> {
    await this.list(listId);
    return writeRatingList(await this.ratingsAsOf(this.prisma, listId, asOf));
  }

  /** The rating report of one event: each person's games, expectation and change. */
  async report(eventId: string) {
    const event = await this.prisma.event.findUnique({ where: { id: eventId }, include: { tournament: true, ratingList: true } });
    if (!event) throw missingResource('eventId', 'event');
    const rows = await this.prisma.ratingChange.findMany({
      where: { eventId },
      include: { person: { select: { id: true, nameZh: true, nameEn: true } } },
      orderBy: [{ rating: 'desc' }, { personId: 'asc' }],
    });
    const names = new Map(rows.map((r) => [r.personId, r.person]));
    const missing = [...new Set(rows.flatMap((r) => reportOf(r.report).games.map((g) => g.opponent)))].filter((id) => !names.has(id));
    for (const p of await this.prisma.person.findMany({ where: { id: { in: missing } }, select: { id: true, nameZh: true, nameEn: true } })) names.set(p.id, p);
    return {
      event,
      rows: rows.map((r) => {
        const rep = reportOf(r.report);
        return {
          person: r.person,
          ratingBefore: r.ratingBefore,
          rating: r.rating,
          change: r.ratingBefore === null ? null : r.rating - r.ratingBefore,
          games: r.games,
          performance: r.performance,
          k: rep.k,
          score: rep.score,
          expected: rep.expected,
          lines: rep.games.map((g) => ({ ...g, opponentPerson: names.get(g.opponent) ?? null })),
        };
      }),
    };
  }

  /**
   * Starting ranks and seeds by rating: each entered player's rating becomes their current one on
   * the event's list (Player.rating, which the draw's seeding and the pairing's starting rank read).
   */
  async ratingsToPlayers(user: AuthUser, eventId: string) {
    return this.prisma.$transaction(async (tx) => {
      const event = await tx.event.findUnique({ where: { id: eventId } });
      if (!event) throw missingResource('eventId', 'event');
      if (event.round1PairedAt) throw closedConflict('entries');
      if (!event.ratingListId) throw new DomainError('rating.not_rated', { event: event.nameZh }, 'ratingListId');
      const players = await tx.player.findMany({
        where: { personId: { not: null }, OR: [{ entries: { some: { eventId } } }, { teamMembers: { some: { team: { eventId } } } }] },
        select: { id: true, personId: true, rating: true },
      });
      const ratings = new Map(
        (
          await this.ratingsAsOf(
            tx,
            event.ratingListId,
            new Date(),
            players.map((p) => p.personId!),
          )
        ).map((r) => [r.personId, r.rating]),
      );
      let updated = 0;
      for (const p of players) {
        const rating = ratings.get(p.personId!);
        if (rating === undefined || rating === p.rating) continue;
        await tx.player.update({ where: { id: p.id }, data: { rating, version: { increment: 1 } } });
        updated++;
      }
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: event.tournamentId,
        entity: 'event_rating',
        entityId: eventId,
        action: 'update',
        after: { playersRated: updated },
      });
      return { updated };
    });
  }
}

const LONG = { timeout: 120_000, maxWait: 10_000 };

function checkMethod(method: Record<string, unknown>): void {
  const problems = methodProblems(method, Object.keys(EXPECTED_SCORE));
  if (problems.length) throw codedProblems(problems.map((p) => ({ code: 'rating.method', field: `method.${p.field}`, reason: p.reason })));
}

interface ReportJson {
  k: number;
  score: number;
  expected: number;
  games: { opponent: string; opponentRating: number; colour: string; score: number; expected: number; change: number }[];
}

export function reportOf(json: unknown): ReportJson {
  const r = (json ?? {}) as Partial<ReportJson>;
  return { k: r.k ?? 0, score: r.score ?? 0, expected: r.expected ?? 0, games: Array.isArray(r.games) ? r.games : [] };
}
