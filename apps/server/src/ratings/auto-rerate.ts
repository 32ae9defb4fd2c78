import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { Prisma } from '../generated/prisma/client';
import { LiveService } from '../live/live.service';
import { NO_ID, typedQuery } from '../persistence/typed-sql';
import { PrismaService, type Tx } from '../prisma/prisma.service';
import { recomputeList } from './rating-timeline';

/** The event's results version: the EventChange rows of its games (only ever added, so it only grows). */
const GAMES_VERSION = typedQuery(
  'event games version',
  { n: 'int4' },
  (eventId: string) => Prisma.sql`SELECT count(*)::int AS n FROM "EventChange" WHERE "eventId" = ${eventId}::uuid AND part = 'games'`,
  [NO_ID],
);

/** The results version the event's ratings were last computed from (its latest rating audit row), or -1. */
const RATED_VERSION = typedQuery(
  'event rated games version',
  { n: 'int4' },
  (eventId: string) => Prisma.sql`
    SELECT COALESCE((SELECT (a.after->>'gamesVersion')::int FROM "AuditLog" a
                      WHERE a.entity = 'event_rating' AND a."entityId" = ${eventId} AND a.after->>'gamesVersion' IS NOT NULL
                      ORDER BY a.at DESC, a.id DESC LIMIT 1), -1)::int AS n`,
  [NO_ID],
);

/**
 * Rated events whose results moved past the version last rated: what a change made while no server
 * listened (another path, a restore, a crash before the debounce) left behind. One statement.
 */
const STALE_EVENTS = typedQuery(
  'rated events with newer results',
  { eventId: 'text' },
  () => Prisma.sql`
    SELECT e.id::text AS "eventId" FROM "Event" e
     WHERE e."ratingListId" IS NOT NULL
       AND EXISTS (SELECT 1 FROM "RatingChange" r WHERE r."eventId" = e.id AND r."ratingListId" = e."ratingListId")
       AND (SELECT count(*) FROM "EventChange" c WHERE c."eventId" = e.id AND c.part = 'games') >
           COALESCE((SELECT (a.after->>'gamesVersion')::int FROM "AuditLog" a
                      WHERE a.entity = 'event_rating' AND a."entityId" = e.id::text AND a.after->>'gamesVersion' IS NOT NULL
                      ORDER BY a.at DESC, a.id DESC LIMIT 1), -1)
     ORDER BY e.id`,
  [],
);

/** The games version a rating of the event is computed from (the audit row records it). */
export async function gamesVersion(tx: Tx, eventId: string): Promise<number> {
  return (await GAMES_VERSION.one(tx, eventId)).n;
}

/** The advisory lock every recompute of a list takes (rating-timeline.ts): taken first, it also orders the check. */
async function lockList(tx: Tx, listId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`rating-list ${listId}`}))`;
}

export type RerateOutcome = 'rerated' | 'current' | 'unrated';

/**
 * Automatic re-rating (issue 33 #3, "corrections after publication recompute what follows"): a
 * rated event whose results change — a correction, an appeal's decision, a sanction, whatever path
 * changed the game — has its list recomputed, once. Every server instance hears the change (the
 * EventChange trigger's NOTIFY, live/notify.ts) and asks; under the list's advisory lock the first
 * recomputes and records the results version it rated (the audit row's `gamesVersion`), and any
 * other finds that version rated already and does nothing. An event never rated (its organizer
 * rates it after the last round, POST /api/events/:id/rating) is left alone.
 *
 * At start-up one sweep catches up what changed while no server listened: every rated event whose
 * results version is newer than its last rating goes through the same rerate — the same lock and
 * version check, so two instances starting together re-rate it once.
 */
@Injectable()
export class AutoRerate implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('AutoRerate');
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  /** Per event: the results version this instance last settled (rated, or found rated) — tests wait on it. */
  readonly settled = new Map<string, number>();
  private readonly listener = (eventId: string, kind: string) => {
    if (kind !== 'games' || this.closed) return;
    // A burst of results (a round's end) becomes one recompute.
    clearTimeout(this.timers.get(eventId));
    const timer = setTimeout(() => {
      this.timers.delete(eventId);
      this.queue = this.queue.then(() => this.rerate(eventId)).catch((e: unknown) => this.log.warn(`re-rating ${eventId}: ${String(e)}`));
    }, DEBOUNCE_MS);
    timer.unref?.();
    this.timers.set(eventId, timer);
  };

  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
    private readonly live: LiveService,
  ) {}

  onModuleInit(): void {
    this.live.changes.add(this.listener);
  }

  /** The start-up sweep, queued behind nothing and awaited by nothing: the server answers meanwhile. */
  onApplicationBootstrap(): void {
    if (process.env.CHUHE_RERATE_SWEEP === 'off') return;
    this.swept = this.queue = this.queue
      .then(() => this.sweep())
      .catch((e: unknown) => {
        this.log.warn(`start-up re-rating sweep: ${String(e)}`);
        return 0;
      });
  }

  /** Settles once the start-up sweep has run: how many events it re-rated itself. */
  swept: Promise<number> = Promise.resolve(0);

  /** Re-rates every rated event whose results moved since its last rating; returns how many this instance re-rated. */
  async sweep(): Promise<number> {
    let rerated = 0;
    for (const { eventId } of await STALE_EVENTS.rows(this.prisma)) {
      if (this.closed) break;
      if ((await this.rerate(eventId)) === 'rerated') rerated++;
    }
    if (rerated) this.log.log(`start-up sweep: ${rerated} rated event(s) re-rated`);
    return rerated;
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    this.live.changes.delete(this.listener);
    for (const t of this.timers.values()) clearTimeout(t);
    await this.queue.catch(() => undefined);
  }

  /** Re-rates the event's list if the event is rated and its results moved since; says which it did. */
  async rerate(eventId: string): Promise<RerateOutcome> {
    const outcome = await this.prisma.$transaction(
      async (tx): Promise<{ outcome: RerateOutcome; version: number }> => {
        const event = await tx.event.findUnique({ where: { id: eventId }, select: { ratingListId: true, tournamentId: true } });
        if (!event?.ratingListId) return { outcome: 'unrated', version: -1 };
        if (!(await tx.ratingChange.findFirst({ where: { eventId, ratingListId: event.ratingListId }, select: { id: true } })))
          return { outcome: 'unrated', version: -1 };
        await lockList(tx, event.ratingListId);
        const version = await gamesVersion(tx, eventId);
        if ((await RATED_VERSION.one(tx, eventId)).n >= version) return { outcome: 'current', version };
        const result = await recomputeList(tx, event.ratingListId);
        await this.audit.record(tx, {
          userId: null,
          tournamentId: event.tournamentId,
          entity: 'event_rating',
          entityId: eventId,
          action: 'update',
          reason: 'automatic: the results of a rated event changed',
          after: { automatic: true, gamesVersion: version, changed: result.changed.length, ratings: result.changed.slice(0, 200) },
        });
        return { outcome: 'rerated', version };
      },
      { timeout: 300_000, maxWait: 30_000 },
    );
    if (outcome.version >= 0) this.settled.set(eventId, Math.max(outcome.version, this.settled.get(eventId) ?? -1));
    return outcome.outcome;
  }
}

const DEBOUNCE_MS = Number(process.env.CHUHE_RERATE_DEBOUNCE_MS) || 1_000;
