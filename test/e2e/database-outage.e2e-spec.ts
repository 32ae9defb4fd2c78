// Issue 23 #1 and #6: the server stays up when PostgreSQL blinks. Its connections are terminated
// mid-transaction (pg_terminate_backend, as a restart or a failover does), and an embedded
// PostgreSQL is killed with SIGKILL under load: the process keeps serving — 503 with Retry-After
// while the database is away (never a 500, never an unheard 'error' event that ends the process),
// then 200 again. Plus the mechanism itself: a client the pool has just handed out always has an
// 'error' listener.
import { INestApplication } from '@nestjs/common';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, type PoolClient } from 'pg';
import { createApp } from '../../apps/server/src/create-app';
import { registerDatabaseStatus } from '../../apps/server/src/persistence/database-status';
import { startEmbeddedDatabase, type RunningDatabase } from '../../apps/server/src/persistence/embedded-database';
import { applyMigrations } from '../../apps/server/src/persistence/migrate';
import { createPool } from '../../apps/server/src/prisma/guarded-client';
import { testDatabaseUrl } from '../support/database';
import { createTestDatabase, maintenanceUrl, type TestDatabase } from '../support/test-database';

interface Answer {
  status: number;
  retryAfter: string | null;
  body: any;
}

/** A seeded app over real HTTP: an organizer, a published round of 20 games, and a load of mixed requests. */
async function seeded(app: INestApplication) {
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
  const call = async (method: string, path: string, body?: unknown, auth?: string): Promise<Answer> => {
    const res = await fetch(base + path, {
      method,
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // an HTML page
    }
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: parsed };
  };
  const email = `outage-${Date.now()}-${Math.random().toString(36).slice(2)}@test.chuhe`;
  expect((await call('POST', '/api/auth/register', { email, displayName: 'outage', password: 'correct horse battery' })).status).toBe(201);
  const auth = `Bearer ${(await call('POST', '/api/auth/login', { email, password: 'correct horse battery' })).body.token}`;
  const t = (
    await call(
      'POST',
      '/api/tournaments',
      { nameZh: '断线', nameEn: 'Outage', venue: 'here', startDate: '2026-12-01', endDate: '2026-12-02', organizer: 'x' },
      auth,
    )
  ).body.id as string;
  const e = (
    await call(
      'POST',
      `/api/tournaments/${t}/events`,
      {
        nameZh: '个人',
        nameEn: 'Individual',
        kind: 'individual',
        stages: [{ type: 'swiss', rounds: 7 }],
        timeControl: { baseMinutes: 60, incrementSeconds: 30 },
      },
      auth,
    )
  ).body.id as string;
  const ids: string[] = [];
  for (let i = 0; i < 40; i++)
    ids.push((await call('POST', `/api/tournaments/${t}/players`, { nameZh: `棋手${i}`, nameEn: `P${i}`, gender: 'male', rating: 2000 + i }, auth)).body.id);
  expect((await call('POST', `/api/events/${e}/entries/bulk`, { playerIds: ids }, auth)).status).toBe(201);
  expect((await call('POST', `/api/events/${e}/draw`, { seed: 's' }, auth)).status).toBe(201);
  const draft = (await call('POST', `/api/events/${e}/rounds`, {}, auth)).body;
  const round = (await call('POST', `/api/rounds/${draft.id}/publish`, { version: draft.version }, auth)).body;
  const games = (round.pairings as { games: { id: string }[] }[]).flatMap((p) => p.games);

  /** `workers` loops of reads and writes (interactive transactions among them) until `stop()` is true. */
  const load = async (workers: number, stop: () => boolean) => {
    const answers: (Answer & { what: string })[] = [];
    await Promise.all(
      Array.from({ length: workers }, async (_, w) => {
        for (let i = 0; !stop(); i++) {
          const g = games[(w * 7 + i) % games.length];
          const what = ['standings', 'round', 'result', 'player', 'health'][i % 5];
          const answer = await (async () => {
            switch (what) {
              case 'standings':
                return call('GET', `/api/events/${e}/standings`);
              case 'round':
                return call('GET', `/api/rounds/${round.id}`, undefined, auth);
              case 'result': {
                const now = await call('GET', `/api/rounds/${round.id}`, undefined, auth);
                const version =
                  (now.body?.pairings as { games: { id: string; version: number }[] }[] | undefined)?.flatMap((p) => p.games).find((x) => x.id === g.id)
                    ?.version ?? 1;
                return call('PUT', `/api/games/${g.id}/result`, { result: ['red_win', 'draw', 'black_win'][i % 3], version }, auth);
              }
              case 'player':
                return call('POST', `/api/tournaments/${t}/players`, { nameZh: `新${w}-${i}`, nameEn: `New ${w}-${i}`, gender: 'male' }, auth);
              default:
                return call('GET', '/api/health');
            }
          })().catch((error: unknown) => ({ status: 0, retryAfter: null, body: String(error) }));
          answers.push({ ...answer, what });
          if (answer.status >= 500) await new Promise((r) => setTimeout(r, 50));
        }
      }),
    );
    return answers;
  };
  return { call, auth, tournamentId: t, load };
}

/** Waits until /api/health answers 200 (the pool reconnects by itself). */
async function healthy(call: (m: string, p: string) => Promise<Answer>, ms: number): Promise<Answer> {
  const deadline = Date.now() + ms;
  for (;;) {
    const answer = await call('GET', '/api/health').catch(() => ({ status: 0, retryAfter: null, body: undefined }));
    if (answer.status === 200 || Date.now() > deadline) return answer;
    await new Promise((r) => setTimeout(r, 250));
  }
}

function summary(answers: { status: number; what: string }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of answers) out[`${a.what} ${a.status}`] = (out[`${a.what} ${a.status}`] ?? 0) + 1;
  return out;
}

describe('the pool hands out no client without an error listener', () => {
  it('a FATAL error emitted the moment a client is handed out is heard, not thrown', async () => {
    const pool = createPool(testDatabaseUrl());
    try {
      // The callback form runs inside pg-pool's hand-out, after it took its idle listener off:
      // exactly the gap in which a terminated connection's FATAL message can arrive.
      const emitted = await new Promise<boolean>((resolve, reject) =>
        pool.connect((error, client, release) => {
          if (error || !client) return reject(error);
          try {
            resolve((client as PoolClient).emit('error', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })));
          } catch (thrown) {
            reject(thrown);
          } finally {
            release(true);
          }
        }),
      );
      expect(emitted).toBe(true);
    } finally {
      await pool.end();
    }
  });

  it('queries sent at once on one client run one after another, without pg queueing them', async () => {
    const pool = createPool(testDatabaseUrl());
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const started: number[] = [];
      const sent = [0, 1, 2, 3].map((i) => client.query('SELECT $1::int AS i, pg_sleep(0.02)', [i]).then((r) => (started.push(i), r.rows[0].i as number)));
      // pg's own queue stays empty: the three waiting are waiting here, not in pg.
      expect((client as unknown as { _queryQueue: unknown[] })._queryQueue.length).toBe(0);
      const rows = await Promise.all(sent);
      await client.query('COMMIT');
      expect(rows).toEqual([0, 1, 2, 3]);
      expect(started).toEqual([0, 1, 2, 3]);
      // The callback form (pg-pool's own pool.query uses it) keeps its turn too.
      const viaPool = await Promise.all([pool.query('SELECT 1 AS one'), pool.query('SELECT 2 AS two')]);
      expect(viaPool.map((r) => Object.values(r.rows[0])[0])).toEqual([1, 2]);
      await new Promise((r) => setImmediate(r));
      expect(warnings.filter((w) => /already executing a query/.test(w))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      client.release();
      await pool.end();
    }
  });
});

describe('connections terminated mid-transaction (pg_terminate_backend)', () => {
  let db: TestDatabase;
  let app: INestApplication;
  const admin = new Client({ connectionString: maintenanceUrl(testDatabaseUrl()) });

  beforeAll(async () => {
    db = await createTestDatabase(maintenanceUrl(testDatabaseUrl()), 'chuhe_outage');
    app = await createApp(db.url, { logger: false, tournamentCreators: 'anyone' });
    await admin.connect();
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    await admin.end();
    await db?.drop();
  });

  it('keeps serving: 503 with Retry-After while connections die, then 200', async () => {
    const { call, auth, tournamentId, load } = await seeded(app);
    let done = false;
    let terminated = 0;
    const killer = (async () => {
      for (let k = 0; k < 12; k++) {
        await new Promise((r) => setTimeout(r, 150 + Math.random() * 350));
        const r = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [db.name]);
        terminated += r.rowCount ?? 0;
      }
      done = true;
    })();
    const answers = await load(12, () => done);
    await killer;
    const health = await healthy(call, 20_000);
    const after = await call('POST', `/api/tournaments/${tournamentId}/players`, { nameZh: '之后', nameEn: 'After', gender: 'male' }, auth);
    process.stdout.write(`[outage] ${terminated} connections terminated; answers ${JSON.stringify(summary(answers))}\n`);
    expect(terminated).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status === 0 || (a.status >= 500 && a.status !== 503))).toEqual([]);
    expect(answers.filter((a) => a.status === 503 && a.retryAfter === null)).toEqual([]);
    expect(health.status).toBe(200);
    expect(after.status).toBe(201);
  }, 300_000);
});

describe('the embedded PostgreSQL killed under load', () => {
  let dir: string;
  let database: RunningDatabase | undefined;
  let app: INestApplication | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'chuhe-outage-'));
    chmodSync(dir, 0o755); // as root, the postgres user must reach the cluster below it
    database = await startEmbeddedDatabase({ dataDir: join(dir, 'pg'), port: 0, durable: false, handleSignals: false });
    await applyMigrations(database.url, { warn: () => undefined });
    registerDatabaseStatus(database.status);
    app = await createApp(database.url, { logger: process.env.OUTAGE_LOG ? undefined : false, tournamentCreators: 'anyone' });
  }, 300_000);
  afterAll(async () => {
    registerDatabaseStatus(undefined);
    await app?.close();
    await database?.stop();
    rmSync(dir, { recursive: true, force: true });
  }, 300_000);

  it('keeps serving: 503 with Retry-After while postgres restarts, then 200', async () => {
    const { call, auth, tournamentId, load } = await seeded(app!);
    const pidFile = join(dir, 'pg', 'postmaster.pid');
    let done = false;
    let kills = 0;
    const killer = (async () => {
      for (let k = 0; k < 3; k++) {
        await new Promise((r) => setTimeout(r, 1000));
        if (!existsSync(pidFile)) continue;
        process.kill(Number(readFileSync(pidFile, 'utf8').split('\n')[0]), 'SIGKILL');
        kills += 1;
        // Until the supervisor has it back (the load meanwhile gets 503s).
        await healthy(call, 60_000);
      }
      done = true;
    })();
    const answers = await load(8, () => done);
    await killer;
    const health = await healthy(call, 60_000);
    const after = await call('POST', `/api/tournaments/${tournamentId}/players`, { nameZh: '之后', nameEn: 'After', gender: 'male' }, auth);
    process.stdout.write(`[outage] embedded postgres killed ${kills}×; answers ${JSON.stringify(summary(answers))}\n`);
    expect(kills).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status === 503).length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status === 0 || (a.status >= 500 && a.status !== 503))).toEqual([]);
    expect(answers.filter((a) => a.status === 503 && a.retryAfter === null)).toEqual([]);
    expect(health.status).toBe(200);
    expect(health.body.database.embedded.restarts).toBeGreaterThanOrEqual(kills);
    expect(after.status).toBe(201);
  }, 600_000);
});
