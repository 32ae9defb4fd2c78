/** 补充棋例 1–5 (图105–图110): 长捉举例, 非长捉举例, 互相长捉, 长杀兼长捉, 捉车举例. */
import { RepetitionCase, printed, repeatMoves } from './case-types';

export const BUCHONG_1_5: RepetitionCase[] = [
  {
    id: '补充 1 图105',
    title: 'a crossed pawn takes away the screen of the cannon guarding the horse; the rook chases the horse (长捉) — Red must change',
    fen: '4k4/2c6/b3b4/2P6/9/9/2n3R2/9/9/5K3 w - - 0 1',
    moves: ['c6d6', 'a7c5', 'd6c6', 'c5a7', 'c6b6', 'e7c5', 'b6c6', 'c5e7', 'c6d6', 'a7c5'],
    chinese: printed('1. 兵七平六 象1进3 2. 兵六平七 象3退1 3. 兵七平八 象5进3 4. 兵八平七 象3退5 5. 兵七平六 象1进3'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase' },
    relations: [
      { kind: 'crossedRiver', at: 0, square: 'c6' },
      // The cannon c8 guards the horse c3 through exactly one screen on the c-file (the pawn or an elephant on c5).
      { kind: 'attacks', at: 0, from: 'g3', to: 'c3' },
      { kind: 'protected', at: 0, square: 'c3', by: 'g3' },
      { kind: 'unprotected', at: 1, square: 'c3', by: 'g3' },
      { kind: 'protected', at: 2, square: 'c3', by: 'g3' },
      { kind: 'unprotected', at: 3, square: 'c3', by: 'g3' },
      { kind: 'protected', at: 4, square: 'c3', by: 'g3' },
      { kind: 'unprotected', at: 5, square: 'c3', by: 'g3' },
      { kind: 'protected', at: 6, square: 'c3', by: 'g3' },
      { kind: 'unprotected', at: 7, square: 'c3', by: 'g3' },
      { kind: 'protected', at: 8, square: 'c3', by: 'g3' },
      { kind: 'unprotected', at: 9, square: 'c3', by: 'g3' },
    ],
    note:
      'In the 2017 text this example\'s moves stand under 补充 2 after 图106/图107 (the layout is scrambled); its explanation is a 长捉, so it is read as 补充 1 图105. Cannon c8, horse c3: with the pawn c6 alone, or an elephant on c5 alone, between them the horse is protected; each pawn move leaves none or two screens, so the rook g3 (which never moves) chases an unprotected horse.',
  },
  {
    id: '补充 2 图106',
    title: 'the rook moves up and down attacking a cannon that neither flees nor is protected (not 长捉) — draw',
    fen: '5k3/9/7c1/9/9/9/9/7R1/9/4K4 w - - 0 1',
    moves: repeatMoves('h2h3 h7h6 h3h2 h6h7', 9),
    chinese: printed('1. 车二进一 炮8进1 2. 车二退一 炮8退1 3. 车二进一 炮8进1 4. 车二退一 炮8退1 5. 车二进一'),
    expected: 'draw',
    relations: [
      { kind: 'attacks', at: 0, from: 'h2', to: 'h7' },
      { kind: 'unprotected', at: 0, square: 'h7', by: 'h2' },
      { kind: 'attacks', at: 1, from: 'h3', to: 'h7' },
      { kind: 'attacks', at: 2, from: 'h3', to: 'h6' },
      { kind: 'unprotected', at: 2, square: 'h6', by: 'h3' },
      { kind: 'attacks', at: 3, from: 'h2', to: 'h6' },
      { kind: 'notAttacks', at: 3, from: 'h6', to: 'h2' },
    ],
    note:
      'The rook and the cannon stay on the h-file with nothing between them: the cannon is attacked before and after every move, never escapes and has no protector, so the rook\'s moves are not 长捉 (长捉 needs the chased piece to flee or be defended each move).',
  },
  {
    id: '补充 2 图107',
    title: '马七进六 chases the rook, 车3进2 chases the horse and offers itself to the elephant (judged 捉) — both 一捉一闲, draw',
    fen: '4k4/9/9/2r6/9/9/9/R1N1B4/9/3K5 w - - 0 1',
    moves: ['c2d4', 'c6c4', 'd4c2', 'c4c6'],
    chinese: printed('1. 马七进六 车3进2 2. 马六退七 车3退2'),
    expected: 'draw',
    patterns: { red: 'chaseAndIdle', black: 'chaseAndIdle' },
    relations: [
      { kind: 'attacks', at: 1, from: 'd4', to: 'c6' },
      { kind: 'attacks', at: 2, from: 'c4', to: 'd4' },
      { kind: 'unprotected', at: 2, square: 'd4', by: 'c4' },
      // 相口: the elephant e2 can take the rook on c4 (献).
      { kind: 'attacks', at: 2, from: 'e2', to: 'c4' },
      { kind: 'attacks', at: 3, from: 'e2', to: 'c4' },
      { kind: 'attacks', at: 3, from: 'c4', to: 'c2' },
      { kind: 'protected', at: 3, square: 'c2', by: 'c4' },
      { kind: 'protected', at: 4, square: 'c2', by: 'c6' },
    ],
    note:
      '马六退七 leaves the rook standing where the elephant already attacked it (its own doing: 责任自负), so it is 闲; 车3退2 attacks only the horse c2, protected by the rook a2, so it is 闲 too. The printed example has only four plies: the final position is the initial one.',
  },
  {
    id: '补充 3 图108',
    title: 'two rooks take turns chasing a cannon, the cannon chases a rook on every advisor move (互相长捉) — draw',
    fen: '3ak4/3R1R2c/9/9/9/9/9/9/9/3K5 w - - 0 1',
    moves: repeatMoves('f8f6 d9e8 f6f8 e8d9', 8),
    chinese: printed('1. 车四退二 士4进5 2. 车四进二 士5退4 3. 车四退二 士4进5 4. 车四进二 士5退4'),
    expected: 'draw',
    patterns: { red: 'perpetualChase', black: 'perpetualChase' },
    relations: [
      // 车四退二 uncovers the rook d8 against the cannon i8; 车四进二 attacks it with the rook f8 itself.
      { kind: 'attacks', at: 1, from: 'd8', to: 'i8' },
      { kind: 'unprotected', at: 1, square: 'i8', by: 'd8' },
      { kind: 'attacks', at: 3, from: 'f8', to: 'i8' },
      { kind: 'notAttacks', at: 3, from: 'd8', to: 'i8' },
      // 士4进5 makes the advisor e8 the screen, 士5退4 leaves the rook f8 as the screen: the cannon attacks the rook d8.
      { kind: 'attacks', at: 2, from: 'i8', to: 'd8' },
      { kind: 'notAttacks', at: 2, from: 'd8', to: 'i8' },
      { kind: 'notAttacks', at: 3, from: 'i8', to: 'd8' },
      { kind: 'attacks', at: 4, from: 'i8', to: 'd8' },
    ],
    note:
      'Red is 两子长捉一子 (细则 28), Black 长捉 with the cannon (总纲 6): both violate, so the game is drawn (补充 3). The 3rd revision\'s longer sequence also moves the d-file rook (車六退四); the 2017 text\'s 8 plies are used.',
  },
  {
    id: '补充 4 图109',
    title: 'the horse moves back and forth chasing the elephant (长杀兼长捉 judged 捉), the elephant moves are idle — Red must change',
    fen: '3k5/6R2/9/6N2/6b2/9/9/9/9/4K4 w - - 0 1',
    moves: ['g6h8', 'g5e7', 'h8g6', 'e7g5', 'g6h8'],
    chinese: printed('1. 马三进二 象7退5 2. 马二退三 象5进7 3. 马三进二'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase' },
    relations: [
      // 马三进二 uncovers the rook g8 against the elephant g5; 马二退三 attacks the elephant on e7 with the horse.
      { kind: 'attacks', at: 1, from: 'g8', to: 'g5' },
      { kind: 'unprotected', at: 1, square: 'g5', by: 'g8' },
      { kind: 'attacks', at: 3, from: 'g6', to: 'e7' },
      { kind: 'unprotected', at: 3, square: 'e7', by: 'g6' },
      { kind: 'attacks', at: 5, from: 'g8', to: 'g5' },
    ],
    note:
      'DEVIATION: red\'s mate threat (伏杀) is not reproduced — the moves are only chases; the verdict is the same since 捉 outweighs 杀 (补充 4). The horse shuttles g6↔h8 (leg g7 free, the rook g8 sits above it): from h8 it uncovers the rook\'s file against g5, from g6 it attacks e7 itself.',
  },
  {
    id: '补充 5 图110',
    title: 'the rook chases the horse and escapes (一捉一闲), the horse attacks the rook on every move (长捉) — Black must change',
    fen: '4k3r/9/9/6R2/4n4/9/8P/9/9/3K4C w - - 0 1',
    moves: ['g6g5', 'e5f3', 'g5g6', 'f3e5', 'g6g5'],
    chinese: printed('1. 车三退一 马5进6 2. 车三进一 马6退5 3. 车三退一'),
    expected: 'black_loses',
    patterns: { red: 'chaseAndIdle', black: 'perpetualChase' },
    relations: [
      // The red cannon i0 attacks the black rook i9 all along (over the pawn i3) — not taken into account.
      { kind: 'attacks', at: 0, from: 'i0', to: 'i9' },
      { kind: 'attacks', at: 1, from: 'g5', to: 'e5' },
      { kind: 'unprotected', at: 1, square: 'e5', by: 'g5' },
      { kind: 'attacks', at: 2, from: 'f3', to: 'g5' },
      { kind: 'notAttacks', at: 3, from: 'g6', to: 'f3' },
      { kind: 'attacks', at: 4, from: 'e5', to: 'g6' },
      { kind: 'attacks', at: 5, from: 'g5', to: 'e5' },
    ],
    note: '车三进一 only escapes the horse (闲); the horse attacks the rook on e5→g6 and f3→g5 on every move (总纲 6: a horse chasing a rook).',
  },
];
