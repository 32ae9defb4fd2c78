/**
 * Still more rulebook figures (细则 4 图6 second sequence, 图8, 细则 10 图20, 细则 12 图31, 细则 13 图37,
 * 图38, …): the diagrams are lost, so each position is constructed so that the printed moves are
 * legal and the relations the text describes hold.
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
];
