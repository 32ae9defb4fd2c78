import { describeMatchGame } from '@chuhe/pairing';
import { knockoutFormatOf, knockoutRapidOption, syncKnockoutMatch } from '@chuhe/pairing';
import type { KnockoutMatchState } from '@chuhe/pairing';
import type { AuditService } from '../audit/audit.service';
import { Prisma } from '../generated/prisma/client';
import type { Game, GameKind, GameResult, RoundState } from '../generated/prisma/client';
import { NO_ID, oneOf, RawDb, typedQuery } from '../persistence/typed-sql';
import { insertAuditRows } from '../audit/audit-rows';
import type { Tx } from '../prisma/prisma.service';
import type { PlayerSummary } from '../play/event-loader';

/**
 * What a result (or a withdrawal's forfeits) sets off in the play data, inside the caller's
 * transaction: the round completes when its last result arrives, and a knockout match gets its
 * next tie-break game — or loses the ones a correction made pointless. The rules are libs/pairing's
 * (knockout-match.ts, knockout-match-games.ts); this file only persists and audits.
 */

export interface Actor {
  userId?: string;
  tournamentId: string;
}

export type { PlayerSummary };

export const PLAYER_SUMMARY = { select: { id: true, nameZh: true, nameEn: true } } as const;

export interface GameView {
  id: string;
  pairingId: string;
  board: number;
  kind: GameKind;
  red: PlayerSummary | null;
  black: PlayerSummary | null;
  result: GameResult | null;
  penaltyReason: string | null;
  version: number;
  resultEnteredAt: Date | null;
}

export function gameView(
  g: Pick<Game, 'id' | 'pairingId' | 'board' | 'kind' | 'result' | 'penaltyReason' | 'version' | 'resultEnteredAt'>,
  red: PlayerSummary | null,
  black: PlayerSummary | null,
): GameView {
  return {
    id: g.id,
    pairingId: g.pairingId,
    board: g.board,
    kind: g.kind,
    red,
    black,
    result: g.result,
    penaltyReason: g.penaltyReason,
    version: g.version,
    resultEnteredAt: g.resultEnteredAt,
  };
}

/** The audit's picture of a game (small: result entry is the hot path). */
export function gameAudit(
  g: Pick<Game, 'id' | 'pairingId' | 'board' | 'kind' | 'redPlayerId' | 'blackPlayerId' | 'result' | 'penaltyReason' | 'version'>,
  where?: { round: number; table: number | null },
) {
  return {
    id: g.id,
    pairingId: g.pairingId,
    ...(where ? { round: where.round, table: where.table } : {}),
    board: g.board,
    kind: g.kind,
    redPlayerId: g.redPlayerId,
    blackPlayerId: g.blackPlayerId,
    result: g.result,
    penaltyReason: g.penaltyReason,
    version: g.version,
  };
}

export interface RoundStateChange {
  id: string;
  number: number;
  state: 'published' | 'completed';
  completedAt: Date | null;
  version: number;
}

const ROUND_LOCKED = typedQuery(
  'round state, row locked',
  { number: 'int4', state: oneOf<RoundState>('text'), version: 'int4', completedAt: 'timestamp?' },
  (roundId: string) => Prisma.sql`SELECT number, state::text AS state, version, "completedAt" FROM "Round" WHERE id = ${roundId}::uuid FOR UPDATE`,
  [NO_ID],
);

/** completeRoundIfDone's one statement: the round completed with its audit row, or nothing. */
const COMPLETE_ROUND_IF_DONE = typedQuery(
  'complete the round if done',
  { number: 'int4', version: 'int4', completedAt: 'timestamp' },
  (actor: Actor, roundId: string) => Prisma.sql`
    WITH done AS (
      UPDATE "Round" r SET state = 'completed', "completedAt" = now(), version = r.version + 1, "updatedAt" = now()
      WHERE r.id = ${roundId}::uuid AND r.state = 'published'
        AND NOT EXISTS (SELECT 1 FROM "Game" g JOIN "Pairing" p ON p.id = g."pairingId" WHERE p."roundId" = r.id AND g.result IS NULL)
      RETURNING r.id, r.number, r.version, r."completedAt"
    ), audit AS (${insertAuditRows({
      select: Prisma.sql`
      SELECT NULL::uuid, NULL::timestamp(3), ${actor.userId ?? null}::uuid, ${actor.tournamentId}::uuid, 'round', d.id::text, 'update',
        jsonb_build_object('number', d.number, 'state', 'published', 'completedAt', null, 'version', d.version - 1),
        jsonb_build_object('number', d.number, 'state', 'completed', 'completedAt', d."completedAt", 'version', d.version),
        'the last result of the round was entered'
      FROM done d`,
    })}
    )
    SELECT number, version, "completedAt" FROM done`,
  [{ tournamentId: NO_ID }, NO_ID],
);

/**
 * After results changed in a published round: completed when no game lacks a result, back to
 * published when a tie-break game was added to a completed one. The round row is locked first
 * and the games counted after the lock, so of two last results entered at once the later one
 * sees the other and completes the round (READ COMMITTED: each statement sees what committed
 * before it began).
 */
export async function settleRoundState(tx: Tx, audit: AuditService, actor: Actor, roundId: string): Promise<RoundStateChange | null> {
  const [round] = await ROUND_LOCKED.rows(tx, roundId);
  if (!round || round.state === 'draft') return null;
  const open = await tx.game.count({ where: { pairing: { roundId }, result: null } });
  const complete = open === 0;
  if (complete === (round.state === 'completed'))
    return { id: roundId, number: round.number, state: round.state as 'published' | 'completed', completedAt: round.completedAt, version: round.version };
  const completedAt = complete ? new Date() : null;
  const state = complete ? 'completed' : 'published';
  await tx.round.update({ where: { id: roundId }, data: { state, completedAt, version: { increment: 1 } } });
  await audit.record(tx, {
    ...actor,
    entity: 'round',
    entityId: roundId,
    action: 'update',
    before: { number: round.number, state: round.state, completedAt: round.completedAt, version: round.version },
    after: { number: round.number, state, completedAt, version: round.version + 1 },
    reason: complete ? 'the last result of the round was entered' : 'a tie-break game was added to the round',
  });
  return { id: roundId, number: round.number, state, completedAt, version: round.version + 1 };
}

export interface MatchPairing {
  id: string;
  matchKey: string | null;
  table: number | null;
  redEntry: { id: string; playerId: string | null };
  blackEntry: { id: string; playerId: string | null } | null;
}

export interface MatchOutcome {
  key: string;
  status: KnockoutMatchState['status'];
  /** Decided: the winning entry. */
  winner?: string;
  decidedBy?: string;
  /** The game to play next, in words (libs/pairing describeMatchGame). */
  next?: string;
  /** The stored games do not follow the format's sequence: nothing was changed. */
  problem?: string;
  created: Game[];
  removed: Game[];
}

/**
 * A knockout match (a pairing with a matchKey) after a result: adds the next tie-break game when
 * the match decides nothing yet (附录2 7b, 附录3 #6: kind, colours and number from libs/pairing),
 * removes games after the deciding one (a correction decided the match earlier). `games` are the
 * pairing's games as they are now (after the caller's update). Individual events only.
 */
export async function settleKnockoutMatch(
  tx: Tx,
  audit: AuditService,
  actor: Actor,
  input: { stageType: string; round: number; pairing: MatchPairing; games: Game[]; reason: string },
): Promise<MatchOutcome | null> {
  const { pairing, games } = input;
  if (!pairing.matchKey || !pairing.blackEntry || !pairing.redEntry.playerId || !pairing.blackEntry.playerId) return null;
  const entryOf = new Map([
    [pairing.redEntry.playerId, pairing.redEntry.id],
    [pairing.blackEntry.playerId, pairing.blackEntry.id],
  ]);
  const stored = games
    .filter((g) => g.redPlayerId && g.blackPlayerId)
    .map((g) => ({ board: g.board, red: g.redPlayerId!, black: g.blackPlayerId!, result: g.result }));
  // 二章6节1: a chain's knockout plays the organizer's rapid clock (Event.pairingOptions.knockoutRapid).
  const rapid =
    input.stageType === 'knockout'
      ? knockoutRapidOption(
          (await tx.pairing.findUnique({ where: { id: pairing.id }, select: { round: { select: { event: { select: { pairingOptions: true } } } } } }))?.round
            .event.pairingOptions as Record<string, unknown> | null,
        )
      : undefined;
  const synced = syncKnockoutMatch(knockoutFormatOf(input.stageType, rapid), { first: pairing.redEntry.playerId, second: pairing.blackEntry.playerId }, stored);
  const outcome: MatchOutcome = { key: pairing.matchKey, status: 'in_progress', created: [], removed: [] };
  if (!synced.ok) return { ...outcome, problem: synced.error.message };
  const { state, create, remove } = synced.value;
  outcome.status = state.status;
  if (state.status === 'decided') {
    outcome.winner = entryOf.get(state.winner);
    outcome.decidedBy = state.decidedBy;
  }
  if (state.status === 'next' || state.status === 'in_progress') outcome.next = describeMatchGame(state.game);
  const where = { round: input.round, table: pairing.table };
  if (remove.length) {
    const removed = games.filter((g) => remove.includes(g.board));
    await tx.game.deleteMany({ where: { id: { in: removed.map((g) => g.id) } } });
    for (const g of removed) {
      await audit.record(tx, {
        ...actor,
        entity: 'game',
        entityId: g.id,
        action: 'delete',
        before: gameAudit(g, where),
        reason: `${input.reason}: match ${pairing.matchKey} ${state.status === 'decided' ? `is decided by game ${state.decidedBy === 'regular' ? 'the regular game' : `the ${state.decidedBy} game`}` : 'no longer needs this game'} (附录2 7b, 附录3 #6)`,
      });
    }
    outcome.removed = removed;
  }
  if (create) {
    const game = await tx.game.create({
      data: { pairingId: pairing.id, board: create.number, kind: create.kind, redPlayerId: create.red, blackPlayerId: create.black },
    });
    await audit.record(tx, {
      ...actor,
      entity: 'game',
      entityId: game.id,
      action: 'create',
      after: gameAudit(game, where),
      reason: `match ${pairing.matchKey} undecided — ${describeMatchGame(create)} (附录2 7b, 附录3 #6)`,
    });
    outcome.created = [game];
    outcome.status = 'in_progress';
  }
  return outcome;
}

/**
 * The round completes when its last result arrives: ONE atomic statement, run after the result's
 * transaction committed — the round (still published) is set completed, with its audit row, only
 * when no game of it lacks a result. Of results entered at once, the last to commit sees all the
 * others and completes the round; the `state = 'published'` condition (re-checked on the locked
 * row) makes it happen exactly once. No result transaction holds the round's row, so 200 results
 * of one round do not queue behind each other. Returns null when the round did not complete now.
 */
export async function completeRoundIfDone(db: RawDb, actor: Actor, roundId: string): Promise<RoundStateChange | null> {
  const rows = await COMPLETE_ROUND_IF_DONE.rows(db, actor, roundId);
  const done = rows[0];
  return done ? { id: roundId, number: done.number, state: 'completed', completedAt: done.completedAt, version: done.version } : null;
}
