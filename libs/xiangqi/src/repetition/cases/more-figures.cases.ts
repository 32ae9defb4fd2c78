/**
 * More rulebook figures, after the first figure of each article (细则 8 图15, 细则 19 图51,
 * 细则 33 图98, 细则 34 图100, …): the diagrams are lost, so each position is constructed so that the
 * printed moves are legal and the relations the text describes hold.
 */
import { RepetitionCase, printed, repeatMoves } from './case-types';

export const MORE_FIGURES: RepetitionCase[] = [
  {
    // 细则 8: 一将一闲，一将一要抽吃均作和局。
    id: '细则 8 图15',
    title: 'the rook checks, then steps back in front of its cannon threatening a discovered check (一将一要抽吃) — draw',
    fen: '1RC6/4k4/3a1a3/9/9/9/5p1r1/9/4A4/5K3 w - - 0 1',
    moves: repeatMoves('b9b8 e8e9 b8b9 e9e8', 11),
    chinese: printed('1. 车八退一 将5退1 2. 车八进一 将5进1 3. 车八退一 将5退1 4. 车八进一 将5进1 5. 车八退一 将5退1 6. 车八进一'),
    expected: 'draw',
    patterns: { red: 'checkAndDiscoveredThreat' },
    relations: [
      { kind: 'check', at: 1 },
      { kind: 'notCheck', at: 3 },
      { kind: 'check', at: 5 },
      { kind: 'notCheck', at: 11 },
      // After 车八进一 the cannon c9 stands between the rook b9 and the king e9: 炮七退二 (onto the
      // advisor line, 炮打黑士 f7 over d7) or 炮七退六 (兵行线, hitting the rook h3 over the pawn f3)
      // uncovers the check.
      { kind: 'attacks', at: 3, from: 'c9', to: 'c7' },
      { kind: 'attacks', at: 3, from: 'c9', to: 'c3' },
      { kind: 'notAttacks', at: 3, from: 'c9', to: 'h3' },
    ],
    note:
      'Rank 9: rook b9, cannon c9, king e9 — the cannon leaving the c-file line gives a discovered check; from c7 it then takes the advisor f7 (screen d7), from c3 the unprotected rook h3 (screen f3). 车八退一 checks along rank 8 (c8, d8 empty). The red king f0 with the advisor e1 leaves Black no mate threat, so Black\'s king moves are idle.',
  },
  {
    // 细则 19 a) 车捉车：如双方均未受牵制互能去子者，则视为长献，双方不变作和。
    id: '细则 19 图51',
    title: 'the red rook steps onto the file of a rook that threatens mate, offering itself (长献 vs 长杀) — draw',
    fen: '3k1a3/4a4/8r/9/9/9/9/6R2/3p5/4K4 w - - 0 1',
    moves: ['g2i2', 'i7h7', 'i2h2', 'h7g7', 'h2g2', 'g7h7', 'g2h2', 'h7i7', 'h2i2', 'i7g7', 'i2g2'],
    chinese: printed('1. 车三平一 车9平8 2. 车一平二 车8平7 3. 车二平三 车7平8 4. 车三平二 车8平9 5. 车二平一 车9平7 6. 车一平三'),
    expected: 'draw',
    patterns: { red: 'perpetualOffer', black: 'perpetualMateThreat' },
    relations: [
      // The black rook threatens 车→底线 mate (the pawn d1 covers d0 and e1).
      { kind: 'attacks', at: 0, from: 'i7', to: 'i0' },
      { kind: 'notAttacks', at: 1, from: 'i7', to: 'i0' },
      { kind: 'attacks', at: 1, from: 'i7', to: 'i2' },
      { kind: 'attacks', at: 1, from: 'i2', to: 'i7' },
      { kind: 'unprotected', at: 1, square: 'i2', by: 'i7' },
      { kind: 'attacks', at: 10, from: 'g7', to: 'g0' },
      { kind: 'attacks', at: 11, from: 'g7', to: 'g2' },
      { kind: 'unprotected', at: 11, square: 'g2', by: 'g7' },
      { kind: 'attacks', at: 11, from: 'g2', to: 'g7' },
    ],
    note:
      'Red: king e0 alone; the black pawn d1 covers d0 and e1, so 车→i0/h0/g0 is mate. The red rook always lands on the black rook\'s file, unprotected, and either rook may take the other (neither is pinned): 长献. The black king d9 with advisors e8, f9 gives Red no mate threat. The printed record repeats the position after 3. 车二平三 at 6. 车一平三 (cycle plies 6–11).',
  },
  {
    // 细则 33: 长要抽吃作和。
    id: '细则 33 图98',
    title: 'the rook shifts file to threaten a check on the back rank that wins a piece; a cannon follows to block (长要抽吃) — draw',
    fen: '1n2k4/9/9/r7c/9/9/9/8R/4A4/3K5 w - - 0 1',
    moves: ['i2h2', 'i6h6', 'h2g2', 'h6g6', 'g2i2', 'g6i6', 'i2h2', 'i6h6', 'h2g2'],
    chinese: printed('1. 车一平二 炮9平8 2. 车二平三 炮8平7 3. 车三平一 炮7平9 4. 车一平二 炮9平8 5. 车二平三'),
    expected: 'draw',
    patterns: { red: 'perpetualDiscoveredThreat' },
    relations: [
      // After each rook move the file is open up to the back rank: 车→9 checks the king e9 along rank 9 and,
      // after the king steps to e8, takes the horse b9.
      { kind: 'attacks', at: 1, from: 'h2', to: 'h9' },
      { kind: 'notAttacks', at: 2, from: 'h2', to: 'h9' },
      { kind: 'attacks', at: 2, from: 'h2', to: 'h6' },
      { kind: 'protected', at: 2, square: 'h6', by: 'h2' },
      { kind: 'attacks', at: 3, from: 'g2', to: 'g9' },
      { kind: 'attacks', at: 5, from: 'i2', to: 'i9' },
      { kind: 'attacks', at: 9, from: 'g2', to: 'g9' },
      { kind: 'notCheck', at: 9 },
    ],
    note:
      'DEVIATION: the printed ninth ply 车二平一 (also in the 3rd revision, 图33b) reaches a new position; read as 车二平三, which repeats the position after 2. 车二平三. The cannon following the rook onto its file is protected by the rook a6, so the rook cannot take it with gain. Red\'s threat is a check on rank 9 that wins the horse b9 (or, when the rook comes from the i-file, the cannon that interposes on g9).',
  },
  {
    // 细则 34: 长拦作和。
    id: '细则 34 图100',
    title: 'two cannons take turns standing in the file of a rook that threatens a winning check (长拦) — draw',
    fen: 'n2k5/9/9/c2r3c1/9/9/9/7R1/4A4/4K4 w - - 0 1',
    moves: ['h2f2', 'h6f6', 'f2i2', 'f6i6', 'i2b2', 'a6b6', 'b2g2', 'i6g6', 'g2f2', 'g6f6', 'f2g2', 'f6g6'],
    chinese: printed('1. 车二平四 炮八平六 2. 车四平一 炮六平九 3. 车一平八 炮一平二 4. 车八平三 炮九平七 5. 车三平四 炮七平六 6. 车四平三 炮六平七'),
    expected: 'draw',
    patterns: { black: 'perpetualBlock' },
    relations: [
      { kind: 'attacks', at: 1, from: 'f2', to: 'f9' },
      { kind: 'notAttacks', at: 2, from: 'f2', to: 'f9' },
      { kind: 'protected', at: 2, square: 'f6', by: 'f2' },
      { kind: 'attacks', at: 5, from: 'b2', to: 'b9' },
      { kind: 'notAttacks', at: 6, from: 'b2', to: 'b9' },
      { kind: 'protected', at: 6, square: 'b6', by: 'b2' },
      { kind: 'attacks', at: 11, from: 'g2', to: 'g9' },
      { kind: 'notAttacks', at: 12, from: 'g2', to: 'g9' },
      { kind: 'protected', at: 12, square: 'g6', by: 'g2' },
    ],
    note:
      'DEVIATION: the printed ten plies (both cannons move: 炮一平二 is the cannon a6) never repeat a position; 6. 车四平三 炮六平七 are added, which repeat the position after 4. … 炮九平七 (cycle plies 9–12). Black\'s files are printed in Chinese numerals, as in 图99. Red threatens 车→9 check on the king d9 winning the horse a9; each time a cannon, protected by the rook d6, steps into the rook\'s file (拦). The red advisor e1 keeps the kings apart.',
  },
];
