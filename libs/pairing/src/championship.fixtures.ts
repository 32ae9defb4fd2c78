import { GameResult, Round, Tournament } from '@chuhe/tournament';

/** Hand-made championship fields shared by the championship specs (not part of the library build). */
export type G = [red: string, black: string, result: GameResult | null];

/** A round of one-game pairings, first listed = Red. */
export const round = (n: number, games: G[], byes: string[] = []): Round => ({
  round: n,
  pairings: games.map(([red, black, result]) => ({ red, black, games: [{ red, black, result }] })),
  byes,
});

export function tournament(pairingSystem: string, rounds: Round[], n = 8, options: Record<string, unknown> = {}): Tournament {
  return {
    name: 'test championship',
    options: { eventKind: 'individual', scoring: '2-1-0', gamesPerPairing: 1, boards: 1, pairingSystem, championshipLotSeed: 'lot 2026', ...options },
    entries: Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, drawNumber: i + 1 })),
    rounds,
  };
}

/**
 * A 5+2 field after five rounds, 8 players. p1 10, p2 9, p3 8, p4 7 points; p1 met p4 and p2 met
 * p3 in round 1 (so 附录2 7a switches to A1–A3 / A2–A4), the top four played every one of p5–p8
 * in rounds 2–5; p5–p6 and p7–p8 met in round 1. Every player's colours alternate.
 */
export const FIVE_ROUNDS: Round[] = [
  round(1, [
    ['p1', 'p4', 'red_win'],
    ['p2', 'p3', 'red_win'],
    ['p6', 'p5', 'draw'],
    ['p7', 'p8', 'draw'],
  ]),
  round(2, [
    ['p5', 'p1', 'black_win'],
    ['p6', 'p2', 'draw'],
    ['p3', 'p7', 'red_win'],
    ['p4', 'p8', 'draw'],
  ]),
  round(3, [
    ['p1', 'p6', 'red_win'],
    ['p2', 'p7', 'red_win'],
    ['p8', 'p3', 'black_win'],
    ['p5', 'p4', 'black_win'],
  ]),
  round(4, [
    ['p7', 'p1', 'black_win'],
    ['p8', 'p2', 'black_win'],
    ['p3', 'p5', 'red_win'],
    ['p4', 'p6', 'red_win'],
  ]),
  round(5, [
    ['p1', 'p8', 'red_win'],
    ['p2', 'p5', 'red_win'],
    ['p6', 'p3', 'black_win'],
    ['p7', 'p4', 'black_win'],
  ]),
];

/**
 * A 6+1 field: rounds 1–6 of the 附录6 table for 8 (first listed = Red); round 7 of that table
 * (4–8, 5–3, 6–2, 7–1) holds the only pairs that have not met. p1 and p7 win every game except
 * p7's draw with p6.
 */
const TABLE_8_ROUNDS_1_TO_6: [number, number][][] = [
  [
    [1, 8],
    [2, 7],
    [3, 6],
    [4, 5],
  ],
  [
    [8, 5],
    [6, 4],
    [7, 3],
    [1, 2],
  ],
  [
    [2, 8],
    [3, 1],
    [4, 7],
    [5, 6],
  ],
  [
    [8, 6],
    [7, 5],
    [1, 4],
    [2, 3],
  ],
  [
    [3, 8],
    [4, 2],
    [5, 1],
    [6, 7],
  ],
  [
    [8, 7],
    [1, 6],
    [2, 5],
    [3, 4],
  ],
];
const sixPlusOneResult = (red: number, black: number): GameResult => {
  if ((red === 6 && black === 7) || (red === 7 && black === 6)) return 'draw';
  if (red === 1 || red === 7) return 'red_win';
  if (black === 1 || black === 7) return 'black_win';
  return 'draw';
};
export const SIX_PLUS_ONE_AFTER_SIX_ROUNDS: Tournament = tournament(
  'championship-6-1',
  TABLE_8_ROUNDS_1_TO_6.map((r, i) =>
    round(
      i + 1,
      r.map(([a, b]) => [`p${a}`, `p${b}`, sixPlusOneResult(a, b)] as G),
    ),
  ),
);
