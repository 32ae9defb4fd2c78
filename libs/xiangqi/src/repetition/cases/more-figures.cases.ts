/**
 * More rulebook figures, after the first figure of each article (细则 8 图15, 细则 19 图51, 图53, 图54,
 * 细则 22 图63, 图66, 细则 27 图79, 细则 33 图98, 细则 34 图100): the diagrams are lost, so each position is constructed so that the
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
    note: "Rank 9: rook b9, cannon c9, king e9 — the cannon leaving the c-file line gives a discovered check; from c7 it then takes the advisor f7 (screen d7), from c3 the unprotected rook h3 (screen f3). 车八退一 checks along rank 8 (c8, d8 empty). The red king f0 with the advisor e1 leaves Black no mate threat, so Black's king moves are idle.",
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
    note: "Red: king e0 alone; the black pawn d1 covers d0 and e1, so 车→i0/h0/g0 is mate. The red rook always lands on the black rook's file, unprotected, and either rook may take the other (neither is pinned): 长献. The black king d9 with advisors e8, f9 gives Red no mate threat. The printed record repeats the position after 3. 车二平三 at 6. 车一平三 (cycle plies 6–11).",
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
    note: "DEVIATION: the printed ninth ply 车二平一 (also in the 3rd revision, 图33b) reaches a new position; read as 车二平三, which repeats the position after 2. 车二平三. The cannon following the rook onto its file is protected by the rook a6, so the rook cannot take it with gain. Red's threat is a check on rank 9 that wins the horse b9 (or, when the rook comes from the i-file, the cannon that interposes on g9).",
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
    note: "DEVIATION: the printed ten plies (both cannons move: 炮一平二 is the cannon a6) never repeat a position; 6. 车四平三 炮六平七 are added, which repeat the position after 4. … 炮九平七 (cycle plies 9–12). Black's files are printed in Chinese numerals, as in 图99. Red threatens 车→9 check on the king d9 winning the horse a9; each time a cannon, protected by the rook d6, steps into the rook's file (拦). The red advisor e1 keeps the kings apart.",
  },
  {
    // 细则 19 b) 炮捉炮：如一方受牵制不能去子时，则对方不能长捉之。
    id: '细则 19 图53',
    title: 'a cannon chases a cannon that is pinned on its rank and cannot take back — Red must change',
    fen: 'Cc1ak4/9/9/1PP6/9/9/9/6C2/9/5K3 w - - 0 1',
    moves: ['g2b2', 'b9c9', 'b2c2', 'c9b9', 'c2b2', 'b9c9', 'b2c2', 'c9b9', 'c2b2'],
    chinese: printed('1. 炮三平八 炮2平3 2. 炮八平七 炮3平2 3. 炮七平八 炮2平3 4. 炮八平七 炮3平2 5. 炮七平八'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase' },
    relations: [
      // The red cannon a9 pins the black cannon on rank 9 (leaving it, the advisor d9 becomes the screen of a check).
      { kind: 'attacks', at: 1, from: 'b2', to: 'b9' },
      { kind: 'unprotected', at: 1, square: 'b9', by: 'b2' },
      { kind: 'pinned', at: 1, square: 'b9', to: 'b2' },
      { kind: 'attacks', at: 3, from: 'c2', to: 'c9' },
      { kind: 'unprotected', at: 3, square: 'c9', by: 'c2' },
      { kind: 'pinned', at: 3, square: 'c9', to: 'c2' },
      { kind: 'notAttacks', at: 0, from: 'a9', to: 'b9' },
    ],
    note: 'Rank 9: red cannon a9, black cannon b9/c9, advisor d9, king e9 — the black cannon may only move along rank 9. The red pawns b6 and c6 are the screens of both cannons on the b- and c-files. The pinning cannon does not attack the black cannon itself. The "长杀" pretext of the text is not modelled.',
  },
  {
    // 细则 19 b) … 图54: 黑炮虽受牵制，但一步有根，红炮不算长捉。
    id: '细则 19 图54',
    title: 'the pinned cannon is protected on one of its two squares — draw',
    fen: '4ka1cC/9/4b4/6PP1/9/9/9/2C6/9/3K5 w - - 0 1',
    moves: ['c2h2', 'h9g9', 'h2g2', 'g9h9', 'g2h2', 'h9g9', 'h2g2', 'g9h9', 'g2h2'],
    chinese: printed('1. 炮七平二 炮8平7 2. 炮二平三 炮7平8 3. 炮三平二 炮8平7 4. 炮二平三 炮7平8 5. 炮三平二'),
    expected: 'draw',
    patterns: { red: 'chaseAndIdle' },
    relations: [
      { kind: 'attacks', at: 1, from: 'h2', to: 'h9' },
      { kind: 'unprotected', at: 1, square: 'h9', by: 'h2' },
      { kind: 'pinned', at: 1, square: 'h9', to: 'h2' },
      { kind: 'attacks', at: 3, from: 'g2', to: 'g9' },
      { kind: 'protected', at: 3, square: 'g9', by: 'g2' },
      { kind: 'pinned', at: 3, square: 'g9', to: 'g2' },
    ],
    note: 'Mirror of 图53: red cannon i9, black cannon h9/g9, advisor f9, king e9 on rank 9; screens h6, g6. The elephant e7 protects g9 (not h9), so only every other red move is a 捉.',
  },
  {
    // 细则 22: 车被炮牵制不能离线时，车在该线移动不作捉子论。
    id: '细则 22 图63',
    title: 'a rook held on its file by a cannon steps onto the rank of a cannon each time (长拦, not 长捉) — draw',
    fen: '4k4/4a4/9/4r4/9/9/9/1C7/4C4/4K4 w - - 0 1',
    moves: ['b2b5', 'e6e5', 'b5b6', 'e5e6', 'b6b4', 'e6e4', 'b4b7', 'e4e7', 'b7b6', 'e7e6'],
    chinese: printed('1. 炮八进三 车5进1 2. 炮八进一 车5退1 3. 炮八退二 车5进2 4. 炮八进三 车5退3 5. 炮八退一 车5进1'),
    expected: 'draw',
    patterns: { black: 'perpetualBlock' },
    relations: [
      // The cannon e1 (protected by the king e0) holds the rook: off the e-file, the advisor e8 would screen a check.
      { kind: 'pinned', at: 0, square: 'e6', to: 'd6' },
      { kind: 'protected', at: 0, square: 'e1', by: 'e6' },
      { kind: 'pinned', at: 2, square: 'e5', to: 'b5' },
      { kind: 'pinned', at: 6, square: 'e4', to: 'b4' },
      { kind: 'pinned', at: 8, square: 'e7', to: 'b7' },
      { kind: 'pinned', at: 10, square: 'e6', to: 'b6' },
      { kind: 'notAttacks', at: 10, from: 'e1', to: 'e6' },
    ],
    note: "e-file: red king e0, cannon e1, black rook, advisor e8, king e9. The rook always moves to the red cannon's rank and stands in its way, but it cannot leave the file to take it. The pinning cannon has no screen to the rook, so the rook is not attacked (unlike 图64's pawn screen).",
  },
  {
    // 细则 22: … 如其中一步有根，则该着不作为捉子。
    id: '细则 22 图66',
    title: 'a rook held on its rank is chased by a rook, protected on every other square — draw',
    fen: '4ka1rC/5n2P/4b4/9/9/9/6R2/9/9/3K5 w - - 0 1',
    moves: repeatMoves('g3h3 h9g9 h3g3 g9h9', 9),
    chinese: printed('1. 车三平二 车8平7 2. 车二平三 车7平8 3. 车三平二 车8平7 4. 车二平三 车7平8 5. 车三平二'),
    expected: 'draw',
    patterns: { red: 'chaseAndIdle' },
    relations: [
      // Rank 9: the red cannon i9 (protected by the pawn i8), the black rook, the advisor f9 (screen) and the king e9.
      { kind: 'pinned', at: 0, square: 'h9', to: 'h8' },
      { kind: 'attacks', at: 1, from: 'h3', to: 'h9' },
      { kind: 'protected', at: 1, square: 'h9', by: 'h3' },
      { kind: 'pinned', at: 1, square: 'h9', to: 'h3' },
      { kind: 'attacks', at: 3, from: 'g3', to: 'g9' },
      { kind: 'unprotected', at: 3, square: 'g9', by: 'g3' },
      { kind: 'pinned', at: 3, square: 'g9', to: 'g3' },
    ],
    note: 'The black rook may only move along rank 9 (off it, the cannon i9 checks over the advisor f9); it cannot take the red rook. The horse f8 protects h9, nothing protects g9: one 捉, one attack on a protected rook. The elephant e7 keeps Red from threatening mate, so the other red move is idle.',
  },
  {
    // 细则 27 … 图79: 红炮分捉两卒并未犯例，黑车长捉红炮犯例。
    id: '细则 27 图79',
    title: 'a cannon chases two crossed pawns in turn while a rook chases the cannon — Black must change',
    fen: '4k4/9/9/9/9/4P1p2/2C6/3r1A1p1/5K3/9 w - - 0 1',
    moves: ['c3c4', 'd2d4', 'c4c2', 'd4d2', 'c2c4', 'd2d4', 'c4c2', 'd4d2', 'c2c4'],
    chinese: printed('1. 炮七进一 车4退2 2. 炮七退二 车4进2 3. 炮七进二 车4退2 4. 炮七退二 车4进2 5. 炮七进二'),
    expected: 'black_loses',
    patterns: { red: 'alternateChase', black: 'perpetualChase' },
    relations: [
      { kind: 'crossedRiver', at: 0, square: 'g4' },
      { kind: 'crossedRiver', at: 0, square: 'h2' },
      { kind: 'attacks', at: 1, from: 'c4', to: 'g4' },
      { kind: 'unprotected', at: 1, square: 'g4', by: 'c4' },
      { kind: 'attacks', at: 2, from: 'd4', to: 'c4' },
      { kind: 'unprotected', at: 2, square: 'c4', by: 'd4' },
      { kind: 'attacks', at: 3, from: 'c2', to: 'h2' },
      { kind: 'unprotected', at: 3, square: 'h2', by: 'c2' },
      { kind: 'attacks', at: 4, from: 'd2', to: 'c2' },
      { kind: 'unprotected', at: 4, square: 'c2', by: 'd2' },
    ],
    note: "The cannon takes the pawn g4 over the red pawn e4 from c4, the pawn h2 over the advisor f2 from c2; the black rook follows to the cannon's rank each time, attacking it (unprotected) from the next file.",
  },
];
