import type { Tx } from '../prisma/prisma.service';

/**
 * Serializes the play changes of one event — pairing a round, publishing, deleting a draft,
 * results that complete a round — across requests and server instances: a transaction-scoped
 * PostgreSQL advisory lock keyed on the event, taken first in the transaction and released at
 * commit or rollback. With it "exactly one round N" holds even when two instances race; the
 * unique (eventId, number) index is the last line of defence.
 */
export async function lockEventPlay(tx: Tx, eventId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('chuhe:event-play'), hashtext(${eventId}))`;
}
