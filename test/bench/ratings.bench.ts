/**
 * Issue 33's scale: the person registry, ratings and the archive on a generated history —
 * BENCH_PERSONS persons, BENCH_EVENTS rated events (one published tournament each), 20 players per
 * event, 9 rounds of 10 games: games = events × 90. The issue's scale is 100,000 persons, 10,000
 * events, 2,000,000 games; the default here is smaller (2 shared cores), and the figures are printed
 * with the per-game rate and a linear extrapolation to the issue's scale. Measured:
 *   - the profile page GET /persons/:id (cold: first view, the events' standings computed; warm),
 *   - the whole rating history recomputed from scratch (database read + Elo + write), and again with
 *     nothing changed, beside the library alone (libs/ratings rateTimeline on the loaded timeline),
 *   - one event's rating report page, the archive search GET /?q=,
 *   - the reference: GET /api/health over the same HTTP, and the library alone for the recompute.
 * Run: DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench -- ratings
 */
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { methodOf, rateTimeline } from '@chuhe/ratings';
import type * as Timeline from '../../apps/server/src/ratings/rating-timeline';
import { createTestDatabase } from '../support/test-database';
import { call, timed } from './bench-support';
import { createApp, PrismaService } from './server-dist';

const { recomputeList, loadTimeline } = require('../../dist/apps/server/src/ratings/rating-timeline') as typeof Timeline;

const PERSONS = Number(process.env.BENCH_PERSONS ?? 20_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 2_000);
const PLAYERS = 20;
const ROUNDS = 9;
const GAMES = EVENTS * ROUNDS * (PLAYERS / 2);

/** The history, generated in the database by set-returning SQL (deterministic ids: md5 of a name). */
function generationSql(): string[] {
  const P = PERSONS;
  const E = EVENTS - 1;
  const step = Math.floor(P / PLAYERS);
  const person = `((e * 13 + k * ${step}) % ${P})`;
  return [
    `INSERT INTO "Person"(id, "nameZh", "nameEn", gender, "unitZh", "updatedAt")
       SELECT md5('person' || i)::uuid, '棋手' || i, 'Player ' || i, 'male', '单位' || (i % 300), now() FROM generate_series(0, ${P - 1}) i`,
    `INSERT INTO "RatingList"(id, name, method, "updatedAt") VALUES (md5('list')::uuid, 'bench', '{}', now())`,
    `INSERT INTO "Tournament"(id, "nameZh", "nameEn", venue, "startDate", "endDate", organizer, "publishedAt", "updatedAt")
       SELECT md5('t' || e)::uuid, '公开赛' || e, 'Open ' || e, 'venue', date '2000-01-01' + e, date '2000-01-01' + e, 'bench', now(), now() FROM generate_series(0, ${E}) e`,
    `INSERT INTO "Event"(id, "tournamentId", "nameZh", "nameEn", kind, stages, "timeControl", "tieBreaks", "ratingListId", "round1PairedAt", "updatedAt")
       SELECT md5('e' || e)::uuid, md5('t' || e)::uuid, '个人赛', 'Individual', 'individual', '[{"type":"swiss","rounds":${ROUNDS}}]', '{"baseMinutes":60,"incrementSeconds":30}',
              '["buchholz","sonneborn_berger"]', md5('list')::uuid, now(), now() FROM generate_series(0, ${E}) e`,
    `INSERT INTO "Stage"(id, "eventId", index, type, config) SELECT md5('s' || e)::uuid, md5('e' || e)::uuid, 0, 'swiss', '{"rounds":${ROUNDS}}' FROM generate_series(0, ${E}) e`,
    `INSERT INTO "Player"(id, "tournamentId", "nameZh", "nameEn", gender, "personId", "updatedAt")
       SELECT md5('pl' || e || '-' || k)::uuid, md5('t' || e)::uuid, '棋手' || ${person}, 'Player ' || ${person}, 'male', md5('person' || ${person})::uuid, now()
       FROM generate_series(0, ${E}) e, generate_series(0, ${PLAYERS - 1}) k`,
    `INSERT INTO "Entry"(id, "eventId", "playerId", "drawNumber", "updatedAt")
       SELECT md5('en' || e || '-' || k)::uuid, md5('e' || e)::uuid, md5('pl' || e || '-' || k)::uuid, k + 1, now() FROM generate_series(0, ${E}) e, generate_series(0, ${PLAYERS - 1}) k`,
    `INSERT INTO "Round"(id, "eventId", "stageId", number, "stageRound", state, "completedAt", "updatedAt")
       SELECT md5('r' || e || '-' || r)::uuid, md5('e' || e)::uuid, md5('s' || e)::uuid, r, r, 'completed', now(), now() FROM generate_series(0, ${E}) e, generate_series(1, ${ROUNDS}) r`,
    `INSERT INTO "Pairing"(id, "roundId", "table", "redEntryId", "blackEntryId", "updatedAt")
       SELECT md5('pa' || e || '-' || r || '-' || t)::uuid, md5('r' || e || '-' || r)::uuid, t,
              md5('en' || e || '-' || ((2 * t - 2 + r) % ${PLAYERS}))::uuid, md5('en' || e || '-' || ((2 * t - 1 + r) % ${PLAYERS}))::uuid, now()
       FROM generate_series(0, ${E}) e, generate_series(1, ${ROUNDS}) r, generate_series(1, ${PLAYERS / 2}) t`,
    `INSERT INTO "Game"(id, "pairingId", board, "redPlayerId", "blackPlayerId", result, "updatedAt")
       SELECT md5('g' || e || '-' || r || '-' || t)::uuid, md5('pa' || e || '-' || r || '-' || t)::uuid, 1,
              md5('pl' || e || '-' || ((2 * t - 2 + r) % ${PLAYERS}))::uuid, md5('pl' || e || '-' || ((2 * t - 1 + r) % ${PLAYERS}))::uuid,
              (ARRAY['red_win', 'draw', 'black_win'])[1 + ((e * 31 + r * 7 + t) % 3)]::"GameResult", now()
       FROM generate_series(0, ${E}) e, generate_series(1, ${ROUNDS}) r, generate_series(1, ${PLAYERS / 2}) t`,
    `ANALYZE`,
  ];
}

export async function bench(): Promise<void> {
  const server = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const db = await createTestDatabase(server, 'chuhe_bench');
  const app = await createApp(db.url, { logger: false });
  try {
    await app.listen(0, '127.0.0.1');
    const port = (app.getHttpServer().address() as AddressInfo).port;
    const prisma = app.get(PrismaService);
    const t0 = performance.now();
    for (const sql of generationSql()) await prisma.$executeRawUnsafe(sql);
    const generated = performance.now() - t0;
    console.log(`generated ${PERSONS} persons, ${EVENTS} events, ${GAMES} games in ${(generated / 1000).toFixed(1)} s`);

    const listId = (await prisma.ratingList.findFirstOrThrow({ where: { name: 'bench' } })).id;
    const eventIds = (await prisma.event.findMany({ select: { id: true } })).map((e) => e.id);
    const long = { timeout: 3_600_000, maxWait: 60_000 };
    const first = performance.now();
    const full = await prisma.$transaction((tx) => recomputeList(tx, listId, eventIds), long);
    const fullMs = performance.now() - first;
    const again = performance.now();
    const same = await prisma.$transaction((tx) => recomputeList(tx, listId), long);
    const againMs = performance.now() - again;
    const loadStart = performance.now();
    const items = await prisma.$transaction((tx) => loadTimeline(tx, listId), long);
    const loadMs = performance.now() - loadStart;
    const libraryMs = await timed(3, () => rateTimeline(methodOf({}), items), 1);

    // Pages: a person of many events, one event's report, a search.
    const busy = await prisma.$queryRawUnsafe<{ id: string; n: bigint }[]>(
      `SELECT "personId"::text AS id, count(*) AS n FROM "Player" GROUP BY "personId" ORDER BY count(*) DESC, "personId" LIMIT 1`,
    );
    const personId = busy[0].id;
    const coldT = performance.now();
    const coldProfile = await call(port, 'GET', `/persons/${personId}?lang=zh`);
    const profileCold = performance.now() - coldT;
    if (coldProfile.status !== 200) throw new Error(`profile: ${coldProfile.status}`);
    const profileWarm = await timed(10, () => call(port, 'GET', `/persons/${personId}?lang=zh`));
    const report = await timed(10, () => call(port, 'GET', `/events/${eventIds[Math.floor(eventIds.length / 2)]}/rating-report?lang=zh`));
    const search = await timed(10, () => call(port, 'GET', `/?lang=zh&q=${encodeURIComponent(`棋手${PERSONS - 7}`)}`));
    const searchUnit = await timed(10, () => call(port, 'GET', `/?lang=zh&q=${encodeURIComponent('公开赛12')}&year=2001`));
    const reference = await timed(20, () => call(port, 'GET', '/api/health'));

    const scale = 2_000_000 / GAMES;
    const goal = (ms: number, limit: number) => (ms < limit ? 'met' : 'NOT met');
    console.log(`ratings and the archive, ${PERSONS} persons × ${EVENTS} events × ${GAMES} games (the issue: 100,000 × 10,000 × 2,000,000):`);
    console.log(
      `  full recompute from scratch: ${(fullMs / 1000).toFixed(1)} s (${full.events} events, ${full.persons} persons, ${full.changed.length} rating rows written); again with nothing changed: ${(againMs / 1000).toFixed(1)} s (${same.changed.length} changed)`,
    );
    console.log(
      `    of which reading the timeline ${(loadMs / 1000).toFixed(1)} s and the library alone (rateTimeline) ${(libraryMs / 1000).toFixed(2)} s — ratio full / library ${(fullMs / libraryMs).toFixed(1)}×`,
    );
    console.log(
      `    linear extrapolation to 2,000,000 games (×${scale.toFixed(1)}): from scratch ~${((fullMs * scale) / 1000).toFixed(0)} s, unchanged ~${((againMs * scale) / 1000).toFixed(0)} s (goal < 60 s: ${goal(againMs * scale, 60_000)} unchanged, ${goal(fullMs * scale, 60_000)} from scratch)`,
    );
    console.log(
      `  profile page of the busiest person (${busy[0].n} events): cold ${profileCold.toFixed(0)} ms (each event's standings computed once), warm median ${profileWarm.toFixed(1)} ms (goal < 100 ms: ${goal(profileWarm, 100)})`,
    );
    console.log(`  one event's rating report page: median ${report.toFixed(1)} ms (goal < 1 s: ${goal(report, 1000)})`);
    console.log(
      `  archive search by a player's name: median ${search.toFixed(1)} ms; by event name and year: ${searchUnit.toFixed(1)} ms (goal < 100 ms: ${goal(Math.max(search, searchUnit), 100)})`,
    );
    console.log(
      `  reference GET /api/health: ${reference.toFixed(1)} ms — ratios profile ${(profileWarm / reference).toFixed(1)}×, report ${(report / reference).toFixed(1)}×, search ${(search / reference).toFixed(1)}×`,
    );
    console.log(`  (the machine is shared: load average now ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs)`);
  } finally {
    await app.close();
    if (process.env.BENCH_KEEP_DB) console.log(`  kept the database: ${db.url}`);
    else await db.drop();
  }
}
