import { Prisma } from '../generated/prisma/client';
import type { RoundState } from '../generated/prisma/client';
import type { EventWithPlay } from '../play/event-file';
import type { Tx } from '../prisma/prisma.service';
import { fileSanctions } from '../discipline/sanction-file';

interface EntryRow {
  id: string;
  eventId: string;
  playerId: string | null;
  teamId: string | null;
  drawNumber: number | null;
  seed: number | null;
  status: string;
  withdrawnAfterRound: number | null;
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

interface MemberRow {
  teamId: string;
  playerId: string;
  board: number | null;
  nameZh: string;
  nameEn: string;
}

type PlayTuple = [string, string, number | null, string, string | null, string | null, number, string | null, number | null, string | null, string | null, string | null, string | null, string | null, number | null, string | null, number | null];

function playRow(t: PlayTuple): PlayRow {
  const [roundId, pairingId, table, redEntryId, blackEntryId, matchKey, pairingVersion, gameId, board, kind, redPlayerId, blackPlayerId, result, penaltyReason, gameVersion, at, leg] = t;
  return { roundId, pairingId, table, redEntryId, blackEntryId, matchKey, pairingVersion, gameId, board, leg: leg ?? 1, kind, redPlayerId, blackPlayerId, result, penaltyReason, gameVersion, resultEnteredAt: at === null ? null : new Date(at) };
}

interface PlayRow {
  roundId: string;
  pairingId: string;
  table: number | null;
  redEntryId: string;
  blackEntryId: string | null;
  matchKey: string | null;
  pairingVersion: number;
  gameId: string | null;
  board: number | null;
  leg: number;
  kind: string | null;
  redPlayerId: string | null;
  blackPlayerId: string | null;
  result: string | null;
  penaltyReason: string | null;
  gameVersion: number | null;
  resultEnteredAt: Date | null;
}

/**
 * loadEvent (play/event-file.ts) for reading, with the fields eventFile reads, fast enough for
 * standings of 1,000 players (issue 9: < 100 ms): entries with their players, teams and
 * affiliations in one SQL query, team members in one, the rounds' pairings and games in one, all
 * in parallel (Prisma's nested include issues a query per level and builds every column: about
 * twice as slow on 1,000 players × 9 rounds, test/bench/server-standings.bench.ts), and only the
 * rounds asked for (by state, through a round number). The e2e specs compare the result with
 * `chuhe standings` on the exported file, which this loader also feeds.
 *
 * EVERYTHING READ HERE MUST ALSO BE IN playFingerprint (fingerprint.ts): the standings table is
 * reused while the fingerprint is unchanged, so an input missing there leaves stale standings.
 */
export async function loadEventForFile(db: Tx, eventId: string, options: { states?: readonly RoundState[]; throughRound?: number } = {}): Promise<EventWithPlay | null> {
  const states = options.states ?? ['published', 'completed'];
  const through = options.throughRound ?? 2_147_483_647;
  const [event, entries, members, rounds, rows, sanctions] = await Promise.all([
    db.event.findUnique({ where: { id: eventId }, include: { tournament: true } }),
    db.$queryRaw<EntryRow[]>`
      SELECT e.id, e."eventId", e."playerId", e."teamId", e."drawNumber", e.seed, e.status::text AS status, e."withdrawnAfterRound",
             p."nameZh" AS "playerZh", p."nameEn" AS "playerEn", p.rating, pa."nameZh" AS "playerAffZh", pa."nameEn" AS "playerAffEn",
             t."nameZh" AS "teamZh", t."nameEn" AS "teamEn", ta."nameZh" AS "teamAffZh", ta."nameEn" AS "teamAffEn"
        FROM "Entry" e
        LEFT JOIN "Player" p ON p.id = e."playerId"
        LEFT JOIN "Affiliation" pa ON pa.id = p."affiliationId"
        LEFT JOIN "Team" t ON t.id = e."teamId"
        LEFT JOIN "Affiliation" ta ON ta.id = t."affiliationId"
       WHERE e."eventId" = ${eventId}::uuid`,
    db.$queryRaw<MemberRow[]>`
      SELECT m."teamId", m."playerId", m.board, p."nameZh", p."nameEn"
        FROM "TeamMember" m JOIN "Team" t ON t.id = m."teamId" JOIN "Player" p ON p.id = m."playerId"
       WHERE t."eventId" = ${eventId}::uuid`,
    db.round.findMany({ where: { eventId, state: { in: [...states] }, number: { lte: through } }, orderBy: { number: 'asc' }, include: { stage: true } }),
    // One JSON text of [pairing, game] tuples: PostgreSQL builds it, JSON.parse reads it — far
    // cheaper than a driver row (and an adapter conversion) per game for thousands of games.
    db.$queryRaw<{ rows: string | null }[]>`
      SELECT json_agg(json_build_array(p."roundId", p.id, p."table", p."redEntryId", p."blackEntryId", p."matchKey", p.version,
                                       g.id, g.board, g.kind, g."redPlayerId", g."blackPlayerId", g.result, g."penaltyReason", g.version, g."resultEnteredAt", g.leg)
                      ORDER BY r.number, p."table" ASC NULLS LAST, p.id, g.board, g.leg)::text AS rows
        FROM "Round" r
        JOIN "Pairing" p ON p."roundId" = r.id
        LEFT JOIN "Game" g ON g."pairingId" = p.id
       WHERE r."eventId" = ${eventId}::uuid AND r.state::text IN (${Prisma.join([...states])}) AND r.number <= ${through}`.then(
      (x) => (JSON.parse(x[0]?.rows ?? '[]') as PlayTuple[]).map(playRow),
    ),
    // The confirmed sanctions, for the file's `sanctions` extras (eventFile reads `fileSanctions`).
    fileSanctions(db, eventId, options),
  ]);
  if (!event) return null;
  const membersOf = new Map<string, { playerId: string; board: number | null; player: { nameZh: string; nameEn: string } }[]>();
  for (const m of members) {
    const list = membersOf.get(m.teamId) ?? [];
    if (list.length === 0) membersOf.set(m.teamId, list);
    list.push({ playerId: m.playerId, board: m.board, player: { nameZh: m.nameZh, nameEn: m.nameEn } });
  }
  const aff = (zh: string | null, en: string | null) => (zh === null ? null : { nameZh: zh, nameEn: en });
  const entryRows = entries.map((e) => ({
    id: e.id,
    eventId: e.eventId,
    playerId: e.playerId,
    teamId: e.teamId,
    drawNumber: e.drawNumber,
    seed: e.seed,
    status: e.status,
    withdrawnAfterRound: e.withdrawnAfterRound,
    player: e.playerId === null ? null : { id: e.playerId, nameZh: e.playerZh, nameEn: e.playerEn, rating: e.rating, affiliation: aff(e.playerAffZh, e.playerAffEn) },
    team: e.teamId === null ? null : { id: e.teamId, nameZh: e.teamZh, nameEn: e.teamEn, affiliation: aff(e.teamAffZh, e.teamAffEn), members: membersOf.get(e.teamId) ?? [] },
  }));
  const byRound = new Map<string, { id: string; roundId: string; table: number | null; redEntryId: string; blackEntryId: string | null; matchKey: string | null; version: number; games: unknown[] }[]>();
  let last: { id: string; games: unknown[] } | undefined;
  for (const row of rows) {
    if (last?.id !== row.pairingId) {
      const pairing = { id: row.pairingId, roundId: row.roundId, table: row.table, redEntryId: row.redEntryId, blackEntryId: row.blackEntryId, matchKey: row.matchKey, version: row.pairingVersion, games: [] as unknown[] };
      const list = byRound.get(row.roundId) ?? [];
      if (list.length === 0) byRound.set(row.roundId, list);
      list.push(pairing);
      last = pairing;
    }
    if (row.gameId !== null) {
      last.games.push({
        id: row.gameId,
        pairingId: row.pairingId,
        board: row.board,
        leg: row.leg,
        kind: row.kind,
        redPlayerId: row.redPlayerId,
        blackPlayerId: row.blackPlayerId,
        result: row.result,
        penaltyReason: row.penaltyReason,
        version: row.gameVersion,
        resultEnteredAt: row.resultEnteredAt,
      });
    }
  }
  return { ...event, entries: entryRows, rounds: rounds.map((r) => ({ ...r, pairings: byRound.get(r.id) ?? [] })), fileSanctions: sanctions } as unknown as EventWithPlay;
}
