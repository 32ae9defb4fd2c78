// One database server and one fresh database per `npm run test:e2e` run.
// Server: DATABASE_URL's when set (e.g. CI's PostgreSQL 15), otherwise an embedded PostgreSQL in a
// temporary directory. Database: a new uniquely named one, migrated with the server's own
// applyMigrations, dropped at the end.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startEmbeddedDatabase, type RunningDatabase } from '../../apps/server/src/persistence/embedded-database';
import { applyMigrations } from '../../apps/server/src/persistence/migrate';

/** Where global-setup.ts publishes the run database's URL to the test files. */
export const TEST_DATABASE_URL_VARIABLE = 'CHUHE_TEST_DATABASE_URL';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** postgresql://…/postgres on the same server as `url`. */
export function maintenanceUrl(url: string): string {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(name)}`;
  return u.toString();
}

async function onServer<T>(serverUrl: string, run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: maintenanceUrl(serverUrl) });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Creates `chuhe_test_<time>_<random>` on the server of `serverUrl` and applies the migrations. */
export async function createTestDatabase(serverUrl: string, prefix = 'chuhe_test'): Promise<TestDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
  const url = withDatabase(serverUrl, name);
  const drop = () => onServer(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined);
  try {
    await applyMigrations(url, { warn: () => undefined });
  } catch (error) {
    await drop();
    throw error;
  }
  return { url, name, drop };
}

export interface TestServer {
  /** A URL on the server (its `postgres` database). */
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

/** DATABASE_URL's server, or an embedded one in a temporary directory removed by stop(). */
export async function startTestServer(): Promise<TestServer> {
  if (process.env.DATABASE_URL) {
    return { url: maintenanceUrl(process.env.DATABASE_URL), embedded: false, stop: async () => undefined };
  }
  const dir = mkdtempSync(join(tmpdir(), 'chuhe-test-pg-'));
  chmodSync(dir, 0o755); // as root, the postgres user must reach the cluster below it
  let db: RunningDatabase;
  try {
    db = await startEmbeddedDatabase({ dataDir: join(dir, 'pg'), port: 0, databaseName: 'postgres', durable: false });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: db.url,
    embedded: true,
    stop: async () => {
      await db.stop();
      rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}
