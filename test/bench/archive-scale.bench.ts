/**
 * Issue 33's "Proof" at its own scale: 100,000 persons, 10,000 events, 2,000,000 games — a profile
 * page < 100 ms on the server and the whole archive search < 100 ms, with the rating history's
 * recompute figures beside them.
 *
 * The history is seeded by set-based SQL (generate_series; deterministic ids: md5 of a name) in a
 * database the bench creates and drops: 10,000 published tournaments of one 40-player Swiss event of
 * 10 rounds (20 games a round: 200 games an event), 400,000 players pointing at the 100,000 persons
 * (4 events each), one rating change per player and event. Person 0 is the busiest: a career of 200
 * events and 2,000 games, whose profile is the worst case measured.
 *
 * Measured over HTTP on 127.0.0.1 (p50/p99 of many requests, the server's whole work: queries,
 * standings, rendering), each against a reference measured in the same run (GET /api/health and
 * GET /api/auth/me): the ratio is what counts on a shared machine, and the load is printed.
 * BENCH_EXPLAIN=1 prints EXPLAIN ANALYZE of the profile's and the search's statements.
 * BENCH_RECOMPUTE=1 also recomputes the rating list from scratch (minutes at this scale); without it
 * the timeline's read and the library alone (libs/ratings rateTimeline) are measured.
 * Sizes: BENCH_PERSONS, BENCH_EVENTS (players per event 40, rounds 10). BENCH_KEEP_DB=1 keeps the database.
 * Run: DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench -- archive-scale
 */
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { methodOf, rateTimeline } from '@chuhe/ratings';
import type * as Timeline from '../../apps/server/src/ratings/rating-timeline';
import type * as Profile from '../../apps/server/src/persons/profile-queries';
import type * as Archive from '../../apps/server/src/archive/archive.service';
import { createTestDatabase } from '../support/test-database';
import { call, wallTimes } from './bench-support';
import { createApp, PrismaService } from './server-dist';

const { recomputeList, loadTimeline } = require('../../dist/apps/server/src/ratings/rating-timeline') as typeof Timeline;
const profileQueries = require('../../dist/apps/server/src/persons/profile-queries') as typeof Profile;
const { PERSON_SEARCH } = require('../../dist/apps/server/src/archive/archive.service') as typeof Archive;

const PERSONS = Number(process.env.BENCH_PERSONS ?? 100_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const PLAYERS = 40;
const ROUNDS = 10;
const TABLES = PLAYERS / 2;
const GAMES = EVENTS * ROUNDS * TABLES;
/** Person 0 plays every STAR_EVERY-th event (as draw number 1). */
const STAR_EVERY = 50;

/** The history, by set-returning SQL: one statement per table. */
function seedSql(): string[] {
  const E = EVENTS - 1;
  const others = PERSONS - 1;
  const spread = Math.floor(others / PLAYERS);
  // Persons 1…PERSONS-1 spread over the events (distinct within an event); person 0 the star.
  const person = `(CASE WHEN k = 0 AND e % ${STAR_EVERY} = 0 THEN 0 ELSE 1 + (e * 37 + k * ${spread}) % ${others} END)`;
  const entry = (pos: string) => `md5('en' || e || '-' || (${pos}) % ${PLAYERS})::uuid`;
  const player = (pos: string) => `md5('pl' || e || '-' || (${pos}) % ${PLAYERS})::uuid`;
  return [
    `INSERT INTO "Person"(id, "nameZh", "nameEn", gender, "unitZh", "unitEn", "updatedAt")
       SELECT md5('person' || i)::uuid, '棋手' || i, 'Player ' || i, 'male', '单位' || (i % 300), 'Unit ' || (i % 300), now() FROM generate_series(0, ${PERSONS - 1}) i`,
    `INSERT INTO "RatingList"(id, name, method, "updatedAt") VALUES (md5('list')::uuid, 'bench', '{}', now())`,
    `INSERT INTO "Tournament"(id, "nameZh", "nameEn", venue, "startDate", "endDate", organizer, "publishedAt", "updatedAt")
       SELECT md5('t' || e)::uuid, '公开赛' || e, 'Open ' || e, '场馆' || (e % 50), date '2000-01-01' + e, date '2000-01-01' + e + 2, 'bench', now(), now()
       FROM generate_series(0, ${E}) e`,
    `INSERT INTO "Event"(id, "tournamentId", "nameZh", "nameEn", kind, stages, "timeControl", "tieBreaks", "ratingListId", "round1PairedAt", "updatedAt")
       SELECT md5('e' || e)::uuid, md5('t' || e)::uuid, '个人赛', 'Individual', 'individual', '[{"type":"swiss","rounds":${ROUNDS}}]', '{"baseMinutes":60,"incrementSeconds":30}',
              '["score","opponentScore","sonnebornBerger"]', md5('list')::uuid, now(), now() FROM generate_series(0, ${E}) e`,
    `INSERT INTO "Stage"(id, "eventId", index, type, config) SELECT md5('s' || e)::uuid, md5('e' || e)::uuid, 0, 'swiss', '{"rounds":${ROUNDS}}' FROM generate_series(0, ${E}) e`,
    `INSERT INTO "Player"(id, "tournamentId", "nameZh", "nameEn", gender, rating, "personId", "updatedAt")
       SELECT md5('pl' || e || '-' || k)::uuid, md5('t' || e)::uuid, '棋手' || ${person}, 'Player ' || ${person}, 'male', 1500 + (${person} % 700), md5('person' || ${person})::uuid, now()
       FROM generate_series(0, ${E}) e, generate_series(0, ${PLAYERS - 1}) k`,
    `INSERT INTO "Entry"(id, "eventId", "playerId", "drawNumber", "updatedAt")
       SELECT md5('en' || e || '-' || k)::uuid, md5('e' || e)::uuid, md5('pl' || e || '-' || k)::uuid, k + 1, now() FROM generate_series(0, ${E}) e, generate_series(0, ${PLAYERS - 1}) k`,
    `INSERT INTO "Round"(id, "eventId", "stageId", number, "stageRound", state, "publishedAt", "completedAt", "updatedAt")
       SELECT md5('r' || e || '-' || r)::uuid, md5('e' || e)::uuid, md5('s' || e)::uuid, r, r, 'completed', now(), now(), now() FROM generate_series(0, ${E}) e, generate_series(1, ${ROUNDS}) r`,
    `INSERT INTO "Pairing"(id, "roundId", "table", "redEntryId", "blackEntryId", "updatedAt")
       SELECT md5('pa' || e || '-' || r || '-' || t)::uuid, md5('r' || e || '-' || r)::uuid, t, ${entry('2 * t - 2 + r')}, ${entry('2 * t - 1 + r')}, now()
       FROM generate_series(0, ${E}) e, generate_series(1, ${ROUNDS}) r, generate_series(1, ${TABLES}) t`,
    `INSERT INTO "Game"(id, "pairingId", board, "redPlayerId", "blackPlayerId", result, "updatedAt")
       SELECT md5('g' || e || '-' || r || '-' || t)::uuid, md5('pa' || e || '-' || r || '-' || t)::uuid, 1, ${player('2 * t - 2 + r')}, ${player('2 * t - 1 + r')},
              (ARRAY['red_win', 'draw', 'black_win'])[1 + ((e * 31 + r * 7 + t) % 3)]::"GameResult", now()
       FROM generate_series(0, ${E}) e, generate_series(1, ${ROUNDS}) r, generate_series(1, ${TABLES}) t`,
    // One rating change per player and event (the profile's chart), as a recompute would leave them.
    `INSERT INTO "RatingChange"(id, "ratingListId", "personId", "eventId", "effectiveAt", "ratingBefore", rating, games, performance)
       SELECT md5('rc' || p.id)::uuid, md5('list')::uuid, p."personId", x."eventId", t."endDate", p.rating, p.rating + (hashtext(p.id::text) % 21), ${ROUNDS}, p.rating
       FROM "Player" p JOIN "Tournament" t ON t.id = p."tournamentId" JOIN "Entry" x ON x."playerId" = p.id`,
    // The event's data versions (play/event-version.ts) as its season left them: the event, its
    // entries, each round, and one 'games' change per result entered.
    `INSERT INTO "EventChange"("eventId", part, "roundId")
       SELECT md5('e' || e)::uuid, 'event', NULL::uuid FROM generate_series(0, ${E}) e
       UNION ALL SELECT md5('e' || e)::uuid, 'entries', NULL::uuid FROM generate_series(0, ${E}) e
       UNION ALL SELECT md5('e' || e)::uuid, 'rounds', md5('r' || e || '-' || r)::uuid FROM generate_series(0, ${E}) e, generate_series(1, ${ROUNDS}) r
       UNION ALL SELECT md5('e' || e)::uuid, 'games', md5('r' || e || '-' || r)::uuid FROM generate_series(0, ${E}) e, generate_series(1, ${ROUNDS}) r, generate_series(1, ${TABLES}) t`,
  ];
}

interface Sample {
  p50: number;
  p99: number;
}

/** p50 and p99 of `runs` calls of `f` (after `warmup` calls), in ms. */
async function sample(runs: number, f: () => Promise<unknown>, warmup = 3): Promise<Sample> {
  const ms = (await wallTimes(runs, f, warmup)).sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))];
  return { p50: at(0.5), p99: at(0.99) };
}

const show = (s: Sample) => `p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms`;
const goal = (ms: number, limit: number) => (ms < limit ? 'met' : 'NOT met');
const load = () => `load average ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs`;

export async function bench(): Promise<void> {
  const server = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const db = await createTestDatabase(server, 'chuhe_bench_archive');
  // The seeded ratings have no audit rows: the start-up catch-up would re-rate every event.
  process.env.CHUHE_RERATE_SWEEP = 'off';
  const app = await createApp(db.url, { logger: false });
  try {
    await app.listen(0, '127.0.0.1');
    const port = (app.getHttpServer().address() as AddressInfo).port;
    const prisma = app.get(PrismaService);
    const get = (path: string) =>
      call(port, 'GET', path).then((r) => {
        if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${r.text.slice(0, 200)}`);
        return r;
      });

    console.log(`seeding ${PERSONS} persons, ${EVENTS} events, ${GAMES} games (${load()})`);
    const t0 = performance.now();
    // One transaction with the row triggers off (session_replication_role = replica, for a superuser):
    // the foreign keys' checks were most of the time of 2,000,000 rows, and the EventChange triggers
    // would NOTIFY every event's change to the server's own listeners (auto-rerate). EventChange is
    // seeded as a season of results leaves it instead (one 'games' row a result).
    const superuser = (await prisma.$queryRawUnsafe<{ s: boolean }[]>(`SELECT rolsuper AS s FROM pg_roles WHERE rolname = current_user`))[0]?.s;
    await prisma.$transaction(
      async (tx) => {
        if (superuser) await tx.$executeRawUnsafe(`SET LOCAL session_replication_role = replica`);
        for (const sql of seedSql()) {
          const s = performance.now();
          await tx.$executeRawUnsafe(sql);
          if (process.env.BENCH_VERBOSE) console.log(`  ${((performance.now() - s) / 1000).toFixed(1)} s  ${sql.trim().slice(0, 40)}`);
        }
      },
      { timeout: 3_600_000, maxWait: 60_000 },
    );
    await prisma.$executeRawUnsafe('ANALYZE');
    console.log(`  seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s (${load()})`);

    const star = (await prisma.$queryRawUnsafe<{ id: string }[]>(`SELECT md5('person0')::uuid::text AS id`))[0].id;
    const typical = (await prisma.$queryRawUnsafe<{ id: string }[]>(`SELECT md5('person' || ${Math.floor(PERSONS * 0.4242)})::uuid::text AS id`))[0].id;
    const starEvents = Math.ceil(EVENTS / STAR_EVERY);
    const md5Event = (await prisma.$queryRawUnsafe<{ id: string }[]>(`SELECT md5('e' || ${Math.floor(EVENTS / 2)})::uuid::text AS id`))[0].id;

    const searches: [string, string][] = [
      ['a full Chinese name', `/?lang=zh&q=${encodeURIComponent(`棋手${PERSONS - 7}`)}`],
      ['part of an English name (hundreds of persons)', `/?lang=en&q=${encodeURIComponent('Player 123')}`],
      ['an event name and a year', `/?lang=zh&q=${encodeURIComponent('公开赛12')}&year=2001`],
      ['a venue', `/?lang=zh&q=${encodeURIComponent('场馆7')}`],
      ['a year alone', `/?lang=zh&year=2010`],
    ];

    if (process.env.BENCH_EXPLAIN) {
      const starEventIds = (
        await prisma.$queryRawUnsafe<{ id: string }[]>(
          `SELECT DISTINCT x."eventId"::text AS id FROM "Player" p JOIN "Entry" x ON x."playerId" = p.id WHERE p."personId" = '${star}'`,
        )
      ).map((r) => r.id);
      for (const [name, q] of Object.entries({
        entries: profileQueries.PERSON_ENTRIES.sql(star),
        games: profileQueries.PERSON_GAMES.sql(star),
        ratings: profileQueries.PERSON_RATINGS.sql(star),
        versions: profileQueries.EVENT_VERSIONS.sql(starEventIds),
        search: PERSON_SEARCH.sql('%Player 123%', 0),
      })) {
        const plan = await prisma.$queryRaw<{ 'QUERY PLAN': string }[]>`EXPLAIN (ANALYZE, BUFFERS) ${q}`;
        console.log(`--- EXPLAIN ANALYZE ${name}\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
      }
    }

    // The seeded events are whole events to the server: their standings compute (the profile's places).
    const table = await call(port, 'GET', `/api/events/${md5Event}/standings`);
    if (table.status !== 200) throw new Error(`standings of a seeded event: ${table.status} ${table.text.slice(0, 300)}`);

    // Cold: the first view after a start (each event's standings computed once).
    const coldT = performance.now();
    await get(`/persons/${star}?lang=zh`);
    const cold = performance.now() - coldT;

    const runs = Number(process.env.BENCH_RUNS ?? 50);
    const health = await sample(runs, () => get('/api/health'));
    const me = await sample(runs, () => call(port, 'GET', '/api/auth/me'));
    const profileStar = await sample(runs, () => get(`/persons/${star}?lang=zh`));
    const profileTypical = await sample(runs, () => get(`/persons/${typical}?lang=en`));
    const found: [string, Sample][] = [];
    for (const [name, path] of searches) found.push([name, await sample(runs, () => get(path))]);
    const home = await sample(runs, () => get('/?lang=zh'));
    const report = await sample(Math.min(runs, 20), () => get(`/events/${md5Event}/rating-report?lang=zh`));

    console.log(`the archive at ${PERSONS} persons × ${EVENTS} events × ${GAMES} games (the issue: 100,000 × 10,000 × 2,000,000), ${runs} requests each:`);
    console.log(`  reference GET /api/health: ${show(health)}; GET /api/auth/me (401): ${show(me)}`);
    const ratio = (s: Sample) => `${(s.p50 / health.p50).toFixed(1)}× health`;
    console.log(
      `  profile of the busiest person (${starEvents} events, ${starEvents * ROUNDS} games): cold ${cold.toFixed(0)} ms; warm ${show(profileStar)} — ${ratio(profileStar)} (goal < 100 ms: ${goal(profileStar.p50, 100)})`,
    );
    console.log(
      `  profile of a typical person (4 events, 40 games): ${show(profileTypical)} — ${ratio(profileTypical)} (goal < 100 ms: ${goal(profileTypical.p50, 100)})`,
    );
    for (const [name, s] of found) console.log(`  archive search, ${name}: ${show(s)} — ${ratio(s)} (goal < 100 ms: ${goal(s.p50, 100)})`);
    console.log(`  the home page's calendar (no search): ${show(home)} — ${ratio(home)}`);
    console.log(`  one event's rating report page: ${show(report)} — ${ratio(report)} (goal < 1 s: ${goal(report.p50, 1000)})`);
    console.log(`  (${load()}; the machine is shared with other work: the ratios are what count)`);

    // The rating history's recompute: reading the whole timeline, the library alone, and — asked — the full recompute.
    const long = { timeout: 3_600_000, maxWait: 60_000 };
    const listId = (await prisma.ratingList.findFirstOrThrow({ where: { name: 'bench' } })).id;
    const readT = performance.now();
    const items = await prisma.$transaction((tx) => loadTimeline(tx, listId), long);
    const readMs = performance.now() - readT;
    const libT = performance.now();
    rateTimeline(methodOf({}), items);
    const libMs = performance.now() - libT;
    console.log(
      `  rating history: reading the timeline (${items.length} events) ${(readMs / 1000).toFixed(1)} s, the library alone ${(libMs / 1000).toFixed(1)} s — read + library ${((readMs + libMs) / 1000).toFixed(1)} s (goal < 60 s for the whole recompute)`,
    );
    if (process.env.BENCH_RECOMPUTE) {
      const fullT = performance.now();
      const full = await prisma.$transaction((tx) => recomputeList(tx, listId), long);
      const fullMs = performance.now() - fullT;
      console.log(
        `  full recompute (read, rate, write): ${(fullMs / 1000).toFixed(1)} s, ${full.changed.length} rows written (goal < 60 s: ${goal(fullMs, 60_000)})`,
      );
    }
    console.log(`  (${load()})`);
  } finally {
    await app.close();
    if (process.env.BENCH_KEEP_DB) console.log(`  kept the database: ${db.url}`);
    else await db.drop();
  }
}
