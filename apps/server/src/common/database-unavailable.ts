/**
 * The database gave no answer where it always gives one — a raw statement whose result came back
 * `undefined` (or an aggregate without its one row) because its connection was cut mid-transaction.
 * The same 503 as any outage (isDatabaseUnavailable), never a TypeError's 500.
 */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
}

/**
 * Whether an error means "the database is not there right now" (issue 23 #6): PostgreSQL
 * restarting, failing over, refusing connections while it starts (57P03), a connection cut
 * (57P01, 08xxx), the pool or a transaction unable to get a connection in time — every one is a 503
 * with Retry-After, never a 500. Looks through Prisma's wrappers (P1001 "Can't reach database
 * server", P2010/P2039 "Raw query failed"/"Database error" holding the driver's error in
 * meta.driverAdapterError) and the `cause` chain down to pg's and Node's own errors.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length && seen.size < 12) {
    const cur = queue.shift();
    if (!cur || typeof cur !== 'object' || seen.has(cur)) continue;
    seen.add(cur);
    const e = cur as {
      name?: unknown;
      code?: unknown;
      originalCode?: unknown;
      kind?: unknown;
      message?: unknown;
      originalMessage?: unknown;
      cause?: unknown;
      meta?: { driverAdapterError?: unknown };
    };
    if (e.name === 'PrismaClientInitializationError' || e.name === 'PrismaClientRustPanicError' || e.name === 'DatabaseUnavailableError') return true;
    for (const code of [e.code, e.originalCode]) if (typeof code === 'string' && UNAVAILABLE_CODE.test(code)) return true;
    if (typeof e.kind === 'string' && UNAVAILABLE_KINDS.has(e.kind)) return true;
    for (const message of [e.message, e.originalMessage]) if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    queue.push(e.cause, e.meta?.driverAdapterError);
  }
  return false;
}

/**
 * Prisma: P1001 can't reach, P1002 timed out, P1008 socket timeout, P1017 connection closed, P2024
 * pool timeout, P2028 transaction could not start in time, P2037 too many connections. SQLSTATE:
 * class 08 (connection exception), 53 (insufficient resources: too many connections, out of memory,
 * disk full), 57P01–57P05 (admin or crash shutdown, cannot connect now, database dropped, idle
 * session timeout). Node: a refused, reset, unreachable or timed-out socket.
 */
const UNAVAILABLE_CODE =
  /^(P1001|P1002|P1008|P1017|P2024|P2028|P2037|08[0-9A-Z]{3}|53[0-9A-Z]{3}|57P0[1-5]|ECONNREFUSED|ECONNRESET|ECONNABORTED|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN)$/;

/** The driver adapter's own kinds for a connection that could not be made or was lost. */
const UNAVAILABLE_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);

const UNAVAILABLE_MESSAGE = new RegExp(
  [
    "Can't reach database server",
    'Connection terminated',
    'terminating connection',
    'connect ECONNREFUSED',
    'the database system is (starting up|shutting down|not yet accepting connections|in recovery mode)',
    'Client has encountered a connection error',
    'Client was closed and is not queryable',
    'timeout exceeded when trying to connect',
    'Unable to start a transaction in the given time',
    'server closed the connection unexpectedly',
  ].join('|'),
  'i',
);
