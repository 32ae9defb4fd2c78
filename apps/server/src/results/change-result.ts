import type { AuditService } from '../audit/audit.service';
import { staleOrMissing } from '../common/optimistic';
import type { Game, GameResult, PenaltyReason } from '../generated/prisma/client';
import { loadEventPlay } from '../play/event-loader';
import type { EventWithPlay } from '../play/event-loader';
import type { Tx } from '../prisma/prisma.service';
import { laterPairingsAfterCommit, refuseChangedAdvance } from './later-pairings';
import { completeRoundIfDone, gameAudit, gameView, settleKnockoutMatch, settleRoundState } from './play-effects';
import { settleTeamKnockoutMatch } from './team-knockout-effects';
import type { Actor, MatchOutcome, PlayerSummary, RoundStateChange } from './play-effects';

/**
 * THE way a game's result changes (issue 22): result entry and its corrections, appeal decisions,
 * sanction consequences, forfeits after a withdrawal and a whole team's absence all come here, so
 * that each change has the same effects — the game's row with its version, `resultEnteredAt` and
 * who entered it; one audit row (before/after, with round and table, the caller's reason); the live
 * notification; the knockout match's follow-up (附录2 7b, 附录3 #6); the round's state, in the same
 * transaction as the result; and, round N+1 already paired, the event read for the comparison of
 * later pairings. Result entry's one-statement fast path (results.service readAndEnter) is this
 * function's effects written as one SQL statement, for the case where nothing but the result follows.
 */

/** The game with what a change of its result needs (read under the caller's locks). */
export interface ResultTarget {
  game: Game;
  red: PlayerSummary | null;
  black: PlayerSummary | null;
  pairing: {
    id: string;
    table: number | null;
    matchKey: string | null;
    redEntry: { id: string; playerId: string | null };
    blackEntry: { id: string; playerId: string | null } | null;
  };
  round: { id: string; number: number; state: 'draft' | 'published' | 'completed'; completedAt: Date | null; version: number };
  stageType: string;
  event: { id: string; kind: 'individual' | 'team'; tournamentId: string };
  /** Round N+1 is already paired (a correction: the comparison follows). */
  laterRoundPaired: boolean;
}

const TARGET_INCLUDE = {
  redPlayer: { select: { id: true, nameZh: true, nameEn: true } },
  blackPlayer: { select: { id: true, nameZh: true, nameEn: true } },
  pairing: {
    select: {
      id: true,
      table: true,
      matchKey: true,
      redEntry: { select: { id: true, playerId: true } },
      blackEntry: { select: { id: true, playerId: true } },
      round: {
        select: {
          id: true,
          number: true,
          state: true,
          completedAt: true,
          version: true,
          eventId: true,
          stage: { select: { type: true } },
          event: { select: { id: true, kind: true, tournamentId: true } },
        },
      },
    },
  },
} as const;

export async function readResultTarget(tx: Tx, gameId: string): Promise<ResultTarget | null> {
  const row = await tx.game.findUnique({ where: { id: gameId }, include: TARGET_INCLUDE });
  if (!row) return null;
  const { redPlayer, blackPlayer, pairing, ...game } = row;
  const round = pairing.round;
  const later = await tx.round.findFirst({ where: { eventId: round.eventId, number: round.number + 1 }, select: { id: true } });
  return {
    game,
    red: redPlayer,
    black: blackPlayer,
    pairing: { id: pairing.id, table: pairing.table, matchKey: pairing.matchKey, redEntry: pairing.redEntry, blackEntry: pairing.blackEntry },
    round: { id: round.id, number: round.number, state: round.state, completedAt: round.completedAt, version: round.version },
    stageType: round.stage.type,
    event: round.event,
    laterRoundPaired: later !== null,
  };
}

export interface ResultChange {
  target: ResultTarget;
  updated: Game;
  actor: Actor;
  match: MatchOutcome | null;
  /** The changed game itself went: an earlier game of its match decides the match. */
  gameRemoved: boolean;
  /** The round's state after the change (settled under its row lock, in this transaction). */
  round: RoundStateChange | null;
  /** The event as the libs read it, with this change, when round N+1 is paired (later pairings). */
  event: EventWithPlay | null;
}

export interface ChangeResultInput {
  target: ResultTarget;
  result: GameResult;
  penaltyReason: PenaltyReason | null;
  actor: Actor;
  /** The audit row's reason (the article, the appeal, the withdrawal …). */
  reason?: string;
  /** The version the change was made against (a stale one: 409); the target's by default. */
  version?: number;
  /** The knockout match's audit reason for games it adds or removes. */
  matchReason: string;
  /** Read the event for the comparison with round N+1 (a caller changing many games reads it once itself). */
  compareLater?: boolean;
  now?: Date;
}

export async function changeResult(tx: Tx, audit: AuditService, input: ChangeResultInput): Promise<ResultChange> {
  const { target, result, penaltyReason, actor } = input;
  const { game, pairing, round } = target;
  const now = input.now ?? new Date();
  const version = input.version ?? game.version;
  // Two results of one knockout match at once must not both add (or remove) its next game: the
  // pairing's row serializes them (callers that lock it earlier, in their own order, hold it already).
  if (pairing.matchKey) await tx.$executeRaw`SELECT 1 FROM "Pairing" WHERE id = ${pairing.id}::uuid FOR UPDATE`;
  const data = { result, penaltyReason, resultEnteredById: actor.userId ?? null, resultEnteredAt: now };
  const { count } = await tx.game.updateMany({ where: { id: game.id, version }, data: { ...data, version: { increment: 1 } } });
  if (count === 0) staleOrMissing('game', await tx.game.findUnique({ where: { id: game.id }, select: { version: true } }));
  const updated: Game = { ...game, ...data, version: version + 1 };
  const where = { round: round.number, table: pairing.table };
  await audit.record(tx, {
    ...actor,
    entity: 'game',
    entityId: game.id,
    action: 'update',
    before: gameAudit(game, where),
    after: gameAudit(updated, where),
    reason: input.reason,
  });
  // Live viewers hear of it from the EventChange trigger at commit (live/notify.ts).

  // Knockout and championship matches (附录2 7b, 附录3 #6): the next tie-break game, or fewer games.
  let match: MatchOutcome | null = null;
  if (pairing.matchKey && target.event.kind === 'individual') {
    const games = await tx.game.findMany({ where: { pairingId: pairing.id }, orderBy: { board: 'asc' } });
    match = await settleKnockoutMatch(tx, audit, actor, { stageType: target.stageType, round: round.number, pairing, games, reason: input.matchReason });
  } else if (pairing.matchKey) {
    // A team knockout match (二章6节1): the rapid rematch when the regular boards are drawn.
    const games = await tx.game.findMany({ where: { pairingId: pairing.id }, orderBy: [{ board: 'asc' }, { leg: 'asc' }] });
    match = await settleTeamKnockoutMatch(tx, audit, actor, { round: round.number, pairing, games, reason: input.matchReason });
  }
  const gameRemoved = !!match?.removed.some((g) => g.id === game.id);
  // The round completes (or reopens, a tie-break game added) in this transaction, under its row
  // lock: of two last results at once the later sees the other committed (settleRoundState).
  const settled = round.state === 'draft' ? null : await settleRoundState(tx, audit, actor, round.id);
  const event = target.laterRoundPaired && input.compareLater !== false ? await loadEventPlay(tx, target.event.id) : null;
  // 三章4C: a published knockout round's matches stand — a correction that changes who plays in them is refused.
  if (event) refuseChangedAdvance(event, round.number);
  return { target, updated, actor, match, gameRemoved, round: settled, event };
}

/**
 * After the commit: the round state as it is now — a round still published is checked once more in
 * one statement (completeRoundIfDone), for a result whose transaction ran beside result entry's fast
 * path (neither saw the other's result) — and the response's parts every caller shares.
 */
export async function resultChangeResponse(db: Tx, change: ResultChange): Promise<Record<string, unknown>> {
  const { target, updated, match } = change;
  let round: RoundStateChange | ResultTarget['round'] = change.round ?? target.round;
  if (round.state === 'published') round = (await completeRoundIfDone(db, change.actor, target.round.id)) ?? round;
  const names = new Map([target.red, target.black].filter((p) => p !== null).map((p) => [p.id, p]));
  const player = (id: string | null) => (id === null ? null : (names.get(id) ?? null));
  const view = (g: Game) => gameView(g, player(g.redPlayerId), player(g.blackPlayerId));
  const out: Record<string, unknown> = { game: view(updated), round };
  if (change.gameRemoved) out.gameRemoved = true;
  if (match) {
    const { created, removed, ...rest } = match;
    out.match = rest;
    out.gamesCreated = created.map(view);
    out.gamesRemoved = removed.map(view);
  }
  if (change.event) out.laterPairingsAffected = laterPairingsAfterCommit(change.event, target.round.number);
  return out;
}
