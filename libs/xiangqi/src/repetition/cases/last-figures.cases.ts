/**
 * The last rulebook figures (细则 4 图9; 10 图19, 图21, 图23; 15 图43; 16 图46, 图47; 18 图50; 20 图57, 图58;
 * 23 图68; 24 图70; 25 图71; 27 图77; 29 图85; 30 图86, 图89; 31 图92): the diagrams are lost, so each position is constructed so that the printed moves are legal and the
 * relations the text describes hold. Chosen where the verdict or pattern differs from the figure of the
 * same article already covered (e.g. 细则 23 图68 with a horse joining the king — draw — against
 * 细则 25 图71 with horses joining on every step — loss).
 */
import { RepetitionCase, printed } from './case-types';

export const LAST_FIGURES: RepetitionCase[] = [
  {
    // 细则 10 图19: 红炮连续两着捉黑车，黑车一着属有根，一着又反捉红炮，形成黑一捉一闲，红长捉黑车犯例，红方不变作负。
    id: '细则 10 图19',
    title: 'a cannon chases a rook protected on one square; the rook chases the screen cannon back on the other (一捉一闲) — Red must change',
    fen: '3k5/1n7/4b4/7C1/3rC4/9/9/9/9/5K3 w - - 0 1',
    moves: ['h6h5', 'd5d7', 'h5h7', 'd7d5', 'h7h5', 'd5d7', 'h5h7'],
    chinese: printed('1. 炮二退一 车4退2 2. 炮二进二 车4进2 3. 炮二退二 车4退2 4. 炮二进二'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase', black: 'chaseAndIdle' },
    relations: [
      { kind: 'attacks', at: 1, from: 'h5', to: 'd5' },
      { kind: 'attacks', at: 3, from: 'h7', to: 'd7' },
      { kind: 'protected', at: 3, square: 'd7', by: 'h7' },
      { kind: 'attacks', at: 4, from: 'd5', to: 'e5' },
      { kind: 'unprotected', at: 4, square: 'e5', by: 'd5' },
      { kind: 'attacks', at: 5, from: 'h5', to: 'd5' },
      { kind: 'notAttacks', at: 2, from: 'd7', to: 'e5' },
    ],
    note:
      'The red cannon shoots along rank 5 over a second red cannon e5 and along rank 7 over the black elephant e7; on d7 the rook is protected by ' +
      'the horse b8, on d5 it attacks the unprotected screen cannon e5 (the 反捉红炮). DEVIATION: the text does not say which red cannon the rook ' +
      'takes back; here it is the screen, not the chasing cannon.',
  },
  {
    // 细则 15 图43: 红车分捉两子并不犯例，黑方马炮长捉红车犯例，黑不变作负。
    id: '细则 15 图43',
    title: 'a rook chases a cannon and a pawn in turn, horse and cannon chase the rook in turn — Black must change',
    fen: '4k1c2/9/9/7n1/5R3/5p3/9/9/9/3K5 w - - 0 1',
    moves: ['f5g5', 'h6g8', 'g5f5', 'g8h6', 'f5g5', 'h6g8', 'g5f5', 'g8h6', 'f5g5', 'h6g8'],
    chinese: printed('1. 车四平三 马8退7 2. 车三平四 马7进8 3. 车四平三 马8退7 4. 车三平四 马7进8 5. 车四平三 马8退7'),
    expected: 'black_loses',
    patterns: { red: 'alternateChase', black: 'perpetualChase' },
    relations: [
      { kind: 'attacks', at: 1, from: 'g5', to: 'g9' },
      { kind: 'unprotected', at: 1, square: 'g9', by: 'g5' },
      { kind: 'attacks', at: 2, from: 'g9', to: 'g5' },
      { kind: 'attacks', at: 3, from: 'f5', to: 'f4' },
      { kind: 'unprotected', at: 3, square: 'f4', by: 'f5' },
      { kind: 'crossedRiver', at: 3, square: 'f4' },
      { kind: 'attacks', at: 4, from: 'h6', to: 'f5' },
      { kind: 'attacks', at: 6, from: 'g9', to: 'g5' },
    ],
    note:
      'On g5 the rook attacks the unprotected cannon g9 up the open file; 马8退7 closes the file and makes the horse the screen of the cannon ' +
      '(马后炮). On f5 the rook attacks the crossed pawn f4; 马7进8 attacks the rook from h6. DEVIATION: the second red target (a crossed pawn) ' +
      'is an assumption — the text only says 红车分捉两子.',
  },
  {
    // 细则 16 图47: 两捉一还捉，车方一捉一闲，马方虽被迫长捉车，但乃属犯例，不变作负。
    id: '细则 16 图47',
    title: 'a horse chases a rook on every move, the rook chases back on one move of two — Red must change',
    fen: '5k3/9/9/9/9/8N/7r1/9/9/3K5 w - - 0 1',
    moves: ['i4g5', 'h3g3', 'g5i4', 'g3h3', 'i4g5', 'h3g3', 'g5i4', 'g3h3', 'i4g5'],
    chinese: printed('1. 马一进三 车8平7 2. 马三退一 车7平8 3. 马一进三 车8平7 4. 马三退一 车7平8 5. 马一进三'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase', black: 'chaseAndIdle' },
    relations: [
      { kind: 'attacks', at: 1, from: 'g5', to: 'h3' },
      { kind: 'attacks', at: 2, from: 'g3', to: 'g5' },
      { kind: 'unprotected', at: 2, square: 'g5', by: 'g3' },
      { kind: 'attacks', at: 3, from: 'i4', to: 'g3' },
      { kind: 'notAttacks', at: 4, from: 'h3', to: 'i4' },
      { kind: 'attacks', at: 5, from: 'g5', to: 'h3' },
    ],
    note:
      'The horse attacks h3 from g5 and g3 from i4; the rook on g3 attacks the unprotected horse g5 (还捉), on h3 it attacks nothing (闲). ' +
      'The black king stands on f9 so that the red king d0 can step to e0: with the kings on different files the rook threatens no mate.',
  },
  {
    // 细则 18 图50: 黑马一将一捉或一子分捉两子并未犯例，红车长捉黑马犯例，红方不变作负。
    id: '细则 18 图50',
    title: 'a rook chases an unprotected horse that chases the rook and a cannon in turn (一子分捉两子) — Red must change',
    fen: '3ak4/9/9/C8/9/1n7/9/3R5/9/5K3 w - - 0 1',
    moves: ['d2d4', 'b4c2', 'd4d2', 'c2b4', 'd2d4', 'b4c2', 'd4d2', 'c2b4', 'd2d4'],
    chinese: printed('1. 车六进二 马2进3 2. 车六退二 马3退2 3. 车六进二 马2进3 4. 车六退二 马3退2 5. 车六进二'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase', black: 'alternateChase' },
    relations: [
      { kind: 'attacks', at: 1, from: 'd4', to: 'b4' },
      { kind: 'unprotected', at: 1, square: 'b4', by: 'd4' },
      { kind: 'attacks', at: 2, from: 'c2', to: 'd4' },
      { kind: 'notCheck', at: 2 },
      { kind: 'attacks', at: 3, from: 'd2', to: 'c2' },
      { kind: 'unprotected', at: 3, square: 'c2', by: 'd2' },
      { kind: 'attacks', at: 4, from: 'b4', to: 'a6' },
      { kind: 'unprotected', at: 4, square: 'a6', by: 'b4' },
      { kind: 'attacks', at: 5, from: 'd4', to: 'b4' },
    ],
    note:
      'The text allows 一将一捉 or 一子分捉两子 for the horse; this construction gives the second: 马2进3 attacks the rook d4, 马3退2 the ' +
      'unprotected cannon a6. DEVIATION: the 一将一捉 reading (the horse on c2 checking the king e1 over the leg d2, 车六退二 blocking the leg) ' +
      'is not used — the adjudicator reads that rook move as a block only and rules a draw (see the report of this batch).',
  },
  {
    // 细则 23 图68: 红帅联合一马长捉黑卒并未犯例，双方不变作和。
    id: '细则 23 图68',
    title: 'the king chases a pawn on every move, a horse joining on one move of two — draw',
    fen: '3k5/9/9/9/9/9/9/3N5/5K3/4p4 w - - 0 1',
    moves: ['f1e1', 'e0f0', 'e1f1', 'f0e0', 'f1e1', 'e0f0', 'e1f1'],
    chinese: printed('1. 帅四平五 卒5平6 2. 帅五平四 卒6平5 3. 帅四平五 卒5平6 4. 帅五平四'),
    expected: 'draw',
    patterns: { red: 'perpetualChase' },
    relations: [
      { kind: 'attacks', at: 1, from: 'e1', to: 'e0' },
      { kind: 'attacks', at: 1, from: 'd2', to: 'e0' },
      { kind: 'unprotected', at: 1, square: 'e0', by: 'e1' },
      { kind: 'attacks', at: 3, from: 'f1', to: 'f0' },
      { kind: 'notAttacks', at: 3, from: 'd2', to: 'f0' },
      { kind: 'crossedRiver', at: 1, square: 'e0' },
    ],
    note:
      'The black pawn walks along the red base rank under the king; the horse d2 covers e0 only, so on one move of two the king chases ' +
      'together with the horse (联合一马), on the other alone.',
  },
  {
    // 细则 24 图70: 红兵联合红炮长捉黑马，不算犯例，双方不变作和。
    id: '细则 24 图70',
    title: 'a pawn chases a horse, on one move of two as the screen of a cannon — draw',
    fen: '4k4/9/9/6n2/7P1/9/9/7C1/9/3K5 w - - 0 1',
    moves: ['h5g5', 'g6h8', 'g5h5', 'h8g6', 'h5g5', 'g6h8', 'g5h5', 'h8g6', 'h5g5'],
    chinese: printed('1. 兵二平三 马7退8 2. 兵三平二 马8进7 3. 兵二平三 马7退8 4. 兵三平二 马8进7 5. 兵二平三'),
    expected: 'draw',
    patterns: { red: 'perpetualChase', black: 'idle' },
    relations: [
      { kind: 'crossedRiver', at: 0, square: 'h5' },
      { kind: 'attacks', at: 1, from: 'g5', to: 'g6' },
      { kind: 'unprotected', at: 1, square: 'g6', by: 'g5' },
      { kind: 'attacks', at: 3, from: 'h2', to: 'h8' },
      { kind: 'unprotected', at: 3, square: 'h8', by: 'h2' },
      { kind: 'notAttacks', at: 3, from: 'h5', to: 'h8' },
      { kind: 'attacks', at: 5, from: 'g5', to: 'g6' },
    ],
    note:
      'On h5 the pawn is the screen of the cannon h2 against the horse h8 (红兵联合红炮); on g5 the pawn attacks the horse g6 itself. ' +
      'There is no red cannon on the g-file (附注: with a 三路炮 Red would have to change).',
  },
  {
    // 细则 25 图71: 红帅捉黑卒时，双马也同时捉着黑卒犯例，红方不变作负。
    id: '细则 25 图71',
    title: 'the king chases a pawn and a horse attacks it too on every move — Red must change',
    fen: '5k3/9/9/9/9/9/9/9/1N1K2N2/4p4 w - - 0 1',
    moves: ['d1e1', 'e0d0', 'e1d1', 'd0e0', 'd1e1', 'e0d0', 'e1d1', 'd0e0', 'd1e1'],
    chinese: printed('1. 帅六平五 卒5平4 2. 帅五平六 卒4平5 3. 帅六平五 卒5平4 4. 帅五平六 卒4平5 5. 帅六平五'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase' },
    relations: [
      { kind: 'attacks', at: 1, from: 'e1', to: 'e0' },
      { kind: 'attacks', at: 1, from: 'g1', to: 'e0' },
      { kind: 'unprotected', at: 1, square: 'e0', by: 'e1' },
      { kind: 'attacks', at: 3, from: 'd1', to: 'd0' },
      { kind: 'attacks', at: 3, from: 'b1', to: 'd0' },
      { kind: 'unprotected', at: 3, square: 'd0', by: 'd1' },
    ],
    note: 'The horse g1 covers e0, the horse b1 covers d0: whichever square the pawn goes to, the king and one horse attack it.',
  },
  {
    // 细则 16 图46: 两捉一还捉，车方一捉一闲，马方虽被迫长捉车，但乃属犯例，不变作负。
    id: '细则 16 图46',
    title: 'a black horse chases a rook on every move, the rook chases back on one move of two — Black must change',
    fen: '4k4/9/n8/9/2R6/9/9/9/9/3K5 w - - 0 1',
    moves: ['c5c7', 'a7b5', 'c7c6', 'b5a7', 'c6c7', 'a7b5', 'c7c6', 'b5a7', 'c6c7', 'a7b5'],
    chinese: printed('1. 车七进二 马1进2 2. 车七退一 马2退1 3. 车七进一 马1进2 4. 车七退一 马2退1 5. 车七进一 马1进2'),
    expected: 'black_loses',
    patterns: { red: 'chaseAndIdle', black: 'perpetualChase' },
    relations: [
      { kind: 'attacks', at: 1, from: 'c7', to: 'a7' },
      { kind: 'unprotected', at: 1, square: 'a7', by: 'c7' },
      { kind: 'attacks', at: 2, from: 'b5', to: 'c7' },
      { kind: 'notAttacks', at: 3, from: 'c6', to: 'b5' },
      { kind: 'attacks', at: 4, from: 'a7', to: 'c6' },
      { kind: 'attacks', at: 5, from: 'c7', to: 'a7' },
    ],
    note:
      'The mirror of 图47 with the horse on the black side: on c7 the rook attacks the unprotected horse a7 (还捉), on c6 it attacks nothing; the ' +
      'horse attacks the rook from b5 and from a7. 车七进二 is the entry move.',
  },
  {
    // 细则 20 图57: 红炮利用变换炮台，长捉黑方士、象犯例，红不变作负。
    id: '细则 20 图57',
    title: 'a cannon keeps an unprotected advisor under fire by moving its own advisor as the screen while a black cannon comes and goes — Red must change',
    fen: '3k5/9/5a3/9/8c/9/9/5A3/9/4K1C2 w - - 0 1',
    moves: ['g0f0', 'i5f5', 'f2e1', 'f5h5', 'e1f2', 'h5f5', 'f2e1', 'f5h5', 'e1f2', 'h5f5', 'f2e1', 'f5h5', 'e1f2'],
    chinese: printed('1. 炮三平四 炮9平6 2. 仕四退五 炮6平8 3. 仕五进四 炮8平6 4. 仕四退五 炮6平8 5. 仕五进四 炮8平6 6. 仕四退五 炮6平8 7. 仕五进四'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase' },
    relations: [
      // The red advisor f2 is the screen, or (after 仕四退五) the black cannon f5 is.
      { kind: 'attacks', at: 1, from: 'f0', to: 'f7' },
      { kind: 'unprotected', at: 1, square: 'f7', by: 'f0' },
      { kind: 'notAttacks', at: 2, from: 'f0', to: 'f7' },
      { kind: 'attacks', at: 3, from: 'f0', to: 'f7' },
      { kind: 'notAttacks', at: 4, from: 'f0', to: 'f7' },
      { kind: 'attacks', at: 5, from: 'f0', to: 'f7' },
      { kind: 'unprotected', at: 5, square: 'f7', by: 'f0' },
    ],
    note:
      'Black: king d9, advisor f7 (no other advisor on e8, so it is unprotected). The black cannon stepping onto f5 makes two screens ' +
      '(拦); the red advisor stepping off f2 leaves the black cannon as the only screen; the black cannon leaving leaves the advisor f2 as the ' +
      'screen: every red move renews the attack on f7 (变换炮台).',
  },
  {
    // 细则 30 图86: 红双车长劫黑有根炮，并未犯例。双方不变作和。
    id: '细则 30 图86',
    title: 'two rooks keep attacking a cannon protected by a rook (真根) — draw',
    fen: '3akab1r/4n4/8c/9/7R1/9/9/9/9/3K4R w - - 0 1',
    moves: ['h5h7', 'i7i5', 'h7h5', 'i5i4', 'h5h4', 'i4i5', 'h4h5', 'i5i7', 'h5h7'],
    chinese: printed('1. 车二进二 炮9进2 2. 车二退二 炮9进1 3. 车二退一 炮9退1 4. 车二进一 炮9退2 5. 车二进二'),
    expected: 'draw',
    relations: [
      { kind: 'attacks', at: 1, from: 'h7', to: 'i7' },
      { kind: 'attacks', at: 1, from: 'i0', to: 'i7' },
      { kind: 'protected', at: 1, square: 'i7', by: 'h7' },
      { kind: 'attacks', at: 3, from: 'h5', to: 'i5' },
      { kind: 'attacks', at: 3, from: 'i0', to: 'i5' },
      { kind: 'protected', at: 3, square: 'i5', by: 'h5' },
      { kind: 'attacks', at: 5, from: 'h4', to: 'i4' },
      { kind: 'protected', at: 5, square: 'i4', by: 'h4' },
      { kind: 'attacks', at: 7, from: 'h5', to: 'i5' },
    ],
    note:
      'The rook h follows the cannon along the ranks, the rook i0 attacks it up the file; the black rook i9 protects it on every square (真根). ' +
      'Advisors, an elephant and the horse e8 keep the two rooks from threatening mate.',
  },
  {
    // 细则 27 图77: 红车分别轮捉两子或多子均不犯例，双方不变作和。
    id: '细则 27 图77',
    title: 'a rook chases two crossed pawns in turn as they step sideways — draw',
    fen: '4k4/9/9/9/8R/9/1p5p1/9/9/3K5 w - - 0 1',
    moves: [
      'i5h5',
      'h3g3',
      'h5b5',
      'b3c3',
      'b5g5',
      'g3h3',
      'g5c5',
      'c3b3',
      'c5h5',
      'h3g3',
      'h5b5',
      'b3c3',
      'b5g5',
      'g3h3',
      'g5c5',
      'c3b3',
      'c5h5',
      'h3g3',
      'h5b5',
      'b3c3',
      'b5g5',
      'g3h3',
    ],
    chinese: printed(
      '1. 车一平二 卒8平7 2. 车二平八 卒2平3 3. 车八平三 卒7平8 4. 车三平七 卒3平2 5. 车七平二 卒8平7 6. 车二平八 卒2平3 ' +
        '7. 车八平三 卒7平8 8. 车三平七 卒3平2 9. 车七平二 卒8平7 10. 车二平八 卒2平3 11. 车八平三 卒7平8',
    ),
    expected: 'draw',
    patterns: { red: 'alternateChase' },
    relations: [
      { kind: 'crossedRiver', at: 0, square: 'h3' },
      { kind: 'crossedRiver', at: 0, square: 'b3' },
      { kind: 'attacks', at: 1, from: 'h5', to: 'h3' },
      { kind: 'unprotected', at: 1, square: 'h3', by: 'h5' },
      { kind: 'attacks', at: 3, from: 'b5', to: 'b3' },
      { kind: 'unprotected', at: 3, square: 'b3', by: 'b5' },
      { kind: 'attacks', at: 5, from: 'g5', to: 'g3' },
      { kind: 'attacks', at: 7, from: 'c5', to: 'c3' },
    ],
    note: 'The rook on rank 5 looks down the file of one pawn, then of the other; each pawn steps aside in its turn (h↔g, b↔c on rank 3).',
  },
  {
    // 细则 29 图85: 红车长捉假根子犯例，红不变作负。
    id: '细则 29 图85',
    title: 'a rook follows a cannon up and down the file; its only protector, a rook, is pinned (假根) — Red must change',
    fen: '9/4kr1PC/9/6R2/5c3/9/9/9/9/3K5 w - - 0 1',
    moves: ['g6g5', 'f5f7', 'g5g7', 'f7f5', 'g7g5', 'f5f3', 'g5g3', 'f3f5', 'g3g5'],
    chinese: printed('1. 车三退一 炮6退2 2. 车三进二 炮6进2 3. 车三退二 炮6进2 4. 车三退二 炮6退2 5. 车三进二'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase' },
    relations: [
      { kind: 'attacks', at: 1, from: 'g5', to: 'f5' },
      { kind: 'falseRoot', at: 1, square: 'f5', by: 'g5', root: 'f8' },
      { kind: 'unprotected', at: 1, square: 'f5', by: 'g5' },
      { kind: 'falseRoot', at: 3, square: 'f7', by: 'g7', root: 'f8' },
      { kind: 'falseRoot', at: 7, square: 'f3', by: 'g3', root: 'f8' },
      { kind: 'pinned', at: 1, square: 'f8', to: 'f6' },
    ],
    note:
      'The black rook f8 covers the cannon on f7, f5 and f3, but it is pinned on rank 8: the red cannon i8 over the red pawn h8 would hit the ' +
      'king e8 (it cannot take the pawn either, the rook itself would then be the screen).',
  },
  {
    // 细则 30 图89: 红方车双炮长劫黑方有根马，并未犯例，双方不变作和。
    id: '细则 30 图89',
    title: 'a rook with a cannon behind it on either file keeps attacking a horse protected by a rook (真根) — draw',
    fen: '4k4/2r6/2n6/9/9/2R6/9/3C5/C8/5K3 w - - 0 1',
    moves: ['d2c2', 'c7a8', 'c4a4', 'a8c7', 'a4c4', 'c7a8', 'c4a4', 'a8c7', 'a4c4'],
    chinese: printed('1. 炮六平七 马3退1 2. 车七平九 马1进3 3. 车九平七 马3退1 4. 车七平九 马1进3 5. 车九平七'),
    expected: 'draw',
    relations: [
      { kind: 'attacks', at: 1, from: 'c4', to: 'c7' },
      { kind: 'attacks', at: 1, from: 'c2', to: 'c7' },
      { kind: 'protected', at: 1, square: 'c7', by: 'c4' },
      { kind: 'attacks', at: 3, from: 'a4', to: 'a8' },
      { kind: 'attacks', at: 3, from: 'a1', to: 'a8' },
      { kind: 'protected', at: 3, square: 'a8', by: 'a4' },
      { kind: 'protected', at: 3, square: 'a8', by: 'a1' },
    ],
    note:
      '炮六平七 (the entry move) puts a cannon behind the rook on the c-file; the second cannon waits on a1. The black rook c8 protects the horse ' +
      'on c7 (down the file) and on a8 (along rank 8).',
  },
  {
    // 细则 31 图92: 红车虽长邀兑黑车，但另有其他子长捉黑车犯例，红方不变作负。
    id: '细则 31 图92',
    title: 'a rook offers a rook exchange on every move while a cannon behind it attacks the black rook — Red must change',
    fen: '3a1k3/4a4/3r5/9/9/4R4/9/2NCCN3/9/3K5 w - - 0 1',
    moves: ['e4d4', 'd7e7', 'd4e4', 'e7d7', 'e4d4', 'd7e7', 'd4e4', 'e7d7', 'e4d4'],
    chinese: printed('1. 车五平六 车4平5 2. 车六平五 车5平4 3. 车五平六 车4平5 4. 车六平五 车5平4 5. 车五平六'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase' },
    relations: [
      { kind: 'attacks', at: 1, from: 'd4', to: 'd7' },
      { kind: 'attacks', at: 1, from: 'd7', to: 'd4' },
      { kind: 'protected', at: 1, square: 'd4', by: 'd7' },
      { kind: 'attacks', at: 1, from: 'd2', to: 'd7' },
      { kind: 'attacks', at: 3, from: 'e4', to: 'e7' },
      { kind: 'protected', at: 3, square: 'e4', by: 'e7' },
      { kind: 'attacks', at: 3, from: 'e2', to: 'e7' },
    ],
    note:
      'The rook stands in front of a cannon on the d- and e-files (车炮), so whichever file the black rook takes, the rook offers the exchange ' +
      '(protected by the horses c2 and f2) and the cannon behind it attacks the black rook.',
  },
  {
    // 细则 10 图23: 红炮长捉车，虽然去车后红丢回一车，但当前情况是红着着打车，红方犯例，红不变作负。
    id: '细则 10 图23',
    title: 'a cannon follows a rook between two files, then keeps it under fire by moving its screen elephant — Red must change',
    fen: '5k3/2r6/3ab4/9/9/2B6/9/1N2C4/9/3K5 w - - 0 1',
    moves: ['e2c2', 'c8d8', 'c2d2', 'd8c8', 'd2c2', 'e7c5', 'c4a2', 'c5e7', 'a2c4', 'c8d8', 'c2d2', 'd8c8', 'd2c2'],
    chinese: printed('1. 炮五平七 车3平4 2. 炮七平六 车4平3 3. 炮六平七 象5进3 4. 相七退九 象3退5 5. 相九进七 车3平4 6. 炮七平六 车4平3 7. 炮六平七'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase' },
    relations: [
      { kind: 'attacks', at: 1, from: 'c2', to: 'c8' },
      { kind: 'attacks', at: 3, from: 'd2', to: 'd8' },
      { kind: 'attacks', at: 5, from: 'c2', to: 'c8' },
      { kind: 'notAttacks', at: 6, from: 'c2', to: 'c8' },
      { kind: 'attacks', at: 7, from: 'c2', to: 'c8' },
      { kind: 'notAttacks', at: 8, from: 'c2', to: 'c8' },
      { kind: 'attacks', at: 9, from: 'c2', to: 'c8' },
      { kind: 'protected', at: 12, square: 'c4', by: 'c8' },
    ],
    note:
      'On the c-file the screen is the red elephant c4 (protected by the horse b2), on the d-file the black advisor d7. 象5进3 adds a second ' +
      'screen; 相七退九 leaves the black elephant as the only one; 象3退5 leaves none and 相九进七 brings the elephant back: every red move ' +
      'attacks the rook. DEVIATION: 去车后红丢回一车 is not reproduced — here nothing recaptures on c8; the verdict does not depend on it.',
  },
  {
    // 细则 20 图58: 以上两图，红炮利用变换炮台，长捉黑方士、象犯例，红不变作负。
    id: '细则 20 图58',
    title: 'a cannon keeps an unprotected elephant under fire by moving its two elephants as screens while a black cannon comes and goes — Red must change',
    fen: '5kb2/9/9/6c2/9/9/9/4B3B/9/4KC3 w - - 0 1',
    moves: ['f0g0', 'g6f6', 'i2g4', 'f6g6', 'g4i2', 'g6h6', 'e2g4', 'h6g6', 'g4e2'],
    chinese: printed('1. 炮四平三 炮7平6 2. 相一进三 炮6平7 3. 相三退一 炮7平8 4. 相五进三 炮8平7 5. 相三退五'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase' },
    relations: [
      { kind: 'attacks', at: 1, from: 'g0', to: 'g9' },
      { kind: 'unprotected', at: 1, square: 'g9', by: 'g0' },
      { kind: 'notAttacks', at: 2, from: 'g0', to: 'g9' },
      { kind: 'attacks', at: 3, from: 'g0', to: 'g9' },
      { kind: 'notAttacks', at: 4, from: 'g0', to: 'g9' },
      { kind: 'attacks', at: 5, from: 'g0', to: 'g9' },
      { kind: 'attacks', at: 7, from: 'g0', to: 'g9' },
      { kind: 'attacks', at: 9, from: 'g0', to: 'g9' },
    ],
    note:
      'The screen on the g-file is the black cannon g6 or a red elephant on g4 (first from i2, then from e2); the black cannon stepping back ' +
      'onto g6 makes two screens. The elephant g9 has no protector (no black elephant on e7, the king cannot leave the palace).',
  },
  {
    // 细则 10 图21: 红炮利用上、下仕长捉黑方有根车，红方犯例，红不变作负。
    id: '细则 10 图21',
    title: 'a cannon keeps a protected rook under fire by moving an advisor up and down as its screen — Red must change',
    fen: '5k3/9/9/9/9/9/4N4/n1r3cC1/4A4/4K4 w - - 0 1',
    moves: ['e3d5', 'c2c1', 'h2h1', 'g2g1', 'e1d2', 'g1g0', 'd2e1', 'g0g1', 'e1d2', 'g1g0', 'd2e1'],
    chinese: printed('1. 马五进六 车3进1 2. 炮二退一 炮7进1 3. 仕五进六 炮7进1 4. 仕六退五 炮7退1 5. 仕五进六 炮7进1 6. 仕六退五'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase' },
    relations: [
      { kind: 'notAttacks', at: 4, from: 'h1', to: 'c1' },
      { kind: 'attacks', at: 5, from: 'h1', to: 'c1' },
      { kind: 'protected', at: 5, square: 'c1', by: 'h1' },
      { kind: 'attacks', at: 7, from: 'h1', to: 'c1' },
      { kind: 'notAttacks', at: 8, from: 'h1', to: 'c1' },
      { kind: 'attacks', at: 9, from: 'h1', to: 'c1' },
      { kind: 'attacks', at: 11, from: 'h1', to: 'c1' },
    ],
    note:
      'The red cannon h1 shoots along rank 1 at the rook c1 (protected by the horse a2); the screen is the black cannon g1 when the advisor ' +
      'has gone up to d2, and the advisor e1 when the black cannon has gone down to g0. The first four plies are the printed entry moves; ' +
      'the black king stands on f9 so that the advisor may leave e1.',
  },
  {
    // 细则 4 图9: 炮七平五 ……红伏有兵四进一的杀着。红方长杀没犯例，双方不变作和。
    id: '细则 4 图9',
    title: 'a cannon threatens mate from the centre (兵四进一) and from the side (炮二进七), a black cannon follows to block — draw',
    fen: '5kb2/9/4nP2b/3N2N2/9/9/5c3/2C6/9/3K5 w - - 0 1',
    moves: ['c2e2', 'f3e3', 'e2h2', 'e3h3', 'h2e2', 'h3e3', 'e2h2'],
    chinese: printed('1. 炮七平五 1. …… 炮6平5 2. 炮五平二 炮5平8 3. 炮二平五 炮8平5 4. 炮五平二'),
    expected: 'draw',
    patterns: { red: 'perpetualMateThreat', black: 'perpetualBlock' },
    relations: [
      { kind: 'crossedRiver', at: 0, square: 'f7' },
      ...[1, 2, 3, 4, 5, 6, 7].map((at) => ({ kind: 'notCheck' as const, at })),
      // On the h-file the cannon can reach h9 (check over the elephant g9, which cannot move: e7 and i7 are black) until the black cannon blocks.
      { kind: 'attacks', at: 3, from: 'h2', to: 'h9' },
      { kind: 'notAttacks', at: 4, from: 'h2', to: 'h9' },
      { kind: 'attacks', at: 7, from: 'h2', to: 'h9' },
    ],
    note:
      'Black: king f9, elephants g9/i7, horse e7. Red: pawn f7, horses d6 (covers e8) and g6 (covers f8). With the cannon on e2, 兵四进一 ' +
      'mates (the cannon covers e8/e9 over the horse e7) unless the black cannon stands on e3; with the cannon on h2, 炮二进七 mates unless ' +
      'the black cannon stands on h3. The continuation is printed as 1. 炮七平五 1. …… 炮6平5.',
  },
];
