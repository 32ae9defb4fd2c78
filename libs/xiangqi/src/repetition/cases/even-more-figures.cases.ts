/**
 * Still more rulebook figures (细则 4 图6 second sequence, 图8; 细则 10 图20, 图24; 细则 12 图30, 图31;
 * 细则 13 图32, 图34, 图36, 图37, 图38): the diagrams are lost, so each position is constructed so that the
 * printed moves are legal and the relations the text describes hold.
 */
import { RepetitionCase, printed } from './case-types';

export const EVEN_MORE_FIGURES: RepetitionCase[] = [
  {
    // 细则 4 图6 (second sequence): 红方每一步都叫将, 黑方则一将一闲。红方长将犯例须变着, 红方不变作负。
    id: '细则 4 图6 (second sequence)',
    title: 'a red pawn uncovers or screens a check on every move, Black checks on one move of two — Red must change',
    fen: '4k4/5c3/9/5P3/9/9/5p3/5n3/4C4/5K3 w - - 0 1',
    moves: ['f6e6', 'f3e3', 'e6f6', 'e3f3', 'f6e6', 'f3e3', 'e6f6', 'e3f3', 'f6e6', 'f3e3', 'e6f6'],
    chinese: printed('1. 兵四平五 卒6平5 2. 兵五平四 卒5平6 3. 兵四平五 卒6平5 4. 兵五平四 卒5平6 5. 兵四平五 卒6平5 6. 兵五平四'),
    expected: 'red_loses',
    patterns: { red: 'perpetualCheck', black: 'checkAndIdle' },
    relations: [
      { kind: 'crossedRiver', at: 0, square: 'f6' },
      ...[1, 2, 3, 5, 6, 7, 9, 10, 11].map((at) => ({ kind: 'check' as const, at })),
      { kind: 'notCheck', at: 4 },
      { kind: 'notCheck', at: 8 },
    ],
    note:
      'The 2017 text prints this record under 图6; the older revision gives it as 图3a (细则 3), whose case (细则 3 图5) uses another construction. ' +
      'Here: on e6 the red pawn is the screen of the cannon e1 against the king e9; on f6 the black pawn e3 is the screen. The black pawn leaving f3 ' +
      'uncovers the black cannon f8 on the red king f0 over the black horse f2 (the 还将); returning to f3 is idle.',
  },
  {
    // 细则 4 图8: 红方长杀， 黑方长拦， 双方都没犯例， 双方不变作和。
    id: '细则 4 图8',
    title: 'a cannon threatens a back-rank mate from two files, a black cannon follows to block (长杀 vs 长拦) — draw',
    fen: '3aka3/4r4/9/9/2c6/9/9/2C6/4A4/3AK4 w - - 0 1',
    moves: ['c2g2', 'c5g5', 'g2c2', 'g5c5', 'c2g2', 'c5g5', 'g2c2', 'g5c5', 'c2g2'],
    chinese: printed('1. 炮七平三 炮3平7 2. 炮三平七 炮7平3 3. 炮七平三 炮3平7 4. 炮三平七 炮7平3 5. 炮七平三'),
    expected: 'draw',
    patterns: { red: 'perpetualMateThreat', black: 'perpetualBlock' },
    relations: [
      // 炮→底 checks along rank 9 over an advisor; the king is boxed in by its advisors d9, f9 and the rook e8.
      { kind: 'notAttacks', at: 0, from: 'c2', to: 'c9' },
      { kind: 'attacks', at: 1, from: 'g2', to: 'g9' },
      { kind: 'notAttacks', at: 2, from: 'g2', to: 'g9' },
      { kind: 'notAttacks', at: 2, from: 'g2', to: 'g5' },
      { kind: 'attacks', at: 3, from: 'c2', to: 'c9' },
      { kind: 'notAttacks', at: 4, from: 'c2', to: 'c9' },
      { kind: 'attacks', at: 9, from: 'g2', to: 'g9' },
    ],
    note:
      'Black: king e9, advisors d9/f9, rook e8 (so no advisor can step aside to e8). 炮三进七 (or 炮七进七) would be mate; the black cannon ' +
      'stands in the file each time. The red advisors e1/d0 keep the black rook off the red king, so Black threatens nothing.',
  },
  {
    // 细则 10 图20: 红炮步步捉车，黑车则一步捉马，一步捉炮，形成二捉二还捉的局面。红方犯例，红不变作负。
    id: '细则 10 图20',
    title: 'a cannon chases a rook on every move, the rook chases a horse and a cannon in turn (二捉二还捉) — Red must change',
    fen: '4k4/9/9/9/1C1r2p2/7C1/1N3p3/9/9/5K3 w - - 0 1',
    moves: ['h4h5', 'd5d3', 'h5h3', 'd3d5', 'h3h5', 'd5d3', 'h5h3', 'd3d5', 'h3h5'],
    chinese: printed('1. 炮二进一 车4进2 2. 炮二退二 车4退2 3. 炮二进二 车4进2 4. 炮二退二 车4退2 5. 炮二进二'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase', black: 'alternateChase' },
    relations: [
      { kind: 'attacks', at: 1, from: 'h5', to: 'd5' },
      { kind: 'attacks', at: 2, from: 'd3', to: 'b3' },
      { kind: 'unprotected', at: 2, square: 'b3', by: 'd3' },
      { kind: 'attacks', at: 3, from: 'h3', to: 'd3' },
      { kind: 'attacks', at: 4, from: 'd5', to: 'b5' },
      { kind: 'unprotected', at: 4, square: 'b5', by: 'd5' },
      { kind: 'attacks', at: 5, from: 'h5', to: 'd5' },
      { kind: 'notAttacks', at: 4, from: 'd5', to: 'h3' },
    ],
    note:
      'The red cannon shoots along rank 5 over the black pawn g5 and along rank 3 over the black pawn f3; the rook takes the horse b3 from d3 and ' +
      'the second red cannon b5 from d5, both unprotected.',
  },
  {
    // 细则 12 图31: 黑炮长杀并没犯例，而红车一步捉有根子，一步捉无根子也没犯例，双方不变作和。
    id: '细则 12 图31',
    title: 'a rook chases a cannon protected on one file and not on the other; the cannon threatens mate on every move — draw',
    fen: '4k1b2/7R1/8c/9/9/9/4p4/9/3p1p3/4K4 w - - 0 1',
    moves: ['h8i8', 'i7h7', 'i8h8', 'h7i7', 'h8i8', 'i7h7', 'i8h8', 'h7i7', 'h8i8'],
    chinese: printed('1. 车二平一 炮9平8 2. 车一平二 炮8平9 3. 车二平一 炮9平8 4. 车一平二 炮8平9 5. 车二平一'),
    expected: 'draw',
    patterns: { black: 'perpetualMateThreat' },
    relations: [
      { kind: 'attacks', at: 1, from: 'i8', to: 'i7' },
      { kind: 'protected', at: 1, square: 'i7', by: 'i8' },
      // 炮平中 (→e7) would mate: the black pawn e3 is the screen, the pawns d1/f1 cover d0, e1, f0.
      { kind: 'attacks', at: 2, from: 'h7', to: 'e7' },
      { kind: 'attacks', at: 3, from: 'h8', to: 'h7' },
      { kind: 'unprotected', at: 3, square: 'h7', by: 'h8' },
      { kind: 'attacks', at: 4, from: 'i7', to: 'e7' },
      { kind: 'attacks', at: 5, from: 'i8', to: 'i7' },
      { kind: 'protected', at: 5, square: 'i7', by: 'i8' },
    ],
    note:
      'The elephant g9 protects i7 (not h7). The rook stands above the cannon on rank 8, so it can neither take the cannon on e7 nor block the e-file: ' +
      'every cannon move threatens 炮平中 mate.',
  },
  {
    // 细则 13 图37: 黑炮一将一捉马，没犯例；红车长捉无根炮犯例。红不变作负。
    id: '细则 13 图37',
    title: 'a rook chases an unprotected cannon that checks and chases a horse in turn — Red must change',
    fen: '5k3/9/9/9/9/9/9/9/c3A1N2/1RB1K4 w - - 0 1',
    moves: ['b0b1', 'a1a0', 'b1b0', 'a0a1', 'b0b1', 'a1a0', 'b1b0', 'a0a1', 'b0b1'],
    chinese: printed('1. 车八进一 炮1进1 2. 车八退一 炮1退1 3. 车八进一 炮1进1 4. 车八退一 炮1退1 5. 车八进一'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase', black: 'checkAndChase' },
    relations: [
      { kind: 'attacks', at: 1, from: 'b1', to: 'a1' },
      { kind: 'unprotected', at: 1, square: 'a1', by: 'b1' },
      { kind: 'check', at: 2 },
      { kind: 'attacks', at: 3, from: 'b0', to: 'a0' },
      { kind: 'unprotected', at: 3, square: 'a0', by: 'b0' },
      { kind: 'notCheck', at: 3 },
      { kind: 'attacks', at: 4, from: 'a1', to: 'g1' },
      { kind: 'unprotected', at: 4, square: 'g1', by: 'a1' },
      { kind: 'notAttacks', at: 5, from: 'a1', to: 'g1' },
    ],
    note:
      '炮1进1 checks along rank 0 over the elephant c0; 车八退一 blocks on b0 and attacks the cannon. 炮1退1 attacks the unprotected horse g1 over ' +
      'the advisor e1; 车八进一 blocks rank 1 and attacks the cannon again.',
  },
  {
    // 细则 13 图38: 黑炮一捉一杀，没犯例；红车长捉无根炮犯例。红不变作负。
    id: '细则 13 图38',
    title: 'a rook chases an unprotected cannon that chases and threatens mate in turn — Red must change',
    fen: '4k4/9/8R/9/2c6/9/2P1p4/9/3p1p3/2B1K4 w - - 0 1',
    moves: ['i7c7', 'c5h5', 'c7h7', 'h5c5', 'h7c7', 'c5h5', 'c7h7', 'h5c5', 'h7c7'],
    chinese: printed('1. 车一平七 炮3平8 2. 车七平二 炮8平3 3. 车二平七 炮3平8 4. 车七平二 炮8平3 5. 车二平七'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase', black: 'mateThreatAndChase' },
    relations: [
      { kind: 'attacks', at: 1, from: 'c7', to: 'c5' },
      { kind: 'unprotected', at: 1, square: 'c5', by: 'c7' },
      { kind: 'attacks', at: 2, from: 'h5', to: 'e5' },
      { kind: 'notAttacks', at: 2, from: 'h5', to: 'c0' },
      { kind: 'attacks', at: 3, from: 'h7', to: 'h5' },
      { kind: 'unprotected', at: 3, square: 'h5', by: 'h7' },
      { kind: 'attacks', at: 4, from: 'c5', to: 'c0' },
      { kind: 'unprotected', at: 4, square: 'c0', by: 'c5' },
    ],
    note:
      '炮3平8 threatens 炮平中 mate (screen: the black pawn e3; the pawns d1/f1 box the king in; the rook above cannot block the e-file); ' +
      '炮8平3 attacks the unprotected elephant c0 over the red pawn c3 (it also keeps the mate threat; 捉 is the heavier kind, 补充 4).',
  },
  {
    // 细则 10 图24: 红双炮轮流长捉黑车，而黑车一步捉马，一步捉过河兵。…禁止两子或多子长捉一子，故红方犯例，红不变作负。
    id: '细则 10 图24',
    title: 'two cannons take turns chasing one rook, which chases a horse and a crossed pawn — Red must change',
    fen: '3ak4/3ra4/9/9/1P2p4/5C1C1/1N2P4/9/9/4K4 w - - 0 1',
    moves: [
      'h4h8',
      'd8d5',
      'f4f5',
      'd5d3',
      'h8h3',
      'd3d8',
      'f5f8',
      'd8d5',
      'h3h5',
      'd5d3',
      'f8f3',
      'd3d8',
      'h5h8',
      'd8d5',
      'f3f5',
      'd5d3',
      'h8h3',
      'd3d8',
      'f5f8',
      'd8d5',
      'h3h5',
      'd5d3',
      'f8f3',
      'd3d8',
      'h5h8',
    ],
    chinese: printed(
      '1. 炮二进四 车4进3 2. 炮四进一 车4进2 3. 炮二退五 车4退5 4. 炮四进三 车4进3 5. 炮二进二 车4进2 6. 炮四退五 ' +
        '车4退5 7. 炮二进三 车4进3 8. 炮四进二 车4进2 9. 炮二退五 车4退5 10. 炮四进三 车4进3 11. 炮二进二 车4进2 12. 炮四退五 车4退5 13. 炮二进三',
    ),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase' },
    relations: [
      { kind: 'crossedRiver', at: 0, square: 'b5' },
      { kind: 'attacks', at: 13, from: 'h8', to: 'd8' },
      { kind: 'attacks', at: 14, from: 'd5', to: 'b5' },
      { kind: 'unprotected', at: 14, square: 'b5', by: 'd5' },
      { kind: 'attacks', at: 15, from: 'f5', to: 'd5' },
      { kind: 'attacks', at: 16, from: 'd3', to: 'b3' },
      { kind: 'unprotected', at: 16, square: 'b3', by: 'd3' },
      { kind: 'attacks', at: 17, from: 'h3', to: 'd3' },
      { kind: 'attacks', at: 19, from: 'f8', to: 'd8' },
      { kind: 'attacks', at: 21, from: 'h5', to: 'd5' },
      { kind: 'attacks', at: 23, from: 'f3', to: 'd3' },
      { kind: 'attacks', at: 25, from: 'h8', to: 'd8' },
      { kind: 'unprotected', at: 25, square: 'd8', by: 'h8' },
    ],
    note:
      'DEVIATION: the printed eleven plies never repeat a position (the 炮四 cannon starts one rank lower than it later returns to); the record is continued ' +
      'in the same rhythm (炮二 进四/退五/进二/进三, 炮四 进三/退五/进二, 车 进3/进2/退5) until the position after 7. 炮二进三 recurs after 13. 炮二进三 ' +
      "(a 12-ply cycle). Each cannon lands on the rook's rank with one screen between: the advisor e8, the black pawn e5, the red pawn e3. The rook takes " +
      'the crossed pawn b5 from d5 and the horse b3 from d3 (also the uncrossed pawn e3, which may be chased), and is idle on d8.',
  },
  {
    // 细则 12 图30: 红车长捉黑有根炮，红没犯例，双方不变作和。
    id: '细则 12 图30',
    title: 'a rook chases a cannon protected by an elephant on both of its squares — draw',
    fen: '4k4/9/4b4/9/6c2/9/9/5R3/9/3K5 w - - 0 1',
    moves: ['f2g2', 'g5c5', 'g2c2', 'c5g5', 'c2g2', 'g5c5', 'g2c2', 'c5g5', 'c2g2'],
    chinese: printed('1. 车四平三 炮7平3 2. 车三平七 炮3平7 3. 车七平三 炮7平3 4. 车三平七 炮3平7 5. 车七平三'),
    expected: 'draw',
    relations: [
      { kind: 'attacks', at: 1, from: 'g2', to: 'g5' },
      { kind: 'protected', at: 1, square: 'g5', by: 'g2' },
      { kind: 'attacks', at: 3, from: 'c2', to: 'c5' },
      { kind: 'protected', at: 3, square: 'c5', by: 'c2' },
      { kind: 'attacks', at: 9, from: 'g2', to: 'g5' },
      { kind: 'protected', at: 9, square: 'g5', by: 'g2' },
    ],
    note: 'The elephant e7 covers c5 and g5. The red king stands on d0: on e0 the elephant could not recapture (the kings would face: 假根) and the chase would lose.',
  },
  {
    // 细则 13 图34: 黑长杀没犯例，红车长捉黑无根炮犯例，红不变作负。
    id: '细则 13 图34',
    title: 'a rook chases an unprotected cannon that threatens mate on every move — Red must change',
    fen: '4k4/9/6R2/9/7c1/9/4p4/9/3p1p3/4K4 w - - 0 1',
    moves: ['g7h7', 'h5c5', 'h7c7', 'c5h5', 'c7h7', 'h5c5', 'h7c7', 'c5h5', 'c7h7'],
    chinese: printed('1. 车三平二 炮8平3 2. 车二平七 炮3平8 3. 车七平二 炮8平3 4. 车二平七 炮3平8 5. 车七平二'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase', black: 'perpetualMateThreat' },
    relations: [
      { kind: 'attacks', at: 1, from: 'h7', to: 'h5' },
      { kind: 'unprotected', at: 1, square: 'h5', by: 'h7' },
      { kind: 'attacks', at: 2, from: 'c5', to: 'e5' },
      { kind: 'attacks', at: 3, from: 'c7', to: 'c5' },
      { kind: 'unprotected', at: 3, square: 'c5', by: 'c7' },
      { kind: 'attacks', at: 4, from: 'h5', to: 'e5' },
    ],
    note:
      'As 图38 without the chase: from either file the cannon threatens 炮平中 mate (screen: the black pawn e3; the pawns d1/f1 cover d0, e1, f0; ' +
      'the rook above the cannon can neither take it on e5 nor block the e-file).',
  },
  {
    // 细则 13 图36: 黑炮一子分捉两子没犯例，红车长捉黑无根炮犯例，红不变作负。
    id: '细则 13 图36',
    title: 'a rook chases an unprotected cannon that chases two elephants in turn — Red must change',
    fen: '3k5/9/7R1/9/2c6/9/2P3P2/9/9/2B1K1B2 w - - 0 1',
    moves: ['h7c7', 'c5g5', 'c7g7', 'g5c5', 'g7c7', 'c5g5', 'c7g7', 'g5c5', 'g7c7'],
    chinese: printed('1. 车二平七 炮3平7 2. 车七平三 炮7平3 3. 车三平七 炮3平7 4. 车七平三 炮7平3 5. 车三平七'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase', black: 'alternateChase' },
    relations: [
      { kind: 'attacks', at: 1, from: 'c7', to: 'c5' },
      { kind: 'unprotected', at: 1, square: 'c5', by: 'c7' },
      { kind: 'attacks', at: 2, from: 'g5', to: 'g0' },
      { kind: 'unprotected', at: 2, square: 'g0', by: 'g5' },
      { kind: 'attacks', at: 3, from: 'g7', to: 'g5' },
      { kind: 'unprotected', at: 3, square: 'g5', by: 'g7' },
      { kind: 'attacks', at: 4, from: 'c5', to: 'c0' },
      { kind: 'unprotected', at: 4, square: 'c0', by: 'c5' },
    ],
    note: 'The cannon takes the elephant c0 over the pawn c3 or the elephant g0 over the pawn g3; the rook on rank 7 follows it to its file.',
  },
  {
    // 细则 13 图32: 红车长捉无根炮犯规，红不变作负。
    id: '细则 13 图32',
    title: 'a rook follows an unprotected cannon between the edge and the centre file — Red must change',
    fen: '5k3/9/9/9/c8/9/9/1R7/9/3K5 w - - 0 1',
    moves: ['b2a2', 'a5e5', 'a2e2', 'e5a5', 'e2a2', 'a5e5', 'a2e2', 'e5a5'],
    chinese: printed('1. 车八平九 炮1平5 2. 车九平五 炮5平1 3. 车五平九 炮1平5 4. 车九平五 炮5平1'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase' },
    relations: [
      { kind: 'attacks', at: 1, from: 'a2', to: 'a5' },
      { kind: 'unprotected', at: 1, square: 'a5', by: 'a2' },
      { kind: 'attacks', at: 3, from: 'e2', to: 'e5' },
      { kind: 'unprotected', at: 3, square: 'e5', by: 'e2' },
      { kind: 'attacks', at: 5, from: 'a2', to: 'a5' },
    ],
    note:
      'The black king stands on f9: on e9 the cannon on e5 would be held on the e-file by the rook e2 and could not go back to a5. ' +
      'The printed record (8 plies) ends on the position after 2. … 炮5平1.',
  },
];
