// prisma/schema.prisma and prisma/migrations describe the same database, and what Chuhe's own
// migrate.ts records is what Prisma Migrate expects (so `prisma migrate deploy` agrees later).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NO_FILTER, openSchemaEngine, readMigrationList, readSchema, type SchemaEngine, type SchemasContainer } from '../scripts/schema-engine';
import { migrationChecksum, readMigrations } from '../apps/server/src/persistence/migrate';
import { createPrismaClient, testDatabaseUrl } from './support/database';
import { createTestDatabase } from './support/test-database';
import { Client } from 'pg';

const ROOT = join(__dirname, '..');
const MIGRATIONS_DIR = join(ROOT, 'prisma/migrations');
const SCHEMA_PATH = join(ROOT, 'prisma/schema.prisma');

describe('schema.prisma and the migrations', () => {
  let schema: SchemasContainer;
  let engine: SchemaEngine;

  beforeAll(async () => {
    schema = await readSchema(SCHEMA_PATH);
    // The run's database: fresh, migrated by apps/server/src/persistence/migrate.ts (global setup).
    engine = await openSchemaEngine(testDatabaseUrl(), schema);
  });
  afterAll(() => engine?.free());

  // Prisma 7: "the database" is the engine's own connection (`--from-config-datasource`).
  const diffDatabaseTo = async (target: SchemasContainer, on: SchemaEngine = engine) =>
    on.diff({
      from: { tag: 'schemaDatasource', files: schema.files, configDir: ROOT },
      to: { tag: 'schemaDatamodel', ...target },
      script: true,
      exitCode: true,
      filters: NO_FILTER,
    });

  it('the migrated database has exactly the schema of schema.prisma (empty diff)', async () => {
    const diff = await diffDatabaseTo(schema);
    expect(diff.stdout?.trim()).toBe('-- This is an empty migration.');
    expect(diff.exitCode).toBe(0);
  });

  it('a schema that differs from the database is detected (the check can fail)', async () => {
    const changed = schema.files[0].content.replace(/model User \{\n/, 'model User {\n  nickname String?\n');
    expect(changed).not.toBe(schema.files[0].content);
    const diff = await diffDatabaseTo({ files: [{ path: SCHEMA_PATH, content: changed }] });
    expect(diff.exitCode).toBe(2);
    expect(diff.stdout).toContain('ALTER TABLE "User" ADD COLUMN     "nickname" TEXT');
  });

  it('the diff reads the live database: a migrated database missing a column is detected', async () => {
    const other = await createTestDatabase(testDatabaseUrl(), 'chuhe_schema_check');
    const client = new Client({ connectionString: other.url });
    let otherEngine: SchemaEngine | undefined;
    try {
      await client.connect();
      await client.query('ALTER TABLE "Tournament" DROP COLUMN "venue"');
      otherEngine = await openSchemaEngine(other.url, schema);
      const diff = await diffDatabaseTo(schema, otherEngine);
      expect(diff.exitCode).toBe(2);
      expect(diff.stdout).toMatch(/ALTER TABLE "Tournament" ADD COLUMN\s+"venue" TEXT NOT NULL/);
    } finally {
      otherEngine?.free();
      await client.end();
      await other.drop();
    }
  });

  it('replaying the migration files on a shadow database gives schema.prisma (what `prisma migrate dev` checks)', async () => {
    const diff = await engine.diff({
      from: { tag: 'migrations', ...(await readMigrationList(MIGRATIONS_DIR)) },
      to: { tag: 'schemaDatamodel', ...schema },
      script: true,
      exitCode: true,
      filters: NO_FILTER,
    });
    expect(diff.stdout?.trim()).toBe('-- This is an empty migration.');
    expect(diff.exitCode).toBe(0);
  });

  it("Prisma Migrate reads Chuhe's _prisma_migrations as fully applied (same checksums, nothing failed)", async () => {
    const history = await engine.diagnoseMigrationHistory({
      migrationsList: await readMigrationList(MIGRATIONS_DIR),
      optInToShadowDatabase: false,
      filters: NO_FILTER,
    });
    expect(history.hasMigrationsTable).toBe(true);
    expect(history.editedMigrationNames).toEqual([]);
    expect(history.failedMigrationNames).toEqual([]);
    expect(history.history).toBeNull();
  });

  it('checksums are the SHA-256 of the migration files', () => {
    const migrations = readMigrations(MIGRATIONS_DIR);
    expect(migrations.length).toBeGreaterThan(0);
    for (const m of migrations) {
      expect(m.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(m.checksum).toBe(migrationChecksum(readFileSync(join(MIGRATIONS_DIR, m.name, 'migration.sql'), 'utf8')));
    }
  });

  it('the generated Prisma client queries the migrated database from Jest', async () => {
    const prisma = createPrismaClient();
    try {
      const email = `schema-check-${Date.now()}@test.chuhe`;
      const user = await prisma.user.create({ data: { email, displayName: '检查', passwordHash: 'x' } });
      expect(await prisma.user.findUnique({ where: { email } })).toMatchObject({ id: user.id, displayName: '检查' });
      await prisma.user.delete({ where: { id: user.id } });
    } finally {
      await prisma.$disconnect();
    }
  });
});
