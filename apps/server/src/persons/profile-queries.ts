import { Prisma } from '../generated/prisma/client';
import { NO_ID, typedQuery } from '../persistence/typed-sql';

/**
 * The profile's reads, one statement each (a profile page is read far more than written; issue 33
 * asks < 100 ms at 100,000 persons and 2,000,000 games): only published tournaments, only
 * published rounds — a profile shows what the events' own public pages show.
 */
export const PERSON_ENTRIES = typedQuery(
  'person entries',
  {
    entryId: 'text',
    eventId: 'text',
    eventZh: 'text',
    eventEn: 'text',
    kind: 'text',
    scoring: 'text',
    tournamentId: 'text',
    tournamentZh: 'text',
    tournamentEn: 'text',
    startDate: 'timestamp',
    endDate: 'timestamp',
    playerId: 'text',
    title: 'text?',
    rating: 'int4?',
  },
  (personId: string) => Prisma.sql`
    SELECT x.id::text AS "entryId", e.id::text AS "eventId", e."nameZh" AS "eventZh", e."nameEn" AS "eventEn", e.kind::text AS kind, e.scoring::text AS scoring,
           t.id::text AS "tournamentId", t."nameZh" AS "tournamentZh", t."nameEn" AS "tournamentEn",
           t."startDate"::timestamp AS "startDate", t."endDate"::timestamp AS "endDate", p.id::text AS "playerId", p.title, p.rating
    FROM "Player" p
    JOIN "Tournament" t ON t.id = p."tournamentId" AND t."publishedAt" IS NOT NULL
    -- The player's own entries and their teams' entries: two index lookups (Entry_playerId_idx,
    -- Entry_eventId_teamId_key) — one join ON playerId OR teamId IN (…) scanned every entry.
    CROSS JOIN LATERAL (
      SELECT o.id, o."eventId" FROM "Entry" o WHERE o."playerId" = p.id
      UNION ALL
      SELECT o.id, o."eventId" FROM "TeamMember" m JOIN "Team" tm ON tm.id = m."teamId" JOIN "Entry" o ON o."eventId" = tm."eventId" AND o."teamId" = m."teamId"
      WHERE m."playerId" = p.id
    ) x
    JOIN "Event" e ON e.id = x."eventId"
    WHERE p."personId" = ${personId}::uuid
    ORDER BY t."startDate" DESC, e."createdAt", e.id`,
  [NO_ID],
);

/**
 * The events' data versions (play/event-version.ts: their EventChange rows), for the places a server
 * keeps per event; an event with no row is at version 0. One grouped scan of the index over the
 * profile's few events — a count per event as a subquery (here or as a column of PERSON_ENTRIES) was
 * estimated past the planner's JIT threshold, and a 200-event profile paid ~50–500 ms of compilation.
 */
export const EVENT_VERSIONS = typedQuery(
  'event versions',
  { eventId: 'text', version: 'int4' },
  (eventIds: string[]) => Prisma.sql`
    SELECT c."eventId"::text AS "eventId", count(*)::int AS version
    FROM "EventChange" c WHERE c."eventId" = ANY(${eventIds}::uuid[])
    GROUP BY c."eventId"`,
  [[NO_ID]],
);

/** A game of a person's career as the profile lists it (every game, or one page of them). */
const GAME_ROW = {
  gameId: 'text',
  eventId: 'text',
  round: 'int4',
  board: 'int4',
  kind: 'text',
  colour: 'text',
  result: 'text',
  opponentPlayerId: 'text?',
  opponentPersonId: 'text?',
  opponentZh: 'text?',
  opponentEn: 'text?',
  hasRecord: 'bool',
  startDate: 'timestamp',
} as const;

export const PERSON_GAMES = typedQuery(
  'person games',
  GAME_ROW,
  (personId: string) => Prisma.sql`
    SELECT g.id::text AS "gameId", r."eventId"::text AS "eventId", r.number AS round, g.board, g.kind::text AS kind,
           g.colour, g.result::text AS result,
           op.id::text AS "opponentPlayerId", op."personId"::text AS "opponentPersonId", op."nameZh" AS "opponentZh", op."nameEn" AS "opponentEn",
           EXISTS (SELECT 1 FROM "GameRecord" gr WHERE gr."gameId" = g.id) AS "hasRecord", t."startDate"::timestamp AS "startDate"
    FROM "Player" me
    JOIN "Tournament" t ON t.id = me."tournamentId" AND t."publishedAt" IS NOT NULL
    -- As red and as black, each through its own index, the opponent named by id: one join ON red OR
    -- black with a CASE for the opponent hashed every player of the server (400,000 at the issue's scale).
    CROSS JOIN LATERAL (
      SELECT g.id, g."pairingId", g.board, g.leg, g.kind, g.result, 'red' AS colour, g."blackPlayerId" AS "opponentId" FROM "Game" g WHERE g."redPlayerId" = me.id
      UNION ALL
      SELECT g.id, g."pairingId", g.board, g.leg, g.kind, g.result, 'black', g."redPlayerId" FROM "Game" g WHERE g."blackPlayerId" = me.id
    ) g
    JOIN "Pairing" pa ON pa.id = g."pairingId"
    JOIN "Round" r ON r.id = pa."roundId" AND r.state <> 'draft'
    LEFT JOIN "Player" op ON op.id = g."opponentId"
    WHERE me."personId" = ${personId}::uuid AND g.result IS NOT NULL
    ORDER BY t."startDate" DESC, r."eventId", r.number DESC, g.board, g.leg`,
  [NO_ID],
);

export const PERSON_RATINGS = typedQuery(
  'person ratings',
  {
    listId: 'text',
    listName: 'text',
    eventId: 'text?',
    eventZh: 'text?',
    eventEn: 'text?',
    effectiveAt: 'timestamp',
    ratingBefore: 'int4?',
    rating: 'int4',
    games: 'int4',
    performance: 'int4?',
  },
  (personId: string) => Prisma.sql`
    SELECT c."ratingListId"::text AS "listId", l.name AS "listName", c."eventId"::text AS "eventId", e."nameZh" AS "eventZh", e."nameEn" AS "eventEn",
           c."effectiveAt"::timestamp AS "effectiveAt", c."ratingBefore", c.rating, c.games, c.performance
    FROM "RatingChange" c JOIN "RatingList" l ON l.id = c."ratingListId" LEFT JOIN "Event" e ON e.id = c."eventId"
    WHERE c."personId" = ${personId}::uuid
    ORDER BY l.name, c."effectiveAt", c.id`,
  [NO_ID],
);

/**
 * The person's played games (published tournaments and rounds, a result entered) as red and as
 * black, each through its own index, with the game's order on the profile (newest first): the common
 * part of the profile page's statements, which then count, group or page them in the database — a
 * 2,000-game career is no longer read into the server to show 100 games and 50 opponents.
 */
const myGames = (personId: string, within?: { tournaments: string[]; events: string[] }) => Prisma.sql`
    SELECT g.id, g.board, g.leg, g.kind, g.result, g.colour, g."opponentId", t."startDate", r."eventId", r.number,
           -- My share of the game (1, ½ or 0) and whether I won, drew or lost it (a double forfeit or an annulled game: none).
           CASE WHEN g.result = 'draw' THEN 0.5 WHEN g.result::text LIKE g.colour || '_win%' THEN 1 ELSE 0 END::float8 AS share,
           (g.result::text LIKE g.colour || '_win%')::int AS won, (g.result = 'draw')::int AS drawn,
           (g.result::text LIKE '%_win%' AND g.result::text NOT LIKE g.colour || '_win%')::int AS lost
    FROM "Player" me
    JOIN "Tournament" t ON t.id = me."tournamentId" AND t."publishedAt" IS NOT NULL
    CROSS JOIN LATERAL (
      SELECT g.id, g."pairingId", g.board, g.leg, g.kind, g.result, 'red' AS colour, g."blackPlayerId" AS "opponentId" FROM "Game" g WHERE g."redPlayerId" = me.id
      UNION ALL
      SELECT g.id, g."pairingId", g.board, g.leg, g.kind, g.result, 'black', g."redPlayerId" FROM "Game" g WHERE g."blackPlayerId" = me.id
    ) g
    JOIN "Pairing" pa ON pa.id = g."pairingId"
    JOIN "Round" r ON r.id = pa."roundId" AND r.state <> 'draft'
    WHERE me."personId" = ${personId}::uuid AND g.result IS NOT NULL
    ${within ? Prisma.sql`AND me."tournamentId" = ANY(${within.tournaments}::uuid[]) AND r."eventId" = ANY(${within.events}::uuid[])` : Prisma.empty}`;

/** Per event: the person's games and their share of the points (the events table's score). */
export const PERSON_EVENT_FIGURES = typedQuery(
  'person event figures',
  { eventId: 'text', games: 'int4', share: 'float8' },
  (personId: string) => Prisma.sql`
    SELECT m."eventId"::text AS "eventId", count(*)::int AS games, sum(m.share)::float8 AS share
    FROM (${myGames(personId)}) m GROUP BY m."eventId"`,
  [NO_ID],
);

/**
 * Head-to-head by opponent person, most played first (then by name): at most `limit` rows (null:
 * all), or only `opponentId`'s row; `opponents` is how many there are in all. The opponent's names
 * are those of the latest game (a name as the event knew it).
 */
export const PERSON_OPPONENTS = typedQuery(
  'person opponents',
  {
    personId: 'text',
    opponentZh: 'text',
    opponentEn: 'text',
    games: 'int4',
    wins: 'int4',
    draws: 'int4',
    losses: 'int4',
    opponents: 'int4',
  },
  (personId: string, limit: number | null, opponentId: string | null) => Prisma.sql`
    SELECT o.*, count(*) OVER ()::int AS opponents FROM (
      SELECT op."personId"::text AS "personId",
             (array_agg(op."nameZh" ORDER BY m."startDate" DESC, m."eventId", m.number DESC, m.board, m.leg))[1] AS "opponentZh",
             (array_agg(op."nameEn" ORDER BY m."startDate" DESC, m."eventId", m.number DESC, m.board, m.leg))[1] AS "opponentEn",
             count(*)::int AS games, sum(m.won)::int AS wins, sum(m.drawn)::int AS draws, sum(m.lost)::int AS losses
      FROM (${myGames(personId)}) m JOIN "Player" op ON op.id = m."opponentId"
      WHERE op."personId" IS NOT NULL AND (${opponentId}::uuid IS NULL OR op."personId" = ${opponentId}::uuid)
      GROUP BY op."personId"
    ) o
    ORDER BY o.games DESC, o."opponentZh" COLLATE "C", o."personId"
    LIMIT ${limit}::int`,
  [NO_ID, 50, null],
);

/**
 * One page of the person's games, newest first (only `opponentId`'s games when given), with what a
 * row shows; `within`: only the games of those events (and their tournaments' players) — the events
 * the page spans, which the server knows from each event's count of games.
 */
export const PERSON_GAMES_PAGE = typedQuery(
  'person games page',
  GAME_ROW,
  (personId: string, opponentId: string | null, offset: number, limit: number, within?: { tournaments: string[]; events: string[] }) => Prisma.sql`
    SELECT m.id::text AS "gameId", m."eventId"::text AS "eventId", m.number AS round, m.board, m.kind::text AS kind, m.colour, m.result::text AS result,
           m."opponentId"::text AS "opponentPlayerId", op."personId"::text AS "opponentPersonId", op."nameZh" AS "opponentZh", op."nameEn" AS "opponentEn",
           EXISTS (SELECT 1 FROM "GameRecord" gr WHERE gr."gameId" = m.id) AS "hasRecord", m."startDate"::timestamp AS "startDate"
    FROM (
      -- The page first, then its opponents by id: the other games' opponents are not read (one opponent's games: the filter needs them).
      SELECT m.* FROM (${myGames(personId, within)}) m
      ${opponentId ? Prisma.sql`JOIN "Player" vs ON vs.id = m."opponentId" AND vs."personId" = ${opponentId}::uuid` : Prisma.empty}
      ORDER BY m."startDate" DESC, m."eventId", m.number DESC, m.board, m.leg
      OFFSET ${offset}::int LIMIT ${limit}::int
    ) m
    LEFT JOIN "Player" op ON op.id = m."opponentId"
    ORDER BY m."startDate" DESC, m."eventId", m.number DESC, m.board, m.leg`,
  [NO_ID, null, 0, 100],
);
