import { createHash } from 'node:crypto';
import type { Pool, PoolClient, QueryConfig, QueryResultRow } from 'pg';
import { types } from 'pg';
import { DatabaseUnavailableError } from '../common/database-unavailable';
import type { Prisma } from '../generated/prisma/client';

/**
 * Raw SQL with its row type declared once, beside the statement, and checked against the schema.
 *
 * Prisma's typed client cannot say some things fast enough (one JSON text for 4,500 games, a
 * statement-level lock, `INSERT … SELECT FROM unnest`), so a few statements are raw. Each one is a
 * `typedQuery`: its result columns named with their PostgreSQL types, from which the TypeScript row
 * type follows — no hand-written interface, no cast. `test/typed-sql.e2e-spec.ts` runs every
 * typed query of the server against the migrated schema (with its `sample` arguments, in a
 * transaction that is rolled back) and compares the columns PostgreSQL describes with the
 * declaration, so a schema change that breaks a statement fails a test, not a page.
 *
 * Prisma's TypedSQL would generate the types instead, but it needs a live database at `prisma
 * generate` time, which `npm install` on a fresh machine does not have.
 */

/** What the pg adapter hands back for each PostgreSQL type a raw statement returns. */
export interface PgValue {
  text: string;
  int4: number;
  int8: bigint;
  float8: number;
  bool: boolean;
  timestamp: Date;
  jsonb: unknown;
}
export type PgType = keyof PgValue;
/** A column's type; a trailing `?` when it may be NULL (nullability is declared, not checked). */
export type Column = PgType | `${PgType}?`;
export type Columns = Readonly<Record<string, Column>>;

declare const VALUES: unique symbol;
/** A text column whose values are one of `T` (an enum cast `::text`): `oneOf<GameResult>('text?')`. */
export type OneOf<T extends string, C extends 'text' | 'text?'> = C & { readonly [VALUES]: T };
export function oneOf<T extends string, C extends 'text' | 'text?' = 'text'>(column: C): OneOf<T, C> {
  return column as OneOf<T, C>;
}

type ValueOf<C> =
  C extends OneOf<infer T, infer N>
    ? N extends 'text?'
      ? T | null
      : T
    : C extends `${infer T extends PgType}?`
      ? PgValue[T] | null
      : C extends PgType
        ? PgValue[C]
        : never;

export type RowOf<C extends Columns> = { -readonly [K in keyof C]: ValueOf<C[K]> };

/** A uuid no row has: the usual sample argument (the schema test needs the columns, not rows). */
export const NO_ID = '00000000-0000-0000-0000-000000000000';

/** The part of a Prisma client (or transaction) raw statements need. */
export interface RawDb {
  $queryRaw<T = unknown>(query: Prisma.Sql): Prisma.PrismaPromise<T>;
}

export interface TypedQuery<C extends Columns, A extends unknown[]> {
  readonly name: string;
  readonly columns: C;
  readonly sql: (...args: A) => Prisma.Sql;
  /** Arguments the schema test runs the statement with (ids that match nothing are fine). */
  readonly sample: A;
  /** The rows; a result that is not rows (a connection cut mid-transaction) is a DatabaseUnavailableError (503). */
  rows(db: RawDb, ...args: A): Promise<RowOf<C>[]>;
  /**
   * The one row of a statement that always returns exactly one (an aggregate, `SELECT EXISTS …`);
   * none is a result lost with its connection: a DatabaseUnavailableError (503).
   */
  one(db: RawDb, ...args: A): Promise<RowOf<C>>;
  /**
   * The statement as one step of a batch transaction (`prisma.$transaction([a, b, c])`: BEGIN, the
   * steps in order, COMMIT, with no turn through this process between them — cheaper than an
   * interactive transaction where nothing between the steps needs deciding); its result read with
   * `rowsOf`.
   */
  step(db: RawDb, ...args: A): Prisma.PrismaPromise<unknown>;
  /** The rows of a step's result (not rows: a DatabaseUnavailableError, as `rows`). */
  rowsOf(result: unknown): RowOf<C>[];
}

/**
 * Typed queries straight on the pg pool, without Prisma's query engine (issue 35 #3: on result
 * entry's hot path @prisma/client, its interactive transaction and its debug layer were 1 ms of
 * the 5.4 ms of server CPU a result cost). Only for statements written as typedQuery, whose rows
 * come back as Prisma's raw queries give them: `timestamp` (without time zone, UTC as Prisma writes
 * it) as a Date read as UTC, `int8` as a bigint; the rest as pg parses them (int4, bool, text, jsonb).
 */
const TIMESTAMP = 1114;
const INT8 = 20;
const AS_PRISMA = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === TIMESTAMP) return (value: string) => new Date(`${value.replace(' ', 'T')}Z`);
    if (oid === INT8) return (value: string) => BigInt(value);
    return types.getTypeParser(oid, format ?? 'text');
  },
};

/** Statement names per SQL text (PostgreSQL parses and plans each once per connection), as PrismaService names its own. */
const names = new Map<string, string>();
const NAMED = 200;
function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < NAMED) {
    name = `chuhe_raw_${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
    names.set(text, name);
  }
  return name;
}

/** A typed query's statement as pg sends it: named (parsed once per connection), its rows typed as Prisma's raw queries give them. */
export function rawQuery(sql: Prisma.Sql): QueryConfig {
  return { text: sql.text, values: sql.values, name: nameOf(sql.text), types: AS_PRISMA };
}

/** A pool or one of its clients as the RawDb typed queries run on. */
export function rawDb(db: Pool | PoolClient): RawDb {
  return {
    $queryRaw: (<T>(sql: Prisma.Sql) => db.query<QueryResultRow>(rawQuery(sql)).then((result) => result.rows as T)) as RawDb['$queryRaw'],
  };
}

/** What the schema test needs of a typed query: its declaration and its statement with the sample arguments. */
export interface TypedQueryCheck {
  readonly name: string;
  readonly columns: Columns;
  readonly sampleSql: () => Prisma.Sql;
}

const registry: TypedQueryCheck[] = [];

export function typedQuery<const C extends Columns, A extends unknown[]>(
  name: string,
  columns: C,
  sql: (...args: A) => Prisma.Sql,
  sample: A,
): TypedQuery<C, A> {
  const rowsOf = (result: unknown): RowOf<C>[] => {
    // Issue 23 (the database-blinks soak): a statement whose connection was cut mid-transaction
    // once came back undefined, and the caller's rows[0] answered 500.
    if (!Array.isArray(result)) throw new DatabaseUnavailableError(`${name}: the database returned no result (its connection was lost)`);
    return result as RowOf<C>[];
  };
  const rows = async (db: RawDb, ...args: A): Promise<RowOf<C>[]> => rowsOf(await db.$queryRaw<RowOf<C>[]>(sql(...args)));
  const query: TypedQuery<C, A> = {
    name,
    columns,
    sql,
    sample,
    rows,
    step: (db, ...args) => db.$queryRaw(sql(...args)),
    rowsOf,
    one: async (db, ...args) => {
      const [row] = await rows(db, ...args);
      if (!row) throw new DatabaseUnavailableError(`${name}: the database returned no row where there is always one (its connection was lost)`);
      return row;
    },
  };
  registry.push({ name, columns, sampleSql: () => sql(...sample) });
  return query;
}

/** Every typed query of the modules loaded so far (the schema test loads them all). */
export function typedQueries(): readonly TypedQueryCheck[] {
  return registry;
}

/** PostgreSQL type OIDs of the declared types (pg_type), for the schema test. */
export const PG_TYPE_OID: Readonly<Record<PgType, number>> = {
  text: 25,
  int4: 23,
  int8: 20,
  float8: 701,
  bool: 16,
  timestamp: 1114,
  jsonb: 3802,
};
