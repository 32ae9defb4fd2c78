/**
 * `npm run bench -- http` (issue 13): result entry, PUT /api/games/:gameId/result, at 50 and 200
 * concurrent clients on the machine's PostgreSQL (DATABASE_URL's server, else
 * postgresql://postgres@127.0.0.1:5432/postgres; a fresh database, dropped after), beside the same
 * writes through Prisma alone in the same run, so that the HTTP/Nest share is a ratio.
 *
 * Two kinds of client:
 * - closed loop ("flat out"): each client sends its next result as soon as the last one is answered
 *   — the server's throughput, and the latency a saturated server gives (≈ clients / throughput);
 * - arbiters: each client enters a result, then waits ~1 s (an arbiter between boards is slower
 *   still): 200 clients offer ~200 results/s — the load the p99 < 100 ms target is about.
 * Every client owns one game (200 boards of one round), so no write conflicts with another.
 *
 * By default the server runs in this process (and the one-client breakdown says where a result's
 * time goes). BENCH_WORKERS=N runs the real server (main.ts) in its own processes, N cluster
 * workers (CHUHE_WORKERS), so that the clients' CPU is not the server's and several cores serve.
 *
 * After the table: the CPU time per HTTP result of the server, the bench's clients and PostgreSQL
 * (Linux /proc: who fills the cores), and each run second by second (p50/p99 of the requests sent
 * in that second: a tail from one stall shows in one second, a saturated queue in all of them).
 * BENCH_SERVER_NODE_ARGS passes node flags to the server process (e.g. --cpu-prof).
 */
import type { INestApplication } from '@nestjs/common';
import { ChildProcess, spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';
import { Client } from 'pg';
import { benchClient, swissEventWithRound1 } from './bench-http';
import { PrismaService, ResultsService, TournamentScopeService, applyMigrations, createApp } from './server-dist';

const SERVER = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const BOARDS = 200;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

interface Stats {
  label: string;
  n: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
  perSecond: number;
}

/**
 * CPU time (ms) of processes, from /proc (Linux; 0 elsewhere): which side of a result costs the
 * machine's cores — the server's event loop, PostgreSQL's backends, or the bench's own clients.
 */
function cpuMs(pids: () => number[]): number {
  let ticks = 0;
  for (const pid of pids()) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime, stime, and the children's that exited (a closed connection's backend, a worker): cutime, cstime
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // gone meanwhile
    }
  }
  return (ticks * 1000) / 100; // USER_HZ
}

/** CPU time (ms) the whole machine spent busy, all cores (Linux /proc/stat; 0 elsewhere). */
function machineBusyMs(): number {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
    return ((user + nice + system + irq + softirq + steal) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** Every process: pid, parent, name (Linux /proc; none elsewhere). */
function processes(): { pid: number; ppid: number; comm: string }[] {
  let dirs: string[];
  try {
    dirs = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return [];
  }
  const out: { pid: number; ppid: number; comm: string }[] = [];
  for (const d of dirs) {
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      out.push({ pid: Number(d), comm: stat.slice(stat.indexOf('(') + 1, close), ppid: Number(stat.slice(close + 2).split(' ')[1]) });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

const postgresPids = () =>
  processes()
    .filter((p) => p.comm === 'postgres')
    .map((p) => p.pid);

/** The process and its descendants (the cluster's primary and its workers). */
function treePids(root: number): number[] {
  const all = processes();
  const tree = [root];
  for (let i = 0; i < tree.length; i++) for (const p of all) if (p.ppid === tree[i]) tree.push(p.pid);
  return tree;
}

function stats(label: string, latencies: number[], errors: number, seconds: number): Stats {
  const s = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => (s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN);
  return { label, n: s.length, errors, p50: at(0.5), p99: at(0.99), max: s[s.length - 1] ?? NaN, perSecond: s.length / seconds };
}

function print(rows: Stats[]): void {
  console.log(
    `${'run'.padEnd(44)} ${'ok'.padStart(6)} ${'errors'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'/s'.padStart(7)}`,
  );
  for (const r of rows)
    console.log(
      `${r.label.padEnd(44)} ${String(r.n).padStart(6)} ${String(r.errors).padStart(6)} ${r.p50.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${r.max.toFixed(1).padStart(8)} ${r.perSecond.toFixed(0).padStart(7)}`,
    );
}

/** Runs `clients` loops for SECONDS; `think` ms between a client's requests (0 = flat out). */
async function drive(
  clients: number,
  think: number,
  once: (client: number) => Promise<boolean>,
): Promise<{ latencies: number[]; errors: number; seconds: number; timeline: string }> {
  const latencies: number[] = [];
  /** Per second of the run: the latencies of the requests sent in it (where a tail comes from: a stall, or a queue). */
  const bySecond: number[][] = Array.from({ length: SECONDS + 1 }, () => []);
  let errors = 0;
  const start = performance.now();
  const end = start + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      // Arbiters do not all start in the same millisecond.
      if (think) await new Promise((r) => setTimeout(r, Math.random() * think));
      while (performance.now() < end) {
        const t0 = performance.now();
        const ok = await once(client).catch(() => false);
        const ms = performance.now() - t0;
        if (ok) {
          latencies.push(ms);
          bySecond[Math.min(SECONDS, Math.floor((t0 - start) / 1000))].push(ms);
        } else errors += 1;
        if (think) await new Promise((r) => setTimeout(r, think * (0.5 + Math.random())));
      }
    }),
  );
  const timeline = bySecond
    .filter((l) => l.length)
    .map((l) => {
      const s = l.sort((a, b) => a - b);
      return `${s[Math.floor(0.5 * s.length)].toFixed(0)}/${s[Math.min(s.length - 1, Math.floor(0.99 * s.length))].toFixed(0)}`;
    })
    .join(' ');
  return { latencies, errors, seconds: (performance.now() - start) / 1000, timeline };
}

export async function bench(): Promise<void> {
  const name = `chuhe_bench_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  try {
    await applyMigrations(databaseUrl, { warn: () => undefined });
    const external = Number(process.env.BENCH_WORKERS ?? 0);
    let app: INestApplication | undefined;
    let child: ChildProcess | undefined;
    let base: string;
    if (external > 0) {
      const port = 20000 + Math.floor(Math.random() * 20000);
      // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the server process alone.
      const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
      child = spawn(process.execPath, [...nodeArgs, join(__dirname, '../../dist/apps/server/src/main.js')], {
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          PORT: String(port),
          CHUHE_WORKERS: String(external),
          CHUHE_DEMO: '0',
          CHUHE_TOURNAMENT_CREATORS: 'anyone',
        },
        stdio: 'ignore',
      });
      base = `http://127.0.0.1:${port}`;
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
      // Every worker up: the health check answers from whichever; give the others a moment.
      await new Promise((r) => setTimeout(r, 15_000));
    } else {
      app = await createApp(databaseUrl, { logger: false, tournamentCreators: 'anyone' });
      await app.listen(0, '127.0.0.1');
      base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    }
    const { call, must } = benchClient(base);
    // The field: one Swiss event of 400 players, round 1 paired and published: 200 games.
    const field = await swissEventWithRound1(
      { call, must },
      { name: 'Bench', players: BOARDS * 2, rounds: 9, columns: 'gender', player: () => 'male', publish: false },
    );
    const { email, auth, tournamentId: t, games } = field;
    console.log(
      `${games.length} games of one published round; ${SECONDS} s per run; server ${external ? `in ${external} worker process(es)` : 'in this process'}`,
    );

    let k = 0;
    const viaHttp = async (client: number) => {
      const g = games[client % games.length];
      const res = await call('PUT', `/api/games/${g.id}/result`, { result: ++k % 2 ? 'draw' : 'red_win', version: g.version }, auth);
      if (res.status !== 200) {
        if (res.status === 409 && typeof res.body?.currentVersion === 'number') g.version = res.body.currentVersion;
        return false;
      }
      g.version = res.body.game.version;
      return true;
    };

    // The same writes through Prisma alone: the game's versioned update and its audit row, in one transaction.
    const prisma = new PrismaService(databaseUrl);
    const user = (await prisma.user.findUniqueOrThrow({ where: { email } })).id;
    const viaPrisma = async (client: number) => {
      const g = games[client % games.length];
      const result = ++k % 2 ? 'draw' : 'red_win';
      await prisma.$transaction(
        async (tx) => {
          const { count } = await tx.game.updateMany({
            where: { id: g.id, version: g.version },
            data: { result, resultEnteredById: user, resultEnteredAt: new Date(), version: { increment: 1 } },
          });
          if (count !== 1) throw new Error('stale');
          await tx.auditLog.create({
            data: { userId: user, tournamentId: t, entity: 'game', entityId: g.id, action: 'update', before: { result: null }, after: { result } },
          });
        },
        { maxWait: 15_000, timeout: 15_000 },
      );
      g.version += 1;
      return true;
    };

    // Where one result's time goes, one client at a time (no queueing): the whole HTTP request, the
    // service alone (ResultsService.enterResult, no HTTP/Nest), the access guard's statement
    // (session, the game's tournament, the role in one), and the Prisma-only write.
    const breakdown: Stats[] = [];
    if (app) {
      const results = app.get(ResultsService);
      const scope = app.get(TournamentScopeService);
      const me = { id: user, email, displayName: 'bench' };
      const token = auth.slice(7);
      const sequential = async (label: string, once: (i: number) => Promise<unknown>, n = 60) => {
        const times: number[] = [];
        for (let i = 0; i < n; i++) {
          const t0 = performance.now();
          await once(i);
          times.push(performance.now() - t0);
        }
        return stats(label, times, 0, times.reduce((x, y) => x + y, 0) / 1000);
      };
      breakdown.push(
        await sequential('1 client: HTTP PUT result', (i) => viaHttp(i)),
        await sequential('1 client: ResultsService.enterResult', async (i) => {
          const g = games[i % games.length];
          const r = await results.enterResult({ user: me, gameId: g.id, dto: { result: i % 2 ? 'draw' : 'red_win', version: g.version } as never });
          g.version = (r as { game: { version: number } }).game.version;
        }),
        await sequential('1 client: guard (session, scope, role)', (i) => scope.access(token, scope.resourceOf({ gameId: games[i % games.length].id })!)),
        await sequential('1 client: Prisma-only write', (i) => viaPrisma(i)),
        await sequential('1 client: SELECT 1 through Prisma', () => prisma.$queryRawUnsafe('SELECT 1')),
        await sequential('1 client: HTTP GET /api/tie-breaks (no database)', () => call('GET', '/api/tie-breaks')),
        await sequential('1 client: HTTP GET /api/auth/me (guard only)', () => call('GET', '/api/auth/me', undefined, auth)),
        await sequential('1 client: HTTP PUT result, invalid body (400)', () =>
          call('PUT', `/api/games/${games[0].id}/result`, { result: 'nonsense', version: 1 }, auth),
        ),
      );
      print(breakdown);
    }

    const rows: Stats[] = [];
    const timelines: string[] = [];
    // CPU per HTTP result (ms): the server process (the bench's own when in process), PostgreSQL, the bench.
    const cpu: string[] = [];
    const serverPid = child?.pid;
    for (const [clients, think] of [
      [50, 0],
      [200, 0],
      [50, 1000],
      [200, 1000],
    ] as const) {
      const kind = think ? 'arbiters (1 s apart)' : 'flat out';
      const pg0 = cpuMs(postgresPids);
      const server0 = serverPid ? cpuMs(() => treePids(serverPid)) : NaN;
      const self0 = cpuMs(() => [process.pid]);
      const machine0 = machineBusyMs();
      const h = await drive(clients, think, viaHttp);
      const per = (ms: number) => (ms / Math.max(1, h.latencies.length + h.errors)).toFixed(2).padStart(6);
      const server = serverPid ? cpuMs(() => treePids(serverPid)) - server0 : 0;
      const self = cpuMs(() => [process.pid]) - self0;
      const pg = cpuMs(postgresPids) - pg0;
      // Whatever else ran meanwhile (another job on the machine makes a run's tail its own).
      const others = Math.max(0, machineBusyMs() - machine0 - server - self - pg) / h.seconds;
      cpu.push(
        `HTTP   ${String(clients).padStart(3)} clients, ${kind}`.padEnd(44) +
          (serverPid ? ` server ${per(server)}  bench ${per(self)}` : ` server+bench ${per(self)}`) +
          `  postgres ${per(pg)}  | other processes ${others.toFixed(0)} ms/s`,
      );
      rows.push(stats(`HTTP   ${String(clients).padStart(3)} clients, ${kind}`, h.latencies, h.errors, h.seconds));
      const p = await drive(clients, think, viaPrisma);
      rows.push(stats(`Prisma ${String(clients).padStart(3)} clients, ${kind}`, p.latencies, p.errors, p.seconds));
      timelines.push(
        `HTTP   ${String(clients).padStart(3)} clients, ${kind}`.padEnd(44) + ` ${h.timeline}`,
        `Prisma ${String(clients).padStart(3)} clients, ${kind}`.padEnd(44) + ` ${p.timeline}`,
      );
    }
    print(rows);
    console.log(
      `CPU ms per HTTP result (${serverPid ? 'server process, bench process' : 'this process: server and clients'}, all PostgreSQL processes; ${cpus().length} cores = ${cpus().length * 1000} ms/s):`,
    );
    for (const line of cpu) console.log(line);
    console.log('p50/p99 ms of the requests sent in each second of a run (a stall shows in one second, a queue in all):');
    for (const line of timelines) console.log(line);
    for (let i = 0; i < rows.length; i += 2)
      console.log(
        `${rows[i].label.trim()}: p50 HTTP/Prisma ${(rows[i].p50 / rows[i + 1].p50).toFixed(1)}×, throughput ${(rows[i].perSecond / rows[i + 1].perSecond).toFixed(2)}×`,
      );
    await prisma.close();
    await app?.close();
    if (child) {
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}
