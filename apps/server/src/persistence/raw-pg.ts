import type { Pool, PoolClient } from 'pg';
import { DatabaseUnavailableError } from '../common/database-unavailable';
import { Prisma } from '../generated/prisma/client';
import { rawDb, type RawDb } from './typed-sql';

export { rawDb };

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
