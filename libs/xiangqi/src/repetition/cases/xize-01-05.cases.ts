/** 细则 1–5 (图1–图10): 长将, 双方长将, 二将一还将, 长杀, 解杀反杀. */
import { RepetitionCase, printed, repeatMoves } from './case-types';

export const XIZE_01_05: RepetitionCase[] = [
  {
    id: '细则 1 图1',
    title: 'one rook checks on every move (长将) — Red must change',
    fen: '5k3/7R1/9/9/9/9/9/9/9/3K5 w - - 0 1',
    moves: repeatMoves('h8h9 f9f8 h9h8 f8f9', 11),
    chinese: printed('1. 车二进一 将6进1 2. 车二退一 将6退1 3. 车二进一 将6进1 4. 车二退一 将6退1 5. 车二进一 将6进1 6. 车二退一'),
    expected: 'red_loses',
    patterns: { red: 'perpetualCheck' },
    relations: [
      { kind: 'check', at: 1 },
      { kind: 'check', at: 3 },
    ],
    note: 'Rook checks along rank 9 then rank 8; the black king steps f9↔f8.',
  },
  {
    id: '细则 1 图2',
    title: 'a rook checks from the side on every move (长将) — Red must change',
    fen: '4k4/9/9/9/5R3/9/9/9/9/3K5 w - - 0 1',
    moves: repeatMoves('f5e5 e9f9 e5f5 f9e9', 11),
    chinese: printed('1. 车四平五 将5平6 2. 车五平四 将6平5 3. 车四平五 将5平6 4. 车五平四 将6平5 5. 车四平五 将5平6 6. 车五平四'),
    expected: 'red_loses',
    patterns: { red: 'perpetualCheck' },
    relations: [
      { kind: 'check', at: 1 },
      { kind: 'check', at: 3 },
    ],
    note: 'The rook follows the king along rank 5.',
  },
  {
    id: '细则 1 图3',
    title: 'two rooks check in turn (多子交替长将) — Red must change',
    fen: '3k5/5R3/9/9/4R4/9/9/9/9/5K3 w - - 0 1',
    moves: repeatMoves('f8f9 d9d8 e5d5 d8e8 d5e5 e8d8 f9f8 d8d9', 18),
    chinese: printed(
      '1. 车四进一 将4进1 2. 车五平六 将4平5 3. 车六平五 将5平4 4. 车四退一 将4退1 5. 车四进一 将4进1 6. 车五平六 将4平5 7. 车六平五 将5平4 8. 车四退一 将4退1 9. 车四进一 将4进1',
    ),
    expected: 'red_loses',
    patterns: { red: 'perpetualCheck' },
    relations: [1, 3, 5, 7].map((at) => ({ kind: 'check' as const, at })),
    note: 'The 四路 rook checks along ranks 9/8, the 五路 rook along the d- and e-files.',
  },
  {
    id: '细则 2 图4',
    title: 'both sides check on every move (双方长将, 解将反将) — draw',
    fen: '4k4/5r3/9/5c3/9/4p4/4R4/4C4/9/5K3 w - - 0 1',
    moves: ['e3e4', ...repeatMoves('f6e6 e4f4 e6f6 f4e4', 10)],
    chinese: printed('1. 车五进一 炮6平5 2. 车五平四 炮5平6 3. 车四平五 炮6平5 4. 车五平四 炮5平6 5. 车四平五 炮6平5 6. 车五平四'),
    expected: 'draw',
    patterns: { red: 'perpetualCheck', black: 'perpetualCheck' },
    captures: [1],
    relations: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((at) => ({ kind: 'check' as const, at })),
    note:
      'The 2017 text prints the moves of 图4–图6 together under 图6; the older revision (图2a, 3a, 4a) assigns them. ' +
      'Rook and black cannon shuttle between the e- and f-files: the rook checks directly or uncovers the red cannon on e2 (screen: the black cannon); ' +
      'the black cannon uncovers the black rook on f8 or checks through the red rook. ' +
      'DEVIATION: 车五进一 captures a black pawn on e4 (otherwise Black would already be in check before it); the cycle itself has no capture.',
  },
  {
    id: '细则 3 图5',
    title: '二将一还将: Red checks on every move, Black checks on one of two — Red must change',
    fen: '4k4/5r3/9/5P3/9/9/5p3/9/4C4/5K3 w - - 0 1',
    moves: repeatMoves('f6e6 f3e3 e6f6 e3f3', 11),
    chinese: printed('1. 兵四平五 卒6平5 2. 兵五平四 卒5平6 3. 兵四平五 卒6平5 4. 兵五平四 卒5平6 5. 兵四平五 卒6平5 6. 兵五平四'),
    expected: 'red_loses',
    patterns: { red: 'perpetualCheck' },
    relations: [
      { kind: 'check', at: 1 },
      { kind: 'check', at: 2 },
      { kind: 'check', at: 3 },
      { kind: 'notCheck', at: 4 },
      { kind: 'check', at: 5 },
      { kind: 'check', at: 6 },
    ],
    note:
      'The red pawn is the screen of the red cannon e1 against the king e9, or moving off the e-file leaves the black pawn as the screen; ' +
      'the black pawn leaving the f-file uncovers the black rook f8 against the red king f0 (the 还将), and returning to f3 is idle.',
  },
  {
    id: '细则 4 图6',
    title: '一捉一杀 against two idle moves — draw',
    fen: '3k2b2/2P6/9/9/7R1/9/9/9/9/4K4 w - - 0 1',
    moves: repeatMoves('h5g5 g9i7 g5h5 i7g9', 9),
    chinese: printed('1. 车二平三 象7进9 2. 车三平二 象9退7 3. 车二平三 象7进9 4. 车三平二 象9退7 5. 车二平三'),
    expected: 'draw',
    relations: [
      { kind: 'attacks', at: 1, from: 'g5', to: 'g9' },
      { kind: 'unprotected', at: 1, square: 'g9', by: 'g5' },
    ],
    note:
      '车二平三 attacks the unprotected elephant g9 (捉); 车三平二 threatens 车二进四+ 象9退7 车二平三# (杀): the red pawn c8 covers d8, ' +
      'the kings e-file and the rook rank 9.',
  },
  {
    id: '细则 5 图10',
    title: '解杀反杀: king and pawn moves on both sides — draw',
    fen: '5k3/9/4P4/9/9/9/9/4p4/9/4K4 w - - 0 1',
    moves: repeatMoves('e7f7 f9e9 e0f0 e2f2 f7e7 e9f9 f0e0 f2e2', 11),
    chinese: printed('1. 兵五平四 將6平5 2. 帥五平四 卒5平6 3. 兵四平五 將5平6 4. 帥四平五 卒6平5 5. 兵五平四 將6平5 6. 帥五平四'),
    expected: 'draw',
    note:
      'Each king steps off the file its opponent controls, each pawn shadows the other king; the kings never face. ' +
      'DEVIATION: a bare king-and-pawn sketch — the mate threats of the lost diagram are not reproduced, only the moves and the verdict.',
  },
];
