// Drives Prisma's schema engine offline: the WebAssembly build (@prisma/schema-engine-wasm) with the
// `pg` driver adapter, instead of the native binary the Prisma CLI would download (STACK.md).
// Used by development scripts (scripts/new-migration.ts) and tests, never by the server at runtime.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
// A dependency of @prisma/adapter-pg (pinned by it): wraps adapter calls in the Result shape the engine expects.
import { bindMigrationAwareSqlAdapterFactory, ColumnTypeEnum } from '@prisma/driver-adapter-utils';
import type { MigrationList, SchemaEngine, SchemaFilter, SchemasContainer } from '@prisma/schema-engine-wasm';
import { Client, type ClientConfig } from 'pg';

export type { MigrationList, SchemaEngine, SchemasContainer };

export const NO_FILTER: SchemaFilter = { externalTables: [], externalEnums: [] };

type Bindings = typeof import('@prisma/schema-engine-wasm');
let bindings: Promise<Bindings> | undefined;

interface WasmApi {
  instantiate(bytes: Uint8Array, imports: Record<string, object>): Promise<{ instance: { exports: Record<string, unknown> } }>;
}

/** Loads the wasm module by hand: its package entry imports a `.wasm` file, which Node 20 cannot. */
function loadBindings(): Promise<Bindings> {
  bindings ??= (async () => {
    // The package is ESM: Node >= 20.19 loads it with require(esm), Jest transforms it
    // (jest.e2e.config.js), so the glue shares the realm of the adapter it talks to.
    const bg = require('@prisma/schema-engine-wasm/schema_engine_bg') as Bindings & {
      __wbg_set_wasm(exports: Record<string, unknown>): void;
    };
    const wasmPath = join(dirname(require.resolve('@prisma/schema-engine-wasm/schema_engine_bg')), 'schema_engine_bg.wasm');
    // (The project's lib settings carry no WebAssembly typings; the global exists in Node.)
    const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
    const { instance } = await wasm.instantiate(readFileSync(wasmPath), { './schema_engine_bg.js': bg });
    bg.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return bg;
  })();
  return bindings;
}

/** pg client settings from a URL, as separate fields so `database` can be overridden reliably. */
export function pgConfig(databaseUrl: string, database?: string): ClientConfig {
  const url = new URL(databaseUrl);
  return {
    host: decodeURIComponent(url.hostname) || 'localhost',
    port: url.port ? Number(url.port) : 5432,
    user: decodeURIComponent(url.username) || undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    database: database ?? (decodeURIComponent(url.pathname.replace(/^\//, '')) || undefined),
  };
}

/**
 * The driver-adapter factory the engine wants: the main database plus throwaway shadow databases.
 * Written here rather than using PrismaPg's own connectToShadowDb, which spreads a config holding a
 * connectionString (whose database then wins over the shadow one) and drops the shadow database
 * while its pool is still connected.
 */
function adapterFactory(databaseUrl: string) {
  return {
    provider: 'postgres' as const,
    adapterName: '@prisma/adapter-pg',
    connect: async () => withCharColumns(await new PrismaPg(pgConfig(databaseUrl)).connect()),
    connectToShadowDb: async () => {
      const name = `prisma_migrate_shadow_db_${randomUUID()}`;
      await adminQuery(databaseUrl, `CREATE DATABASE "${name}"`);
      const adapter = withCharColumns(await new PrismaPg(pgConfig(databaseUrl, name)).connect());
      const dispose = adapter.dispose.bind(adapter);
      adapter.dispose = async () => {
        await dispose();
        await adminQuery(databaseUrl, `DROP DATABASE IF EXISTS "${name}"`);
      };
      return adapter;
    },
  };
}

type PgResult = { fields: { dataTypeID: number }[] };
type RawResult = { columnTypes: number[] };
interface PatchableQueryable {
  performIO(query: object): Promise<PgResult>;
  queryRaw(query: object): Promise<RawResult>;
  startTransaction?: (...args: unknown[]) => Promise<object>;
}
const PG_CHAR = 18; // the one-byte "char" type of the catalogs (pg_class.relkind, pg_constraint.contype, …)
const PG_TEXT = 25;

/**
 * The engine describes a database through catalog queries returning "char" columns, which
 * @prisma/adapter-pg 7.10 rejects ("Column type 'char' could not be deserialized") although the
 * engine reads them as ColumnType.Character. pg already returns those values as strings: let the
 * adapter pass them as text, then report the column as Character — on the adapter and on its
 * transactions. (queryRaw awaits performIO and maps the fields synchronously right after.)
 */
function withCharColumns<T extends object>(queryable: T): T {
  const target = queryable as T & PatchableQueryable;
  const performIO = target.performIO.bind(target);
  const queryRaw = target.queryRaw.bind(target);
  const charColumns = new WeakMap<object, number[]>();
  target.performIO = async (query) => {
    const result = await performIO(query);
    const indexes: number[] = [];
    result.fields.forEach((field, i) => {
      if (field.dataTypeID === PG_CHAR) {
        field.dataTypeID = PG_TEXT;
        indexes.push(i);
      }
    });
    if (indexes.length) charColumns.set(query, indexes);
    return result;
  };
  target.queryRaw = async (query) => {
    const result = await queryRaw(query);
    for (const i of charColumns.get(query) ?? []) result.columnTypes[i] = ColumnTypeEnum.Character;
    return result;
  };
  const startTransaction = target.startTransaction?.bind(target);
  if (startTransaction) target.startTransaction = async (...args) => withCharColumns(await startTransaction(...args));
  // adapter-pg 7.10 runs a migration script cut at every ";" — inside $$…$$ function bodies too
  // (migration event_changes has plpgsql triggers). PostgreSQL takes the whole script in one
  // simple query, as apps/server/src/persistence/migrate.ts and `prisma migrate deploy` send it.
  const scripted = target as T & {
    client?: { query(sql: string): Promise<unknown> };
    executeScript?: (script: string) => Promise<void>;
    onError?: (e: unknown) => never;
  };
  if (scripted.executeScript && scripted.client) {
    const client = scripted.client;
    scripted.executeScript = async (script) => {
      try {
        await client.query(script);
      } catch (error) {
        if (scripted.onError) scripted.onError(error);
        throw error;
      }
    };
  }
  return queryable;
}

async function adminQuery(databaseUrl: string, sql: string): Promise<void> {
  const client = new Client(pgConfig(databaseUrl));
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A schema engine connected to `databaseUrl` (needed even for pure diffs: it makes shadow databases there). */
export async function openSchemaEngine(databaseUrl: string, schema: SchemasContainer): Promise<SchemaEngine> {
  const { SchemaEngine } = await loadBindings();
  const datamodels = schema.files.map((f): [string, string] => [f.path, f.content]);
  return SchemaEngine.new({ datamodels }, () => undefined, bindMigrationAwareSqlAdapterFactory(adapterFactory(databaseUrl)));
}

export async function readSchema(schemaPath: string): Promise<SchemasContainer> {
  return { files: [{ path: schemaPath, content: await readFile(schemaPath, 'utf8') }] };
}

/** The migrations directory as the Prisma CLI reads it (same shape, same ordering). */
export async function readMigrationList(migrationsDir: string): Promise<MigrationList> {
  const lockPath = 'migration_lock.toml';
  const lockContent = await readFile(join(migrationsDir, lockPath), 'utf8').catch(() => null);
  const entries = await readdir(migrationsDir, { withFileTypes: true }).catch(() => []);
  const dirs = [];
  for (const entry of entries.filter((e) => e.isDirectory())) {
    const content = await readFile(join(migrationsDir, entry.name, 'migration.sql'), 'utf8')
      .then((value) => ({ tag: 'ok' as const, value }))
      .catch((error: Error) => ({ tag: 'error' as const, value: error.message }));
    dirs.push({ path: entry.name, migrationFile: { path: 'migration.sql', content } });
  }
  dirs.sort((a, b) => a.path.localeCompare(b.path));
  return {
    baseDir: migrationsDir,
    lockfile: { path: lockPath, content: lockContent },
    shadowDbInitScript: '',
    migrationDirectories: dirs,
  };
}
