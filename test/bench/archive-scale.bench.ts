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
 * BENCH_RECOMPUTE=1 also corrects a game of the first event and re-rates it as the server does
 * (auto-rerate: the whole list from scratch, with its writes); without it the timeline's read and
 * the library alone (libs/ratings rateTimeline) are measured. BENCH_ONLY=profile,search,ratings
 * measures only those parts.
 * Sizes: BENCH_PERSONS, BENCH_EVENTS (players per event 40, rounds 10). BENCH_KEEP_DB=1 keeps the database;
 * BENCH_DB=<name> measures that kept database again without seeding it (seeding the full scale takes
 * minutes of a shared machine).
 * Run: DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench -- archive-scale
 */
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { Client } from 'pg';
import { methodOf, rateTimeline } from '@chuhe/ratings';
import type * as Timeline from '../../apps/server/src/ratings/rating-timeline';
import type * as Profile from '../../apps/server/src/persons/profile-queries';
import type * as Rerate from '../../apps/server/src/ratings/auto-rerate';
import type * as Archive from '../../apps/server/src/archive/archive.service';
import { createTestDatabase, withDatabase, type TestDatabase } from '../support/test-database';
import { call, wallTimes } from './bench-support';
import { countStatements, meter, perRequest } from './request-meter';
import { createApp, PrismaService } from './server-dist';

const timelineModule = require('../../dist/apps/server/src/ratings/rating-timeline') as typeof Timeline;
const { loadTimeline, recomputeList } = timelineModule;
const profileQueries = require('../../dist/apps/server/src/persons/profile-queries') as typeof Profile;
const { AutoRerate } = require('../../dist/apps/server/src/ratings/auto-rerate') as typeof Rerate;
const { PERSON_SEARCH } = require('../../dist/apps/server/src/archive/archive.service') as typeof Archive;

const PERSONS = Number(process.env.BENCH_PERSONS ?? 100_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const PLAYERS = 40;
const ROUNDS = 10;
const TABLES = PLAYERS / 2;
const GAMES = EVENTS * ROUNDS * TABLES;
/** Person 0 plays every STAR_EVERY-th event (as draw number 1). */
const STAR_EVERY = 50;

/** Every TEAM_EVERY-th event (e % TEAM_EVERY = TEAM_AT) is a team event: half of person 0's events. */
const TEAM_EVERY = 4;
const TEAM_AT = 2;
/** A team event: 10 teams of 4 (4 boards, no reserve) from the same 40 players; 5 matches a round, 20 games. */
const TEAMS = PLAYERS / 4;
const BOARDS = 4;

/** The history, by set-returning SQL: one statement per table. */
function seedSql(): string[] {
  const E = EVENTS - 1;
  const others = PERSONS - 1;
  const spread = Math.floor(others / PLAYERS);
  // Persons 1…PERSONS-1 spread over the events (distinct within an event); person 0 the star.
  const person = `(CASE WHEN k = 0 AND e % ${STAR_EVERY} = 0 THEN 0 ELSE 1 + (e * 37 + k * ${spread}) % ${others} END)`;
  const entry = (pos: string) => `md5('en' || e || '-' || (${pos}) % ${PLAYERS})::uuid`;
  const player = (pos: string) => `md5('pl' || e || '-' || (${pos}) % ${PLAYERS})::uuid`;
  const team = `e % ${TEAM_EVERY} = ${TEAM_AT}`;
  const individual = `e % ${TEAM_EVERY} <> ${TEAM_AT}`;
  // A team match at table t of round r: team (2t-2+r) % TEAMS (red on odd boards) against (2t-1+r) % TEAMS.
  const redTeam = `(2 * t - 2 + r) % ${TEAMS}`;
  const blackTeam = `(2 * t - 1 + r) % ${TEAMS}`;
  const member = (teamNo: string) => `md5('pl' || e || '-' || (${BOARDS} * (${teamNo}) + b - 1))::uuid`;
  return [
    `INSERT INTO "Person"(id, "nameZh", "nameEn", gender, "unitZh", "unitEn", "updatedAt")
       SELECT md5('person' || i)::uuid, '棋手' || i, 'Player ' || i, 'male', '单位' || (i % 300), 'Unit ' || (i % 300), now() FROM generate_series(0, ${PERSONS - 1}) i`,
    `INSERT INTO "RatingList"(id, name, method, "updatedAt") VALUES (md5('list')::uuid, 'bench', '{}', now())`,
    `INSERT INTO "Tournament"(id, "nameZh", "nameEn", venue, "startDate", "endDate", organizer, "publishedAt", "updatedAt")
       SELECT md5('t' || e)::uuid, '公开赛' || e, 'Open ' || e, '场馆' || (e % 50), date '2000-01-01' + e, date '2000-01-01' + e + 2, 'bench', now(), now()
       FROM generate_series(0, ${E}) e`,
    `INSERT INTO "Event"(id, "tournamentId", "nameZh", "nameEn", kind, stages, "timeControl", "tieBreaks", "ratingListId", "round1PairedAt", "updatedAt")
       SELECT md5('e' || e)::uuid, md5('t' || e)::uuid, '个人赛', 'Individual', 'individual', '[{"type":"swiss","rounds":${ROUNDS}}]', '{"baseMinutes":60,"incrementSeconds":30}',
              '["score","opponentScore","sonnebornBerger"]', md5('list')::uuid, now(), now() FROM generate_series(0, ${E}) e WHERE ${individual}`,
    `INSERT INTO "Event"(id, "tournamentId", "nameZh", "nameEn", kind, stages, "teamStarters", "teamReserves", "timeControl", "tieBreaks", "ratingListId", "round1PairedAt", "updatedAt")
       SELECT md5('e' || e)::uuid, md5('t' || e)::uuid, '团体赛', 'Team', 'team', '[{"type":"swiss","rounds":${ROUNDS}}]', ${BOARDS}, 0, '{"baseMinutes":60,"incrementSeconds":30}',
              '["score","opponentScore","totalGamePoints","directEncounter","opponentGamePoints","board1Points","matchesAsBlack","fouls"]', md5('list')::uuid, now(), now()
       FROM generate_series(0, ${E}) e WHERE ${team}`,
    `INSERT INTO "Stage"(id, "eventId", index, type, config) SELECT md5('s' || e)::uuid, md5('e' || e)::uuid, 0, 'swiss', '{"rounds":${ROUNDS}}' FROM generate_series(0, ${E}) e`,
    `INSERT INTO "Player"(id, "tournamentId", "nameZh", "nameEn", gender, rating, "personId", "updatedAt")
       SELECT md5('pl' || e || '-' || k)::uuid, md5('t' || e)::uuid, '棋手' || ${person}, 'Player ' || ${person}, 'male', 1500 + (${person} % 700), md5('person' || ${person})::uuid, now()
       FROM generate_series(0, ${E}) e, generate_series(0, ${PLAYERS - 1}) k`,
    `INSERT INTO "Entry"(id, "eventId", "playerId", "drawNumber", "updatedAt")
       SELECT md5('en' || e || '-' || k)::uuid, md5('e' || e)::uuid, md5('pl' || e || '-' || k)::uuid, k + 1, now() FROM generate_series(0, ${E}) e, generate_series(0, ${PLAYERS - 1}) k
       WHERE ${individual}`,
    // The team events' units, teams (player k on board k % 4 + 1 of team k / 4), members and entries.
    `INSERT INTO "Affiliation"(id, "tournamentId", "nameZh", "nameEn")
       SELECT md5('af' || e || '-' || j)::uuid, md5('t' || e)::uuid, '队' || j, 'Team ' || j FROM generate_series(0, ${E}) e, generate_series(0, ${TEAMS - 1}) j WHERE ${team}`,
    `INSERT INTO "Team"(id, "eventId", "affiliationId", "nameZh", "nameEn", "updatedAt")
       SELECT md5('tm' || e || '-' || j)::uuid, md5('e' || e)::uuid, md5('af' || e || '-' || j)::uuid, '队' || j, 'Team ' || j, now()
       FROM generate_series(0, ${E}) e, generate_series(0, ${TEAMS - 1}) j WHERE ${team}`,
    `INSERT INTO "TeamMember"(id, "teamId", "playerId", role, board)
       SELECT md5('tmm' || e || '-' || k)::uuid, md5('tm' || e || '-' || (k / ${BOARDS}))::uuid, md5('pl' || e || '-' || k)::uuid, 'starter', k % ${BOARDS} + 1
       FROM generate_series(0, ${E}) e, generate_series(0, ${PLAYERS - 1}) k WHERE ${team}`,
    `INSERT INTO "Entry"(id, "eventId", "teamId", "drawNumber", "updatedAt")
       SELECT md5('en' || e || '-' || j)::uuid, md5('e' || e)::uuid, md5('tm' || e || '-' || j)::uuid, j + 1, now() FROM generate_series(0, ${E}) e, generate_series(0, ${TEAMS - 1}) j
       WHERE ${team}`,
    `INSERT INTO "Round"(id, "eventId", "stageId", number, "stageRound", state, "publishedAt", "completedAt", "updatedAt")
       SELECT md5('r' || e || '-' || r)::uuid, md5('e' || e)::uuid, md5('s' || e)::uuid, r, r, 'completed', now(), now(), now() FROM generate_series(0, ${E}) e, generate_series(1, ${ROUNDS}) r`,
    `INSERT INTO "Pairing"(id, "roundId", "table", "redEntryId", "blackEntryId", "updatedAt")
       SELECT md5('pa' || e || '-' || r || '-' || t)::uuid, md5('r' || e || '-' || r)::uuid, t, ${entry('2 * t - 2 + r')}, ${entry('2 * t - 1 + r')}, now()
       FROM generate_series(0, ${E}) e, generate_series(1, ${ROUNDS}) r, generate_series(1, ${TABLES}) t WHERE ${individual}`,
    `INSERT INTO "Pairing"(id, "roundId", "table", "redEntryId", "blackEntryId", "updatedAt")
       SELECT md5('pa' || e || '-' || r || '-' || t)::uuid, md5('r' || e || '-' || r)::uuid, t,
              md5('en' || e || '-' || ${redTeam})::uuid, md5('en' || e || '-' || ${blackTeam})::uuid, now()
       FROM generate_series(0, ${E}) e, generate_series(1, ${ROUNDS}) r, generate_series(1, ${TEAMS / 2}) t WHERE ${team}`,
    `INSERT INTO "Game"(id, "pairingId", board, "redPlayerId", "blackPlayerId", result, "updatedAt")
       SELECT md5('g' || e || '-' || r || '-' || t)::uuid, md5('pa' || e || '-' || r || '-' || t)::uuid, 1, ${player('2 * t - 2 + r')}, ${player('2 * t - 1 + r')},
              (ARRAY['red_win', 'draw', 'black_win'])[1 + ((e * 31 + r * 7 + t) % 3)]::"GameResult", now()
       FROM generate_series(0, ${E}) e, generate_series(1, ${ROUNDS}) r, generate_series(1, ${TABLES}) t WHERE ${individual}`,
    // The red team's player has red on boards 1 and 3, black on 2 and 4.
    `INSERT INTO "Game"(id, "pairingId", board, "redPlayerId", "blackPlayerId", result, "updatedAt")
       SELECT md5('g' || e || '-' || r || '-' || t || '-' || b)::uuid, md5('pa' || e || '-' || r || '-' || t)::uuid, b,
              CASE WHEN b % 2 = 1 THEN ${member(redTeam)} ELSE ${member(blackTeam)} END, CASE WHEN b % 2 = 1 THEN ${member(blackTeam)} ELSE ${member(redTeam)} END,
              (ARRAY['red_win', 'draw', 'black_win'])[1 + ((e * 31 + r * 7 + t + b) % 3)]::"GameResult", now()
       FROM generate_series(0, ${E}) e, generate_series(1, ${ROUNDS}) r, generate_series(1, ${TEAMS / 2}) t, generate_series(1, ${BOARDS}) b WHERE ${team}`,
    // One rating change per player and event (the profile's chart), as a recompute would leave them.
    `INSERT INTO "RatingChange"(id, "ratingListId", "personId", "eventId", "effectiveAt", "ratingBefore", rating, games, performance)
       SELECT md5('rc' || p.id)::uuid, md5('list')::uuid, p."personId", ev.id, t."endDate", p.rating, p.rating + (hashtext(p.id::text) % 21), ${ROUNDS}, p.rating
       FROM "Player" p JOIN "Tournament" t ON t.id = p."tournamentId" JOIN "Event" ev ON ev."tournamentId" = t.id`,
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

/** Seeds the history in one transaction (see seedSql) and analyzes it. */
async function seed(prisma: PrismaService): Promise<void> {
  console.log(`seeding ${PERSONS} persons, ${EVENTS} events (one in ${TEAM_EVERY} a team event), ${GAMES} games (${load()})`);
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
}

/**
 * A correction to the first event of the history, re-rated as the server does it (ratings/auto-rerate
 * rerate: the list recomputed from scratch in one transaction, every row that differs written): one
 * game's result changed through the database (its trigger moves the event's games version), then the
 * event re-rated. The first recompute of a seeded database rewrites every row (the seeded ratings are
 * not the method's); later ones every rating after the corrected game that moved.
 */
async function correction(prisma: PrismaService, rerate: { rerate(eventId: string): Promise<string> }): Promise<void> {
  const first = (await prisma.$queryRawUnsafe<{ id: string }[]>(`SELECT md5('g0-1-1')::uuid::text AS id`))[0].id;
  const game = await prisma.game.findUniqueOrThrow({
    where: { id: first },
    select: { result: true, pairing: { select: { round: { select: { eventId: true } } } } },
  });
  await prisma.game.update({ where: { id: first }, data: { result: game.result === 'draw' ? 'red_win' : 'draw' } });
  const rows = await prisma.ratingChange.count();
  // The server's recompute reports its phases (auto-rerate calls it through the module's export).
  const phases: string[] = [];
  (timelineModule as { recomputeList: typeof recomputeList }).recomputeList = (tx, id, include) =>
    recomputeList(tx, id, include, (p) =>
      phases.push(
        `timeline read ${(p.timeline / 1000).toFixed(1)} s, rating ${(p.rate / 1000).toFixed(1)} s, stored rows read ${(p.stored / 1000).toFixed(1)} s, ` +
          `diff ${(p.diff / 1000).toFixed(1)} s, write ${(p.write / 1000).toFixed(1)} s (${p.sent} rows sent to the UPDATE)`,
      ),
    );
  const t = performance.now();
  const cpu = process.cpuUsage();
  const outcome = await rerate.rerate(game.pairing.round.eventId).catch(async (error: Error) => {
    // The server's own re-rate gives its transaction 300 s: past that (a loaded machine), the same
    // recompute is measured in a transaction of its own with no limit.
    console.log(
      `  the re-rate failed after ${((performance.now() - t) / 1000).toFixed(1)} s (${load()}): ${error.message.split('\n').slice(-1)[0].slice(0, 160)}`,
    );
    const again = performance.now();
    const listId = (await prisma.ratingList.findFirstOrThrow({ where: { name: 'bench' } })).id;
    const result = await prisma.$transaction((tx) => recomputeList(tx, listId), { timeout: 3_600_000, maxWait: 60_000 });
    console.log(
      `  recomputeList alone, one transaction without a limit: ${((performance.now() - again) / 1000).toFixed(1)} s, ${result.changed.length} ratings changed (${load()})`,
    );
    return 'failed (timed out)';
  });
  const ms = performance.now() - t;
  const used = process.cpuUsage(cpu);
  const audit = await prisma.auditLog.findFirst({ where: { entity: 'event_rating', entityId: game.pairing.round.eventId }, orderBy: { at: 'desc' } });
  const changed = (audit?.after as { changed?: number } | null)?.changed;
  console.log(
    `  a correction to the first event re-rated (auto-rerate, from scratch with its writes, ${rows} rating rows): ${outcome} in ${(ms / 1000).toFixed(1)} s, ${changed === undefined ? 'no audit row' : `${changed} ratings changed`} (goal < 60 s: ${goal(ms, 60_000)}) (${load()})`,
  );
  console.log(`    the server process's CPU for it (user + system, load-independent): ${((used.user + used.system) / 1e6).toFixed(1)} s`);
  for (const p of phases) console.log(`    its phases: ${p}`);
}

export async function bench(): Promise<void> {
  const server = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const kept = process.env.BENCH_DB;
  const db: TestDatabase = kept
    ? { url: withDatabase(server, kept), name: kept, drop: async () => undefined }
    : await createTestDatabase(server, 'chuhe_bench_archive');
  // The seeded ratings have no audit rows: the start-up catch-up would re-rate every event.
  process.env.CHUHE_RERATE_SWEEP = 'off';
  countStatements(); // the server's statements from its start (the pool's clients are patched as they are made)
  const app = await createApp(db.url, { logger: false });
  // Templates compiled once, as in production (the Dockerfile's NODE_ENV=production turns Express's
  // view cache on): without it every page compiles its templates again (most of a page's CPU).
  if (!process.env.BENCH_NO_VIEW_CACHE) (app.getHttpAdapter().getInstance() as { enable(setting: string): void }).enable('view cache');
  const probe = new Client({ connectionString: db.url });
  await probe.connect();
  try {
    await app.listen(0, '127.0.0.1');
    const port = (app.getHttpServer().address() as AddressInfo).port;
    const prisma = app.get(PrismaService);
    const get = (path: string) =>
      call(port, 'GET', path).then((r) => {
        if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${r.text.slice(0, 200)}`);
        return r;
      });

    if (kept) console.log(`the kept database ${kept}, not seeded again (${load()})`);
    else await seed(prisma);

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
        'all games (the API)': profileQueries.PERSON_GAMES.sql(star),
        'event figures': profileQueries.PERSON_EVENT_FIGURES.sql(star),
        'top 50 opponents': profileQueries.PERSON_OPPONENTS.sql(star, 50, null),
        'games page 1': profileQueries.PERSON_GAMES_PAGE.sql(star, null, 0, 100),
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
    const teamEvent = (await prisma.$queryRawUnsafe<{ id: string }[]>(`SELECT md5('e' || ${TEAM_AT + TEAM_EVERY * 3})::uuid::text AS id`))[0].id;
    const teamTable = await call(port, 'GET', `/api/events/${teamEvent}/standings`);
    const teamRows = teamTable.status === 200 ? (JSON.parse(teamTable.text) as { report: { rows: unknown[] } }).report.rows.length : 0;
    if (teamRows !== TEAMS) throw new Error(`standings of a seeded team event: ${teamTable.status} ${teamTable.text.slice(0, 300)}`);

    const only = (phase: string) => !process.env.BENCH_ONLY || process.env.BENCH_ONLY.split(',').includes(phase);
    const runs = Number(process.env.BENCH_RUNS ?? 50);
    const health = await sample(runs, () => get('/api/health'));
    const me = await sample(runs, () => call(port, 'GET', '/api/auth/me'));
    console.log(`the archive at ${PERSONS} persons × ${EVENTS} events × ${GAMES} games (the issue: 100,000 × 10,000 × 2,000,000), ${runs} requests each:`);
    console.log(`  reference GET /api/health: ${show(health)}; GET /api/auth/me (401): ${show(me)} (${load()})`);
    const ratio = (s: Sample) => `${(s.p50 / health.p50).toFixed(1)}× health`;

    if (only('profile')) {
      // Cold: the first view after a start (each event's standings computed once).
      const coldT = performance.now();
      await get(`/persons/${star}?lang=zh`);
      const cold = performance.now() - coldT;
      // Load-independent: statements and this process's CPU per request, against the health reference.
      countStatements(probe);
      const metered = (label: string, path: string) => meter(label, probe, db.name, () => wallTimes(runs, () => get(path), 0));
      const healthCost = await metered('health', '/api/health');
      const starCost = await metered('profile-star', `/persons/${star}?lang=zh`);
      const profileStar = await sample(runs, () => get(`/persons/${star}?lang=zh`));
      const lastPage = await sample(runs, () => get(`/persons/${star}?lang=en&page=20`));
      const allOpponents = await sample(Math.min(runs, 10), () => get(`/persons/${star}?lang=en&opponents=all`));
      const profileTypical = await sample(runs, () => get(`/persons/${typical}?lang=en`));
      console.log(
        `  profile of the busiest person (${starEvents} events, half of them team events, ${starEvents * ROUNDS} games): cold ${cold.toFixed(0)} ms; warm ${show(profileStar)} — ${ratio(profileStar)} (goal < 100 ms: ${goal(profileStar.p50, 100)}) (${load()})`,
      );
      console.log(`    per request: ${perRequest(starCost, runs)}`);
      console.log(`    reference /api/health per request: ${perRequest(healthCost, runs)}`);
      console.log(`    its last page of games (page 20): ${show(lastPage)}; with all its opponents (?opponents=all): ${show(allOpponents)}`);
      console.log(
        `  profile of a typical person (4 events, 40 games): ${show(profileTypical)} — ${ratio(profileTypical)} (goal < 100 ms: ${goal(profileTypical.p50, 100)}) (${load()})`,
      );
    }

    if (only('search')) {
      const found: [string, Sample][] = [];
      for (const [name, path] of searches) found.push([name, await sample(runs, () => get(path))]);
      const home = await sample(runs, () => get('/?lang=zh'));
      const report = await sample(Math.min(runs, 20), () => get(`/events/${md5Event}/rating-report?lang=zh`));
      for (const [name, s] of found) console.log(`  archive search, ${name}: ${show(s)} — ${ratio(s)} (goal < 100 ms: ${goal(s.p50, 100)})`);
      console.log(`  the home page's calendar (no search): ${show(home)} — ${ratio(home)}`);
      console.log(`  one event's rating report page: ${show(report)} — ${ratio(report)} (goal < 1 s: ${goal(report.p50, 1000)})`);
      console.log(`  (${load()}; the machine is shared with other work: the ratios are what count)`);
    }

    if (only('ratings')) {
      // The rating history's recompute: reading the whole timeline, the library alone, and — asked — the full recompute.
      const long = { timeout: 3_600_000, maxWait: 60_000 };
      const listId = (await prisma.ratingList.findFirstOrThrow({ where: { name: 'bench' } })).id;
      {
        // In a block: the timeline read here is garbage before the recompute below measures its own.
        const readT = performance.now();
        const items = await prisma.$transaction((tx) => loadTimeline(tx, listId), long);
        const readMs = performance.now() - readT;
        const libT = performance.now();
        rateTimeline(methodOf({}), items);
        const libMs = performance.now() - libT;
        console.log(
          `  rating history: reading the timeline (${items.length} events) ${(readMs / 1000).toFixed(1)} s, the library alone ${(libMs / 1000).toFixed(1)} s — read + library ${((readMs + libMs) / 1000).toFixed(1)} s (${load()})`,
        );
      }
      if (process.env.BENCH_RECOMPUTE) await correction(prisma, app.get(AutoRerate));
    }
  } finally {
    await probe.end();
    await app.close();
    if (process.env.BENCH_KEEP_DB || kept) console.log(`  kept the database: ${db.name} (BENCH_DB=${db.name} measures it again)`);
    else await db.drop();
  }
}
