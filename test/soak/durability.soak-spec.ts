import { ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * Durability (issue 13, `npm run soak`): the real server (main.ts, embedded PostgreSQL with fsync on)
 * takes a burst of writes (players registered); it is killed with SIGKILL mid-burst and started
 * again; then its PostgreSQL is killed with SIGKILL mid-burst and the supervisor restarts it. Every
 * write the server acknowledged (201) must be there afterwards: 0 lost.
 */
const ROOT = resolve(__dirname, '../..');
const WRITERS = 8;

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => done(port));
    });
  });
}

describe('durability: kill -9 mid-burst loses no acknowledged write', () => {
  const dir = mkdtempSync(join(tmpdir(), 'chuhe-soak-'));
  chmodSync(dir, 0o755);
  const dataDir = join(dir, 'pg');
  let port = 0;
  let pgPort = 0;
  let server: ChildProcess | undefined;
  let base = '';

  const start = async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), CHUHE_DATA_DIR: dataDir, CHUHE_PG_PORT: String(pgPort), CHUHE_DEMO: '0' };
    delete env.DATABASE_URL;
    server = spawn(process.execPath, [join(ROOT, 'dist/apps/server/src/main.js')], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
    server.stderr?.on('data', () => undefined);
    for (const deadline = Date.now() + 240_000; Date.now() < deadline;) {
      const ok = await fetch(`${base}/api/health`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error('the server did not come up');
  };
  const call = async (method: string, path: string, body?: unknown, auth?: string) => {
    const res = await fetch(base + path, {
      method,
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };

  /** Writers register players until `stop`; returns the acknowledged ids and how many failed. */
  const burst = async (tournamentId: string, auth: string, tag: string, stopAfterMs: number, onMidway: () => void | Promise<void>) => {
    const acked: string[] = [];
    let failed = 0;
    let i = 0;
    const end = Date.now() + stopAfterMs;
    const midway = setTimeout(() => void onMidway(), stopAfterMs / 3);
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        while (Date.now() < end) {
          const n = ++i;
          const res = await call(
            'POST',
            `/api/tournaments/${tournamentId}/players`,
            { nameZh: `${tag}${n}`, nameEn: `${tag} ${n}`, gender: 'male' },
            auth,
          ).catch(() => undefined);
          if (res?.status === 201) acked.push(res.body.id);
          else {
            failed += 1;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
      }),
    );
    clearTimeout(midway);
    return { acked, failed };
  };

  beforeAll(async () => {
    port = await freePort();
    pgPort = await freePort();
    base = `http://127.0.0.1:${port}`;
    await start();
  }, 300_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server!.once('exit', r));
    }
    rmSync(dir, { recursive: true, force: true });
  }, 300_000);

  it('server killed, then postgres killed: 0 acknowledged writes lost', async () => {
    const email = `soak-${Date.now()}@test.chuhe`;
    expect((await call('POST', '/api/auth/register', { email, displayName: 'soak', password: 'correct horse battery' })).status).toBe(201);
    const login = async () => `Bearer ${(await call('POST', '/api/auth/login', { email, password: 'correct horse battery' })).body.token}`;
    let auth = await login();
    const t = (
      await call(
        'POST',
        '/api/tournaments',
        { nameZh: '耐久', nameEn: 'Soak', venue: 'here', startDate: '2026-12-01', endDate: '2026-12-02', organizer: 'soak' },
        auth,
      )
    ).body.id;

    // 1. The server, SIGKILL mid-burst (its postgres is orphaned; the next start stops it cleanly).
    const first = await burst(t, auth, '甲', 6000, () => void server!.kill('SIGKILL'));
    await new Promise((r) => (server!.exitCode !== null || server!.signalCode !== null ? r(undefined) : server!.once('exit', r)));
    await start();
    auth = await login();

    // 2. PostgreSQL, SIGKILL mid-burst: the supervisor restarts it; the server answers 503 meanwhile.
    const killPostgres = () => {
      const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, 'SIGKILL');
    };
    const second = await burst(t, auth, '乙', 15000, killPostgres);
    const health = await call('GET', '/api/health');

    const stored = new Set(((await call('GET', `/api/tournaments/${t}/players`)).body as { id: string }[]).map((p) => p.id));
    const lost = [...first.acked, ...second.acked].filter((id) => !stored.has(id));
    process.stdout.write(
      `[durability] server kill: ${first.acked.length} acknowledged, ${first.failed} refused/cut; ` +
        `postgres kill: ${second.acked.length} acknowledged, ${second.failed} refused (503 while restarting); ` +
        `lost ${lost.length}; health after: ${health.status} ${JSON.stringify(health.body?.database?.embedded ?? {})}\n`,
    );
    expect(first.acked.length).toBeGreaterThan(0);
    expect(second.acked.length).toBeGreaterThan(0);
    expect(lost).toEqual([]);
    expect(health.status).toBe(200);
    expect(health.body.database.embedded.restarts).toBeGreaterThanOrEqual(1);
  }, 600_000);
});
