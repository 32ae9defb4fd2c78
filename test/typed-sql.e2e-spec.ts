import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Client, Pool } from 'pg';
import { Prisma } from '../apps/server/src/generated/prisma/client';
import { PG_TYPE_OID, rawDb, typedQueries, type PgType } from '../apps/server/src/persistence/typed-sql';
import { createPrismaClient, testDatabaseUrl } from './support/database';

/**
 * Every raw statement of the server declares its result columns beside its SQL
 * (persistence/typed-sql.ts); here each one runs against the migrated schema with its sample
 * arguments, inside a transaction that is rolled back, and the columns PostgreSQL describes
 * must be the ones declared — names, order and types. A schema change that breaks a raw
 * statement fails here, not on a page.
 */

const SERVER = join(__dirname, '..', 'apps', 'server', 'src');

/** The server's own source files (not the generated client, not specs), with their text. */
function serverSources(dir: string): { path: string; text: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'generated' ? [] : serverSources(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [{ path, text: readFileSync(path, 'utf8') }] : [];
  });
}

describe('typed raw SQL: each declaration matches what PostgreSQL says the statement returns', () => {
  const sources = serverSources(SERVER).filter((f) => !f.path.endsWith('typed-sql.ts'));
  const files = sources.filter((f) => /\btypedQuery\(/.test(f.text)).map((f) => f.path);
  const client = new Client({ connectionString: testDatabaseUrl() });

  beforeAll(async () => {
    for (const file of files) require(file);
    await client.connect();
  });
  afterAll(() => client.end());

  it('finds the typed queries of the server (loading every file that declares one)', () => {
    expect(files.length).toBeGreaterThanOrEqual(10);
    expect(typedQueries().length).toBeGreaterThanOrEqual(files.length);
    const names = typedQueries().map((q) => q.name);
    expect(new Set(names).size).toBe(names.length);
  });

  // Issue 35 #3: result entry's hot path runs its typed queries on the pool without Prisma (rawDb);
  // its rows must be those Prisma's $queryRaw gives, type by type, or a page would differ.
  it('rawDb gives the rows Prisma gives: timestamp read as UTC, int8 as bigint, the rest alike', async () => {
    const prisma = createPrismaClient();
    const pool = new Pool({ connectionString: testDatabaseUrl(), max: 1 });
    try {
      const sql = Prisma.sql`SELECT '2026-11-29 22:13:42.123'::timestamp AS t, NULL::timestamp AS z, 12345678901::int8 AS n, 7::int4 AS i,
        1.5::float8 AS f, true AS b, ${'x'}::text AS s, '{"a":[1,"b"]}'::jsonb AS j`;
      const viaPrisma = await prisma.$queryRaw<Record<string, unknown>[]>(sql);
      const viaPool = await rawDb(pool).$queryRaw<Record<string, unknown>[]>(sql);
      expect(viaPool).toEqual(viaPrisma);
      expect((viaPool[0].t as Date).toISOString()).toBe('2026-11-29T22:13:42.123Z');
      expect(viaPool[0].n).toBe(12345678901n);
    } finally {
      await prisma.$disconnect();
      await pool.end();
    }
  });

  it('no raw statement outside a typed query returns rows ($queryRaw only through typedQuery)', () => {
    const untyped = sources.flatMap((f) =>
      f.text
        .split('\n')
        .map((line, i) => ({ line, at: `${relative(SERVER, f.path)}:${i + 1}` }))
        .filter(({ line }) => /\$queryRaw(Unsafe)?\b/.test(line))
        .map(({ at }) => at),
    );
    expect(untyped).toEqual([]);
  });

  it('each typed query: the columns, their order and their types', async () => {
    const oidName = new Map(Object.entries(PG_TYPE_OID).map(([name, oid]) => [oid, name]));
    const mismatches: string[] = [];
    for (const query of typedQueries()) {
      const statement = query.sampleSql();
      await client.query('BEGIN');
      try {
        const res = await client.query({ text: statement.text, values: statement.values });
        const described = res.fields.map((f) => `${f.name}:${oidName.get(f.dataTypeID) ?? `oid ${f.dataTypeID}`}`);
        const declared = Object.entries(query.columns).map(([name, type]) => `${name}:${type.replace(/\?$/, '') as PgType}`);
        if (described.join(', ') !== declared.join(', '))
          mismatches.push(`${query.name}: declared ${declared.join(', ')}; PostgreSQL returns ${described.join(', ')}`);
      } catch (error) {
        mismatches.push(`${query.name}: ${(error as Error).message}`);
      } finally {
        await client.query('ROLLBACK');
      }
    }
    expect(mismatches).toEqual([]);
  });
});
