import { firstTeamIsRed, type GameResult } from '@chuhe/tournament';
import { scorePairing } from './scoring';

/**
 * A team match (场) read from its board games, for whoever shows one (the public match card, the
 * rank table, the CLI): which team is Red on a board, and the match's 场分 / 局分 (附录1 #7,
 * 二章5节3–4) — the same arithmetic the standings count (scoring.ts scorePairing). Pure.
 */

/** One board game of a team match as stored; `kind` other than 'regular' (a tie-break game) is not counted. */
export interface TeamBoardResult {
  board: number;
  leg?: number;
  kind?: string;
  result: GameResult | null;
}

/** [first-listed team, second-listed team], in the internal 2/1/0 units. */
export interface TeamMatchScore {
  /** 场分 (附录1 #7: 2 win, 1 draw, 0 loss). */
  matchPoints: [number, number];
  /** 局分 / 小分: the boards added up. */
  gamePoints: [number, number];
  /** 大分 when boards play two games (二章5节4), else null. */
  bigPoints: [number, number] | null;
}

/**
 * The match's score once every regular board has a result (null while one is open). Annulled games
 * (二章8节3) count for neither team; a match whose boards were all annulled or double forfeits
 * scores 0 : 0.
 */
export function teamMatchScore(games: readonly TeamBoardResult[]): TeamMatchScore | null {
  const regular = games.filter((g) => g.kind === undefined || g.kind === 'regular');
  if (regular.length === 0 || regular.some((g) => g.result === null)) return null;
  const twoGames = regular.some((g) => g.leg === 2);
  const counted = regular.filter((g) => g.result !== 'annulled');
  if (counted.length === 0) return { matchPoints: [0, 0], gamePoints: [0, 0], bigPoints: twoGames ? [0, 0] : null };
  const s = scorePairing(
    'team',
    twoGames ? 2 : 1,
    counted.map((g) => ({ board: g.board, aIsRed: firstTeamIsRed(g.board, g.leg), result: g.result as GameResult })),
  );
  return { matchPoints: s.score, gamePoints: s.gamePoints, bigPoints: twoGames ? s.bigPoints : null };
}
