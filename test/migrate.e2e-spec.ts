// apps/server/src/persistence/migrate.ts on real databases: idempotent, serialized, all-or-nothing
// per migration, and as strict as `prisma migrate deploy` about failed or edited history.
import { cpSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { applyMigrations, defaultMigrationsDir, readMigrations } from '../apps/server/src/persistence/migrate';
import { testDatabaseUrl } from './support/database';
import { createTestDatabase, withDatabase, type TestDatabase } from './support/test-database';

const committed = readMigrations(defaultMigrationsDir()).map((m) => m.name);

let empty: TestDatabase;
let dir: string;

/** A fresh database without any migration (createTestDatabase migrates, so make one by hand). */
async function emptyDatabase(): Promise<TestDatabase> {
  const db = await createTestDatabase(testDatabaseUrl(), 'chuhe_migrate_spec');
  await sql(db.url, 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  return db;
}

async function sql<T extends Record<string, unknown>>(url: string, text: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<T>(text);
    return Array.isArray(result) ? [] : result.rows;
  } finally {
    await client.end();
  }
}

const rows = (url: string) =>
  sql<{ migration_name: string; applied_steps_count: number; finished: boolean }>(
    url,
    'SELECT migration_name, applied_steps_count, finished_at IS NOT NULL AS finished FROM "_prisma_migrations" ORDER BY migration_name',
  );

beforeEach(async () => {
  empty = await emptyDatabase();
  dir = mkdtempSync(join(tmpdir(), 'chuhe-migrations-'));
  cpSync(defaultMigrationsDir(), dir, { recursive: true });
});
afterEach(async () => {
  await empty.drop();
  rmSync(dir, { recursive: true, force: true });
});

function addMigration(name: string, script: string): void {
  mkdirSync(join(dir, name));
  writeFileSync(join(dir, name, 'migration.sql'), script);
}

describe('applyMigrations', () => {
  it('applies the committed migrations once, even when started three times at once', async () => {
    const results = await Promise.all([1, 2, 3].map(() => applyMigrations(empty.url)));
    expect(results.map((r) => r.applied).flat()).toEqual(committed);
    expect(await applyMigrations(empty.url)).toEqual({ applied: [] });
    expect(await rows(empty.url)).toEqual(committed.map((name) => ({ migration_name: name, applied_steps_count: 1, finished: true })));
  });

  it('applies only the new migrations, in order, on a database that has the earlier ones', async () => {
    await applyMigrations(empty.url, { migrationsDir: dir });
    addMigration('99990101000001_second', 'CREATE TABLE "Second" ("id" INTEGER NOT NULL);');
    addMigration('99990101000000_first', 'CREATE TABLE "First" ("id" INTEGER NOT NULL);');
    expect(await applyMigrations(empty.url, { migrationsDir: dir })).toEqual({ applied: ['99990101000000_first', '99990101000001_second'] });
  });

  it('rolls a failing migration back entirely and leaves no record of it; the next start retries', async () => {
    addMigration('99990101000000_broken', 'CREATE TABLE "Half" ("id" INTEGER);\nSELECT * FROM "NoSuchTable";');
    await expect(applyMigrations(empty.url, { migrationsDir: dir })).rejects.toThrow(
      /migration 99990101000000_broken failed and was rolled back: relation "NoSuchTable" does not exist/,
    );
    expect((await rows(empty.url)).map((r) => r.migration_name)).toEqual(committed);
    expect(await sql(empty.url, `SELECT to_regclass('"Half"') IS NULL AS gone`)).toEqual([{ gone: true }]);

    writeFileSync(join(dir, '99990101000000_broken', 'migration.sql'), 'CREATE TABLE "Half" ("id" INTEGER);');
    expect(await applyMigrations(empty.url, { migrationsDir: dir })).toEqual({ applied: ['99990101000000_broken'] });
  });

  it('refuses to run over a migration Prisma recorded as failed, like `prisma migrate deploy`', async () => {
    await applyMigrations(empty.url);
    await sql(empty.url, `UPDATE "_prisma_migrations" SET finished_at = NULL WHERE migration_name = '${committed[0]}'`);
    await expect(applyMigrations(empty.url)).rejects.toThrow(/failed earlier.*prisma migrate resolve --rolled-back/s);
  });

  it('warns when an applied migration file was edited afterwards', async () => {
    await applyMigrations(empty.url, { migrationsDir: dir });
    writeFileSync(join(dir, committed[0], 'migration.sql'), '-- edited\n');
    const warnings: string[] = [];
    expect(await applyMigrations(empty.url, { migrationsDir: dir, warn: (w) => warnings.push(w) })).toEqual({ applied: [] });
    expect(warnings).toEqual([`${committed[0]}/migration.sql was modified after it was applied (checksum differs)`]);
  });

  it('accepts the same file with CRLF line endings (Prisma checksum semantics)', async () => {
    await applyMigrations(empty.url, { migrationsDir: dir });
    const file = join(dir, committed[0], 'migration.sql');
    const original = readMigrations(dir)[0].script;
    writeFileSync(file, original.replace(/\n/g, '\r\n'));
    const warnings: string[] = [];
    await applyMigrations(empty.url, { migrationsDir: dir, warn: (w) => warnings.push(w) });
    expect(warnings).toEqual([]);
  });

  it('rejects a migrations directory for another database provider', () => {
    writeFileSync(join(dir, 'migration_lock.toml'), 'provider = "sqlite"\n');
    expect(() => readMigrations(dir)).toThrow(/provider is "sqlite", expected "postgresql"/);
  });

  it('withDatabase builds URLs on the same server', () => {
    expect(withDatabase('postgresql://u:p@h:5/a?sslmode=disable', 'b')).toBe('postgresql://u:p@h:5/b?sslmode=disable');
  });
});
