import { Injectable } from '@nestjs/common';
import { isPlayedResult } from '@chuhe/tournament';
import { codedProblems, DomainError } from '../common/errors';
import { sanctionDecides, sanctionTarget } from '../discipline/sanction-target';
import { AuditService } from '../audit/audit.service';
import { PAIRERS } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.decorators';
import { carriedOr } from '../auth/access.service';
import type { TournamentAccess } from '../auth/tournament-access';
import { notFound, staleOrMissing } from '../common/optimistic';
import { Prisma } from '../generated/prisma/client';
import type { EventKind, Game, GameResult, PenaltyReason, RoundState } from '../generated/prisma/client';
import { NO_ID, oneOf, RawDb, RowOf, typedQuery } from '../persistence/typed-sql';
import { rawDb, rawTransaction } from '../persistence/raw-pg';
import { insertAuditRows } from '../audit/audit-rows';
import { lockEventPlaySharedForGame } from '../play/locks';
import { PrismaService } from '../prisma/prisma.service';
import { changeResult, resultChangeResponse } from './change-result';
import type { ResultTarget } from './change-result';
import { EARLY_DRAW_PLIES, flagEarlyDrawOnResult } from '../discipline/early-draw';
import { completeRoundIfDone, gameView } from './play-effects';
import type { EnterResultDto } from './result.dto';
import { resultProblems } from './result-rules';

/**
 * 200 arbiters at once share the connection pool: a transaction may wait for a connection longer
 * than Prisma's 2 s default (then a 503). Each one is short; let them queue.
 */
const RESULT_TRANSACTION = { maxWait: 15_000, timeout: 15_000 };

@Injectable()
export class ResultsService {
  /** The pool without Prisma's query engine (persistence/raw-pg.ts): the statement after the quick way's commit. */
  private readonly pg: RawDb;

  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
  ) {
    this.pg = rawDb(prisma.pg);
  }

  /**
   * PUT /api/games/:gameId/result — one transaction under the event's play lock taken SHARED (results
   * of one event go side by side; pairing and publishing wait): lock + read, update with the version,
   * audit, and — only when something may follow — the knockout match and the round's completion.
   */
  async enterResult({
    user,
    gameId,
    dto,
    access,
    countOpen = false,
  }: {
    user: AuthUser;
    gameId: string;
    dto: EnterResultDto;
    access?: TournamentAccess;
    /** The result sheet's counter: the response also says how many other games of the round are open (`openOthers`), as the write saw them. */
    countOpen?: boolean;
  }) {
    const problems = resultProblems(dto);
    if (problems.length) throw codedProblems(problems);
    const reason = dto.reason?.trim() || undefined;

    const penaltyReason = dto.penaltyReason ?? null;
    const entry = { gameId, userId: user.id, dto, penaltyReason, reason: reason ?? null, countOpen };

    // The usual result (issue 35 #3): lock, then read, update, audit and notify in one statement, on a
    // pooled connection of its own — no Prisma interactive transaction, whose engine cost more CPU
    // than the rest of the request. Anything else (entered = false) rolls back and goes the long way
    // below, which reads the game again under the lock and says why or changes it through changeResult.
    const quick = await rawTransaction(this.prisma.pg, RESULT_TRANSACTION, async (db) => {
      const eventId = await lockEventPlaySharedForGame(db, gameId);
      if (!eventId) throw notFound('game');
      const now = new Date();
      const row = await readAndEnter(db, { ...entry, now });
      if (!row) throw notFound('game');
      if (!row.entered) throw LONG_WAY;
      // 二章8节12's flag is written with Prisma (discipline/early-draw.ts): such a draw goes the long way whole.
      if (earlyDrawPossible(row, dto)) throw LONG_WAY;
      return enteredResult(row, user, dto.result, penaltyReason, now);
    }).catch((error: unknown) => {
      if (error === LONG_WAY) return null;
      throw error;
    });
    if (quick) return withOpen(await this.afterQuickCommit(quick, null), quick.openOthers, countOpen);

    const done = await this.prisma.$transaction(async (tx) => {
      const eventId = await lockEventPlaySharedForGame(tx, gameId);
      if (!eventId) throw notFound('game');
      const now = new Date();
      // Read after the lock; the same statement enters the result if what made the quick way go
      // here has changed meanwhile (a draw with a short record enters here, then is flagged).
      const row = await readAndEnter(tx, { ...entry, now });
      if (!row) throw notFound('game');
      const { game, red, black, pairing, round, actor } = enteredResult(row, user, dto.result, penaltyReason, now);
      const tournamentId = row.tournamentId;
      const earlyDraw = () => (earlyDrawPossible(row, dto) ? flagEarlyDrawOnResult(tx, this.audit, actor, gameId) : Promise.resolve(null));
      if (row.entered) return { fast: enteredResult(row, user, dto.result, penaltyReason, now), earlyDraw: await earlyDraw(), openOthers: row.openOthers };

      // Not entered by the statement: say why (draft, lineups, stale version), or go the long way.
      if (round.state === 'draft') throw new DomainError('result.draft_round', { round: round.number }, 'round');

      // 附录1 #8: a team board's players are fixed once both lineups are in (or the deadline passed);
      // before that a result would stand on the default starters and lock the captains out. Only
      // the chief arbiter (or the organizer) enters one then, with a reason.
      // The request's access (the guard's) when carried: no statement (issue 29 #3).
      const isPairer = async () => (await carriedOr(tx, user, tournamentId, access)).has(...PAIRERS);
      if (row.lineupsMissing && !(reason && (await isPairer()))) {
        const handedIn = await tx.lineup.findMany({ where: { pairingId: pairing.id }, select: { entryId: true } });
        const missing = await tx.entry.findMany({
          where: { id: { in: [pairing.redEntry.id, pairing.blackEntry!.id].filter((id) => !handedIn.some((l) => l.entryId === id)) } },
          select: { team: { select: { nameZh: true, nameEn: true } } },
        });
        const teamsEn = missing.map((e) => (e.team ? `${e.team.nameEn} (${e.team.nameZh})` : 'a team')).join(' and ');
        const teamsZh = missing.map((e) => e.team?.nameZh ?? '').join('、');
        const subjectEn = `${missing.length === 1 ? 'the lineup' : 'the lineups'} of ${teamsEn} ${missing.length === 1 ? 'is' : 'are'}`;
        throw new DomainError('result.lineups_missing', { teamsEn, teamsZh, subjectEn }, 'lineups');
      }
      // After the lineups' own refusal (issue 30 #4: a board without players because a lineup is not in
      // says so, not "someone else has just entered this game").
      if (game.redPlayerId === null || game.blackPlayerId === null)
        throw new DomainError('result.no_players', { table: pairing.table ?? '', board: game.board }, 'game');
      if (game.version !== dto.version) staleOrMissing('game', game);

      // A change once the next round is paired: the chief arbiter's (or the organizer's), with a reason.
      const later = row.laterRoundId !== null;
      if (later) {
        const pairer = await isPairer();
        if (!pairer) throw new DomainError('result.correction_pairers_only', { round: round.number, next: round.number + 1 });
        if (!reason) throw new DomainError('result.correction_reason', { round: round.number, next: round.number + 1 }, 'reason');
      }

      // 一章3节6, 二章9节: confirmed sanctions that decide the game decide it — another result played
      // over the board is refused with what they give (the arbiter enters that, or revokes them).
      if (row.hasSanctions && isPlayedResult(dto.result)) {
        const decided = await sanctionTarget(tx, gameId);
        if (decided && (decided.result !== dto.result || decided.penaltyReason !== penaltyReason)) throw sanctionDecides(decided);
      }

      const target: ResultTarget = {
        game,
        red,
        black,
        pairing,
        round,
        stageType: row.stageType,
        event: { id: eventId, kind: row.eventKind, tournamentId },
        laterRoundPaired: later,
      };
      const change = await changeResult(tx, this.audit, {
        target,
        result: dto.result,
        penaltyReason,
        actor,
        reason,
        version: dto.version,
        matchReason: reason ? `correction (${reason})` : 'result entered',
        now,
      });
      if (change.gameRemoved) {
        throw new DomainError('result.later_game_of_match', { board: game.board, match: pairing.matchKey ?? '' }, 'game');
      }
      return { change, earlyDraw: await earlyDraw(), openOthers: row.openOthers };
    }, RESULT_TRANSACTION);

    if (done.fast) return withOpen(await this.afterQuickCommit(done.fast, done.earlyDraw), done.openOthers, countOpen);
    const response = await resultChangeResponse(this.prisma, done.change);
    if (done.earlyDraw) response.earlyDraw = done.earlyDraw;
    return withOpen(response, done.openOthers, countOpen);
  }

  /**
   * A result the one statement entered, after its commit: the round completes with its last result
   * (completeRoundIfDone: one atomic statement after the commit, so that results entered at once
   * never wait on each other for the round's row), on the pool without the query engine.
   */
  private async afterQuickCommit(entered: EnteredResult, earlyDraw: { plies: number; article: string } | null): Promise<Record<string, unknown>> {
    const round = entered.completedRound ?? entered.round;
    const roundState = (round.state === 'published' ? await completeRoundIfDone(this.pg, entered.actor, round.id) : null) ?? round;
    const response: Record<string, unknown> = { game: gameView(entered.updated, entered.red, entered.black), round: roundState };
    if (earlyDraw) response.earlyDraw = earlyDraw;
    return response;
  }
}

/** The response with the round's other open games, when the caller asked (the result sheet). */
function withOpen(response: Record<string, unknown>, openOthers: number | null, asked: boolean): Record<string, unknown> {
  if (asked) response.openOthers = openOthers;
  return response;
}

/** Thrown inside the quick transaction to roll it back and take the long way. */
const LONG_WAY = Symbol('the long way');

/** 二章8节12: a draw with a stored record shorter than 40 plies waits for the chief arbiter (discipline/). The record's length came with the read. */
function earlyDrawPossible(row: ResultEntryRow, dto: EnterResultDto): boolean {
  return dto.result === 'draw' && row.recordPlies !== null && row.recordPlies < EARLY_DRAW_PLIES;
}

type EnteredResult = ReturnType<typeof enteredResult>;

/** The game, its players, pairing and round as read by the one statement, and — when it entered the result — the game and round after it. */
function enteredResult(row: ResultEntryRow, user: AuthUser, result: GameResult, penaltyReason: PenaltyReason | null, now: Date) {
  const game = gameOf(row);
  const red = row.redPlayerId === null ? null : { id: row.redPlayerId, nameZh: row.redNameZh!, nameEn: row.redNameEn! };
  const black = row.blackPlayerId === null ? null : { id: row.blackPlayerId, nameZh: row.blackNameZh!, nameEn: row.blackNameEn! };
  const pairing = {
    id: row.pairingId,
    table: row.table,
    matchKey: row.matchKey,
    redEntry: { id: row.redEntryId, playerId: row.redEntryPlayerId },
    blackEntry: row.blackEntryId === null ? null : { id: row.blackEntryId, playerId: row.blackEntryPlayerId },
  };
  const round = { id: row.roundId, number: row.roundNumber, state: row.roundState, completedAt: row.roundCompletedAt, version: row.roundVersion };
  const actor = { userId: user.id, tournamentId: row.tournamentId };
  return {
    game,
    red,
    black,
    pairing,
    round,
    actor,
    /** The game as the statement left it, when it entered the result. */
    updated: { ...game, result, penaltyReason, resultEnteredById: user.id, resultEnteredAt: now, version: game.version + 1 } satisfies Game,
    openOthers: row.openOthers,
    completedRound:
      row.completedRoundVersion === null
        ? null
        : { ...round, state: 'completed' as const, completedAt: row.completedRoundAt, version: row.completedRoundVersion },
  };
}

const READ_AND_ENTER = typedQuery(
  'read a game and enter its result',
  {
    id: 'text',
    pairingId: 'text',
    board: 'int4',
    leg: 'int4',
    kind: oneOf<Game['kind']>('text'),
    redPlayerId: 'text?',
    blackPlayerId: 'text?',
    result: oneOf<GameResult, 'text?'>('text?'),
    penaltyReason: oneOf<PenaltyReason, 'text?'>('text?'),
    resultEnteredById: 'text?',
    resultEnteredAt: 'timestamp?',
    version: 'int4',
    createdAt: 'timestamp',
    updatedAt: 'timestamp',
    redNameZh: 'text?',
    redNameEn: 'text?',
    blackNameZh: 'text?',
    blackNameEn: 'text?',
    table: 'int4?',
    matchKey: 'text?',
    redEntryId: 'text',
    blackEntryId: 'text?',
    redEntryPlayerId: 'text?',
    blackEntryPlayerId: 'text?',
    roundId: 'text',
    roundNumber: 'int4',
    roundState: oneOf<RoundState>('text'),
    roundCompletedAt: 'timestamp?',
    roundVersion: 'int4',
    stageType: 'text',
    tournamentId: 'text',
    eventKind: oneOf<EventKind>('text'),
    laterRoundId: 'text?',
    /** The stored record's length in plies (null: no record, or not a list of moves). */
    recordPlies: 'int4?',
    /** The game has confirmed sanctions (their consequence may decide the result: the long way). */
    hasSanctions: 'bool',
    /** A team match whose boards are not fixed yet: a lineup is missing and the deadline has not passed (附录1 #8). */
    lineupsMissing: 'bool',
    /** With countOpen (the result sheet's counter): the round's other games without a result, as this statement saw them. */
    openOthers: 'int4?',
    /** The statement entered the result (with its audit row and the live notification). */
    entered: 'bool',
    /** The statement completed the round (its last result): the round's new version and time. */
    completedRoundVersion: 'int4?',
    completedRoundAt: 'timestamp?',
  },
  (a: {
    gameId: string;
    userId: string;
    result: string;
    version: number;
    penaltyReason: string | null;
    reason: string | null;
    at: string;
    countOpen: boolean;
  }) => Prisma.sql`
    WITH g AS (
      SELECT g.id::text AS id, g."pairingId"::text AS "pairingId", g.board, g.leg, g.kind::text AS kind,
        g."redPlayerId"::text AS "redPlayerId", g."blackPlayerId"::text AS "blackPlayerId",
        g.result::text AS result, g."penaltyReason"::text AS "penaltyReason",
        g."resultEnteredById"::text AS "resultEnteredById", g."resultEnteredAt", g.version, g."createdAt", g."updatedAt",
        rp."nameZh" AS "redNameZh", rp."nameEn" AS "redNameEn", bp."nameZh" AS "blackNameZh", bp."nameEn" AS "blackNameEn",
        p."table", p."matchKey", p."redEntryId"::text AS "redEntryId", p."blackEntryId"::text AS "blackEntryId",
        (SELECT x."playerId"::text FROM "Entry" x WHERE x.id = p."redEntryId") AS "redEntryPlayerId",
        (SELECT x."playerId"::text FROM "Entry" x WHERE x.id = p."blackEntryId") AS "blackEntryPlayerId",
        r.id::text AS "roundId", r.number AS "roundNumber", r.state::text AS "roundState", r."completedAt" AS "roundCompletedAt", r.version AS "roundVersion",
        (SELECT x.type FROM "Stage" x WHERE x.id = r."stageId") AS "stageType", e."tournamentId"::text AS "tournamentId", e.kind::text AS "eventKind",
        (SELECT n.id::text FROM "Round" n WHERE n."eventId" = r."eventId" AND n.number = r.number + 1) AS "laterRoundId",
        (SELECT CASE WHEN jsonb_typeof(gr.moves) = 'array' THEN jsonb_array_length(gr.moves) END FROM "GameRecord" gr WHERE gr."gameId" = g.id) AS "recordPlies",
        EXISTS (SELECT 1 FROM "Sanction" s WHERE s."gameId" = g.id AND s.state = 'confirmed') AS "hasSanctions",
        -- 附录1 #8 (libs/tournament lineupReleased): a team match's boards are fixed when both lineups are in or the deadline passed.
        (e.kind = 'team' AND p."blackEntryId" IS NOT NULL AND (SELECT count(*) FROM "Lineup" l WHERE l."pairingId" = p.id) < 2
          AND NOT (r."scheduledAt" IS NOT NULL AND r."scheduledAt" - make_interval(mins => e."lineupDeadlineMinutes") <= now())) AS "lineupsMissing"
      FROM "Game" g
        JOIN "Pairing" p ON p.id = g."pairingId"
        JOIN "Round" r ON r.id = p."roundId"
        JOIN "Event" e ON e.id = r."eventId"
        LEFT JOIN LATERAL (SELECT x."nameZh", x."nameEn" FROM "Player" x WHERE x.id = g."redPlayerId" OFFSET 0) rp ON true
        LEFT JOIN LATERAL (SELECT x."nameZh", x."nameEn" FROM "Player" x WHERE x.id = g."blackPlayerId" OFFSET 0) bp ON true
      WHERE g.id = ${a.gameId}::uuid
    ), entered AS (
      UPDATE "Game" x
      SET result = ${a.result}::"GameResult", "penaltyReason" = ${a.penaltyReason}::"PenaltyReason",
        "resultEnteredById" = ${a.userId}::uuid, "resultEnteredAt" = ${a.at}::timestamptz AT TIME ZONE 'UTC',
        version = x.version + 1, "updatedAt" = ${a.at}::timestamptz AT TIME ZONE 'UTC'
      FROM g
      WHERE x.id = ${a.gameId}::uuid AND x.version = ${a.version} AND g.version = ${a.version}
        AND g."roundState" <> 'draft' AND g."redPlayerId" IS NOT NULL AND g."blackPlayerId" IS NOT NULL
        AND g."laterRoundId" IS NULL AND g."matchKey" IS NULL AND NOT g."lineupsMissing" AND NOT g."hasSanctions"
      RETURNING x.version
    ), audit AS (${insertAuditRows({
      select: Prisma.sql`
      SELECT NULL::uuid, NULL::timestamp(3), ${a.userId}::uuid, g."tournamentId"::uuid, 'game', g.id, 'update',
        jsonb_build_object('id', g.id, 'pairingId', g."pairingId", 'round', g."roundNumber", 'table', g."table", 'board', g.board, 'kind', g.kind,
          'redPlayerId', g."redPlayerId", 'blackPlayerId', g."blackPlayerId", 'result', g.result, 'penaltyReason', g."penaltyReason", 'version', g.version),
        jsonb_build_object('id', g.id, 'pairingId', g."pairingId", 'round', g."roundNumber", 'table', g."table", 'board', g.board, 'kind', g.kind,
          'redPlayerId', g."redPlayerId", 'blackPlayerId', g."blackPlayerId", 'result', ${a.result}::text, 'penaltyReason', ${a.penaltyReason}::text, 'version', x.version),
        ${a.reason}
      FROM entered x, g`,
    })}
    ), completed AS (
      -- The round completes with its last result, in this transaction (change-result.ts): when no
      -- other game of the round lacks a result as this statement sees it. Only then is the round's
      -- row locked; results entered at the same moment (each seeing the other open) leave it to
      -- completeRoundIfDone after their commits.
      UPDATE "Round" r SET state = 'completed', "completedAt" = ${a.at}::timestamptz AT TIME ZONE 'UTC', version = r.version + 1, "updatedAt" = ${a.at}::timestamptz AT TIME ZONE 'UTC'
      FROM entered x, g
      WHERE r.id = g."roundId"::uuid AND r.state = 'published'
        AND NOT EXISTS (SELECT 1 FROM "Game" o JOIN "Pairing" op ON op.id = o."pairingId" WHERE op."roundId" = r.id AND o.result IS NULL AND o.id <> ${a.gameId}::uuid)
      RETURNING r.id, r.number, r.version, r."completedAt"
    ), round_audit AS (${insertAuditRows({
      select: Prisma.sql`
      SELECT NULL::uuid, NULL::timestamp(3), ${a.userId}::uuid, g."tournamentId"::uuid, 'round', d.id::text, 'update',
        jsonb_build_object('number', d.number, 'state', 'published', 'completedAt', null, 'version', d.version - 1),
        jsonb_build_object('number', d.number, 'state', 'completed', 'completedAt', d."completedAt", 'version', d.version),
        'the last result of the round was entered'
      FROM completed d, g`,
    })}
    )
    SELECT g.*,
      CASE WHEN ${a.countOpen}::boolean THEN (SELECT count(*)::int4 FROM "Game" o JOIN "Pairing" op ON op.id = o."pairingId"
        WHERE op."roundId" = g."roundId"::uuid AND o.result IS NULL AND o.id <> ${a.gameId}::uuid) END AS "openOthers",
      EXISTS (SELECT 1 FROM entered) AS entered,
      (SELECT d.version FROM completed d) AS "completedRoundVersion", (SELECT d."completedAt" FROM completed d) AS "completedRoundAt"
    FROM g`,
  [{ gameId: NO_ID, userId: NO_ID, result: 'red_win', version: 1, penaltyReason: null, reason: null, at: new Date(0).toISOString(), countOpen: true }],
);
type ResultEntryRow = RowOf<typeof READ_AND_ENTER.columns>;

/**
 * The game with everything result entry needs — players' names, pairing, entries, round, stage,
 * event, whether round N+1 exists, the record's length — in one statement (the hot path: a nested
 * include is nine). Read after the play lock, so a round N+1 paired meanwhile is seen. Four tables
 * joined, the rest in subqueries: PostgreSQL plans each statement anew, and planning a nine-table
 * join cost it 1 ms, four times the statement's execution (0.25 ms planned this way).
 *
 * The same statement enters the result when nothing but the result follows: the round published,
 * both players known, the version the one read, no round N+1 yet (a correction: pairers only, with
 * a reason, and the comparison) and no knockout match (its row lock and its next games). Then it
 * also writes the audit row (as AuditService.record would: gameAudit's picture before and after)
 * (the live NOTIFY follows from the EventChange trigger, as for every write). Otherwise it changes nothing, `entered` is
 * false, and the caller takes the long way with the row read. Timestamps are UTC, as Prisma writes them.
 */
async function readAndEnter(
  tx: RawDb,
  a: { gameId: string; userId: string; dto: EnterResultDto; penaltyReason: string | null; reason: string | null; now: Date; countOpen: boolean },
): Promise<ResultEntryRow | null> {
  const rows = await READ_AND_ENTER.rows(tx, {
    gameId: a.gameId,
    userId: a.userId,
    result: a.dto.result,
    version: a.dto.version,
    penaltyReason: a.penaltyReason,
    reason: a.reason,
    at: a.now.toISOString(),
    countOpen: a.countOpen,
  });
  const row = rows[0];
  if (!row) return null;
  return row;
}

function gameOf(row: ResultEntryRow): Game {
  return {
    id: row.id,
    pairingId: row.pairingId,
    board: row.board,
    leg: row.leg,
    kind: row.kind,
    redPlayerId: row.redPlayerId,
    blackPlayerId: row.blackPlayerId,
    result: row.result,
    penaltyReason: row.penaltyReason,
    resultEnteredById: row.resultEnteredById,
    resultEnteredAt: row.resultEnteredAt,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
