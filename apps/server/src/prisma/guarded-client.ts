import { Logger } from '@nestjs/common';
import { Client, Pool, type ClientConfig, type QueryConfig, type QueryResult } from 'pg';

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
  private readonly direct: Query = Client.prototype.query;

  constructor(config?: string | ClientConfig) {
    super(config);
    this.on('error', (error: Error) => logger.warn(`a database connection was lost: ${error.message}`));
    Object.defineProperty(this, 'query', { value: (...args: unknown[]) => this.inTurn(this.direct, args), writable: true });
  }

  /**
   * `queries` written at once (one socket write) without waiting for each answer — pg's pipeline
   * mode, for these queries only (issue 31's opening hour: a round trip through a busy process per
   * statement kept a transaction open and cost a write and a wake-up each). PostgreSQL runs them in
   * order, each as its own statement (with its own snapshot), and answers each in turn; a failed one
   * does not stop the next from being sent (inside BEGIN … COMMIT the rest fail, and COMMIT rolls
   * back). In turn with this client's other queries, as they are. Each query's result or error, in order.
   */
  pipelined(queries: readonly QueryConfig[]): Promise<PromiseSettledResult<QueryResult>[]> {
    const run = (): Promise<PromiseSettledResult<QueryResult>[]> => {
      const self = this as unknown as { pipeline: boolean; connection: { stream: { cork(): void; uncork(): void } } };
      const { stream } = self.connection;
      self.pipeline = true;
      stream.cork();
      let sent: Promise<QueryResult>[];
      try {
        sent = queries.map((q) => Promise.resolve(this.direct.call(this, q) as Promise<QueryResult>));
      } finally {
        stream.uncork();
      }
      // Back to one query at a time once every answer is in (pg's queues are empty then).
      return Promise.allSettled(sent).finally(() => (self.pipeline = false));
    };
    return this.turn(run);
  }

  private inTurn(direct: Query, args: unknown[]): unknown {
    const first = args[0] as { submit?: unknown } | null | undefined;
    // A Submittable (cursor, stream) drives itself through pg's queue; Chuhe sends none.
    if (first && typeof first === 'object' && typeof first.submit === 'function') return direct.apply(this, args);
    const callback = typeof args[args.length - 1] === 'function' ? (args.pop() as (error: unknown, result?: unknown) => void) : undefined;
    const result = this.turn(() => direct.apply(this, args));
    if (!callback) return result;
    result.then(
      (value) => callback(undefined, value),
      (error: unknown) => callback(error),
    );
    return undefined;
  }

  /** `work` once every query sent before it has been answered; the next waits for it. */
  private turn<T>(work: () => T | Promise<T>): Promise<T> {
    const run = () => {
      try {
        return Promise.resolve(work());
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
    return result;
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
