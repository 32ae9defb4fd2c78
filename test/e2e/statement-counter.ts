import { GuardedClient } from '../../apps/server/src/prisma/guarded-client';

/** What countStatements answers: the statements counted so far, and how many a piece of work sent. */
export interface StatementCounter {
  /** Every statement since the counter started. */
  readonly total: number;
  /** What `f` sent while it ran, and its value. */
  during<T>(f: () => Promise<T>): Promise<{ value: T; statements: number }>;
  /** Stops counting (afterAll). */
  restore(): void;
}

/**
 * Counts the SQL statements the server sends, where every one of them passes: the pool's
 * GuardedClient (prisma/guarded-client.ts, its private inTurn) — Prisma's, the typed queries' and
 * the raw transactions' alike. For the tests that prove what a request costs (a cached page 0, a
 * result the API's write).
 */
export function countStatements(): StatementCounter {
  let total = 0;
  const proto = GuardedClient.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const original = proto.inTurn;
  const spy = jest.spyOn(proto, 'inTurn').mockImplementation(function (this: unknown, ...args: unknown[]) {
    total++;
    return original.apply(this, args);
  });
  return {
    get total() {
      return total;
    },
    async during<T>(f: () => Promise<T>) {
      const before = total;
      const value = await f();
      return { value, statements: total - before };
    },
    restore: () => spy.mockRestore(),
  };
}
