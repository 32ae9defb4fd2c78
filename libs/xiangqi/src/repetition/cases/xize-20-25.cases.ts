/** 细则 20–25 (图56–图73): 变换炮台, 车被炮牵制, 将帅/兵卒长捉. */
import { RepetitionCase, printed, repeatMoves } from './case-types';

const ELEPHANT_SCREEN = '相三退一 炮7平6 相一进三 炮6平7 相三退一 炮7平6 相一进三 炮6平7 相三退一';

export const XIZE_20_25: RepetitionCase[] = [
  {
    id: '细则 20 图59',
    title: 'the cannon changes screens to chase a crossed, unprotected pawn — Red must change',
    fen: '4k4/6C2/9/6c2/9/6B2/6p2/9/9/3K5 w - - 0 1',
    moves: repeatMoves('g4i2 g6f6 i2g4 f6g6', 9),
    chinese: printed(ELEPHANT_SCREEN),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase' },
    relations: [
      { kind: 'crossedRiver', at: 0, square: 'g3' },
      { kind: 'attacks', at: 1, from: 'g8', to: 'g3' },
      { kind: 'attacks', at: 3, from: 'g8', to: 'g3' },
      { kind: 'unprotected', at: 1, square: 'g3', by: 'g8' },
    ],
    note:
      'Red cannon g8, black pawn g3; the screens are the red elephant (g4) and the black cannon (g6). Red always leaves exactly one screen, Black ' +
      'alternately adds or removes one (双方仅移动炮台). DEVIATION: the printed moves (相三进一 炮7平9 相一进三 炮9平6 …) cannot all be screen changes ' +
      'on one line; the example is rebuilt with the same idea and elephant/cannon moves.',
  },
  {
    id: '细则 20 图60',
    title: 'the same screen changes against a pawn that has not crossed the river — draw',
    fen: '4k4/9/9/6p2/6c2/6B2/9/9/9/3K2C2 w - - 0 1',
    moves: repeatMoves('g4i2 g5f5 i2g4 f5g5', 9),
    chinese: printed('相三退一 炮7平6 相一进三 炮6平7 相三退一 炮7平6 相一进三 炮6平7 相三退一'),
    expected: 'draw',
    relations: [
      { kind: 'notCrossedRiver', at: 0, square: 'g6' },
      { kind: 'attacks', at: 1, from: 'g0', to: 'g6' },
      { kind: 'attacks', at: 3, from: 'g0', to: 'g6' },
      { kind: 'unprotected', at: 1, square: 'g6', by: 'g0' },
    ],
    note: 'As 图59 but the target is the pawn on its own side (g6). DEVIATION: rebuilt moves, as in 图59.',
  },
  {
    id: '细则 21 图62',
    title: 'the cannon uses the advisor as a changing screen to chase a rook — Red must change',
    fen: '5k3/9/9/9/9/9/9/8C/2r1A4/4K2c1 w - - 0 1',
    moves: ['i2i1', 'h0h1', 'e1d0', 'h1h0', 'd0e1', 'h0h1', 'e1d0', 'h1h0', 'd0e1'],
    chinese: printed('1. 炮一退一 炮8退1 2. 仕五退六 炮8进1 3. 仕六进五 炮8退1 4. 仕五退六 炮8进1 5. 仕六进五'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase' },
    relations: [
      { kind: 'attacks', at: 1, from: 'i1', to: 'c1' },
      { kind: 'attacks', at: 3, from: 'i1', to: 'c1' },
      { kind: 'attacks', at: 5, from: 'i1', to: 'c1' },
      { kind: 'notAttacks', at: 4, from: 'i1', to: 'c1' },
    ],
    note: 'Rank 1: red cannon i1, black rook c1; screens: the red advisor e1 and the black cannon h1. 上落仕 always leaves exactly one screen; the black cannon goes in and out.',
  },
  {
    id: '细则 22 图64',
    title: 'a rook pinned on its file by a cannon is chased by a rook — Red must change',
    fen: '4k4/4r4/9/9/9/1R7/9/4n4/4C4/3K5 w - - 0 1',
    moves: ['b4b8', 'e8e4', 'b8b4', 'e4e5', 'b4b5', 'e5e4', 'b5b4', 'e4e5', 'b4b5'],
    chinese: printed('1. 车八进四 车5进4 2. 车八退四 车5退1 3. 车八进一 车5进1 4. 车八退一 车5退1 5. 车八进一'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase' },
    relations: [
      // e-file: red cannon e1, black horse e2 (the screen), the black rook, the black king e9.
      { kind: 'pinned', at: 1, square: 'e8', to: 'd8' },
      { kind: 'attacks', at: 1, from: 'b8', to: 'e8' },
      { kind: 'pinned', at: 3, square: 'e4', to: 'd4' },
      { kind: 'attacks', at: 3, from: 'b4', to: 'e4' },
      { kind: 'unprotected', at: 3, square: 'e4', by: 'b4' },
      { kind: 'notAttacks', at: 3, from: 'e4', to: 'b4' },
      { kind: 'pinned', at: 5, square: 'e5', to: 'b5' },
      { kind: 'attacks', at: 5, from: 'b5', to: 'e5' },
      { kind: 'unprotected', at: 5, square: 'e5', by: 'b5' },
      // The pinning cannon does not attack the rook: it is itself the leg of the black horse e2 (马e2→d0 would check).
      { kind: 'pinned', at: 3, square: 'e1', to: 'e4' },
      { kind: 'notAttacks', at: 3, from: 'e1', to: 'e4' },
      { kind: 'notAttacks', at: 5, from: 'e1', to: 'e5' },
      { kind: 'notAttacks', at: 9, from: 'e1', to: 'e5' },
    ],
    note:
      'e-file: red cannon e1, black horse e2 as the screen, the black rook, the black king e9: off the file the rook would expose its king to the cannon. ' +
      'The rook starts on e8 and must pass e7–e5, so no screen can stand between it and the king; the screen is the black horse below it instead, and the ' +
      'cannon — the leg of that horse, with the red king on d0 — may not take the rook, so the rook is held but never hangs to the cannon. ' +
      'The red rook attacks it along ranks 8/4/5; not an offer (献), because the black rook cannot take.',
  },
  {
    id: '细则 23 图67',
    title: 'the king chases a cannon (将帅长捉) — draw',
    fen: '3k5/9/3a5/9/9/9/9/9/4c4/3K5 w - - 0 1',
    moves: ['d0e0', 'e1f1', 'e0f0', 'f1e1', 'f0e0', 'e1f1', 'e0f0'],
    chinese: printed('1. 帅六平五 炮5平6 2. 帅五平四 炮6平5 3. 帅四平五 炮5平6 4. 帅五平四'),
    expected: 'draw',
    relations: [
      { kind: 'attacks', at: 1, from: 'e0', to: 'e1' },
      { kind: 'attacks', at: 3, from: 'f0', to: 'f1' },
      { kind: 'unprotected', at: 1, square: 'e1', by: 'e0' },
    ],
    note: 'The black advisor d7 keeps the kings from facing on the d-file at the start.',
  },
  {
    id: '细则 24 图69',
    title: 'a pawn chases a cannon (兵卒长捉) — draw',
    fen: '4k4/9/9/8c/7P1/9/9/9/9/3K5 w - - 0 1',
    moves: repeatMoves('h5i5 i6h6 i5h5 h6i6', 7),
    chinese: printed('1. 兵二平一 炮九平八 2. 兵一平二 炮八平九 3. 兵二平一 炮九平八 4. 兵一平二'),
    expected: 'draw',
    relations: [
      { kind: 'attacks', at: 1, from: 'i5', to: 'i6' },
      { kind: 'attacks', at: 3, from: 'h5', to: 'h6' },
      { kind: 'unprotected', at: 1, square: 'i6', by: 'i5' },
    ],
    note: "The printed black moves use Chinese numerals (炮九平八), read as Black's files 9 → 8.",
  },
  {
    id: '细则 25 图72',
    title: 'a pawn chases a cannon while two horses attack it too (每步联合) — Red must change',
    fen: '4k4/9/9/1c7/2P6/N2N5/9/9/9/3K5 w - - 0 1',
    moves: repeatMoves('c5b5 b6c6 b5c5 c6b6', 9),
    chinese: printed('1. 兵七平八 炮2平3 2. 兵八平七 炮3平2 3. 兵七平八 炮2平3 4. 兵八平七 炮3平2 5. 兵七平八'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase' },
    relations: [
      { kind: 'attacks', at: 1, from: 'b5', to: 'b6' },
      { kind: 'attacks', at: 1, from: 'a4', to: 'b6' },
      { kind: 'attacks', at: 3, from: 'c5', to: 'c6' },
      { kind: 'attacks', at: 3, from: 'd4', to: 'c6' },
      { kind: 'unprotected', at: 1, square: 'b6', by: 'b5' },
    ],
    note: 'The horse a4 covers b6 and the horse d4 covers c6, so on every pawn move a horse attacks the cannon as well.',
  },
];
