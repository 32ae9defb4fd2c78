import type { Sanction as FileSanction } from '@chuhe/standings';
import { Prisma } from '../generated/prisma/client';
import type { RoundState } from '../generated/prisma/client';
import { NO_ID, RawDb, RowOf, typedQuery } from '../persistence/typed-sql';

/** A confirmed sanction with its game, round and event kind (`twoLegs`: the board has two games in the pairing, 二章5节4). */
const CONFIRMED_SANCTIONS = typedQuery(
  'confirmed sanctions of an event',
  {
    kind: 'text',
    round: 'int4',
    board: 'int4',
    leg: 'int4',
    playerId: 'text',
    twoLegs: 'bool',
    entryId: 'text?',
    eventKind: 'text',
    count: 'int4?',
    minutes: 'int4?',
    minutesLate: 'int4?',
    decision: 'text?',
    disqualify: 'jsonb?',
    note: 'text?',
    detail: 'text?',
  },
  (eventId: string, states: readonly RoundState[], through: number) => Prisma.sql`
    SELECT s.kind, r.number AS round, g.board, g.leg, s."playerId"::text AS "playerId",
           EXISTS (SELECT 1 FROM "Game" o WHERE o."pairingId" = g."pairingId" AND o.board = g.board AND o.id <> g.id) AS "twoLegs",
           (SELECT en.id::text FROM "Entry" en WHERE en."eventId" = r."eventId" AND en."playerId" = s."playerId" AND en.id IN (p."redEntryId", p."blackEntryId") LIMIT 1) AS "entryId",
           ev.kind::text AS "eventKind", s.count, s.minutes, s."minutesLate", s.decision, s.disqualify, s.note, s.detail
      FROM "Sanction" s
      JOIN "Game" g ON g.id = s."gameId"
      JOIN "Pairing" p ON p.id = g."pairingId"
      JOIN "Round" r ON r.id = p."roundId"
      JOIN "Event" ev ON ev.id = r."eventId"
     WHERE r."eventId" = ${eventId}::uuid AND s.state = 'confirmed' AND s."revokesId" IS NULL
       AND r.state::text IN (${Prisma.join([...states])}) AND r.number <= ${through}
     ORDER BY s."createdAt", s.id`,
  [NO_ID, ['published'], 1],
);
type SanctionRow = RowOf<typeof CONFIRMED_SANCTIONS.columns>;

/**
 * The event's confirmed sanctions (not revoked) as libs/standings `Sanction`s, in recorded order,
 * for the tournament file's `sanctions` extras: `player` is the entry id in an individual event and
 * the member's Player.id in a team event (the ids the file's games name), `game` the board, `leg`
 * the game on a board with two games (二章5节4).
 */
export async function fileSanctions(
  db: RawDb,
  eventId: string,
  options: { states?: readonly RoundState[]; throughRound?: number } = {},
): Promise<FileSanction[]> {
  const states = options.states ?? ['published', 'completed'];
  const through = options.throughRound ?? 2_147_483_647;
  const rows = await CONFIRMED_SANCTIONS.rows(db, eventId, states, through);
  return rows.map(toFileSanction);
}

function toFileSanction(r: SanctionRow): FileSanction {
  const s: FileSanction = {
    kind: r.kind as FileSanction['kind'],
    round: r.round,
    player: r.eventKind === 'individual' ? (r.entryId ?? r.playerId) : r.playerId,
    game: r.board,
  };
  // 二章5节4: on a board with two games the sanction names its game (leg 1 too: libs/standings refuses to guess).
  if (r.leg > 1 || r.twoLegs) s.leg = r.leg;
  if (r.count !== null) s.count = r.count;
  if (r.minutes !== null) s.minutes = r.minutes;
  if (r.minutesLate !== null) s.minutesLate = r.minutesLate;
  if (r.decision !== null) s.decision = r.decision as FileSanction['decision'];
  if (Array.isArray(r.disqualify) && r.disqualify.length) s.disqualify = r.disqualify as string[];
  const note = [r.detail, r.note].filter(Boolean).join(' — ');
  if (note) s.note = note;
  return s;
}
