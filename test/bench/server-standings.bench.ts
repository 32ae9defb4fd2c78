/**
 * Server standings speed (issue 9): `GET /api/events/:eventId/standings` of a 1,000-player Swiss
 * after 9 rounds, through HTTP on a real PostgreSQL (DATABASE_URL's server, a fresh database).
 * Goal: under 100 ms — measured for an unchanged event (public reads between two results reuse
 * the table while the event's data version (play/event-version.ts) has not moved) and right after a result. Reference in the same run, on the same event: the library alone —
 * parseStandingsFile + standingsReport (what `chuhe standings --json` computes) on the exported
 * file already in memory. The breakdown shows where the server's time goes: loading the event
 * (Prisma), building the file, the library, JSON over HTTP.
 *
 * The event is imported through POST /api/tournaments/:id/tournament-file (pairings by score
 * order, seeded results) so the bench does not depend on the pairing engine's speed.
 * Run: DATABASE_URL=postgresql://… npm run bench -- server-standings
 */
import type { AddressInfo } from 'node:net';
import { standingsReport } from '@chuhe/pairing';
import { parseStandingsFile } from '@chuhe/standings';
import type { GameResult, Tournament } from '@chuhe/tournament';
import { EVENT_BY_INCLUDE, loadEventByInclude } from '../support/event-by-include';
import { createTestDatabase } from '../support/test-database';
import { benchTournament, benchUser, call, median, prng, timed } from './bench-support';
import { EventCache, PrismaService, StandingsService, createApp, eventFile, eventVersions, fileSanctions, loadEventPlay } from './server-dist';

/** The standings bench warms up three times (the first reads fill the event cache and JIT). */
const timed3 = (runs: number, f: () => Promise<unknown> | unknown) => timed(runs, f, 3);

const PLAYERS = 1000;
const ROUNDS = 9;
const RUNS = 25;

function swissFile(): Tournament {
  const random = prng(20261124);
  const ids = Array.from({ length: PLAYERS }, (_, i) => `p${i + 1}`);
  const score = new Map(ids.map((id) => [id, 0]));
  const t: Tournament = {
    name: '千人赛 Bench Open',
    options: { eventKind: 'individual', scoring: '2-1-0', gamesPerPairing: 1, boards: 1, pairingSystem: 'swiss-individual', totalRounds: ROUNDS },
    entries: ids.map((id, i) => ({ id, drawNumber: i + 1, name: `棋手${i + 1} Player ${i + 1}`, rating: 2600 - Math.floor(i / 2) })),
    rounds: [],
  };
  for (let r = 1; r <= ROUNDS; r++) {
    const keyed = ids.map((id) => ({ id, key: score.get(id)! * 1e6 + random() })).sort((a, b) => b.key - a.key);
    const pairings = [];
    for (let k = 0; k < keyed.length; k += 2) {
      const [red, black] = [keyed[k].id, keyed[k + 1].id];
      const x = random();
      const result: GameResult = x < 0.38 ? 'red_win' : x < 0.62 ? 'draw' : x < 0.985 ? 'black_win' : x < 0.993 ? 'red_win_forfeit' : 'black_win_forfeit';
      pairings.push({ red, black, games: [{ red, black, result }] });
      const [pr, pb] = result === 'red_win' || result === 'red_win_forfeit' ? [2, 0] : result === 'draw' ? [1, 1] : [0, 2];
      score.set(red, score.get(red)! + pr);
      score.set(black, score.get(black)! + pb);
    }
    t.rounds.push({ round: r, pairings, byes: [] });
  }
  return t;
}

/** Median time of `f` when `before` runs (untimed) before each call. */
async function timedCold(runs: number, before: () => Promise<unknown>, f: () => Promise<unknown>): Promise<number> {
  const ms: number[] = [];
  for (let i = 0; i < runs + 2; i++) {
    await before();
    const t0 = performance.now();
    await f();
    if (i >= 2) ms.push(performance.now() - t0);
  }
  return median(ms);
}

export async function bench(): Promise<void> {
  // A PostgreSQL server (DATABASE_URL, else the machine's own), where a fresh database is created and dropped.
  const server = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const db = await createTestDatabase(server, 'chuhe_bench');
  const app = await createApp(db.url, { logger: false, tournamentCreators: 'anyone', directRoleGrants: true });
  try {
    await app.listen(0, '127.0.0.1');
    const port = (app.getHttpServer().address() as AddressInfo).port;
    const { auth } = await benchUser(port);
    const tournament = { id: await benchTournament(port, auth) };
    const file = { ...swissFile(), standings: {}, sanctions: [], withdrawals: [] };
    const t0 = performance.now();
    const imported = await call(port, 'POST', `/api/tournaments/${tournament.id}/tournament-file`, { file }, auth);
    if (imported.status !== 201) throw new Error(`import: ${imported.status} ${imported.text.slice(0, 300)}`);
    const importMs = performance.now() - t0;
    const eventId = JSON.parse(imported.text).event.id as string;

    const get = async () => {
      const r = await call(port, 'GET', `/api/events/${eventId}/standings`);
      if (r.status !== 200) throw new Error(`standings: ${r.status} ${r.text.slice(0, 200)}`);
    };
    const prisma = app.get(PrismaService);
    // Warm: nothing changed since the last read (the table is reused after the version query).
    const http = await timed3(RUNS, get);
    // Cold: a result was entered just before the read (one game touched), so the table is computed.
    const game = await prisma.game.findFirstOrThrow({ where: { pairing: { round: { eventId } } } });
    const cold = await timedCold(RUNS, () => prisma.game.update({ where: { id: game.id }, data: { version: { increment: 1 } } }), get);
    const version = await timed3(RUNS, () => eventVersions(prisma, eventId));
    // The public standings page (issue 12: < 100 ms server time for 1,000 players), once published.
    await prisma.tournament.update({ where: { id: tournament.id }, data: { publishedAt: new Date() } });
    const page = async () => {
      const r = await call(port, 'GET', `/events/${eventId}/standings?lang=en`);
      if (r.status !== 200) throw new Error(`standings page: ${r.status} ${r.text.slice(0, 200)}`);
    };
    const pageWarm = await timed3(RUNS, page);
    const pageCold = await timedCold(RUNS, () => prisma.game.update({ where: { id: game.id }, data: { version: { increment: 1 } } }), page);
    const event = (await loadEventByInclude(prisma, eventId))!;
    const exported = eventFile(event);
    // CPU time of this process (the server and the HTTP client; PostgreSQL's own work excluded):
    // what the shared machine's load does not change.
    const cpuOf = async (runs: number, before: (() => Promise<unknown>) | null) => {
      const ms: number[] = [];
      for (let i = 0; i < runs; i++) {
        if (before) await before();
        const c0 = process.cpuUsage();
        await get();
        const c = process.cpuUsage(c0);
        ms.push((c.user + c.system) / 1000);
      }
      return median(ms);
    };
    const warmCpu = await cpuOf(RUNS, null);
    const coldCpu = await cpuOf(RUNS, () => prisma.game.update({ where: { id: game.id }, data: { version: { increment: 1 } } }));
    const c0 = process.cpuUsage();
    for (let i = 0; i < RUNS; i++) {
      const parsed = parseStandingsFile(exported);
      if (!parsed.ok) throw new Error('file');
      const r = standingsReport(parsed.value.tournament, parsed.value.options);
      if (!r.ok) throw new Error(r.error.message);
      JSON.stringify(r.value.json);
    }
    const c1 = process.cpuUsage(c0);
    const libraryCpu = (c1.user + c1.system) / 1000 / RUNS;
    const load = await timed3(RUNS, () => loadEventPlay(prisma, eventId));
    // The event cache after a result: the version query, then that round's pairings and games only.
    const cache = new EventCache();
    await cache.load(prisma, eventId);
    const cachedLoad = await timedCold(
      RUNS,
      () => prisma.game.update({ where: { id: game.id }, data: { version: { increment: 1 } } }),
      () => cache.load(prisma, eventId),
    );
    const loadPrisma = await timed3(5, () => loadEventByInclude(prisma, eventId));
    const build = await timed3(RUNS, () => eventFile(event));
    const library = await timed3(RUNS, () => {
      const parsed = parseStandingsFile(exported);
      if (!parsed.ok) throw new Error('file');
      const r = standingsReport(parsed.value.tournament, parsed.value.options);
      if (!r.ok) throw new Error(r.error.message);
      return JSON.stringify(r.value.json);
    });
    if (process.env.BENCH_DETAIL) {
      const q1 = await timed3(5, () => prisma.event.findUnique({ where: { id: eventId }, include: { tournament: true, entries: EVENT_BY_INCLUDE.entries } }));
      const q2 = await timed3(5, () => prisma.entry.findMany({ where: { eventId } }));
      const q3 = await timed3(5, () =>
        prisma.$queryRawUnsafe(
          `SELECT p.id FROM "Pairing" p JOIN "Round" r ON r.id = p."roundId" LEFT JOIN "Game" g ON g."pairingId" = p.id WHERE r."eventId" = '${eventId}'`,
        ),
      );
      const size = (await call(port, 'GET', `/api/events/${eventId}/standings`)).text.length;
      const parsedOnly = await timed3(5, () => parseStandingsFile(exported));
      const qEvent = await timed3(5, () => prisma.event.findUnique({ where: { id: eventId }, include: { tournament: true } }));
      const qRounds = await timed3(5, () => prisma.round.findMany({ where: { eventId }, include: { stage: true } }));
      const qSanctions = await timed3(5, () => fileSanctions(prisma, eventId));
      console.log({ qEvent, qRounds, qSanctions });
      const svc = app.get(StandingsService);
      const bump = () => prisma.game.update({ where: { id: game.id }, data: { version: { increment: 1 } } });
      const svcCold = await timedCold(5, bump, () => svc.standings(eventId));
      const svcFresh = await timed3(5, () => svc.fresh(eventId));
      const stringify = await timed3(5, async () => JSON.stringify(await svc.standings(eventId)));
      console.log({ serviceCold: svcCold, serviceFresh: svcFresh, serviceWarmPlusStringify: stringify });
      console.log({ eventWithEntries: q1, entriesOnly: q2, rawPairings: q3, responseBytes: size, parseOnly: parsedOnly });
    }
    const goal = (ms: number) => (ms < 100 ? 'met' : 'NOT met');
    console.log(`server standings, ${PLAYERS} players × ${ROUNDS} rounds (import of the file: ${importMs.toFixed(0)} ms):`);
    console.log(
      `  GET /api/events/:id/standings, unchanged event: median ${http.toFixed(1)} ms over HTTP (goal < 100 ms: ${goal(http)}; data version query ${version.toFixed(1)} ms)`,
    );
    console.log(`  GET /api/events/:id/standings, right after a result: median ${cold.toFixed(1)} ms over HTTP (goal < 100 ms: ${goal(cold)})`);
    console.log(
      `  standings PAGE /events/:id/standings: median ${pageWarm.toFixed(1)} ms unchanged, ${pageCold.toFixed(1)} ms right after a result (goal < 100 ms: ${goal(pageCold)})`,
    );
    console.log(
      `  library alone (parse + standingsReport + JSON, same file): ${library.toFixed(1)} ms — ratios ${(http / library).toFixed(2)}× (unchanged), ${(cold / library).toFixed(2)}× (after a result)`,
    );
    console.log(
      `  breakdown after a result: the event cache reads the version and that round again ${cachedLoad.toFixed(1)} ms (the whole event: loadEventPlay ${load.toFixed(1)} ms, play/event-file loadEvent's nested include ${loadPrisma.toFixed(1)} ms), eventFile ${build.toFixed(1)} ms, rest (library, JSON, HTTP) ${(cold - cachedLoad - build).toFixed(1)} ms`,
    );
    console.log(
      `  CPU time in this process per request: ${warmCpu.toFixed(1)} ms unchanged, ${coldCpu.toFixed(1)} ms after a result; library alone ${libraryCpu.toFixed(1)} ms (mean)`,
    );
    console.log(
      `  (the machine is shared: wall times vary with its load — load average now ${(await import('node:os')).loadavg()[0].toFixed(1)} on ${(await import('node:os')).cpus().length} CPUs)`,
    );
  } finally {
    await app.close();
    await db.drop();
  }
}
