import { firstTeamIsRed, isPlayedResult, type GameResult } from '@chuhe/tournament';

/**
 * What a withdrawal changes, decided before anything is written (issue 29 #1): whether the entry
 * may leave after the round asked for, and which of its unplayed games become forfeits. The server
 * locks the event, reads the entry's pairings into this shape, asks here, and writes each forfeit
 * through its one result writer; the CLI's `chuhe withdraw` does the same on a tournament file.
 *
 * - 二章7节2: before round 1 is published the entry leaves before the start (afterRound 0); if
 *   numbers were drawn and entries are still open, the event needs a new draw.
 * - 二章7节3 (round-robin) / 二章7节4 (Swiss, knockout): after round 1 the entry leaves after a
 *   published round; "其余未赛的对局均作弃权论，对方获胜" — each unplayed game of the later
 *   published rounds is a forfeit win for the opponent, or a double forfeit when the opponent had
 *   left before that round. What the results are worth (annulment before half-way, 二章7节3) is the
 *   standings' reading (withdrawals.ts), not the plan's.
 * - The entry may not leave before a round in which it had the bye or played a game over the
 *   board: it was there.
 */

/** One game of a pairing of the withdrawing entry, as stored. */
export interface WithdrawalGame {
  id: string;
  board: number;
  leg: number;
  result: GameResult | null;
  redPlayerId: string | null;
  blackPlayerId: string | null;
}

/** One published pairing of the withdrawing entry. */
export interface WithdrawalPairing {
  round: number;
  table: number | null;
  /** The stage is a round-robin (二章7节3) rather than Swiss or knockout (二章7节4). */
  roundRobin: boolean;
  /** The entry had the bye (no opponent). */
  bye: boolean;
  /** The entry is the pairing's first-listed (red) side. */
  entryFirstListed: boolean;
  /** The opponent had itself left before this round. */
  opponentLeftBefore: boolean;
  games: readonly WithdrawalGame[];
}

export interface WithdrawalRequest {
  /** individual: the entry's player; team: its members (a board's player decides its side). */
  kind: 'individual' | 'team';
  playerId: string | null;
  memberIds: ReadonlySet<string>;
  /** The last published round (0: none yet). */
  lastPublished: number;
  /** The round asked for (default: the last published one). */
  afterRound?: number;
  /** Entries are closed (round 1 paired): a withdrawal before the start keeps the draw. */
  entriesClosed: boolean;
  /** The entry holds a draw number. */
  drawn: boolean;
  pairings: readonly WithdrawalPairing[];
}

export interface WithdrawalForfeit {
  gameId: string;
  round: number;
  table: number | null;
  board: number;
  result: GameResult;
  article: '二章7节3' | '二章7节4';
  /** Both entries had left: a double forfeit. */
  bothGone: boolean;
}

/** Why the entry cannot leave after the round asked for; `round` names the round concerned. */
export type WithdrawalRefusal =
  | { refusal: 'before_start_only' }
  | { refusal: 'after_last_published'; round: number }
  | { refusal: 'paired'; round: number }
  | { refusal: 'had_bye'; round: number }
  | { refusal: 'played'; round: number };

export type WithdrawalPlan =
  { ok: true; afterRound: number; beforeStart: boolean; redrawNeeded: boolean; forfeits: WithdrawalForfeit[] } | ({ ok: false } & WithdrawalRefusal);

export function withdrawalPlan(request: WithdrawalRequest): WithdrawalPlan {
  const { lastPublished, afterRound } = request;
  // 二章7节2: nothing published yet — the entry leaves before the start.
  if (lastPublished === 0) {
    if (afterRound !== undefined && afterRound !== 0) return { ok: false, refusal: 'before_start_only' };
    return { ok: true, afterRound: 0, beforeStart: true, redrawNeeded: !request.entriesClosed && request.drawn, forfeits: [] };
  }
  const leaves = afterRound ?? lastPublished;
  if (leaves > lastPublished) return { ok: false, refusal: 'after_last_published', round: lastPublished };
  if (leaves === 0 && request.pairings.length) return { ok: false, refusal: 'paired', round: Math.min(...request.pairings.map((p) => p.round)) };
  const later = request.pairings.filter((p) => p.round > leaves);
  const bye = later.find((p) => p.bye);
  if (bye) return { ok: false, refusal: 'had_bye', round: bye.round };
  const played = later.find((p) => p.games.some((g) => g.result !== null && isPlayedResult(g.result)));
  if (played) return { ok: false, refusal: 'played', round: played.round };

  // 二章7节3–4: 其余未赛的对局均作弃权论，对方获胜.
  const forfeits: WithdrawalForfeit[] = [];
  for (const p of later) {
    const article = p.roundRobin ? '二章7节3' : '二章7节4';
    for (const g of p.games) {
      if (g.result !== null) continue;
      const entryRed = entryHasRed(request, p, g);
      const result: GameResult = p.opponentLeftBefore ? 'double_forfeit' : entryRed ? 'black_win_forfeit' : 'red_win_forfeit';
      forfeits.push({ gameId: g.id, round: p.round, table: p.table, board: g.board, result, article, bothGone: p.opponentLeftBefore });
    }
  }
  return { ok: true, afterRound: leaves, beforeStart: false, redrawNeeded: false, forfeits };
}

/** Which side the withdrawing entry plays in a game: its player, else its team's member, else the board's colour rule. */
function entryHasRed(request: WithdrawalRequest, pairing: WithdrawalPairing, game: WithdrawalGame): boolean {
  if (request.kind === 'individual') return game.redPlayerId === request.playerId;
  if (game.redPlayerId !== null) return request.memberIds.has(game.redPlayerId);
  if (game.blackPlayerId !== null) return !request.memberIds.has(game.blackPlayerId);
  return pairing.entryFirstListed === firstTeamIsRed(game.board, game.leg);
}
