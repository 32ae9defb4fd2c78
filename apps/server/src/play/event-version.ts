import { Prisma } from '../generated/prisma/client';
import { NO_ID, RawDb, typedQuery } from '../persistence/typed-sql';

const CHANGE_COUNTS = typedQuery(
  'event change counts',
  { part: 'text?', roundId: 'text?', n: 'int4' },
  (eventId: string) => Prisma.sql`
    SELECT c.part, c."roundId"::text AS "roundId", count(c.id)::int AS n
      FROM "Event" e LEFT JOIN "EventChange" c ON c."eventId" = e.id
     WHERE e.id = ${eventId}::uuid
     GROUP BY c.part, c."roundId"`,
  [NO_ID],
);

const CHANGE_TOTAL = typedQuery(
  'event change total',
  { n: 'int4' },
  (eventId: string) => Prisma.sql`
    SELECT (SELECT count(*) FROM "EventChange" c WHERE c."eventId" = e.id)::int AS n FROM "Event" e WHERE e.id = ${eventId}::uuid`,
  [NO_ID],
);

/**
 * An event's data version: the rows of EventChange (prisma/schema.prisma), which statement-level
 * triggers add whenever something an event's tournament file reads changes — the event and its
 * tournament ('event'), entries, players, teams, members and affiliations ('entries'), rounds and
 * stages ('rounds'), pairings and games ('games', per round) and sanctions ('sanctions', per round).
 * Rows are only ever added, so a count can only grow, and any commit moves it whatever the order
 * the transactions commit in (a maximum id would not: a transaction that took a lower id may
 * commit later). One index scan — where hashing the event's rows took ~14 ms for 1,000 players.
 */
export class EventVersions {
  constructor(
    /** Every change of the event: the version public pages carry in their ETag and live frames. */
    readonly total: number,
    private readonly counts: ReadonlyMap<string, number>,
  ) {}

  /** The count of one part, all rounds together. */
  part(part: string): number {
    let n = 0;
    for (const [key, count] of this.counts) if (key.startsWith(`${part}|`)) n += count;
    return n;
  }

  /** The count of one part in one round. */
  of(part: string, roundId: string): number {
    return this.counts.get(`${part}|${roundId}`) ?? 0;
  }
}

/** The event's versions, or null if there is no such event. */
export async function eventVersions(db: RawDb, eventId: string): Promise<EventVersions | null> {
  const rows = await CHANGE_COUNTS.rows(db, eventId);
  if (!rows.length) return null;
  const counts = new Map<string, number>();
  let total = 0;
  for (const r of rows) {
    if (r.part === null) continue;
    counts.set(`${r.part}|${r.roundId ?? ''}`, r.n);
    total += r.n;
  }
  return new EventVersions(total, counts);
}

/** The event's data version alone (ETags, live frames), or null if there is no such event. */
export async function eventDataVersion(db: RawDb, eventId: string): Promise<string | null> {
  const rows = await CHANGE_TOTAL.rows(db, eventId);
  return rows.length ? `${eventId}.${rows[0].n}` : null;
}

const PAGE_STATE = typedQuery(
  'event page state',
  { n: 'int4', deadlines: 'text?' },
  (eventId: string) => Prisma.sql`
    SELECT (SELECT count(*) FROM "EventChange" c WHERE c."eventId" = e.id)::int AS n,
           (SELECT string_agg(floor(extract(epoch FROM r."scheduledAt" - make_interval(mins => e."lineupDeadlineMinutes")) * 1000)::bigint::text, ',')
              FROM "Round" r WHERE r."eventId" = e.id AND e.kind = 'team' AND r."scheduledAt" IS NOT NULL) AS deadlines
      FROM "Event" e WHERE e.id = ${eventId}::uuid`,
  [NO_ID],
);

/**
 * What the public pages' cache needs of an event, in one statement: its data version, and when
 * each of a team event's rounds releases its lineups (附录1 #8: a deadline passing changes the pages
 * without any write, so the cache counts the deadlines passed itself). Null if there is no such event.
 */
export async function eventPageState(db: RawDb, eventId: string): Promise<{ data: string; deadlines: number[] } | null> {
  const rows = await PAGE_STATE.rows(db, eventId);
  if (!rows.length) return null;
  const deadlines = rows[0].deadlines ? rows[0].deadlines.split(',').map(Number) : [];
  return { data: `${eventId}.${rows[0].n}`, deadlines };
}
