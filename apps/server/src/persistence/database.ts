// The server's one way to get a database: DATABASE_URL when it is set (nothing is started), an
// embedded PostgreSQL under ./.data otherwise (see embedded-database.ts).
import { ensureDatabase, startEmbeddedDatabase, type EmbeddedDatabaseOptions, type RunningDatabase } from './embedded-database';

export type { RunningDatabase };

export interface StartDatabaseOptions {
  /** Embedded cluster directory. Default ./.data/postgres. */
  dataDir?: string;
  /** Embedded server's wanted port (a free one is picked when it is taken). */
  port?: number;
  /** Receives the embedded postgres' log lines. */
  log?: EmbeddedDatabaseOptions['log'];
  /** See EmbeddedDatabaseOptions.handleSignals (default true). */
  handleSignals?: boolean;
}

export async function startDatabase(options: StartDatabaseOptions = {}): Promise<RunningDatabase> {
  const url = process.env.DATABASE_URL;
  if (url) {
    // Best effort: create the database the URL names if the server lacks it (a fresh `postgres:15`
    // container has only `postgres`); a role without CREATEDB simply gets the usual error later.
    const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
    if (name && name !== 'postgres') await ensureDatabase(url, name).catch(() => undefined);
    return { url, embedded: false, stop: async () => undefined };
  }
  return startEmbeddedDatabase({ ...options, dataDir: options.dataDir ?? '.data/postgres' });
}
