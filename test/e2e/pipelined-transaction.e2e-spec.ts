// persistence/raw-pg.ts pipelinedTransaction on the server's pool (GuardedClient.pipelined, issue 31's
// opening hour): the statements written at once, one transaction, a failure rolls everything back and
// the connection goes back to the pool clean.
import type { Pool, PoolClient } from 'pg';
import { Prisma } from '../../apps/server/src/generated/prisma/client';
import { pipelinedTransaction } from '../../apps/server/src/persistence/raw-pg';
import { createPool, GuardedClient } from '../../apps/server/src/prisma/guarded-client';
import { testDatabaseUrl } from '../support/database';

const LIMITS = { maxWait: 5_000, timeout: 5_000 };

describe('pipelinedTransaction', () => {
  let pool: Pool;
  const ns = async () => (await pool.query<{ ns: number[] | null }>('SELECT array_agg(n ORDER BY n) AS ns FROM pipelined_probe')).rows[0].ns ?? [];

  beforeAll(async () => {
    pool = createPool(testDatabaseUrl());
    await pool.query('CREATE TABLE pipelined_probe (n int PRIMARY KEY)');
  });
  afterAll(async () => {
    await pool.query('DROP TABLE IF EXISTS pipelined_probe');
    await pool.end();
  });

  it('writes the statements at once, in one transaction: each answers its rows, each sees what the one before wrote', async () => {
    const client = (await pool.connect()) as PoolClient & GuardedClient;
    expect(client).toBeInstanceOf(GuardedClient);
    const stream = (client as unknown as { connection: { stream: { _write: unknown; _writev: unknown } } }).connection.stream;
    const writes = { one: 0, many: 0 };
    const [write, writev] = [stream._write as (...a: unknown[]) => unknown, stream._writev as (...a: unknown[]) => unknown];
    stream._write = function (this: unknown, ...a: unknown[]) {
      writes.one += 1;
      return write.apply(this, a);
    };
    stream._writev = function (this: unknown, ...a: unknown[]) {
      writes.many += 1;
      return writev.apply(this, a);
    };
    client.release();
    const rows = await pipelinedTransaction(pool, LIMITS, [
      Prisma.sql`INSERT INTO pipelined_probe (n) VALUES (${1}::int) RETURNING n, pg_current_xact_id()::text AS tx`,
      Prisma.sql`SELECT count(*)::int AS c, pg_current_xact_id()::text AS tx FROM pipelined_probe`,
    ]);
    expect(rows[0]).toEqual([{ n: 1, tx: expect.any(String) }]);
    expect(rows[1]).toEqual([{ c: 1, tx: (rows[0][0] as { tx: string }).tx }]);
    // One socket write for BEGIN, the two statements and COMMIT (pg-pool hands out the client released last).
    expect(writes).toEqual({ one: 0, many: 1 });
    expect(await ns()).toEqual([1]);
  });

  it('a failed step: nothing of the transaction is written, its error is thrown, and every connection stays usable', async () => {
    await expect(
      pipelinedTransaction(pool, LIMITS, [
        Prisma.sql`INSERT INTO pipelined_probe (n) VALUES (${2}::int)`,
        Prisma.sql`INSERT INTO pipelined_probe (n) VALUES (${1}::int)`,
        Prisma.sql`INSERT INTO pipelined_probe (n) VALUES (${3}::int)`,
      ]),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await ns()).toEqual([1]);
    // Each of the pool's ten connections, at once: none left inside a transaction.
    const states = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        pipelinedTransaction(pool, LIMITS, [Prisma.sql`SELECT ${i}::int AS i, (SELECT count(*)::int FROM pipelined_probe) AS c`]),
      ),
    );
    expect(states.map((r) => r[0][0])).toEqual(Array.from({ length: 10 }, (_, i) => ({ i, c: 1 })));
    expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });
});
