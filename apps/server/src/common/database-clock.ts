import { Prisma } from '../generated/prisma/client';
import { typedQuery, type RawDb } from '../persistence/typed-sql';

/**
 * One clock for every deadline (issue 34 #4): the database's. Two server instances whose clocks
 * differ by seconds judged a lineup deadline each by its own clock — one refused on-time lineups
 * and released them early while the other still accepted them. Deadlines (lineups, appeals,
 * registration windows, the start signal) are compared with `databaseNow(db)`, read inside the
 * transaction that decides, never with `new Date()`.
 *
 * A request's arrival (common/arrival.ts) is kept on the process's monotonic clock; its time on
 * the database's clock is the database's now minus the time elapsed since — exact whatever the
 * process's wall clock says, and fair to a request that waited for a lock.
 */
const DATABASE_NOW = typedQuery(
  'database now',
  { ms: 'float8' },
  (elapsedMs: number) => Prisma.sql`SELECT (EXTRACT(EPOCH FROM clock_timestamp()) * 1000 - ${elapsedMs}::float8)::float8 AS ms`,
  [0],
);

/** The database's time now (or `elapsedMs` before now). */
export async function databaseNow(db: RawDb, elapsedMs = 0): Promise<Date> {
  const { ms } = await DATABASE_NOW.one(db, Math.max(0, elapsedMs));
  return new Date(Math.round(ms));
}
