import type { Sanction as FileSanction } from '@chuhe/standings';
import { fileSanctions } from '../discipline/sanction-file';
import type { Tx } from '../prisma/prisma.service';
import type { EventWithPlay } from './event-file';

/**
 * The event as play reads it (EventWithPlay: what `loadEvent`'s nested include gives, with the
 * fields pairing, checking, standings and the round views read), in parts that can be read again
 * one at a time (play/event-cache.ts): the event row, the entries with their names, the rounds,
 * the pairings and games of some rounds, the confirmed sanctions. Raw SQL, and the games as one
 * JSON text that PostgreSQL builds: Prisma's nested include issues a query per level, an IN list
 * of every pairing id for the games and maps every column — about twice as slow for 1,000 players
 * × 9 rounds (the server-round and server-standings benches print both).
 */

export type EventRow = Omit<EventWithPlay, 'entries' | 'rounds'>;
export type EntryRow = EventWithPlay['entries'][number];
export type RoundRow = Omit<EventWithPlay['rounds'][number], 'pairings'>;
export type PairingRow = EventWithPlay['rounds'][number]['pairings'][number];

/** The event with all its rounds (every state) and, as `fileSanctions`, its confirmed sanctions. */
export type LoadedEvent = EventWithPlay & { fileSanctions: FileSanction[] };

export function loadEventRow(db: Tx, eventId: string): Promise<EventRow | null> {
  return db.event.findUnique({ where: { id: eventId }, include: { tournament: true } });
}

interface EntryQueryRow {
  id: string;
  eventId: string;
  playerId: string | null;
  teamId: string | null;
  drawNumber: number | null;
  seed: number | null;
  hostExtra: boolean;
  status: EntryRow['status'];
  withdrawnAt: Date | null;
  withdrawnAfterRound: number | null;
  withdrawalReason: string | null;
  lateEntry: boolean;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  playerZh: string | null;
  playerEn: string | null;
  rating: number | null;
  playerAffZh: string | null;
  playerAffEn: string | null;
  teamZh: string | null;
  teamEn: string | null;
  teamAffZh: string | null;
  teamAffEn: string | null;
}

interface MemberQueryRow {
  teamId: string;
  playerId: string;
  role: string;
  board: number | null;
  nameZh: string;
  nameEn: string;
}

/** Entries with their player or team, affiliation and team members — two statements. */
export async function loadEntries(db: Tx, eventId: string): Promise<EntryRow[]> {
  const [entries, members] = await Promise.all([
    db.$queryRaw<EntryQueryRow[]>`
      SELECT e.id::text, e."eventId"::text, e."playerId"::text, e."teamId"::text, e."drawNumber", e.seed, e."hostExtra", e.status::text AS status,
             e."withdrawnAt", e."withdrawnAfterRound", e."withdrawalReason", e."lateEntry", e.version, e."createdAt", e."updatedAt",
             p."nameZh" AS "playerZh", p."nameEn" AS "playerEn", p.rating, pa."nameZh" AS "playerAffZh", pa."nameEn" AS "playerAffEn",
             t."nameZh" AS "teamZh", t."nameEn" AS "teamEn", ta."nameZh" AS "teamAffZh", ta."nameEn" AS "teamAffEn"
        FROM "Entry" e
        LEFT JOIN "Player" p ON p.id = e."playerId"
        LEFT JOIN "Affiliation" pa ON pa.id = p."affiliationId"
        LEFT JOIN "Team" t ON t.id = e."teamId"
        LEFT JOIN "Affiliation" ta ON ta.id = t."affiliationId"
       WHERE e."eventId" = ${eventId}::uuid
       ORDER BY e."drawNumber" ASC NULLS LAST, e.id`,
    db.$queryRaw<MemberQueryRow[]>`
      SELECT m."teamId"::text, m."playerId"::text, m.role::text AS role, m.board, p."nameZh", p."nameEn"
        FROM "TeamMember" m JOIN "Team" t ON t.id = m."teamId" JOIN "Player" p ON p.id = m."playerId"
       WHERE t."eventId" = ${eventId}::uuid
       ORDER BY m.board ASC NULLS LAST, m."playerId"`,
  ]);
  const membersOf = new Map<string, unknown[]>();
  for (const m of members) {
    const list = membersOf.get(m.teamId) ?? [];
    if (list.length === 0) membersOf.set(m.teamId, list);
    list.push({ teamId: m.teamId, playerId: m.playerId, role: m.role, board: m.board, player: { id: m.playerId, nameZh: m.nameZh, nameEn: m.nameEn } });
  }
  const aff = (zh: string | null, en: string | null) => (zh === null ? null : { nameZh: zh, nameEn: en });
  return entries.map((e) => {
    const { playerZh, playerEn, rating, playerAffZh, playerAffEn, teamZh, teamEn, teamAffZh, teamAffEn, ...entry } = e;
    return {
      ...entry,
      player: e.playerId === null ? null : { id: e.playerId, nameZh: playerZh, nameEn: playerEn, rating, affiliation: aff(playerAffZh, playerAffEn) },
      team:
        e.teamId === null
          ? null
          : { id: e.teamId, nameZh: teamZh, nameEn: teamEn, affiliation: aff(teamAffZh, teamAffEn), members: membersOf.get(e.teamId) ?? [] },
    } as unknown as EntryRow;
  });
}

export function loadRounds(db: Tx, eventId: string): Promise<RoundRow[]> {
  return db.round.findMany({ where: { eventId }, orderBy: { number: 'asc' }, include: { stage: true } });
}

type PlayTuple = [
  string,
  string,
  number | null,
  string,
  string | null,
  string | null,
  number,
  string | null,
  number | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  number | null,
  string | null,
  number | null,
];

/**
 * The pairings (tables in order, byes last) and their games (by board, then leg) of the rounds
 * named, by round id — one statement whatever the number of rounds.
 */
export async function loadPairings(db: Tx, roundIds: readonly string[]): Promise<Map<string, PairingRow[]>> {
  const byRound = new Map<string, PairingRow[]>(roundIds.map((id) => [id, []]));
  if (!roundIds.length) return byRound;
  // One JSON text of [pairing, game] tuples: PostgreSQL builds it, JSON.parse reads it — far
  // cheaper than a driver row (and an adapter conversion) per game for thousands of games.
  const [{ rows }] = await db.$queryRaw<{ rows: string | null }[]>`
    SELECT json_agg(json_build_array(p."roundId", p.id, p."table", p."redEntryId", p."blackEntryId", p."matchKey", p.version,
                                     g.id, g.board, g.kind, g."redPlayerId", g."blackPlayerId", g.result, g."penaltyReason", g.version, g."resultEnteredAt", g.leg)
                    ORDER BY p."table" ASC NULLS LAST, p.id, g.board, g.leg)::text AS rows
      FROM "Pairing" p
      LEFT JOIN "Game" g ON g."pairingId" = p.id
     WHERE p."roundId" = ANY(${[...roundIds]}::uuid[])`;
  let last: PairingRow | undefined;
  for (const t of JSON.parse(rows ?? '[]') as PlayTuple[]) {
    const [
      roundId,
      pairingId,
      table,
      redEntryId,
      blackEntryId,
      matchKey,
      pairingVersion,
      gameId,
      board,
      kind,
      redPlayerId,
      blackPlayerId,
      result,
      penaltyReason,
      gameVersion,
      at,
      leg,
    ] = t;
    if (last?.id !== pairingId) {
      last = { id: pairingId, roundId, table, redEntryId, blackEntryId, matchKey, version: pairingVersion, games: [] } as unknown as PairingRow;
      byRound.get(roundId)!.push(last);
    }
    if (gameId !== null) {
      last.games.push({
        id: gameId,
        pairingId,
        board: board!,
        leg: leg ?? 1,
        kind,
        redPlayerId,
        blackPlayerId,
        result,
        penaltyReason,
        version: gameVersion!,
        resultEnteredAt: at === null ? null : new Date(at),
      } as unknown as PairingRow['games'][number]);
    }
  }
  return byRound;
}

/** The whole event, read now (no cache): under the play lock, where what is read must be what is written against. */
export async function loadEventPlay(db: Tx, eventId: string): Promise<LoadedEvent | null> {
  const [event, entries, rounds, sanctions] = await Promise.all([
    loadEventRow(db, eventId),
    loadEntries(db, eventId),
    loadRounds(db, eventId),
    fileSanctions(db, eventId, { states: ['draft', 'published', 'completed'] }),
  ]);
  if (!event) return null;
  const pairings = await loadPairings(
    db,
    rounds.map((r) => r.id),
  );
  return assemble(event, entries, rounds, pairings, sanctions);
}

export function assemble(
  event: EventRow,
  entries: EntryRow[],
  rounds: RoundRow[],
  pairings: ReadonlyMap<string, PairingRow[]>,
  sanctions: FileSanction[],
): LoadedEvent {
  return { ...event, entries, rounds: rounds.map((r) => ({ ...r, pairings: pairings.get(r.id) ?? [] })), fileSanctions: sanctions };
}
