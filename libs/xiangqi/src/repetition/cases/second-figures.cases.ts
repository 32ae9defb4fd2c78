/** Second figures of earlier articles whose verdict differs from the first figure's case: 细则 8 图16, 细则 19 图52. */
import { RepetitionCase, printed } from './case-types';

export const SECOND_FIGURES: RepetitionCase[] = [
  {
    id: '细则 8 图16',
    title: 'the rook checks, then retreats threatening a check that wins the horse (一将一要抽吃) — draw',
    fen: '3k5/9/9/9/2R6/9/9/3n5/9/5K3 w - - 0 1',
    moves: ['c5c9', 'd9d8', 'c9c5', 'd8d9', 'c5c9', 'd9d8', 'c9c5'],
    chinese: printed('1. 车七进四 将4进1 2. 车七退四 将4退1 3. 车七进四 将4进1 4. 车七退四'),
    expected: 'draw',
    patterns: { red: 'checkAndDiscoveredThreat' },
    relations: [
      { kind: 'check', at: 1 },
      { kind: 'notCheck', at: 3 },
      { kind: 'check', at: 5 },
      { kind: 'notCheck', at: 7 },
      // After 车七退四 the rook does not attack the horse d2; 车七平六 would check the king d8 and attack it (抽吃).
      { kind: 'notAttacks', at: 3, from: 'c5', to: 'd2' },
      { kind: 'attacks', at: 3, from: 'c5', to: 'd5' },
    ],
    note: 'The 要抽吃 is 车七平六: check along the d-file and, at the same time, an attack on the unprotected horse d2 down the file.',
  },
  {
    id: '细则 19 图52',
    title: 'a rook keeps offering itself to a rook that is free to take it (长献车) — draw',
    fen: '5k3/9/9/4r4/9/1R7/9/9/9/3K5 w - - 0 1',
    moves: ['b4b6', 'e6e3', 'b6b3', 'e3e5', 'b3b5', 'e5e3', 'b5b3'],
    chinese: printed('1. 车八进二 车5进3 2. 车八退三 车5退2 3. 车八进二 车5进2 4. 车八退二'),
    expected: 'draw',
    patterns: { red: 'perpetualOffer' },
    relations: [
      { kind: 'attacks', at: 1, from: 'e6', to: 'b6' },
      { kind: 'attacks', at: 1, from: 'b6', to: 'e6' },
      { kind: 'attacks', at: 3, from: 'e3', to: 'b3' },
      { kind: 'attacks', at: 5, from: 'e5', to: 'b5' },
      { kind: 'attacks', at: 7, from: 'e3', to: 'b3' },
      { kind: 'unprotected', at: 7, square: 'b3', by: 'e3' },
    ],
    note: 'DEVIATION: the printed record goes on 车5退1 5. 车八进一, which reaches a new position (no repetition at its end); the case stops after 4. 车八退二, which repeats the position after 2. 车八退三. The red rook always lands on the black rook\'s rank; the black rook is not pinned (it may take) — "盖因情势不能去子" is not modelled.',
  },
];
