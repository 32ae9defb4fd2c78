// What one phase of an in-process server bench costs, independent of the machine's load (issue 31's
// scale goal, measured on a shared machine): SQL statements sent by the server's pg clients, this
// process's CPU (server and the bench's own HTTP clients: compare with a reference phase), and what
// the server's database sessions waited on (pg_stat_activity sampled every `everyMs`).
// BENCH_PROFILE_DIR set: a CPU profile of the phase is written there as <label>.cpuprofile (read it
// with cpu-profile-summary.ts).
import { Session } from 'node:inspector';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from 'pg';

const pg = require('pg') as typeof import('pg');

let statements = 0;
const skipped = new WeakSet<object>();
let patched = false;

/** Counts every statement sent by a pg client of this process from now on, except `ignore`'s (the bench's own). */
export function countStatements(...ignore: Client[]): void {
  for (const c of ignore) skipped.add(c);
  if (patched) return;
  patched = true;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: Client, ...args: unknown[]) {
    if (!skipped.has(this)) {
      statements += 1;
      if (process.env.BENCH_SQL_LOG) {
        const q = args[0] as string | { text?: string };
        console.log(`sql: ${(typeof q === 'string' ? q : (q?.text ?? '')).replace(/\s+/g, ' ').slice(0, 160)}`);
      }
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
}

export interface Metered {
  statements: number;
  cpuMs: number;
  /** pg_stat_activity samples of the server's sessions: "state / wait_event_type:wait_event" → count. */
  waits: Record<string, number>;
  samples: number;
}

/** Runs `phase`, counting statements, CPU and the sessions' waits in database `datname` (sampled through `db`). */
export async function meter<T>(label: string, db: Client, datname: string, phase: () => Promise<T>, everyMs = 50): Promise<{ value: T } & Metered> {
  const waits: Record<string, number> = {};
  let samples = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const { rows } = await db.query<{ k: string; n: string }>(
        `SELECT state || ' / ' || coalesce(wait_event_type || ':' || wait_event, 'running') AS k, count(*) AS n
           FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND backend_type = 'client backend' AND state <> 'idle' GROUP BY 1`,
        [datname],
      );
      samples += 1;
      for (const r of rows) waits[r.k] = (waits[r.k] ?? 0) + Number(r.n);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  const dir = process.env.BENCH_PROFILE_DIR;
  const session = dir ? new Session() : undefined;
  const post = (method: string, params?: object) =>
    new Promise<any>((resolve, reject) => session!.post(method, params ?? {}, (e, r) => (e ? reject(e) : resolve(r))));
  if (session) {
    session.connect();
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: 200 });
    await post('Profiler.start');
  }
  const s0 = statements;
  const c0 = process.cpuUsage();
  const value = await phase();
  const c = process.cpuUsage(c0);
  const sent = statements - s0;
  if (session) {
    const { profile } = await post('Profiler.stop');
    writeFileSync(join(dir!, `${label}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
  sampling = false;
  await sampler;
  return { value, statements: sent, cpuMs: (c.user + c.system) / 1000, waits, samples };
}

/** "12.3 statements, 4.56 ms CPU per request; waits …" for `n` requests of a metered phase. */
export function perRequest(m: Metered, n: number): string {
  const waits = Object.entries(m.waits)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${(v / Math.max(1, m.samples)).toFixed(1)}`)
    .join(', ');
  return `${(m.statements / n).toFixed(1)} statements, ${(m.cpuMs / n).toFixed(2)} ms CPU (this process) per request; sessions per sample (${m.samples} samples): ${waits || 'none'}`;
}
