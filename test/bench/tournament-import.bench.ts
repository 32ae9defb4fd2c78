/**
 * Issue 34 #6: every import path stays off the event loop. Two tournament files are imported over
 * HTTP into a server running in this process (POST /api/tournaments/:id/tournament-file), while
 * /api/health is polled every 20 ms and a 5 ms timer records how long the event loop was held:
 * - 10,000 entries with round 1 played (5,000 pairings and games) — every player matched to a
 *   person inside the import (persons/registry.ts matchPlayers);
 * - 5,000 one-game rounds (a two-player match of 5,000 rounds: 5,000 rounds, pairings and games).
 * Printed for each: the import's time, the longest event-loop stall, /api/health p50/max, and the
 * reference measured in the same run: the same monitor and poll over an idle stretch of 3 s.
 * Run: npm run bench -- tournament-import   (BENCH_IMPORT_CPU_PROFILE=dir writes a .cpuprofile of each import)
 */
import { availableParallelism, loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Session } from 'node:inspector/promises';
import { createTestDatabase } from '../support/test-database';
import { request as httpRequest } from 'node:http';
import { benchTournament, benchUser, call } from './bench-support';
import { createApp } from './server-dist';

const ENTRIES = Number(process.env.BENCH_IMPORT_ENTRIES ?? 10_000);
const ROUNDS = Number(process.env.BENCH_IMPORT_ROUNDS ?? 5_000);

function base(name: string, totalRounds: number) {
  return {
    name,
    options: { eventKind: 'individual', scoring: '2-1-0', gamesPerPairing: 1, boards: 1, pairingSystem: 'swiss-individual', totalRounds },
    standings: {},
    sanctions: [] as unknown[],
    withdrawals: [] as unknown[],
  };
}

/** 10,000 entries, round 1 played. */
export function manyEntries(entries = ENTRIES) {
  const half = entries / 2;
  return {
    ...base('公开赛 Open', 9),
    entries: Array.from({ length: entries }, (_, i) => ({
      id: `p${i + 1}`,
      drawNumber: i + 1,
      name: `棋手${i + 1} Player ${i + 1}`,
      rating: 2400 - (i % 700),
      affiliation: `协会${i % 50}`,
    })),
    rounds: [
      {
        round: 1,
        pairings: Array.from({ length: half }, (_, k) => {
          const [red, black] = [`p${k + 1}`, `p${k + half + 1}`];
          return { red, black, games: [{ red, black, result: k % 3 === 0 ? 'draw' : 'red_win' }] };
        }),
        byes: [],
      },
    ],
  };
}

/** A two-player match of 5,000 one-game rounds, colours alternating. */
export function manyRounds(rounds = ROUNDS) {
  return {
    ...base('对抗赛 Match', rounds),
    options: { ...base('', rounds).options, pairingSystem: 'round-robin', totalRounds: rounds },
    entries: [
      { id: 'a', drawNumber: 1, name: '甲 Jia', affiliation: '北京' },
      { id: 'b', drawNumber: 2, name: '乙 Yi', affiliation: '上海' },
    ],
    rounds: Array.from({ length: rounds }, (_, r) => {
      const [red, black] = r % 2 ? ['b', 'a'] : ['a', 'b'];
      return { round: r + 1, pairings: [{ red, black, games: [{ red, black, result: r % 3 ? 'red_win' : 'draw' }] }], byes: [] };
    }),
  };
}

/** A POST of a body already serialized (the bench's own JSON.stringify would stall this process's loop too). */
function post(port: number, path: string, body: Buffer, auth: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method: 'POST', path, headers: { 'content-type': 'application/json', 'content-length': body.length, authorization: auth } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

interface Watch {
  /** Stalls over 100 ms: [start, end] in performance.now() ms. */
  stalls: [number, number][];
  stop(): { longestStallMs: number; healthP50: number; healthMax: number; polls: number; statuses: number[] };
}

/** The longest event-loop stall (a 5 ms timer in this process) and /api/health latencies until stop(). */
function watch(port: number): Watch {
  let last = performance.now();
  let longest = 0;
  const stalls: [number, number][] = [];
  const ticker = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    if (now - last > 100) stalls.push([last, now]);
    last = now;
  }, 5);
  const samples: number[] = [];
  const statuses = new Set<number>();
  let polling = true;
  void (async () => {
    while (polling) {
      const t0 = performance.now();
      const res = await call(port, 'GET', '/api/health');
      samples.push(performance.now() - t0);
      statuses.add(res.status);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    stalls,
    stop() {
      clearInterval(ticker);
      polling = false;
      const sorted = [...samples].sort((a, b) => a - b);
      return {
        longestStallMs: longest,
        healthP50: sorted[Math.floor(sorted.length / 2)] ?? NaN,
        healthMax: sorted[sorted.length - 1] ?? NaN,
        polls: samples.length,
        statuses: [...statuses],
      };
    },
  };
}

export async function bench(): Promise<void> {
  const server = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const db = await createTestDatabase(server, 'chuhe_bench');
  const app = await createApp(db.url, { logger: false, tournamentCreators: 'anyone', directRoleGrants: true });
  const profileDir = process.env.BENCH_IMPORT_CPU_PROFILE;
  const session = profileDir ? new Session() : null;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
  }
  try {
    await app.listen(0, '127.0.0.1');
    const port = (app.getHttpServer().address() as AddressInfo).port;
    const { auth } = await benchUser(port);
    const tournament = await benchTournament(port, auth, { nameZh: '导入', nameEn: 'Import' });

    // Reference: the same monitor and poll while the server has nothing else to do.
    const idle = watch(port);
    await new Promise((r) => setTimeout(r, 3000));
    const ref = idle.stop();
    console.log(
      `reference (idle 3 s): longest event-loop stall ${ref.longestStallMs.toFixed(0)} ms; /api/health p50 ${ref.healthP50.toFixed(1)} ms, max ${ref.healthMax.toFixed(1)} ms`,
    );

    for (const [label, file] of [
      [`${ENTRIES.toLocaleString('en')} entries, round 1 played`, manyEntries()],
      [`${ROUNDS.toLocaleString('en')} one-game rounds`, manyRounds()],
    ] as const) {
      const load0 = loadavg()[0];
      if (session) await session.post('Profiler.start');
      const profileStart = performance.now();
      // The body is written before the watch starts: only the server's work is on the clock.
      const body = Buffer.from(JSON.stringify({ file }));
      const w = watch(port);
      const t0 = performance.now();
      const res = await post(port, `/api/tournaments/${tournament}/tournament-file`, body, auth);
      const took = performance.now() - t0;
      const m = w.stop();
      if (session && profileDir) {
        const { profile } = await session.post('Profiler.stop');
        const out = join(profileDir, `import-${label.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`);
        writeFileSync(out, JSON.stringify(profile));
        // The stalls, in ms from the profile's start, for a look at what ran in each.
        writeFileSync(`${out}.stalls.json`, JSON.stringify(w.stalls.map(([a, b]) => [a - profileStart, b - profileStart])));
        console.log(`  CPU profile: ${out}`);
      }
      if (res.status !== 201) throw new Error(`import (${label}): ${res.status} ${res.text.slice(0, 400)}`);
      console.log(
        `import of ${label}: ${(took / 1000).toFixed(1)} s; longest event-loop stall ${m.longestStallMs.toFixed(0)} ms ` +
          `(${(m.longestStallMs / ref.longestStallMs).toFixed(1)}× idle); /api/health p50 ${m.healthP50.toFixed(1)} ms, max ${m.healthMax.toFixed(1)} ms ` +
          `over ${m.polls} polls (statuses ${m.statuses.join(',')}); load average ${load0.toFixed(1)} → ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores`,
      );
    }
  } finally {
    session?.disconnect();
    await app.close();
    await db.drop();
  }
}
