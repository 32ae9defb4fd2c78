import { Prisma } from '../generated/prisma/client';
import { typedQuery, type RawDb } from '../persistence/typed-sql';

const NOW = typedQuery('the database clock', { now: 'timestamp' }, () => Prisma.sql`SELECT (now() AT TIME ZONE 'UTC') AS now`, []);

/**
 * The database's clock: deadlines (the registration window) are judged by it, never by this
 * process's clock, so that every server instance judges alike (issue 34: one clock). Inside a
 * transaction it is the transaction's start.
 */
export async function dbNow(db: RawDb): Promise<Date> {
  return (await NOW.one(db)).now;
}
