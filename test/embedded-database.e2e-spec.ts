// The embedded PostgreSQL of `npm start`: keeps data across restarts, survives a SIGKILL of the
// Node process that started it, stops with the process on SIGTERM, and is not blocked by a stale
// postmaster.pid or a taken port. Each test uses its own temporary data directory (non-durable:
// no fsync, which only matters if the machine crashes).
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startEmbeddedDatabase, type RunningDatabase } from '../apps/server/src/persistence/embedded-database';

const CHILD = join(__dirname, 'support/embedded-child.ts');

let dir: string;
let running: RunningDatabase | undefined;
const children: ChildProcess[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'chuhe-embedded-spec-'));
  chmodSync(dir, 0o755); // as root, the postgres user must reach the cluster below it
});
afterEach(async () => {
  await running?.stop();
  running = undefined;
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  // A postgres left behind by a failed test must not outlive the run.
  const pid = postmasterPid(join(dir, 'pg'));
  if (pid && alive(pid)) process.kill(pid, 'SIGQUIT');
  rmSync(dir, { recursive: true, force: true });
});

async function query<T extends Record<string, unknown>>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

const notes = async (url: string) => (await query<{ text: string }>(url, 'SELECT text FROM notes ORDER BY text')).map((r) => r.text);

function postmasterPid(dataDir: string): number | undefined {
  const file = join(dataDir, 'postmaster.pid');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : undefined;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function until(condition: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Starts the child that starts the database; resolves once it reports ready. */
function startChild(dataDir: string, note: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--require', 'tsx/cjs', CHILD, dataDir, note], {
    cwd: join(__dirname, '..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ child, url: (JSON.parse(line) as { url: string }).url });
    });
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code, signal) => reject(new Error(`child exited (${code ?? signal}) before ready: ${err}`)));
  });
}

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

describe('embedded PostgreSQL', () => {
  it('initialises on first start, keeps the data across stop and start, and stops cleanly', async () => {
    const dataDir = join(dir, 'pg');
    running = await startEmbeddedDatabase({ dataDir, port: 0, durable: false });
    expect(running.embedded).toBe(true);
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
    expect(new URL(running.url).pathname).toBe('/chuhe');
    await query(running.url, 'CREATE TABLE notes (text TEXT NOT NULL)');
    await query(running.url, 'INSERT INTO notes VALUES ($1)', ['象棋']);
    const pid = postmasterPid(dataDir)!;
    await running.stop();
    running = undefined;
    expect(alive(pid)).toBe(false);
    expect(existsSync(join(dataDir, 'postmaster.pid'))).toBe(false);

    running = await startEmbeddedDatabase({ dataDir, port: 0, durable: false });
    expect(await notes(running.url)).toEqual(['象棋']);
  });

  it('starts again after the Node process that started it was killed with SIGKILL, with the data', async () => {
    const dataDir = join(dir, 'pg');
    const { child } = await startChild(dataDir, 'before kill -9');
    const orphan = postmasterPid(dataDir)!;
    child.kill('SIGKILL');
    expect((await exited(child)).signal).toBe('SIGKILL');
    expect(alive(orphan)).toBe(true); // the situation to recover from: postgres outlived its parent

    running = await startEmbeddedDatabase({ dataDir, port: 0, durable: false });
    expect(await notes(running.url)).toEqual(['before kill -9']);
    expect(alive(orphan)).toBe(false);
    expect(postmasterPid(dataDir)).not.toBe(orphan);
  });

  it('stops postgres when the process gets SIGTERM', async () => {
    const dataDir = join(dir, 'pg');
    const { child } = await startChild(dataDir, 'x');
    const pid = postmasterPid(dataDir)!;
    child.kill('SIGTERM');
    expect((await exited(child)).code).toBe(143);
    await until(() => !alive(pid));
    expect(existsSync(join(dataDir, 'postmaster.pid'))).toBe(false);
  });

  it('ignores a stale postmaster.pid naming a process that is not postgres', async () => {
    const dataDir = join(dir, 'pg');
    running = await startEmbeddedDatabase({ dataDir, port: 0, durable: false });
    await running.stop();
    running = undefined;
    const sleeper = spawn('sleep', ['30']);
    children.push(sleeper);
    writeFileSync(join(dataDir, 'postmaster.pid'), `${sleeper.pid}\n${dataDir}\n0\n5432\n\n127.0.0.1\n0 0\nready\n`);

    running = await startEmbeddedDatabase({ dataDir, port: 0, durable: false });
    expect(await query(running.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
    expect(alive(sleeper.pid!)).toBe(true);
  });

  it('uses another port when the wanted one is taken', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const taken = (blocker.address() as { port: number }).port;
    try {
      running = await startEmbeddedDatabase({ dataDir: join(dir, 'pg'), port: taken, durable: false });
      expect(Number(new URL(running.url).port)).not.toBe(taken);
      expect(await query(running.url, 'SELECT current_database() AS db')).toEqual([{ db: 'chuhe' }]);
    } finally {
      blocker.close();
    }
  });
});
