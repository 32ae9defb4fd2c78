/** 细则 11–15 (图26–图44): 炮分捉两车, 车捉有根/无根炮, 车被马牵制, 炮马长捉车. */
import { RepetitionCase, printed, repeatMoves } from './case-types';

export const XIZE_11_15: RepetitionCase[] = [
  {
    id: '细则 11 图26',
    title: 'one cannon chases two unprotected rooks in turn (一子分捉两子) — draw',
    fen: 'r2k4r/9/1c5c1/p7p/9/9/9/7C1/9/4K4 w - - 0 1',
    moves: ['h2i2', 'i9h9', 'i2a2', 'a9b9', 'a2h2', 'h9i9', 'h2b2', 'b9a9', 'b2i2'],
    chinese: printed('1. 炮二平一 车9平8 2. 炮一平九 车1平2 3. 炮九平二 车8平9 4. 炮二平八 车2平1 5. 炮八平一'),
    expected: 'draw',
    patterns: { red: 'alternateChase' },
    relations: [
      { kind: 'attacks', at: 1, from: 'i2', to: 'i9' },
      { kind: 'unprotected', at: 1, square: 'i9', by: 'i2' },
      { kind: 'attacks', at: 3, from: 'a2', to: 'a9' },
      { kind: 'unprotected', at: 3, square: 'a9', by: 'a2' },
      { kind: 'attacks', at: 5, from: 'h2', to: 'h9' },
      { kind: 'attacks', at: 7, from: 'b2', to: 'b9' },
    ],
    note: 'The cannon on rank 2 shoots up the a/b/h/i files over the black pawns a6/i6 and cannons b7/h7; the rooks step aside on rank 9.',
  },
  {
    id: '细则 12 图29',
    title: 'a rook chases a protected cannon (车捉有根炮) — draw',
    fen: '4k4/9/4r2c1/9/9/9/8R/9/9/3K5 w - - 0 1',
    moves: repeatMoves('i3h3 h7i7 h3i3 i7h7', 9),
    chinese: printed('1. 车一平二 炮8平9 2. 车二平一 炮9平8 3. 车一平二 炮8平9 4. 车二平一 炮9平8 5. 车一平二'),
    expected: 'draw',
    relations: [
      { kind: 'attacks', at: 1, from: 'h3', to: 'h7' },
      { kind: 'protected', at: 1, square: 'h7', by: 'h3' },
      { kind: 'attacks', at: 3, from: 'i3', to: 'i7' },
      { kind: 'protected', at: 3, square: 'i7', by: 'i3' },
    ],
    note: 'The black rook e7 protects the cannon along rank 7 on h7 and on i7.',
  },
  {
    id: '细则 13 图33',
    title: 'a rook chases an unprotected cannon (车捉无根炮) — Red must change',
    fen: '4k4/9/8c/9/9/9/7R1/9/9/3K5 w - - 0 1',
    moves: repeatMoves('h3i3 i7h7 i3h3 h7i7', 7),
    chinese: printed('1. 车二平一 炮9平8 2. 车一平二 炮8平9 3. 车二平一 炮9平8 4. 车一平二'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase' },
    relations: [
      { kind: 'attacks', at: 1, from: 'i3', to: 'i7' },
      { kind: 'unprotected', at: 1, square: 'i7', by: 'i3' },
      { kind: 'attacks', at: 3, from: 'h3', to: 'h7' },
      { kind: 'unprotected', at: 3, square: 'h7', by: 'h3' },
    ],
    note: 'The cannon on rank 7 has no protector on either square.',
  },
  {
    id: '细则 14 图40',
    title: 'a rook held by a horse (车被马牵制) is chased by 马后炮 — Red must change',
    fen: '3k5/2r1a4/2N3n2/2C6/9/9/9/9/9/4K4 w - - 0 1',
    moves: ['c6c5', 'e8f9', 'c5c4', 'f9e8', 'c4c5', 'e8f9', 'c5c0', 'f9e8', 'c0c5'],
    chinese: printed('1. 炮七退一 士5退6 2. 炮七退一 士6进5 3. 炮七进一 士5退6 4. 炮七退五 士6进5 5. 炮七进五'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase' },
    relations: [
      // the black rook c8 is the leg of the horse c7: if it left the c-file the horse would check d9
      { kind: 'pinned', at: 0, square: 'c8', to: 'b8' },
      { kind: 'attacks', at: 1, from: 'c5', to: 'c8' },
      { kind: 'attacks', at: 3, from: 'c4', to: 'c8' },
      { kind: 'attacks', at: 7, from: 'c0', to: 'c8' },
      { kind: 'unprotected', at: 1, square: 'c7', by: 'c8' },
    ],
    note:
      'The black rook c8 blocks the leg of the red horse c7 (which would otherwise check the king d9); the cannon behind the horse (马后炮) ' +
      'shoots the rook from every square of the c-file; the horse is unprotected but the rook does not move, so Black does not chase it. ' +
      'DEVIATION: printed 炮八… (b-file). A horse leg on the b-file can never hold a rook against a king in the palace, so the example is built one file over (炮七…, c-file).',
  },
  {
    id: '细则 15 图42',
    title: 'horse and cannon take turns chasing a rook (炮马长捉车) — Black must change',
    fen: '4k4/6c2/9/r5n2/9/9/6R2/9/9/3K5 w - - 0 1',
    moves: repeatMoves('g3f3 g6h4 f3g3 h4g6', 8),
    chinese: printed('1. 车三平四 马7进8 2. 车四平三 马8退7 3. 车三平四 马7进8 4. 车四平三 马8退7'),
    expected: 'black_loses',
    patterns: { black: 'perpetualChase' },
    relations: [
      { kind: 'attacks', at: 2, from: 'h4', to: 'f3' },
      { kind: 'attacks', at: 3, from: 'g3', to: 'g8' },
      { kind: 'attacks', at: 4, from: 'g8', to: 'g3' },
      { kind: 'unprotected', at: 2, square: 'f3', by: 'h4' },
      { kind: 'unprotected', at: 4, square: 'g3', by: 'g8' },
      { kind: 'protected', at: 0, square: 'g6', by: 'g3' },
    ],
    note:
      '马7进8 attacks the rook f3; 马8退7 screens the cannon g8 onto the rook g3. Red: 车三平四 idle, 车四平三 attacks the cannon g8 (一捉一闲). ' +
      'The horse on g6 is protected by the rook a6.',
  },
];
