/** 细则 6–10 (图11–图25): 一将一杀, 一将一捉, 一将一闲, 一捉一要抽吃, 炮长捉车. */
import { RepetitionCase, printed, repeatMoves } from './case-types';

export const XIZE_06_10: RepetitionCase[] = [
  {
    id: '细则 6 图11',
    title: '一将一杀 — draw',
    fen: '4k4/9/4P4/9/5R3/9/9/9/9/4K4 w - - 0 1',
    moves: repeatMoves('f5h5 e9f9 h5f5 f9e9', 12),
    chinese: printed('1. 车四平二 將5平6 2. 车二平四 將6平5 3. 车四平二 將5平6 4. 车二平四 將6平5 5. 车四平二 將5平6 6. 车二平四 將6平5'),
    expected: 'draw',
    patterns: { red: 'checkAndMateThreat' },
    relations: [
      { kind: 'notCheck', at: 1 },
      { kind: 'check', at: 3 },
    ],
    note: '车四平二 threatens 车二进四# (the pawn e7 covers e8, the rook rank 9); 车二平四 checks the king on f9.',
  },
  {
    id: '细则 7 图12',
    title: '一将一捉: the cannon uncovers the rook on the black cannon, then checks — draw',
    fen: '4k4/9/9/5c3/9/9/5C3/9/5R3/3K5 w - - 0 1',
    moves: repeatMoves('f3e3 e9f9 e3f3 f9e9', 10),
    chinese: printed('1. 炮四平五 將5平6 2. 炮五平四 將6平5 3. 炮四平五 將5平6 4. 炮五平四 將6平5 5. 炮四平五 將5平6'),
    expected: 'draw',
    patterns: { red: 'checkAndChase' },
    relations: [
      { kind: 'attacks', at: 1, from: 'f1', to: 'f6' },
      { kind: 'unprotected', at: 1, square: 'f6', by: 'f1' },
      { kind: 'check', at: 3 },
    ],
    note:
      '平中炮 uncovers the rook f1 on the black cannon f6 (捉); 炮五平四 checks through the black cannon. ' +
      "DEVIATION: the diagram's cannon was falsely protected (假根) — here it is simply unprotected; either way the move is a 捉 and the verdict is the same.",
  },
  {
    id: '细则 8 图14',
    title: '一将一闲 — draw',
    fen: '4k4/2R1a4/9/9/9/9/9/9/9/5K3 w - - 0 1',
    moves: repeatMoves('c8c9 e8d9 c9c8 d9e8', 12),
    chinese: printed('1. 车七进一 士5退4 2. 车七退一 士4进5 3. 车七进一 士5退4 4. 车七退一 士4进5 5. 车七进一 士5退4 6. 车七退一 士4进5'),
    expected: 'draw',
    patterns: { red: 'checkAndIdle' },
    relations: [
      { kind: 'check', at: 1 },
      { kind: 'notCheck', at: 3 },
      { kind: 'protected', at: 2, square: 'd9', by: 'c9' },
    ],
    note: 'The rook checks on rank 9, the advisor interposes on d9 (protected by the king); the rook steps back without check.',
  },
  {
    id: '细则 9 图17',
    title: '一捉一要抽吃 — draw',
    fen: '7n1/4k4/9/9/9/3R5/9/9/9/3K5 w - - 0 1',
    moves: repeatMoves('d4h4 e8e9 h4d4 e9e8', 10),
    chinese: printed('1. 车六平二 将5退1 2. 车二平六 将5进1 3. 车六平二 将5退1 4. 车二平六 将5进1 5. 车六平二 将5退1'),
    expected: 'draw',
    patterns: { red: 'chaseAndDiscoveredThreat' },
    relations: [
      { kind: 'attacks', at: 1, from: 'h4', to: 'h9' },
      { kind: 'unprotected', at: 1, square: 'h9', by: 'h4' },
    ],
    note: '车六平二 attacks the unprotected edge horse h9 (捉); 车二平六 threatens 车六进五+ (the king cannot take: kings facing) skewering the horse on rank 9 (要抽吃).',
  },
  {
    id: '细则 10 图22',
    title: 'a cannon chases an unprotected rook on every move — Red must change',
    fen: '4k4/9/9/1Cp6/2p2r3/9/9/9/9/3K5 w - - 0 1',
    moves: repeatMoves('b6b5 f5f6 b5b6 f6f5', 9),
    chinese: printed('1. 炮八退一 车6退1 2. 炮八进一 车6进1 3. 炮八退一 车6退1 4. 炮八进一 车6进1 5. 炮八退一'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase' },
    relations: [
      { kind: 'attacks', at: 1, from: 'b5', to: 'f5' },
      { kind: 'attacks', at: 3, from: 'b6', to: 'f6' },
      { kind: 'unprotected', at: 1, square: 'f5', by: 'b5' },
    ],
    note: 'Black pawns c5/c6 are the screens; the rook only steps out of the line (两闲).',
  },
];
