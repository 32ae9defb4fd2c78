import { changedBetween, methodOf, orderTimeline, rateTimeline, type PersonChange, type TimelineItem } from '@chuhe/ratings';
import { Prisma } from '../generated/prisma/client';
import { sameAsJsonb } from '../persistence/jsonb-equal';
import { NO_ID, typedQuery } from '../persistence/typed-sql';
import { reportOf } from './rating-report';
import type { Tx } from '../prisma/prisma.service';

/**
 * A rating list's whole history, recomputed (issue 33 #3): the imported lists and the rated events
 * in date order (libs/ratings orderTimeline), rated from scratch with the list's method, and only
 * the rows that differ written back. Recomputing everything is what makes a correction to an old
 * event change what follows exactly as if the result had always been the corrected one; the
 * answer names every (event, person) whose rating moved. One recompute per list at a time: the
 * advisory lock holds a second server instance until the first has written.
 */
/**
 * The rated games of the events, one row per event with its games as one JSON array in playing
 * order ([red person, black person, result, kind]): issue 33's 2,000,000 games as 10,000 rows, not
 * 2,000,000 rows of five columns through the driver (docs/notes/2026-11-30-rerate5.md).
 */
const EVENT_GAMES = typedQuery(
  'rating list games',
  { eventId: 'text', games: 'text' },
  (eventIds: string[]) => Prisma.sql`
    SELECT r."eventId"::text AS "eventId",
      json_agg(json_build_array(rp."personId", bp."personId", g.result, g.kind) ORDER BY r.number, p."table" NULLS LAST, g.board, g.leg)::text AS games
    FROM "Game" g
    JOIN "Pairing" p ON p.id = g."pairingId"
    JOIN "Round" r ON r.id = p."roundId"
    JOIN "Player" rp ON rp.id = g."redPlayerId"
    JOIN "Player" bp ON bp.id = g."blackPlayerId"
    WHERE r."eventId" = ANY(${eventIds}::uuid[]) AND r.state <> 'draft' AND g.result IS NOT NULL
      AND rp."personId" IS NOT NULL AND bp."personId" IS NOT NULL
    GROUP BY r."eventId"`,
  [[]],
);
/** One game of EVENT_GAMES's array. */
type GameTuple = [red: string, black: string, result: string, kind: string];

const LIST_EVENTS = typedQuery(
  'rating list events',
  { id: 'text', endDate: 'timestamp' },
  (listId: string, include: string[]) => Prisma.sql`
    SELECT e.id::text AS id, t."endDate"::timestamp AS "endDate"
    FROM "Event" e JOIN "Tournament" t ON t.id = e."tournamentId"
    WHERE e."ratingListId" = ${listId}::uuid
      AND (e.id = ANY(${include}::uuid[]) OR EXISTS (SELECT 1 FROM "RatingChange" c WHERE c."eventId" = e.id AND c."ratingListId" = ${listId}::uuid))`,
  ['00000000-0000-0000-0000-000000000000', []],
);

/**
 * The list's event rows as stored, with what a recompute compares, in chunks along the unique
 * index (ratingListId, personId, eventId) after a (personId, eventId) key: only the columns needed,
 * as a typed query, a chunk's parsed reports dropped once compared — all 400,000 rows of issue 33's
 * scale at once (1–2 GB of parsed reports beside the timeline) made the process collect garbage
 * for most of a minute.
 */
const STORED_ROWS = typedQuery(
  'rating list event rows',
  {
    id: 'text',
    eventId: 'text',
    personId: 'text',
    ratingBefore: 'int4?',
    rating: 'int4',
    games: 'int4',
    performance: 'int4?',
    effectiveAt: 'timestamp',
    report: 'jsonb',
  },
  (listId: string, after: { personId: string; eventId: string }, limit: number) => Prisma.sql`
    SELECT c.id::text AS id, c."eventId"::text AS "eventId", c."personId"::text AS "personId", c."ratingBefore", c.rating, c.games,
      c.performance, c."effectiveAt", c.report
    FROM "RatingChange" c
    WHERE c."ratingListId" = ${listId}::uuid AND c."eventId" IS NOT NULL
      AND (c."personId", c."eventId") > (${after.personId}::uuid, ${after.eventId}::uuid)
    ORDER BY c."personId", c."eventId"
    LIMIT ${limit}`,
  [NO_ID, { personId: NO_ID, eventId: NO_ID }, 1],
);
/** Stored rows per chunk. */
const STORED_CHUNK = 20_000;

export interface RecomputeResult {
  readonly events: number;
  readonly persons: number;
  /** Every (event, person) whose rating before or after changed, appeared or vanished. */
  readonly changed: { eventId: string; personId: string; from: number | null; to: number | null }[];
  /** Rows written: inserted, deleted, and updated because their content (report included) differed. */
  readonly written: number;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The timeline of a list as stored: imported lists by date, rated events (plus `include`) with their games. */
export async function loadTimeline(tx: Tx, listId: string, include: readonly string[] = []) {
  const imported = await tx.ratingChange.findMany({
    where: { ratingListId: listId, eventId: null },
    select: { personId: true, rating: true, games: true, effectiveAt: true },
  });
  const lists = new Map<string, { personId: string; rating: number; games: number }[]>();
  for (const r of imported) {
    const at = day(r.effectiveAt);
    (lists.get(at) ?? lists.set(at, []).get(at)!).push({ personId: r.personId, rating: r.rating, games: r.games });
  }
  const events = await LIST_EVENTS.rows(tx, listId, [...include]);
  const games = events.length
    ? await EVENT_GAMES.rows(
        tx,
        events.map((e) => e.id),
      )
    : [];
  const byEvent = new Map<string, { red: string; black: string; result: string; kind: string }[]>(events.map((e) => [e.id, []]));
  for (const e of games)
    byEvent.set(
      e.eventId,
      (JSON.parse(e.games) as GameTuple[]).map(([red, black, result, kind]) => ({ red, black, result, kind })),
    );
  const items: TimelineItem[] = [
    ...[...lists].map(([at, ratings]) => ({ kind: 'list' as const, key: `list ${at}`, at, ratings })),
    ...events.map((e) => ({ kind: 'event' as const, key: e.id, at: day(e.endDate), games: byEvent.get(e.id)! })),
  ];
  return orderTimeline(items);
}

/** Each event's effectiveAt: its day at noon plus its order within the day in seconds (the latest row is the current rating). */
export function effectiveTimes(items: readonly TimelineItem[]): Map<string, Date> {
  const out = new Map<string, Date>();
  const perDay = new Map<string, number>();
  for (const item of items) {
    if (item.kind !== 'event') continue;
    const n = perDay.get(item.at) ?? 0;
    perDay.set(item.at, n + 1);
    out.set(item.key, new Date(Date.parse(`${item.at}T12:00:00Z`) + n * 1000));
  }
  return out;
}

interface RowData {
  ratingBefore: number | null;
  rating: number;
  games: number;
  performance: number | null;
  effectiveAt: Date;
  report: unknown;
}

/** Whether a stored row differs from the computed one (the UPDATE's WHERE, decided before sending it). */
function differs(o: Pick<RowData, Exclude<keyof RowData, 'report'>> & { report: unknown }, d: RowData): boolean {
  return (
    o.ratingBefore !== d.ratingBefore ||
    o.rating !== d.rating ||
    o.games !== d.games ||
    o.performance !== d.performance ||
    o.effectiveAt.getTime() !== d.effectiveAt.getTime() ||
    !sameAsJsonb(o.report, d.report)
  );
}

/** Rows per statement (one array parameter per column: the statement's size grows, not its parameters). */
const ROWS_PER_STATEMENT = 5_000;

/** Where a recompute's time went, in ms (the archive-scale bench prints it), and how many rows it sent to the UPDATE. */
export interface RecomputePhases {
  timeline: number;
  rate: number;
  stored: number;
  diff: number;
  write: number;
  sent: number;
}

/**
 * The list's timeline rated, and each event's effectiveAt; the timeline itself (issue 33's 2,000,000
 * games) is left to the garbage collector before the stored rows are read and compared.
 */
async function rated(tx: Tx, method: Prisma.JsonValue, listId: string, include: readonly string[], lap: () => number) {
  const items = await loadTimeline(tx, listId, include);
  const timeline = lap();
  return { history: rateTimeline(methodOf(method), items), times: effectiveTimes(items), timeline };
}

export async function recomputeList(tx: Tx, listId: string, include: readonly string[] = [], phases?: (p: RecomputePhases) => void): Promise<RecomputeResult> {
  let at = performance.now();
  const lap = () => -at + (at = performance.now());
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`rating-list ${listId}`}))`;
  const list = await tx.ratingList.findUniqueOrThrow({ where: { id: listId } });
  const { history, times, timeline } = await rated(tx, list.method, listId, include, lap);
  const rate = lap();

  const next = new Map<string, PersonChange & { eventId: string }>();
  for (const [eventId, cs] of history.events) for (const c of cs) next.set(`${eventId} ${c.personId}`, { ...c, eventId });
  const dataOf = (c: PersonChange & { eventId: string }): RowData => ({
    ratingBefore: c.ratingBefore,
    rating: c.rating,
    games: c.games,
    performance: c.performance,
    effectiveAt: times.get(c.eventId)!,
    report: reportOf(c),
  });

  // Rewrite the event rows whose content differs, set-based: one UPDATE … FROM jsonb_to_recordset and
  // one INSERT per chunk of rows — the row-by-row update was most of a from-scratch recompute's time
  // (ratings bench). Each computed row is compared here with the stored one, every column and the
  // report as jsonb compares it (sameAsJsonb: key order, 1 and 1.0), and only those that differ are
  // sent: a correction changes a few dozen of 400,000 rows, and shipping all of them for PostgreSQL
  // to compare was 33 s (docs/notes/2026-11-30-rerate5.md). The UPDATE's own WHERE still compares
  // the whole row and leaves an identical one alone, so a row sent needlessly is not rewritten.
  const old: { eventKey: string; personId: string; ratingBefore: number | null; rating: number }[] = [];
  const seen = new Set<string>();
  const updates: { id: string; data: RowData }[] = [];
  const gone: string[] = [];
  let stored = 0;
  let diff = 0;
  for (let after = { personId: NO_ID, eventId: NO_ID }; ;) {
    const chunk = await STORED_ROWS.rows(tx, listId, after, STORED_CHUNK);
    stored += lap();
    for (const o of chunk) {
      old.push({ eventKey: o.eventId, personId: o.personId, ratingBefore: o.ratingBefore, rating: o.rating });
      const key = `${o.eventId} ${o.personId}`;
      const c = next.get(key);
      if (!c) gone.push(o.id);
      else {
        seen.add(key);
        const data = dataOf(c);
        if (differs(o, data)) updates.push({ id: o.id, data });
      }
    }
    diff += lap();
    if (chunk.length < STORED_CHUNK) break;
    after = chunk[chunk.length - 1];
  }
  const changed = changedBetween(
    old,
    [...next.values()].map((c) => ({ eventKey: c.eventId, personId: c.personId, ratingBefore: c.ratingBefore, rating: c.rating })),
  ).map((c) => ({ eventId: c.eventKey, personId: c.personId, from: c.from, to: c.to }));
  const inserts: Prisma.RatingChangeCreateManyInput[] = [];
  for (const [key, c] of next) {
    if (seen.has(key)) continue;
    const data = dataOf(c);
    inserts.push({ ratingListId: listId, personId: c.personId, eventId: c.eventId, ...data, report: data.report as unknown as Prisma.InputJsonValue });
  }
  diff += lap();
  let written = gone.length ? (await tx.ratingChange.deleteMany({ where: { id: { in: gone } } })).count : 0;
  for (let i = 0; i < updates.length; i += ROWS_PER_STATEMENT) {
    // The chunk as one JSON document (jsonb_to_recordset): a third of the time of seven array
    // parameters, whose 5,000 report strings PostgreSQL parsed as an escaped text[] literal first.
    const rows = updates.slice(i, i + ROWS_PER_STATEMENT).map(({ id, data: d }) => ({
      id,
      before: d.ratingBefore,
      rating: d.rating,
      games: d.games,
      performance: d.performance,
      at: d.effectiveAt.toISOString(),
      report: d.report,
    }));
    written += await tx.$executeRaw`
      UPDATE "RatingChange" c SET "ratingBefore" = v.before, rating = v.rating, games = v.games, performance = v.performance,
        "effectiveAt" = v.at::timestamptz AT TIME ZONE 'UTC', report = v.report
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(id uuid, before int, rating int, games int, performance int, at text, report jsonb)
      WHERE c.id = v.id
        AND (c."ratingBefore", c.rating, c.games, c.performance, c."effectiveAt", c.report)
          IS DISTINCT FROM (v.before, v.rating, v.games, v.performance, v.at::timestamptz AT TIME ZONE 'UTC', v.report)`;
  }
  for (let i = 0; i < inserts.length; i += ROWS_PER_STATEMENT) {
    const chunk = inserts.slice(i, i + ROWS_PER_STATEMENT);
    const col = <T>(f: (r: (typeof chunk)[number]) => T) => chunk.map(f);
    written += await tx.$executeRaw`
      INSERT INTO "RatingChange" (id, "ratingListId", "personId", "eventId", "effectiveAt", "ratingBefore", rating, games, report, performance)
      SELECT gen_random_uuid(), ${listId}::uuid, v.person, v.event, v.at::timestamptz AT TIME ZONE 'UTC', v.before, v.rating, v.games, v.report, v.performance
      FROM unnest(${col((r) => r.personId)}::uuid[], ${col((r) => r.eventId!)}::uuid[], ${col((r) => (r.effectiveAt as Date).toISOString())}::text[],
                  ${col((r) => r.ratingBefore ?? null)}::int[], ${col((r) => r.rating)}::int[], ${col((r) => r.games ?? 0)}::int[],
                  ${col((r) => JSON.stringify(r.report))}::jsonb[], ${col((r) => r.performance ?? null)}::int[])
        AS v(person, event, at, before, rating, games, report, performance)`;
  }
  phases?.({ timeline, rate, stored, diff, write: lap(), sent: updates.length });
  return { events: history.events.size, persons: history.states.size, changed, written };
}
