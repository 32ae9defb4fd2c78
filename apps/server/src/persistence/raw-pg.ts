import { createHash } from 'node:crypto';
import type { Pool, PoolClient, QueryResultRow } from 'pg';
import { types } from 'pg';
import { DatabaseUnavailableError } from '../common/database-unavailable';
import { Prisma } from '../generated/prisma/client';
import type { RawDb } from './typed-sql';

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

/** A pool or one of its clients as the RawDb typed queries run on. */
export function rawDb(db: Pool | PoolClient): RawDb {
  return {
    $queryRaw: (<T>(sql: Prisma.Sql) =>
      db
        .query<QueryResultRow>({ text: sql.text, values: sql.values, name: nameOf(sql.text), types: AS_PRISMA })
        .then((result) => result.rows as T)) as RawDb['$queryRaw'],
  };
}

/** The limits of result entry's transaction (as its Prisma transaction had them): the wait for a connection, and for each statement. */
export interface RawTransactionLimits {
  maxWait: number;
  timeout: number;
}

/**
 * One transaction on one pooled connection: BEGIN, `work`, COMMIT (ROLLBACK when `work` throws).
 * The refusals stay those of Prisma's interactive transaction, so that the HTTP answers do not
 * change (http-exception.filter.ts): no connection within `maxWait`, a statement over `timeout`
 * (57014) or a lost connection → 503 (DatabaseUnavailableError and the pg errors
 * isDatabaseUnavailable knows); a serialization failure or a deadlock (40001, 40P01) → P2034, 409.
 */
export async function rawTransaction<T>(pool: Pool, limits: RawTransactionLimits, work: (db: RawDb) => Promise<T>): Promise<T> {
  const client = await connectWithin(pool, limits.maxWait);
  let broken: Error | undefined;
  try {
    // One round trip: the transaction and its statements' time limit (Prisma's `timeout` cut the whole transaction).
    await client.query(`BEGIN; SET LOCAL statement_timeout = ${Math.floor(limits.timeout)}`);
    const value = await work(rawDb(client));
    await client.query('COMMIT');
    return value;
  } catch (error) {
    await client.query('ROLLBACK').catch((e: unknown) => {
      broken = e instanceof Error ? e : new Error(String(e));
    });
    throw asPrismaRefusal(error);
  } finally {
    // A connection that could not even roll back is dropped, not handed to the next request.
    client.release(broken);
  }
}

/** pool.connect, refused like Prisma's P2028 ("Unable to start a transaction in the given time") after `ms`. */
function connectWithin(pool: Pool, ms: number): Promise<PoolClient> {
  return new Promise((resolve, reject) => {
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      reject(new DatabaseUnavailableError('Unable to start a transaction in the given time'));
    }, ms);
    pool.connect().then(
      (client) => {
        clearTimeout(timer);
        if (late) client.release();
        else resolve(client);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** A pg error as Prisma's interactive transaction reported it (see rawTransaction). */
function asPrismaRefusal(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === '40001' || code === '40P01')
    return new Prisma.PrismaClientKnownRequestError((error as Error).message, { code: 'P2034', clientVersion: Prisma.prismaVersion.client });
  if (code === '57014') return new DatabaseUnavailableError(`a statement took longer than the transaction's limit: ${(error as Error).message}`);
  return error;
}
