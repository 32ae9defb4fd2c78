import { Logger } from '@nestjs/common';
import { Client, Pool, type ClientConfig } from 'pg';

const logger = new Logger('Database');

type Query = (this: Client, ...args: unknown[]) => unknown;

/**
 * The server's pg client (issue 23 #1), different from pg's in two ways:
 *
 * - **Never without an 'error' listener.** pg-pool takes its idle listener off a client the moment
 *   it hands it out, and Prisma's adapter puts its own on only when `await pool.connect()` resumes,
 *   a microtask later. A connection cut (`pg_terminate_backend`, a restart, a failover) whose FATAL
 *   message arrives in the same socket read as the ReadyForQuery that freed the client for a waiting
 *   interactive transaction is emitted in that gap, to nobody — and an unheard 'error' event ends the
 *   process. This listener is there from birth to death and only logs: the client is no longer
 *   queryable, whoever holds it gets the error from its next query, and the pool drops it at release.
 * - **One statement at a time, in turn.** Prisma's query interpreter runs the child queries of an
 *   `include` side by side (a "join" node's Promise.all), and so does a Promise.all over a
 *   transaction's reads; on an interactive transaction's one connection pg then queues them with
 *   "DeprecationWarning: Calling client.query() when the client is already executing a query" —
 *   refused from pg 9. Here a query sent while another is running waits for it (the same order pg's
 *   queue keeps), so nothing depends on pg's queue.
 */
export class GuardedClient extends Client {
  private running = 0;
  private last: Promise<unknown> = Promise.resolve();

  constructor(config?: string | ClientConfig) {
    super(config);
    this.on('error', (error: Error) => logger.warn(`a database connection was lost: ${error.message}`));
    const direct: Query = Client.prototype.query;
    Object.defineProperty(this, 'query', { value: (...args: unknown[]) => this.inTurn(direct, args), writable: true });
  }

  private inTurn(direct: Query, args: unknown[]): unknown {
    const first = args[0] as { submit?: unknown } | null | undefined;
    // A Submittable (cursor, stream) drives itself through pg's queue; Chuhe sends none.
    if (first && typeof first === 'object' && typeof first.submit === 'function') return direct.apply(this, args);
    const callback = typeof args[args.length - 1] === 'function' ? (args.pop() as (error: unknown, result?: unknown) => void) : undefined;
    const run = () => {
      try {
        return Promise.resolve(direct.apply(this, args));
      } catch (error) {
        return Promise.reject(error);
      }
    };
    const result = this.running === 0 ? run() : this.last.then(run, run);
    this.running += 1;
    this.last = result.then(
      () => void (this.running -= 1),
      () => void (this.running -= 1),
    );
    if (!callback) return result;
    result.then(
      (value) => callback(undefined, value),
      (error: unknown) => callback(error),
    );
    return undefined;
  }
}

/** The server's pool: ten connections kept open, each a GuardedClient. */
export function createPool(databaseUrl: string): Pool {
  // min = max: connections opened in a burst stay open (pg-pool closes idle ones after 10 s).
  // jit off: the server's statements are short, and PostgreSQL's JIT (on above an estimated cost of
  // 100,000) compiled for 100–450 ms to run an archive search of 20–100 ms at 10,000 tournaments
  // (test/bench/archive-scale.bench.ts, issue 33).
  const pool = new Pool({ connectionString: databaseUrl, max: 10, min: 10, Client: GuardedClient, options: '-c jit=off' });
  // An idle client's error also reaches the pool (which drops the client); the client's listener logs it.
  pool.on('error', () => undefined);
  return pool;
}
