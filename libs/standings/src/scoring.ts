import { DRAW_POINTS, GameResult, LOSS_POINTS, Side, WIN_POINTS, comparePoints, gamePoints, winnerOf as sharedWinnerOf } from '@chuhe/tournament';

/**
 * Scoring (成绩计算, 二章5节). Every number is an integer in "points units": 2 / 1 / 0 per game.
 * With 1 / ½ / 0 scoring (二章5节1, second form) the same integers are half-points, so only the
 * display divides by two; nothing else changes.
 */

export const OUTCOMES = ['win', 'draw', 'loss'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export function gameOutcomeOf(result: GameResult, side: Side): Outcome {
  const winner = sharedWinnerOf(result);
  return winner === 'draw' ? 'draw' : winner === side ? 'win' : 'loss';
}

/** The result in which `winner` wins by a ruling of the given kind. */
export function penaltyWin(winner: Side): GameResult {
  return winner === 'red' ? 'red_win_penalty' : 'black_win_penalty';
}

export function forfeitWin(winner: Side): GameResult {
  return winner === 'red' ? 'red_win_forfeit' : 'black_win_forfeit';
}

export function outcomeOfPoints(points: number): Outcome {
  return points === WIN_POINTS ? 'win' : points === DRAW_POINTS ? 'draw' : 'loss';
}

/** One game as seen from the red side of its pairing (pairing red = "A", pairing black = "B"). */
export interface ScoredGame {
  board: number;
  /** True when the pairing's red entry has Red in this game. */
  aIsRed: boolean;
  result: GameResult;
}

const NO_BIG_POINTS: [number, number] = [0, 0];

export interface PairingScore {
  /** 积分 (individual, one game) / 大分 (individual, two games) / 场分 (team): [A, B]. */
  score: [number, number];
  /** 局分 (one game) / 小分 (two games): sums over the games. */
  gamePoints: [number, number];
  /** 大分 in two-game formats (individual: equals score); 0 otherwise. */
  bigPoints: [number, number];
  /** Every counted game was a double forfeit: both lose (二章7节1 applied to both). */
  doubleForfeit: boolean;
}

function sideOfA(game: ScoredGame): Side {
  return game.aIsRed ? 'red' : 'black';
}

function sideOfB(game: ScoredGame): Side {
  return game.aIsRed ? 'black' : 'red';
}

/** Sums of 局分 over games (annulled games excluded by the caller). */
function sumPoints(games: readonly ScoredGame[]): [number, number] {
  let a = 0;
  let b = 0;
  for (const g of games) {
    a += gamePoints(g.result, sideOfA(g));
    b += gamePoints(g.result, sideOfB(g));
  }
  return [a, b];
}

/**
 * Scores one pairing. `games` are the counted (non-annulled) games; there is at least one.
 * - individual, one game: 积分 = 局分 (二章5节1).
 * - individual, two games: 大分 2 / 1 / 0 by comparing 小分 (二章5节2).
 * - team, one game per board: 场分 2 / 1 / 0 by comparing summed 局分 (二章5节3, 附录1 #7: with
 *   3 boards "4 or more of 6" wins and 3–3 draws — the same as comparing the sums, which also
 *   stays meaningful when a board was a double forfeit).
 * - team, two games per board: per board 大分 2 / 1 / 0, per game 小分; 大分 decides the match,
 *   then 小分, else a draw (二章5节4).
 * When every counted game is a double forfeit, both sides lose the pairing (0 each).
 */
export function scorePairing(eventKind: 'individual' | 'team', gamesPerPairing: 1 | 2, games: readonly ScoredGame[]): PairingScore {
  const doubleForfeit = games.length > 0 && games.every((g) => g.result === 'double_forfeit');
  const gamePoints = sumPoints(games);
  if (doubleForfeit) {
    return { score: [LOSS_POINTS, LOSS_POINTS], gamePoints, bigPoints: NO_BIG_POINTS, doubleForfeit };
  }
  if (eventKind === 'individual') {
    // One game: 积分 = 局分 (the same pair; nothing mutates these arrays).
    if (gamesPerPairing === 1) return { score: gamePoints, gamePoints, bigPoints: NO_BIG_POINTS, doubleForfeit };
    const big: [number, number] = [comparePoints(gamePoints[0], gamePoints[1]), comparePoints(gamePoints[1], gamePoints[0])];
    return { score: big, gamePoints, bigPoints: big, doubleForfeit };
  }
  if (gamesPerPairing === 1) {
    return {
      score: [comparePoints(gamePoints[0], gamePoints[1]), comparePoints(gamePoints[1], gamePoints[0])],
      gamePoints,
      bigPoints: NO_BIG_POINTS,
      doubleForfeit,
    };
  }
  // 二章5节4: 大分 per player pairing (board), then 大分 decides, then 小分.
  const byBoard = new Map<number, ScoredGame[]>();
  for (const g of games) {
    const list = byBoard.get(g.board);
    if (list) list.push(g);
    else byBoard.set(g.board, [g]);
  }
  let bigA = 0;
  let bigB = 0;
  for (const boardGames of byBoard.values()) {
    if (boardGames.every((g) => g.result === 'double_forfeit')) continue; // both lose that board
    const [a, b] = sumPoints(boardGames);
    bigA += comparePoints(a, b);
    bigB += comparePoints(b, a);
  }
  const decide = (mineBig: number, theirBig: number, mineSmall: number, theirSmall: number): number =>
    mineBig !== theirBig ? comparePoints(mineBig, theirBig) : comparePoints(mineSmall, theirSmall);
  return {
    score: [decide(bigA, bigB, gamePoints[0], gamePoints[1]), decide(bigB, bigA, gamePoints[1], gamePoints[0])],
    gamePoints,
    bigPoints: [bigA, bigB],
    doubleForfeit,
  };
}
