import type { Sanction as FileSanction } from '@chuhe/standings';
import { fileSanctions } from './sanction-file';
import { Prisma } from '../generated/prisma/client';
import type { EntryStatus, GameKind, GameResult, PenaltyReason, TeamMemberRole } from '../generated/prisma/client';
import { NO_ID, oneOf, typedQuery } from '../persistence/typed-sql';
import type { Tx } from '../prisma/prisma.service';

/**
 * The event as play reads it (EventWithPlay: what `loadEvent`'s nested include gives, with the
 * fields pairing, checking, standings and the round views read), in parts that can be read again
 * one at a time (play/event-cache.ts): the event row, the entries with their names, the rounds,
 * the pairings and games of some rounds, the confirmed sanctions. Raw SQL, and the games as one
 * JSON text that PostgreSQL builds: Prisma's nested include issues a query per level, an IN list
 * of every pairing id for the games and maps every column — about twice as slow for 1,000 players
 * × 9 rounds (the server-round and server-standings benches print both).
 */

export type EventRow = Prisma.EventGetPayload<{ include: { tournament: true } }>;
export type LoadedRound = Prisma.RoundGetPayload<{ include: { stage: true } }>;

/** A player as pages and answers name them. */
export interface PlayerSummary {
  id: string;
  nameZh: string;
  nameEn: string;
  /** The server-wide person (issue 33), where the player is matched. */
  personId?: string | null;
  /** The player's federation ID (issue 33), as typed; the tournament file carries it. */
  federationId?: string | null;
}

/** A team member as play reads it: role, board and the player's names. */
export interface LoadedMember {
  teamId: string;
  playerId: string;
  role: TeamMemberRole;
  board: number | null;
  player: PlayerSummary;
}

/** An entry with its player (names, rating, affiliation) or team (names, affiliation, members). */
export interface LoadedEntry {
  id: string;
  eventId: string;
  playerId: string | null;
  teamId: string | null;
  drawNumber: number | null;
  seed: number | null;
  hostExtra: boolean;
  status: EntryStatus;
  withdrawnAt: Date | null;
  withdrawnAfterRound: number | null;
  withdrawalReason: string | null;
  lateEntry: boolean;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  player: {
    id: string;
    nameZh: string;
    nameEn: string;
    rating: number | null;
    title: string | null;
    affiliation: AffiliationName | null;
    personId?: string | null;
    federationId?: string | null;
  } | null;
  team: { id: string; nameZh: string; nameEn: string; affiliation: AffiliationName | null; members: LoadedMember[] } | null;
}

export interface AffiliationName {
  nameZh: string;
  nameEn: string;
}

export interface LoadedGame {
  id: string;
  pairingId: string;
  board: number;
  leg: number;
  kind: GameKind;
  redPlayerId: string | null;
  blackPlayerId: string | null;
  result: GameResult | null;
  penaltyReason: PenaltyReason | null;
  version: number;
  resultEnteredAt: Date | null;
}

export interface LoadedPairing {
  id: string;
  roundId: string;
  table: number | null;
  redEntryId: string;
  blackEntryId: string | null;
  matchKey: string | null;
  version: number;
  games: LoadedGame[];
}

/** The event as play reads it: its tournament, entries, and rounds with their pairings and games. */
export interface EventWithPlay extends EventRow {
  entries: LoadedEntry[];
  rounds: (LoadedRound & { pairings: LoadedPairing[] })[];
}

/** The event with all its rounds (every state) and, as `fileSanctions`, its confirmed sanctions. */
export type LoadedEvent = EventWithPlay & { fileSanctions: FileSanction[] };

export function loadEventRow(db: Tx, eventId: string): Promise<EventRow | null> {
  return db.event.findUnique({ where: { id: eventId }, include: { tournament: true } });
}

const ENTRIES = typedQuery(
  'entries of an event',
  {
    id: 'text',
    eventId: 'text',
    playerId: 'text?',
    teamId: 'text?',
    drawNumber: 'int4?',
    seed: 'int4?',
    hostExtra: 'bool',
    status: oneOf<EntryStatus>('text'),
    withdrawnAt: 'timestamp?',
    withdrawnAfterRound: 'int4?',
    withdrawalReason: 'text?',
    lateEntry: 'bool',
    version: 'int4',
    createdAt: 'timestamp',
    updatedAt: 'timestamp',
    playerZh: 'text?',
    playerEn: 'text?',
    rating: 'int4?',
    title: 'text?',
    playerAffZh: 'text?',
    playerAffEn: 'text?',
    teamZh: 'text?',
    teamEn: 'text?',
    teamAffZh: 'text?',
    teamAffEn: 'text?',
    personId: 'text?',
    federationId: 'text?',
  },
  (eventId: string) => Prisma.sql`
    SELECT e.id::text, e."eventId"::text, e."playerId"::text, e."teamId"::text, e."drawNumber", e.seed, e."hostExtra", e.status::text AS status,
           e."withdrawnAt", e."withdrawnAfterRound", e."withdrawalReason", e."lateEntry", e.version, e."createdAt", e."updatedAt",
           p."nameZh" AS "playerZh", p."nameEn" AS "playerEn", p.rating, p.title, pa."nameZh" AS "playerAffZh", pa."nameEn" AS "playerAffEn",
           t."nameZh" AS "teamZh", t."nameEn" AS "teamEn", ta."nameZh" AS "teamAffZh", ta."nameEn" AS "teamAffEn",
           p."personId"::text AS "personId", p."federationId"
      FROM "Entry" e
      LEFT JOIN "Player" p ON p.id = e."playerId"
      LEFT JOIN "Affiliation" pa ON pa.id = p."affiliationId"
      LEFT JOIN "Team" t ON t.id = e."teamId"
      LEFT JOIN "Affiliation" ta ON ta.id = t."affiliationId"
     WHERE e."eventId" = ${eventId}::uuid
     ORDER BY e."drawNumber" ASC NULLS LAST, e.id`,
  [NO_ID],
);

const MEMBERS = typedQuery(
  'team members of an event',
  {
    teamId: 'text',
    playerId: 'text',
    role: oneOf<TeamMemberRole>('text'),
    board: 'int4?',
    nameZh: 'text',
    nameEn: 'text',
    personId: 'text?',
    federationId: 'text?',
  },
  (eventId: string) => Prisma.sql`
    SELECT m."teamId"::text, m."playerId"::text, m.role::text AS role, m.board, p."nameZh", p."nameEn", p."personId"::text AS "personId", p."federationId"
      FROM "TeamMember" m JOIN "Team" t ON t.id = m."teamId" JOIN "Player" p ON p.id = m."playerId"
     WHERE t."eventId" = ${eventId}::uuid
     ORDER BY m.board ASC NULLS LAST, m."playerId"`,
  [NO_ID],
);

/** Entries with their player or team, affiliation and team members — two statements. */
export async function loadEntries(db: Tx, eventId: string): Promise<LoadedEntry[]> {
  const [entries, members] = await Promise.all([ENTRIES.rows(db, eventId), MEMBERS.rows(db, eventId)]);
  const membersOf = new Map<string, LoadedMember[]>();
  for (const m of members) {
    const list = membersOf.get(m.teamId) ?? [];
    if (list.length === 0) membersOf.set(m.teamId, list);
    list.push({
      teamId: m.teamId,
      playerId: m.playerId,
      role: m.role,
      board: m.board,
      player: { id: m.playerId, nameZh: m.nameZh, nameEn: m.nameEn, personId: m.personId, federationId: m.federationId },
    });
  }
  const aff = (zh: string | null, en: string | null): AffiliationName | null => (zh === null ? null : { nameZh: zh, nameEn: en ?? zh });
  return entries.map((e) => {
    const { playerZh, playerEn, rating, title, playerAffZh, playerAffEn, teamZh, teamEn, teamAffZh, teamAffEn, personId, federationId, ...entry } = e;
    return {
      ...entry,
      player:
        e.playerId === null
          ? null
          : {
              id: e.playerId,
              nameZh: playerZh ?? '',
              nameEn: playerEn ?? '',
              rating,
              title,
              affiliation: aff(playerAffZh, playerAffEn),
              personId,
              federationId,
            },
      team:
        e.teamId === null
          ? null
          : { id: e.teamId, nameZh: teamZh ?? '', nameEn: teamEn ?? '', affiliation: aff(teamAffZh, teamAffEn), members: membersOf.get(e.teamId) ?? [] },
    };
  });
}

export function loadRounds(db: Tx, eventId: string): Promise<LoadedRound[]> {
  return db.round.findMany({ where: { eventId }, orderBy: { number: 'asc' }, include: { stage: true } });
}

/** One [pairing, game] row of PAIRINGS_AND_GAMES's JSON text (the game's fields null for a pairing without games). */
type PlayTuple = [
  roundId: string,
  pairingId: string,
  table: number | null,
  redEntryId: string,
  blackEntryId: string | null,
  matchKey: string | null,
  pairingVersion: number,
  gameId: string | null,
  board: number | null,
  kind: GameKind | null,
  redPlayerId: string | null,
  blackPlayerId: string | null,
  result: GameResult | null,
  penaltyReason: PenaltyReason | null,
  gameVersion: number | null,
  resultEnteredAt: string | null,
  leg: number | null,
];

const PAIRINGS_AND_GAMES = typedQuery(
  'pairings and games of rounds, as one JSON text',
  { rows: 'text?' },
  (roundIds: readonly string[]) => Prisma.sql`
    SELECT json_agg(json_build_array(p."roundId", p.id, p."table", p."redEntryId", p."blackEntryId", p."matchKey", p.version,
                                     g.id, g.board, g.kind, g."redPlayerId", g."blackPlayerId", g.result, g."penaltyReason", g.version, g."resultEnteredAt", g.leg)
                    ORDER BY p."table" ASC NULLS LAST, p.id, g.board, g.leg)::text AS rows
      FROM "Pairing" p
      LEFT JOIN "Game" g ON g."pairingId" = p.id
     WHERE p."roundId" = ANY(${[...roundIds]}::uuid[])`,
  [[NO_ID]],
);

/**
 * The pairings (tables in order, byes last) and their games (by board, then leg) of the rounds
 * named, by round id — one statement whatever the number of rounds.
 */
export async function loadPairings(db: Tx, roundIds: readonly string[]): Promise<Map<string, LoadedPairing[]>> {
  const byRound = new Map<string, LoadedPairing[]>(roundIds.map((id) => [id, []]));
  if (!roundIds.length) return byRound;
  // One JSON text of [pairing, game] tuples: PostgreSQL builds it, JSON.parse reads it — far
  // cheaper than a driver row (and an adapter conversion) per game for thousands of games.
  const { rows } = await PAIRINGS_AND_GAMES.one(db, roundIds);
  let last: LoadedPairing | undefined;
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
      last = { id: pairingId, roundId, table, redEntryId, blackEntryId, matchKey, version: pairingVersion, games: [] };
      byRound.get(roundId)!.push(last);
    }
    if (gameId !== null) {
      last.games.push({
        id: gameId,
        pairingId,
        board: board!,
        leg: leg ?? 1,
        kind: kind!,
        redPlayerId,
        blackPlayerId,
        result,
        penaltyReason,
        version: gameVersion!,
        resultEnteredAt: at === null ? null : new Date(at),
      });
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
  entries: LoadedEntry[],
  rounds: LoadedRound[],
  pairings: ReadonlyMap<string, LoadedPairing[]>,
  sanctions: FileSanction[],
): LoadedEvent {
  return { ...event, entries, rounds: rounds.map((r) => ({ ...r, pairings: pairings.get(r.id) ?? [] })), fileSanctions: sanctions };
}
