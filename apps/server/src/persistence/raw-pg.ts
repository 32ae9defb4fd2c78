import type { Pool, PoolClient, QueryConfig, QueryResult } from 'pg';
import { DatabaseUnavailableError } from '../common/database-unavailable';
import { Prisma } from '../generated/prisma/client';
import { GuardedClient } from '../prisma/guarded-client';
import { rawDb, rawQuery, type RawDb } from './typed-sql';

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

/**
 * One transaction whose statements need nothing decided between them (issue 31's opening hour: an
 * entry request's locks and its checked write): BEGIN with the statements' time limit, `steps` in
 * order, COMMIT — written to the database at once (GuardedClient.pipelined: one socket write, one
 * wait; a pg client of another kind sends them one by one). Each step is its own statement, with
 * its own snapshot under READ COMMITTED: a step after a lock sees what the lock's previous holder
 * committed. When a step fails, the rest fail with it, COMMIT rolls back, and the first failure is
 * thrown as rawTransaction throws it. The rows of each step, in order.
 */
export async function pipelinedTransaction(pool: Pool, limits: RawTransactionLimits, steps: readonly Prisma.Sql[]): Promise<unknown[][]> {
  const client = await connectWithin(pool, limits.maxWait);
  const queries: QueryConfig[] = [{ text: `BEGIN; SET LOCAL statement_timeout = ${Math.floor(limits.timeout)}` }, ...steps.map(rawQuery), { text: 'COMMIT' }];
  let broken: Error | undefined;
  try {
    const answers = client instanceof GuardedClient ? await client.pipelined(queries) : await oneByOne(client, queries);
    const failed = answers.find((a): a is PromiseRejectedResult => a.status === 'rejected');
    // Not idle after a failure (a COMMIT that did not arrive): rolled back here, or the connection is dropped.
    if (failed && client.getTransactionStatus?.() !== 'I')
      await client.query('ROLLBACK').catch((e: unknown) => {
        broken = e instanceof Error ? e : new Error(String(e));
      });
    if (failed) throw asPrismaRefusal(failed.reason);
    // A COMMIT that answered ROLLBACK (the transaction had failed without a step's error reaching here) is no commit.
    const commit = (answers[answers.length - 1] as PromiseFulfilledResult<QueryResult>).value;
    if (commit.command !== 'COMMIT') throw new DatabaseUnavailableError(`the transaction was not committed (${commit.command})`);
    return answers.slice(1, -1).map((a) => (a as PromiseFulfilledResult<QueryResult>).value.rows);
  } finally {
    client.release(broken);
  }
}

/** `queries` sent one after the other, each after the previous answer; each one's result or error. */
async function oneByOne(client: PoolClient, queries: readonly QueryConfig[]): Promise<PromiseSettledResult<QueryResult>[]> {
  const answers: PromiseSettledResult<QueryResult>[] = [];
  for (const q of queries)
    answers.push(
      await client.query(q).then(
        (value) => ({ status: 'fulfilled' as const, value }),
        (reason: unknown) => ({ status: 'rejected' as const, reason }),
      ),
    );
  return answers;
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
