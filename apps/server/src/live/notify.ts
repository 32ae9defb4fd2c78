import type { Tx } from '../prisma/prisma.service';

/** The PostgreSQL channel every server instance LISTENs on (live.service.ts). */
export const LIVE_CHANNEL = 'chuhe_event_change';

/** What changed: a result (entered or corrected), a round (published), a lineup, an entry (withdrawn). */
export type LiveKind = 'result' | 'round' | 'lineup' | 'entry';

/**
 * Tells every server instance that the event's public data changed. Call it inside the writing
 * transaction: PostgreSQL delivers a NOTIFY only when (and if) the transaction commits, so viewers
 * never hear of a change that was rolled back, and identical notifications of one transaction are
 * folded into one.
 */
export async function notifyEventChange(tx: Tx, eventId: string, kind: LiveKind): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${LIVE_CHANNEL}, ${JSON.stringify({ eventId, kind })})`;
}
