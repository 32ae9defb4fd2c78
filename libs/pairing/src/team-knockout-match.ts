/**
 * A team knockout match (淘汰赛, 二章6节1 "在赛员或棋队中选出种子…"): one team pairing, its boards
 * played as any team match — who won, or what is played next.
 *
 *   1. The regular boards (every board, one or two games each, 二章5节3–4). The team with more
 *      场分 wins the match (附录1 #7: 局分多者为胜; two games a board: 大分, then 小分 — libs/standings
 *      teamMatchScore).
 *   2. Drawn (场分 1 : 1): 二章6节1 "如棋手或棋队赛和，可以考虑加赛快棋决定胜负，至于快棋每方用时，可由赛会
 *      自行决定" — a rapid rematch on every board, the same players (the lineup of the match), the
 *      colours reversed relative to the last regular game of the board; the clock is the organizer's
 *      (Event.pairingOptions.knockoutRapid, default 附录2 7b's 30'+30", no score sheet). It is
 *      stored as the board's next game: leg `regularLegs + 1`. The team with more 局分 in it wins
 *      (二章5节3, one game a board).
 *   3. The rematch drawn too: the organizer's decisive rule (pairingOptions.teamKnockoutDecider) —
 *      the rules leave it to the 补充条例, so Chuhe offers two and documents its default:
 *      - 'board_count_back' (default): the team that won the highest board decides — of the rapid
 *        rematch first, then of the regular games (board 1 is the strongest, 附录1 #8 排定台次);
 *        only when no board was won at all does a lot decide.
 *      - 'lot': a lot (抽签), recorded by the chief arbiter or drawn from the event's seed.
 * A match of no games, or one whose counted boards are all annulled or double forfeits, is not
 * decided here: 'no_winner', the chief arbiter decides.
 *
 * Usage:
 *   teamKnockoutMatchState({ regularLegs: 1, rapid: true, decider: 'board_count_back' }, [
 *     { board: 1, leg: 1, result: 'red_win' }, { board: 2, leg: 1, result: 'red_win' },
 *   ], () => 'first');
 *   // { status: 'next', leg: 2 }: board 1 went to the first team, board 2 to the second — add the rapid rematch
 */
import type { GameResult } from '@chuhe/tournament';
import { teamMatchScore } from '@chuhe/standings';
import { firstTeamIsRed } from '@chuhe/tournament';

export const TEAM_KNOCKOUT_DECIDERS = ['board_count_back', 'lot'] as const;
export type TeamKnockoutDecider = (typeof TEAM_KNOCKOUT_DECIDERS)[number];
/** Chuhe's default when the organizer names none (documented above). */
export const DEFAULT_TEAM_KNOCKOUT_DECIDER: TeamKnockoutDecider = 'board_count_back';

export interface TeamKnockoutFormat {
  /** Games a board in the regular match (二章5节3–4). */
  regularLegs: 1 | 2;
  /** Is a drawn match replayed at the rapid clock (二章6节1 加赛快棋)? false = straight to the decider. */
  rapid: boolean;
  decider: TeamKnockoutDecider;
}

/** A board game of the match; `leg` > regularLegs is the rapid rematch. */
export interface TeamKnockoutGame {
  board: number;
  leg?: number;
  result: GameResult | null;
}

export type TeamSide = 'first' | 'second';
export type TeamKnockoutDecidedBy = 'regular' | 'rapid' | 'board_count_back' | 'lot';

export type TeamKnockoutState =
  /** A board of the stage being played has no result yet. */
  | { status: 'in_progress'; stage: 'regular' | 'rapid' }
  /** The match is drawn: add the rapid rematch on every board as game `leg` of the board. */
  | { status: 'next'; leg: number }
  | { status: 'decided'; winner: TeamSide; decidedBy: TeamKnockoutDecidedBy }
  | { status: 'no_winner'; reason: 'no_games' | 'double_forfeit' };

/** Every board's games of one leg, as the first-listed team's points minus the second's. */
function margins(games: readonly TeamKnockoutGame[]): { board: number; margin: number }[] {
  return [...games]
    .filter((g) => g.result !== null && g.result !== 'annulled' && g.result !== 'double_forfeit')
    .sort((a, b) => a.board - b.board || (a.leg ?? 1) - (b.leg ?? 1))
    .map((g) => {
      const r = g.result as GameResult;
      const redPoints = r === 'draw' ? 1 : r.startsWith('red_win') ? 2 : 0;
      const firstRed = firstTeamIsRed(g.board, g.leg ?? 1);
      return { board: g.board, margin: firstRed ? 2 * redPoints - 2 : 2 - 2 * redPoints };
    });
}

/** The first board a team won (board order), or null: the count-back. */
function countBack(games: readonly TeamKnockoutGame[]): TeamSide | null {
  const won = margins(games).find((m) => m.margin !== 0);
  return won ? (won.margin > 0 ? 'first' : 'second') : null;
}

export function teamKnockoutMatchState(format: TeamKnockoutFormat, games: readonly TeamKnockoutGame[], lot: () => TeamSide): TeamKnockoutState {
  const regular = games.filter((g) => (g.leg ?? 1) <= format.regularLegs);
  const rapidLeg = format.regularLegs + 1;
  const rapid = games.filter((g) => (g.leg ?? 1) === rapidLeg);
  if (regular.length === 0) return { status: 'no_winner', reason: 'no_games' };
  const score = teamMatchScore(regular.map((g) => ({ board: g.board, leg: g.leg ?? 1, result: g.result })));
  if (!score) return { status: 'in_progress', stage: 'regular' };
  if (regular.every((g) => g.result === 'annulled' || g.result === 'double_forfeit')) return { status: 'no_winner', reason: 'double_forfeit' };
  const [a, b] = score.matchPoints;
  if (a !== b) return { status: 'decided', winner: a > b ? 'first' : 'second', decidedBy: 'regular' };
  // 二章6节1: 如棋队赛和，可以考虑加赛快棋决定胜负.
  if (format.rapid) {
    if (rapid.length === 0) return { status: 'next', leg: rapidLeg };
    if (rapid.some((g) => g.result === null)) return { status: 'in_progress', stage: 'rapid' };
    // 二章5节3: one game a board — 局分多者为胜.
    const total = margins(rapid).reduce((s, m) => s + m.margin, 0);
    if (total !== 0) return { status: 'decided', winner: total > 0 ? 'first' : 'second', decidedBy: 'rapid' };
  }
  // The organizer's decisive rule (补充条例): the highest board won, or the lot.
  if (format.decider === 'board_count_back') {
    const byBoard = countBack(rapid) ?? countBack(regular);
    if (byBoard) return { status: 'decided', winner: byBoard, decidedBy: 'board_count_back' };
  }
  return { status: 'decided', winner: lot(), decidedBy: 'lot' };
}

/** pairingOptions.teamKnockoutDecider when valid, else the default (the file's options are free-form). */
export function teamKnockoutDeciderOption(options: Record<string, unknown> | null | undefined): TeamKnockoutDecider {
  const d = options?.teamKnockoutDecider;
  return (TEAM_KNOCKOUT_DECIDERS as readonly unknown[]).includes(d) ? (d as TeamKnockoutDecider) : DEFAULT_TEAM_KNOCKOUT_DECIDER;
}

/**
 * The rapid rematch of one board (二章6节1): the same two players with the colours reversed
 * relative to the board's last regular game (`last`); a missing player forfeits it as he did that game.
 */
export function rapidRematchGame(last: { red: string | null; black: string | null }): { red: string | null; black: string | null; result: GameResult | null } {
  const red = last.black;
  const black = last.red;
  const result: GameResult | null =
    red === null && black === null ? 'double_forfeit' : red === null ? 'black_win_forfeit' : black === null ? 'red_win_forfeit' : null;
  return { red, black, result };
}
