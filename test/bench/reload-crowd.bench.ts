/**
 * `npm run bench -- reload-crowd` (issue 35 #2): a crowd that reloads. Viewers who press reload,
 * browsers that poll because their stream was refused, crawlers: each fetches the page again.
 * The real server (dist/…/main.js, its own process) on the machine's PostgreSQL (a fresh database,
 * dropped after); a 40-player Swiss (BENCH_RELOAD_PLAYERS), round 1 published.
 *
 * For each crowd (BENCH_RELOAD_CROWDS, default 2000,10000): a result is entered, then every viewer
 * asks for the standings at once (one connection each, from its own loopback address, brotli
 * accepted, as a browser reloading). Printed: p50/p99/max of the answers, the refused or failed
 * ones, the server's CPU per page served, and the reference measured in the same run — one viewer
 * alone asking for the same cached page (p50 of 50) — with the ratio. Every figure with the
 * machine's load (os.loadavg: the machine is shared).
 */
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { benchClient, swissEventWithRound1 } from './bench-http';
import { applyMigrations } from './server-dist';

const SERVER = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const CROWDS = (process.env.BENCH_RELOAD_CROWDS ?? '2000,10000').split(',').map(Number);
const PLAYERS = Number(process.env.BENCH_RELOAD_PLAYERS ?? 40);

const addressOf = (i: number) => `127.2.${Math.floor(i / 250)}.${(i % 250) + 1}`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

export function pct(xs: number[], p: number): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
}

export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** One GET as a browser reloading: its time to the last byte, or null when it failed. */
function reload(port: number, path: string, localAddress: string): Promise<{ ms: number; status: number } | null> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = http.get(
      { host: '127.0.0.1', port, path, localAddress, agent: false, headers: { Accept: 'text/html', 'Accept-Encoding': 'br, gzip' } },
      (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve({ ms: performance.now() - t0, status: res.statusCode ?? 0 }));
        res.on('error', () => resolve(null));
      },
    );
    req.setTimeout(60_000, () => req.destroy());
    req.on('error', () => resolve(null));
  });
}

/**
 * With BENCH_PROFILE_DIR set, the server's CPU profile of `phase` alone, written as
 * BENCH_PROFILE_DIR/<label>.cpuprofile (profile-on-signal.js; read it with cpu-profile-summary.ts).
 */
export async function profiledPhase<T>(pid: number, label: string, phase: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_PROFILE_DIR;
  if (!dir) return phase();
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'label'), label);
  rmSync(join(dir, `${label}.done`), { force: true });
  process.kill(pid, 'SIGUSR2');
  await new Promise((r) => setTimeout(r, 200));
  const value = await phase();
  process.kill(pid, 'SIGUSR2');
  for (const deadline = Date.now() + 60_000; !existsSync(join(dir, `${label}.done`)) && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 100));
  console.log(`profile of the server: ${join(dir, `${label}.cpuprofile`)}`);
  return value;
}

/** The server on a fresh database; `run` gets its port, an organizer's event and the server's pid. */
export async function withServer(
  name: string,
  players: number,
  run: (s: {
    port: number;
    pid: number;
    auth: string;
    email: string;
    tournamentId: string;
    eventId: string;
    games: { id: string; version: number }[];
    databaseUrl: string;
  }) => Promise<void>,
): Promise<void> {
  const db = `chuhe_bench_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${db}"`);
  const url = new URL(SERVER);
  url.pathname = `/${db}`;
  let child: ChildProcess | undefined;
  try {
    await applyMigrations(url.toString(), { warn: () => undefined });
    const port = 20000 + Math.floor(Math.random() * 20000);
    child = spawn(
      process.execPath,
      [
        ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
        // BENCH_PROFILE_DIR: profiles of the measured phases alone (profiledPhase below).
        ...(process.env.BENCH_PROFILE_DIR ? ['-r', join(__dirname, 'profile-on-signal.js')] : []),
        join(__dirname, '../../dist/apps/server/src/main.js'),
      ],
      {
        env: { ...process.env, DATABASE_URL: url.toString(), PORT: String(port), CHUHE_WORKERS: '1', CHUHE_DEMO: '0', CHUHE_TOURNAMENT_CREATORS: 'anyone' },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    const base = `http://127.0.0.1:${port}`;
    for (const deadline = Date.now() + 300_000; ;) {
      if (
        await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (Date.now() > deadline) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 500));
    }
    const event = await swissEventWithRound1(benchClient(base), {
      name,
      players,
      rounds: 7,
      columns: 'gender,affiliation,rating',
      player: (i) => `${i % 3 ? 'male' : 'female'},会${i % 8},${2600 - i * 2}`, // 1,000 players and more: every rating within 0–4000
      publish: true,
    });
    await run({
      port,
      pid: child.pid!,
      auth: event.auth,
      email: event.email,
      tournamentId: event.tournamentId,
      eventId: event.eventId,
      games: event.games,
      databaseUrl: url.toString(),
    });
  } finally {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
    }
    await admin.query(`DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

export async function bench(): Promise<void> {
  await withServer('Reload', PLAYERS, async ({ port, pid, auth, eventId, games }) => {
    const { must } = benchClient(`http://127.0.0.1:${port}`);
    const path = `/events/${eventId}/standings?lang=en`;
    // The reference: one viewer alone, the page cached (p50 of 50).
    await reload(port, path, '127.0.0.1');
    const alone: number[] = [];
    for (let i = 0; i < 50; i++) alone.push((await reload(port, path, '127.0.0.1'))!.ms);
    const reference = pct(alone, 0.5);
    console.log(`reference: one viewer reloading the cached standings, p50 ${reference.toFixed(2)} ms (load ${load()})`);
    let g = 0;
    for (const n of CROWDS) {
      const game = games[g++];
      await must('PUT', `/api/games/${game.id}/result`, { result: 'red_win', version: game.version }, auth, 200);
      await new Promise((r) => setTimeout(r, 400)); // the NOTIFY reaches the server: the next page is of the new version
      const cpu0 = cpuSeconds(pid);
      const answers = await profiledPhase(pid, `reload-${n}`, () => Promise.all(Array.from({ length: n }, (_, i) => reload(port, path, addressOf(i)))));
      const cpu = cpuSeconds(pid) - cpu0;
      const statuses = new Map<string, number>();
      for (const a of answers) statuses.set(a === null ? 'failed' : String(a.status), (statuses.get(a === null ? 'failed' : String(a.status)) ?? 0) + 1);
      console.log(`answers: ${[...statuses].map(([k, v]) => `${k} ×${v}`).join(', ')}`);
      const ok = answers.filter((a): a is { ms: number; status: number } => a !== null && a.status === 200).map((a) => a.ms);
      const p50 = pct(ok, 0.5);
      const p99 = pct(ok, 0.99);
      console.log(
        `${n} viewers reloading the standings at once after a result: p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, max ${Math.max(...ok).toFixed(0)} ms ` +
          `(${(p99 / reference).toFixed(0)}× one viewer alone), failed or refused ${n - ok.length}; server CPU ${((cpu * 1000) / n).toFixed(2)} ms per page ` +
          `(goal p99 < ${n <= 2000 ? '1' : '2'} s: ${ok.length === n && p99 < (n <= 2000 ? 1000 : 2000) ? 'met' : 'NOT met'}) (load ${load()})`,
      );
    }
  });
}
