// Applies the committed migrations (prisma/migrations/<name>/migration.sql) at startup, offline.
//
// Why by hand with `pg` rather than @prisma/schema-engine-wasm's applyMigrations: the wasm engine is
// an ESM package whose entry imports a .wasm file (Node 20 needs it loaded by hand), it needs a driver
// adapter wrapped in Prisma's internal Result shape, and it runs each script outside a transaction.
// The bookkeeping Prisma does is small and stable, so we reproduce it exactly instead:
// - the standard `_prisma_migrations` table, created with Prisma's own DDL;
// - one row per migration: random UUID id, checksum = lowercase hex SHA-256 of the migration.sql
//   text, started_at/finished_at, applied_steps_count = 1 — what `prisma migrate deploy` writes, so a
//   later `prisma migrate deploy` on a connected machine sees these migrations as applied
//   (test/schema-migrations.e2e-spec.ts checks this with the engine's diagnoseMigrationHistory);
// - the same advisory lock key as Prisma Migrate (pg_advisory_lock(72707369)), so two Chuhe
//   processes, or Chuhe and the Prisma CLI, never migrate the same database at once.
// Unlike Prisma, each migration runs inside a transaction together with its bookkeeping row: a
// failing migration leaves neither half-applied DDL nor a "failed" row behind, and the next start
// simply retries it. (A future migration that cannot run in a transaction, e.g. CREATE INDEX
// CONCURRENTLY, would need a marker; none exists yet.)
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from 'pg';

/** Prisma Migrate's advisory lock key (schema-engine sql-schema-connector). */
export const PRISMA_MIGRATE_LOCK_KEY = 72707369;

/** prisma/migrations, found from this file in the source tree and from dist/ after a build. */
export function defaultMigrationsDir(): string {
  const candidates = [
    resolve(__dirname, '../../../../prisma/migrations'), // apps/server/src/persistence
    resolve(__dirname, '../../../../../prisma/migrations'), // dist/apps/server/src/persistence
    resolve(process.cwd(), 'prisma/migrations'),
  ];
  const found = candidates.find((dir) => existsSync(join(dir, 'migration_lock.toml')));
  if (!found) throw new Error(`prisma/migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

export interface Migration {
  /** Directory name, e.g. 20261121050000_init. */
  name: string;
  script: string;
  checksum: string;
}

/** Lowercase hex SHA-256 of the script, exactly as Prisma computes migration checksums. */
export function migrationChecksum(script: string): string {
  return createHash('sha256').update(script, 'utf8').digest('hex');
}

/** Prisma also accepts a stored checksum computed with the other line-ending convention. */
function checksumMatches(script: string, checksum: string): boolean {
  const variants = [script, script.replace(/\r\n/g, '\n'), script.replace(/\r?\n/g, '\r\n')];
  return variants.some((v) => migrationChecksum(v) === checksum);
}

/** The migration directories in Prisma's order (directory names compared with localeCompare). */
export function readMigrations(migrationsDir: string): Migration[] {
  const lock = readFileSync(join(migrationsDir, 'migration_lock.toml'), 'utf8');
  const provider = /^\s*provider\s*=\s*"([^"]*)"/m.exec(lock)?.[1];
  if (provider !== 'postgresql') {
    throw new Error(`${migrationsDir}/migration_lock.toml: provider is "${provider}", expected "postgresql"`);
  }
  return readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort((a, b) => a.localeCompare(b))
    .map((name) => {
      const script = readFileSync(join(migrationsDir, name, 'migration.sql'), 'utf8');
      return { name, script, checksum: migrationChecksum(script) };
    });
}

// Prisma's own definition of the table (schema-engine, postgres flavour), kept identical.
const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

interface MigrationRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

export interface ApplyMigrationsOptions {
  migrationsDir?: string;
  /** Non-fatal findings (an applied migration whose file was edited since). */
  warn?: (message: string) => void;
}

/**
 * Applies every committed migration not yet recorded in `_prisma_migrations`, in order, each in
 * its own transaction. Idempotent; concurrent callers are serialized by the advisory lock.
 */
export async function applyMigrations(databaseUrl: string, options: ApplyMigrationsOptions = {}): Promise<{ applied: string[] }> {
  const migrations = readMigrations(options.migrationsDir ?? defaultMigrationsDir());
  const warn = options.warn ?? ((message: string) => console.warn(`[migrate] ${message}`));
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PRISMA_MIGRATE_LOCK_KEY]);
    try {
      await client.query(CREATE_MIGRATIONS_TABLE);
      const { rows } = await client.query<MigrationRow>(
        'SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY started_at',
      );
      const failed = rows.filter((r) => r.finished_at === null && r.rolled_back_at === null);
      if (failed.length > 0) {
        // Same refusal as `prisma migrate deploy` (P3009): a person must look at the database first.
        throw new Error(
          `migration(s) ${failed.map((r) => r.migration_name).join(', ')} failed earlier and are recorded ` +
            'as failed in _prisma_migrations; fix the database, then mark them rolled back ' +
            '(prisma migrate resolve --rolled-back <name>) before starting again',
        );
      }
      const applied = new Map<string, MigrationRow>();
      for (const row of rows) if (row.finished_at !== null && row.rolled_back_at === null) applied.set(row.migration_name, row);

      const newlyApplied: string[] = [];
      for (const migration of migrations) {
        const done = applied.get(migration.name);
        if (done) {
          if (!checksumMatches(migration.script, done.checksum)) {
            warn(`${migration.name}/migration.sql was modified after it was applied (checksum differs)`);
          }
          continue;
        }
        await applyOne(client, migration);
        newlyApplied.push(migration.name);
      }
      return { applied: newlyApplied };
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_MIGRATE_LOCK_KEY]).catch(() => undefined);
    }
  } finally {
    await client.end();
  }
}

async function applyOne(client: Client, migration: Migration): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count)
       VALUES ($1, $2, $3, clock_timestamp(), 0)`,
      [randomUUID(), migration.checksum, migration.name],
    );
    // No parameters: pg sends the whole file as one simple query, so multi-statement scripts run as written.
    await client.query(migration.script);
    await client.query(
      `UPDATE "_prisma_migrations" SET finished_at = clock_timestamp(), applied_steps_count = 1
       WHERE migration_name = $1 AND finished_at IS NULL`,
      [migration.name],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`migration ${migration.name} failed and was rolled back: ${reason}`, { cause: error });
  }
}
