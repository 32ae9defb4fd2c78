import { Prisma } from '../generated/prisma/client';
import { NO_ID, RawDb, typedQuery } from '../persistence/typed-sql';
import type { Tx } from '../prisma/prisma.service';

const GAME_EVENT_LOCKED_SHARED = typedQuery(
  "a game's event, its play lock taken shared",
  { eventId: 'text' },
  (gameId: string) => Prisma.sql`
    SELECT r."eventId"::text AS "eventId"
    FROM "Game" g JOIN "Pairing" p ON p.id = g."pairingId" JOIN "Round" r ON r.id = p."roundId",
      LATERAL (SELECT pg_advisory_xact_lock_shared(hashtext('chuhe:event-play'), hashtext(r."eventId"::text))) l
    WHERE g.id = ${gameId}::uuid`,
  [NO_ID],
);

const MATCH_GAMES_LOCKED = typedQuery(
  "a match's games locked, its lineups counted",
  { lineups: 'int4', games: 'int4' },
  (pairingId: string) => Prisma.sql`
    SELECT (SELECT count(*) FROM "Lineup" l WHERE l."pairingId" = ${pairingId}::uuid)::int4 AS lineups,
      (SELECT count(*) FROM (SELECT 1 FROM "Game" g WHERE g."pairingId" = ${pairingId}::uuid ORDER BY g.id FOR UPDATE) AS locked)::int4 AS games`,
  [NO_ID],
);

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

/**
 * The same lock, shared: result entry takes it so that results of one event run side by side
 * (200 arbiters at once) while pairing, publishing and deleting (exclusive) wait for them and
 * they for those. Returns the event id of the game, found in the same statement.
 */
export async function lockEventPlaySharedForGame(tx: RawDb, gameId: string): Promise<string | null> {
  const rows = await GAME_EVENT_LOCKED_SHARED.rows(tx, gameId);
  return rows[0]?.eventId ?? null;
}

/**
 * The event's play lock, shared (issue 34 #11): lineups and the deadline sweep go side by side —
 * each serialized per match by lockMatch — while pairing, publishing, the start signal and the
 * other exclusive holders wait for them and they for those.
 */
export async function lockEventPlayShared(tx: Tx, eventId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock_shared(hashtext('chuhe:event-play'), hashtext(${eventId}))`;
}

/**
 * One match's rows, locked (taken after the event's play lock): the pairing first — lineups of the
 * match and the deadline sweep wait for each other here — then its games in id order, so that a
 * result entered at the same time (which updates its game's row) comes wholly before (read after
 * this) or after (its version no longer matches: 409). Answers the match's lineups counted after
 * the locks (read in the games' statement: a new statement, so it sees what the previous holder committed).
 */
export async function lockMatch(tx: Tx, pairingId: string): Promise<number> {
  await tx.$executeRaw`SELECT 1 FROM "Pairing" WHERE id = ${pairingId}::uuid FOR UPDATE`;
  return (await MATCH_GAMES_LOCKED.one(tx, pairingId)).lineups;
}
