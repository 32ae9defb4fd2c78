/**
 * A hand-made 8-player 5+2 championship file (附录2) after five Swiss rounds, for CLI tests:
 * p1 10, p2 9, p3 8, p4 7 points; p1–p4 and p2–p3 met in round 1 (so 7a gives semi-finals
 * A1–A3, A2–A4); p5–p6 and p7–p8 met in round 1 too.
 */
export interface FileGame {
  red: string;
  black: string;
  result: string | null;
}

export interface FilePairing {
  red: string;
  black: string;
  games: FileGame[];
}

export const g = (red: string, black: string, result: string | null): FileGame => ({ red, black, result });

export const FIVE_PLUS_TWO_AFTER_FIVE_ROUNDS = {
  name: '8-player 5+2 test',
  options: { eventKind: 'individual', scoring: '2-1-0', pairingSystem: 'championship-5-2', championshipLotSeed: 'lot drawn on site' },
  entries: [1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({ id: `p${n}`, drawNumber: n, name: `Player ${n}` })),
  rounds: [
    { round: 1, games: [g('p1', 'p4', 'red_win'), g('p2', 'p3', 'red_win'), g('p6', 'p5', 'draw'), g('p7', 'p8', 'draw')] },
    { round: 2, games: [g('p5', 'p1', 'black_win'), g('p6', 'p2', 'draw'), g('p3', 'p7', 'red_win'), g('p4', 'p8', 'draw')] },
    { round: 3, games: [g('p1', 'p6', 'red_win'), g('p2', 'p7', 'red_win'), g('p8', 'p3', 'black_win'), g('p5', 'p4', 'black_win')] },
    { round: 4, games: [g('p7', 'p1', 'black_win'), g('p8', 'p2', 'black_win'), g('p3', 'p5', 'red_win'), g('p4', 'p6', 'red_win')] },
    { round: 5, games: [g('p1', 'p8', 'red_win'), g('p2', 'p5', 'red_win'), g('p6', 'p3', 'black_win'), g('p7', 'p4', 'black_win')] },
  ] as unknown[],
};
