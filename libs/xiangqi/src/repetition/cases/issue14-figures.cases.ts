/**
 * The rulebook figures that had no case yet (issue 14): 图7, 图13, 图18, 图27, 图28, 图39, 图41, 图61,
 * 图65, 图76, 图78, 图81, 图83, 图88, 图90. The diagrams are lost: each position is constructed so that
 * the printed moves are legal and the relations the text describes hold. Where the printed moves never
 * return to an earlier position, they are extended by the obvious continuation (marked DEVIATION). The
 * 3rd revision (图 1a–35d) is cited where its 說明 settles a reading.
 */
import { RepetitionCase, printed } from './case-types';

export const ISSUE14_FIGURES: RepetitionCase[] = [
  {
    // 细则 4 图7: 红方长杀没犯例，双方不变作和。
    id: '细则 4 图7',
    title: 'a horse steps back and forth threatening mate each time (长杀) — draw',
    fen: '5k3/9/9/9/9/3N4R/9/9/9/4K4 w - - 0 1',
    moves: ['d4c6', 'f9f8', 'c6d4', 'f8f9', 'd4c6', 'f9f8', 'c6d4'],
    chinese: printed('1. 马六进七 将6进1 2. 马七退六 将6退1 3. 马六进七 将6进1 4. 马七退六'),
    expected: 'draw',
    patterns: { red: 'perpetualMateThreat', black: 'idle' },
    relations: [
      { kind: 'notCheck', at: 1 },
      { kind: 'notCheck', at: 3 },
      { kind: 'notCheck', at: 5 },
      { kind: 'notCheck', at: 7 },
    ],
    note:
      'A lone black king on the f-file, the red king e0 holding the e-file (kings may not face), a red rook i4 and the horse: after each horse ' +
      'move Red, moving again, mates by checks (车一平四 on f9, the rook on the f-file with the king kept off the e-file) — 杀; no horse move ' +
      'checks, and the king only steps up and down (闲). DEVIATION: the diagram is lost; here the rook, not the horse, gives the mate the ' +
      'horse moves threaten.',
  },
  {
    // 细则 7 图13: 红方一将或多将后继续捉子，黑炮虽无根，但红没长捉黑炮，双方不变作和。(3rd revision 图7a 說明: 紅車一照或多照之後繼續捉子，黑炮雖屬無根，但非長捉，可判和局。)
    id: '细则 7 图13',
    title: 'a rook checks once or twice, then chases the unprotected cannon each time it flees (数将一捉) — draw',
    fen: '5k3/9/9/7R1/9/9/9/9/3K5/8c w - - 0 1',
    moves: [
      'h6h9',
      'f9f8',
      'h9h0',
      'i0i5',
      'h0h8',
      'f8f9',
      'h8h9',
      'f9f8',
      'h9h5',
      'i5i7',
      'h5h8',
      'f8f9',
      'h8h7',
      'i7i3',
      'h7h9',
      'f9f8',
      'h9h3',
      // DEVIATION: the obvious continuation that returns to the position after 1. … 将6进1
      'i3i0',
      'h3h8',
      'f8f9',
      'h8h9',
      'f9f8',
    ],
    chinese: printed(
      '1. 车二进三 将6进1 2. 车二退九 炮9退5 3. 车二进八 将6退1 4. 车二进一 将6进1 5. 车二退四 炮9退2 6. 车二进三 将6退1 ' +
        '7. 车二退一 炮9进4 8. 车二进二 将6进1 9. 车二退六 炮9进3 10. 车二进五 将6退1 11. 车二进一 将6进1',
    ),
    expected: 'draw',
    patterns: { red: 'checkAndChase', black: 'idle' },
    relations: [
      { kind: 'check', at: 1 },
      { kind: 'attacks', at: 3, from: 'h0', to: 'i0' },
      { kind: 'unprotected', at: 3, square: 'i0', by: 'h0' },
      { kind: 'check', at: 5 },
      { kind: 'check', at: 7 },
      { kind: 'attacks', at: 9, from: 'h5', to: 'i5' },
      { kind: 'unprotected', at: 9, square: 'i5', by: 'h5' },
      { kind: 'check', at: 11 },
      { kind: 'attacks', at: 13, from: 'h7', to: 'i7' },
      { kind: 'check', at: 15 },
      { kind: 'attacks', at: 17, from: 'h3', to: 'i3' },
    ],
    note:
      'The rook on the h-file checks the king along rank 9 or 8 and chases the cannon on the i-file along its rank; the cannon flees up and down the ' +
      'file. The red king stands on d1, off rank 0, so the cannon i0 cannot check it over the rook h0. DEVIATION: the printed moves never repeat ' +
      "(the 3rd revision's 图7a sequence differs and does not either); they are continued by 9. … 炮9进3 10. 车二进五 将6退1 11. 车二进一 将6进1, " +
      'which returns to the position after 1. … 将6进1: a 20-ply cycle of checks and chases (数将一捉, 总纲 2).',
  },
  {
    // 细则 10 图18: 红炮长捉有根车犯例，红不变作负。(3rd revision 图10a 說明: 紅炮長捉有根車作負。)
    id: '细则 10 图18',
    title: 'a cannon keeps shooting the front of two doubled rooks, protected by the rear one — Red must change',
    fen: '3rk4/5C3/3rb4/9/4p4/9/9/9/9/4K4 w - - 0 1',
    moves: ['f8f7', 'd7d5', 'f7f5', 'd5d7', 'f5f7', 'd7d5', 'f7f5', 'd5d7', 'f5f7'],
    chinese: printed('1. 炮四退一 前车进2 2. 炮四退二 前车退2 3. 炮四进二 前车进2 4. 炮四退二 前车退2 5. 炮四进二'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase', black: 'idle' },
    relations: [
      { kind: 'attacks', at: 1, from: 'f7', to: 'd7' },
      { kind: 'protected', at: 1, square: 'd7', by: 'f7' },
      { kind: 'attacks', at: 3, from: 'f5', to: 'd5' },
      { kind: 'protected', at: 3, square: 'd5', by: 'f5' },
      { kind: 'attacks', at: 5, from: 'f7', to: 'd7' },
    ],
    note:
      'Black rooks d9 (rear) and d7 (front) on the 4th file; the red cannon shoots the front rook along rank 7 over the elephant e7 and along ' +
      'rank 5 over the pawn e5; the rear rook protects it on both squares (有根) — a cannon may not chase even a protected rook (总纲 6). ' +
      'The printed 车4退2 is written 前车退2 (two rooks on the file), as the 3rd revision (图10a) writes 車前退二.',
  },
  {
    // 细则 11 图27: 上述两图红方均以炮轮回分捉黑双车，虽黑车均属无根子，但棋例容许一子可以轮回长捉两子或多子，故并无犯规，不变可判和局。
    id: '细则 11 图27',
    title: 'one cannon chases two unprotected rooks in turn (单炮分别轮回长捉两车) — draw',
    fen: '4k4/3ra4/9/9/1r2p4/5C3/4c4/5A1NB/9/5K3 w - - 0 1',
    moves: ['f4f5', 'b5b3', 'f5f8', 'd8d5', 'f8f3', 'b3b8', 'f3f5', 'd5d3', 'f5f8', 'b8b5', 'f8f3', 'd3d8', 'f3f5'],
    chinese: printed('1. 炮四进一 车2进2 2. 炮四进三 车4进3 3. 炮四退五 车2退5 4. 炮四进二 车4进2 5. 炮四进三 车2进3 6. 炮四退五 车4退5 7. 炮四进二'),
    expected: 'draw',
    patterns: { red: 'alternateChase', black: 'idle' },
    relations: [
      { kind: 'attacks', at: 1, from: 'f5', to: 'b5' },
      { kind: 'unprotected', at: 1, square: 'b5', by: 'f5' },
      { kind: 'attacks', at: 3, from: 'f8', to: 'd8' },
      { kind: 'unprotected', at: 3, square: 'd8', by: 'f8' },
      { kind: 'attacks', at: 5, from: 'f3', to: 'b3' },
      { kind: 'attacks', at: 7, from: 'f5', to: 'd5' },
      { kind: 'attacks', at: 9, from: 'f8', to: 'b8' },
      { kind: 'unprotected', at: 9, square: 'b8', by: 'f8' },
    ],
    note:
      'The cannon on the f-file shoots along ranks 5, 8 and 3 over the screens e5 (pawn), e8 (advisor) and e3 (a black cannon), at whichever rook ' +
      'stands on that rank; the rooks flee along the b- and d-files. DEVIATION: the printed moves never repeat (the d-rook keeps going down); they ' +
      'are continued by 5. … 车2进3 6. 炮四退五 车4退5 7. 炮四进二, which returns to the position after 1. 炮四进一.',
  },
  {
    // 细则 11 图28: 红双炮轮流捉双车，黑车虽无根，但红方一子分捉两子没犯规 … 并非两子长捉一子，及一子长捉一子，故双方不变作和。
    // (3rd revision 图11c 說明: 紅雙炮輪迴分捉黑雙車，並非兩子長捉一子，及一子長捉一子，故雙方不變作和。)
    id: '细则 11 图28',
    title: 'two cannons chase two unprotected rooks in turn (两炮分别轮回长捉两车) — draw',
    fen: '4k4/3c5/4b4/9/1r2p4/5C1C1/3rc4/5A3/4A4/5K3 w - - 0 1',
    moves: ['f4f5', 'b5b8', 'h4h3', 'd3d7', 'f5f7', 'd7d5', 'h3h5', 'd5d3', 'h5h8', 'b8b5', 'f7f3', 'd3d7', 'h8h5', 'b5b8', 'f3f7', 'd7d3', 'h5h8'],
    chinese: printed(
      '1. 炮四进一 车2退3 2. 炮二退一 车4退4 3. 炮四进二 车4进2 4. 炮二进二 车4进2 5. 炮二进三 车2进3 6. 炮四退四 车4退4 7. 炮二退三 车2退3 ' +
        '8. 炮四进四 车4进4 9. 炮二进三',
    ),
    expected: 'draw',
    patterns: { red: 'alternateChase', black: 'idle' },
    relations: [
      { kind: 'attacks', at: 1, from: 'f5', to: 'b5' },
      { kind: 'unprotected', at: 1, square: 'b5', by: 'f5' },
      { kind: 'attacks', at: 3, from: 'h3', to: 'd3' },
      { kind: 'attacks', at: 5, from: 'f7', to: 'd7' },
      { kind: 'unprotected', at: 5, square: 'd7', by: 'f7' },
      { kind: 'attacks', at: 7, from: 'h5', to: 'd5' },
      { kind: 'attacks', at: 9, from: 'h8', to: 'b8' },
      { kind: 'unprotected', at: 9, square: 'b8', by: 'h8' },
      { kind: 'attacks', at: 11, from: 'f3', to: 'd3' },
    ],
    note:
      'The f- and h-cannons shoot along ranks 3, 5, 7 and 8 over the screens e3 (a black cannon), e5 (pawn), e7 (elephant) and d8 (a black cannon); ' +
      'each red move attacks one of the two unprotected rooks, which flee along the b- and d-files. The printed nine moves repeat: the position ' +
      'after 9. 炮二进三 is the one after 5. 炮二进三.',
  },
  {
    // 细则 14 图39: 上述三图虽然红马无根，但黑车不动，不算长捉红马，而红方每着均利用车炮或马后炮长捉黑车 … 红不变作负。
    id: '细则 14 图39',
    title: 'a rook slides up and down the file attacking a rook held by a horse (车被马牵制) — Red must change',
    fen: '3k1a3/1Nr6/9/9/2R6/9/9/9/9/4K4 w - - 0 1',
    moves: ['c5c7', 'f9e8', 'c7c4', 'e8f9', 'c4c7', 'f9e8', 'c7c5', 'e8f9', 'c5c7'],
    chinese: printed('1. 车七进二 士6进5 2. 车七退三 士5退6 3. 车七进三 士6进5 4. 车七退二 士5退6 5. 车七进二'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase' },
    relations: [
      // the black rook c8 is the leg of the red horse b8: were it to leave, the horse would check the king d9
      { kind: 'pinned', at: 0, square: 'c8', to: 'c6' },
      { kind: 'attacks', at: 1, from: 'c7', to: 'c8' },
      { kind: 'attacks', at: 3, from: 'c4', to: 'c8' },
      { kind: 'attacks', at: 7, from: 'c5', to: 'c8' },
      { kind: 'notAttacks', at: 1, from: 'c8', to: 'c7' },
      { kind: 'unprotected', at: 1, square: 'b8', by: 'c8' },
    ],
    note:
      'The black rook c8 stands on the leg of the unprotected red horse b8 (toward the king d9): it cannot move, nor take the rook; the red rook ' +
      'attacks it from every square of the c-file (细则 14: a rook that cannot move is chased by every move, even along the line it already ' +
      "attacked on). The black rook's attack on the horse is not a chase while Red chases the rook (细则 14, the narrow reading of issue 14). " +
      'DEVIATION: printed 车八… (b-file); on the b-file a rook can only reach a held rook along one rank, so the example is built one file over ' +
      '(车七…, c-file), as 图40.',
  },
  {
    // 细则 14 图41: (see 图39) 红方每着均利用车炮或马后炮长捉黑车，触犯长捉一子之禁例，故应红方变着，红不变作负。
    id: '细则 14 图41',
    title: 'a horse attacks the held rook from b6 and d6 and screens a cannon on c4 (马后炮) — Red must change',
    fen: '3k1a3/1Nr6/9/9/9/N8/9/2C6/9/4K4 w - - 0 1',
    moves: ['a4b6', 'f9e8', 'b6c4', 'e8f9', 'c4d6', 'f9e8', 'd6c4', 'e8f9', 'c4b6'],
    chinese: printed('1. 马九进八 士6进5 2. 后马退七 士5退6 3. 马七进六 士6进5 4. 马六退七 士5退6 5. 马七进八'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase' },
    relations: [
      { kind: 'pinned', at: 0, square: 'c8', to: 'c5' },
      { kind: 'attacks', at: 1, from: 'b6', to: 'c8' },
      { kind: 'attacks', at: 3, from: 'c2', to: 'c8' },
      { kind: 'attacks', at: 5, from: 'd6', to: 'c8' },
      { kind: 'notAttacks', at: 5, from: 'c2', to: 'c8' },
      { kind: 'notAttacks', at: 3, from: 'c8', to: 'c4' },
    ],
    note:
      'The black rook c8 is held by the horse b8 (as in 图39); the second red horse attacks it from b6 and d6, and on c4 it is the screen of the ' +
      'cannon c2 (马后炮). DEVIATION: printed 马八退七 at move 2; with the holding horse on the same file the move is written 后马退七. A horse leg ' +
      'that holds a rook toward a king in the palace is on the b- to g-files, and the held rook must stand where the moving horse attacks it from ' +
      'b6 and d6 (c8), so the holding horse shares a file with the moving one on some move.',
  },
  {
    // 细则 21 图61: 以上两图，红炮利用上落仕、相长捉黑车犯例，红方不变作负。(3rd revision 图21a: 紅炮利用上落士象長捉黑車犯例。)
    id: '细则 21 图61',
    title: 'a cannon chases a rook that never moves by shifting elephants as screens, the black horse shifting too — Red must change',
    fen: '4k2C1/4a4/9/9/9/9/P7n/2r1B4/9/3K2B2 w - - 0 1',
    moves: ['h9h2', 'i3g2', 'e2g4', 'g2e1', 'g0e2', 'e1g2', 'e2g0', 'g2f4', 'g0e2', 'f4g2', 'e2g0'],
    chinese: printed('1. 炮二退七 马9进7 2. 相五进三 马7进5 3. 后相进五 马5退7 4. 相五退三 马7退6 5. 后相进五 马6进7 6. 相五退三'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase' },
    relations: [
      { kind: 'notAttacks', at: 2, from: 'h2', to: 'c2' },
      { kind: 'attacks', at: 3, from: 'h2', to: 'c2' },
      { kind: 'notAttacks', at: 4, from: 'h2', to: 'c2' },
      { kind: 'attacks', at: 5, from: 'h2', to: 'c2' },
      { kind: 'notAttacks', at: 6, from: 'h2', to: 'c2' },
      { kind: 'attacks', at: 7, from: 'h2', to: 'c2' },
      { kind: 'attacks', at: 9, from: 'h2', to: 'c2' },
      { kind: 'attacks', at: 11, from: 'h2', to: 'c2' },
    ],
    note:
      'The cannon h2 and the rook c2 share rank 2; the screens between them are the black horse (g2) and the red elephants (e2): the horse makes ' +
      'two screens or none, each elephant move restores exactly one, so every red move attacks the rook, which never moves (雖敵車不動，雙方僅移動炮台, ' +
      '细则 21). With no screen left (马7退6) the rook attacks the unprotected cannon: a 二捉一还捉 (总纲 5) that does not excuse Red. DEVIATION: ' +
      'printed 相三进五 at moves 3 and 5 while both elephants stand on the 3rd file: written 后相进五; the printed moves never repeat, continued ' +
      'by 5. … 马6进7 6. 相五退三 (back to the position after 2. 相五进三).',
  },
  {
    // 细则 22 图65: 以上两图黑车被红炮所缚，未能离线去子，红车进退长捉犯例，不变作负。(3rd revision 图22c, the same 說明.)
    id: '细则 22 图65',
    title: 'a rook chases a rook held on its file by a cannon (车被炮牵制), up and down — Red must change',
    fen: '5k3/9/5a3/5r3/9/7R1/9/9/9/4KC3 w - - 0 1',
    moves: ['h4h6', 'f6f5', 'h6h5', 'f5f4', 'h5h4', 'f4f5', 'h4h5', 'f5f4', 'h5h4'],
    chinese: printed('1. 车二进二 车6进1 2. 车二退一 车6进1 3. 车二退一 车6退1 4. 车二进一 车6进1 5. 车二退一'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase', black: 'idle' },
    relations: [
      // the black rook may move along the f-file but not leave it: the cannon f0 would check over the advisor f7
      { kind: 'pinned', at: 0, square: 'f6', to: 'g6' },
      { kind: 'attacks', at: 1, from: 'h6', to: 'f6' },
      { kind: 'notAttacks', at: 1, from: 'f6', to: 'h6' },
      { kind: 'attacks', at: 3, from: 'h5', to: 'f5' },
      { kind: 'attacks', at: 5, from: 'h4', to: 'f4' },
      { kind: 'unprotected', at: 5, square: 'f4', by: 'h4' },
    ],
    note:
      'Cannon f0, black rook and advisor f7 between it and the king f9: the rook moves along the f-file but cannot leave it, so it cannot take the ' +
      'red rook back (no 兑/献, 细则 22 "如以车捉之，不视为献着，不得长捉"). The red king e0 protects the cannon.',
  },
  {
    // 细则 27 图76: 上述三图，红车分别轮捉两子或多子均不犯例，双方不变作和。(3rd revision 图27a, 說明 after 图27c.)
    id: '细则 27 图76',
    title: 'a rook chases a horse and a cannon in turn (一子轮捉两子) — draw',
    fen: '4k4/9/2n4c1/9/9/9/9/1R7/9/3K5 w - - 0 1',
    moves: ['b2c2', 'c7b5', 'c2b2', 'b5c7', 'b2h2', 'h7i7', 'h2c2', 'c7b5', 'c2b2', 'b5c7', 'b2i2', 'i7h7', 'i2c2'],
    chinese: printed('1. 车八平七 马3进2 2. 车七平八 马2退3 3. 车八平二 炮8平9 4. 车二平七 马3进2 5. 车七平八 马2退3 6. 车八平一 炮9平8 7. 车一平七'),
    expected: 'draw',
    patterns: { red: 'alternateChase', black: 'idle' },
    relations: [
      { kind: 'attacks', at: 1, from: 'c2', to: 'c7' },
      { kind: 'unprotected', at: 1, square: 'c7', by: 'c2' },
      { kind: 'attacks', at: 3, from: 'b2', to: 'b5' },
      { kind: 'attacks', at: 5, from: 'h2', to: 'h7' },
      { kind: 'unprotected', at: 5, square: 'h7', by: 'h2' },
      { kind: 'attacks', at: 11, from: 'i2', to: 'i7' },
    ],
    note:
      'The rook on rank 2 attacks the horse on the c- or b-file and the cannon on the h- or i-file; they flee. DEVIATION: the printed moves stop ' +
      'at 6. 车八平一 without repeating; continued by 6. … 炮9平8 7. 车一平七, which returns to the position after 1. 车八平七.',
  },
  {
    // 细则 27 图78: 上述三图，红车分别轮捉两子或多子均不犯例，双方不变作和。(3rd revision 图27c.)
    id: '细则 27 图78',
    title: 'a rook chases a horse, a cannon and a crossed pawn in turn (一子轮捉多子) — draw',
    fen: '9/3k5/2n1c4/6p2/9/3p2p2/9/7R1/9/3K5 w - - 0 1',
    moves: [
      'h2c2',
      'c7a6',
      'c2e2',
      'e7f7',
      'e2f2',
      'f7e7',
      'f2g2',
      'g4h4',
      'g2a2',
      'a6c7',
      'a2c2',
      'c7a6',
      'c2e2',
      'e7f7',
      'e2f2',
      'f7e7',
      'f2a2',
      'a6c7',
      'a2h2',
      'h4g4',
    ],
    chinese: printed(
      '1. 车二平七 马3进1 2. 车七平五 炮5平6 3. 车五平四 炮6平5 4. 车四平三 前卒平8 5. 车三平九 马1退3 6. 车九平七 马3进1 7. 车七平五 ' +
        '炮5平6 8. 车五平四 炮6平5 9. 车四平九 马1退3 10. 车九平二 卒8平7',
    ),
    expected: 'draw',
    patterns: { red: 'alternateChase', black: 'idle' },
    relations: [
      { kind: 'attacks', at: 1, from: 'c2', to: 'c7' },
      { kind: 'unprotected', at: 1, square: 'c7', by: 'c2' },
      { kind: 'attacks', at: 3, from: 'e2', to: 'e7' },
      { kind: 'attacks', at: 5, from: 'f2', to: 'f7' },
      { kind: 'attacks', at: 7, from: 'g2', to: 'g4' },
      { kind: 'crossedRiver', at: 7, square: 'g4' },
      { kind: 'unprotected', at: 7, square: 'g4', by: 'g2' },
      { kind: 'attacks', at: 9, from: 'a2', to: 'a6' },
      { kind: 'attacks', at: 19, from: 'h2', to: 'h4' },
    ],
    note:
      'The rook on rank 2 attacks the horse (c7/a6), the cannon (e7/f7) and the front of two pawns on the g-file (g4, crossed). The black king d8 ' +
      'and the pawn d4 keep the kings apart and the cannon free to move. DEVIATION: the printed moves never repeat (the pawn has left the g-file); ' +
      'continued by 7. … 炮5平6 8. 车五平四 炮6平5 9. 车四平九 马1退3 10. 车九平二 卒8平7, which returns to the starting position. The 3rd ' +
      "revision (图27c) writes 卒七平八 (one pawn on the file); the 2017 text's 前卒平8 is followed.",
  },
  {
    // 细则 28 图81: 上述两图均属两子长捉一子犯例，红方不变作负。
    id: '细则 28 图81',
    title: 'two rooks take turns chasing one cannon up and down the edge file (两子长捉一子) — Red must change',
    fen: '1r1ak4/4a4/b8/6R2/8c/7R1/9/9/9/3K5 w - - 0 1',
    moves: ['h4h5', 'i5i7', 'g6g7', 'i7i6', 'h5h6', 'i6i5', 'g7g5', 'i5i7', 'h6h7', 'i7i6', 'g5g6', 'i6i5', 'h7h5'],
    chinese: printed('1. 车二进一 炮9退2 2. 车三进一 炮9进1 3. 车二进一 炮9进1 4. 车三退二 炮9退2 5. 车二进一 炮9进1 6. 车三进一 炮9进1 7. 车二退二'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase', black: 'idle' },
    relations: [
      { kind: 'attacks', at: 1, from: 'h5', to: 'i5' },
      { kind: 'unprotected', at: 1, square: 'i5', by: 'h5' },
      { kind: 'attacks', at: 3, from: 'g7', to: 'i7' },
      { kind: 'unprotected', at: 3, square: 'i7', by: 'g7' },
      { kind: 'attacks', at: 5, from: 'h6', to: 'i6' },
      { kind: 'attacks', at: 7, from: 'g5', to: 'i5' },
      { kind: 'attacks', at: 9, from: 'h7', to: 'i7' },
    ],
    note:
      'The h-rook attacks the cannon from the next file, the g-rook along the rank over the empty h-file; the cannon flees along the i-file. ' +
      'The black advisors, elephant and rook only keep the red rooks from threatening mate. DEVIATION: the printed moves never repeat (the ' +
      'h-rook keeps advancing); continued by 5. … 炮9进1 6. 车三进一 炮9进1 7. 车二退二, which returns to the position after 1. 车二进一.',
  },
  {
    // 细则 29 图83: 黑中象被牵制，黑虽长杀，并未犯例，红车长捉假根子犯例，红方不变作负。(3rd revision 图29a, the same 說明.)
    id: '细则 29 图83',
    title: 'a rook chases a cannon whose only root, the central elephant, is pinned (假根); Black threatens mate each move (长杀) — Red must change',
    fen: '4k4/4a4/4b4/9/6c2/9/4C2p1/5p1r1/3R5/5K3 w - - 0 1',
    moves: ['d1g1', 'g5c5', 'g1c1', 'c5g5', 'c1g1', 'g5c5', 'g1c1', 'c5g5', 'c1g1', 'g5c5'],
    chinese: printed('1. 车六平三 炮7平3 2. 车三平七 炮3平7 3. 车七平三 炮7平3 4. 车三平七 炮3平7 5. 车七平三 炮7平3'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase', black: 'perpetualMateThreat' },
    relations: [
      // the central elephant may not leave the e-file: the cannon e3 would check over the advisor e8
      { kind: 'pinned', at: 0, square: 'e7', to: 'c5' },
      { kind: 'attacks', at: 1, from: 'g1', to: 'g5' },
      { kind: 'falseRoot', at: 1, square: 'g5', by: 'g1', root: 'e7' },
      { kind: 'attacks', at: 3, from: 'c1', to: 'c5' },
      { kind: 'falseRoot', at: 3, square: 'c5', by: 'c1', root: 'e7' },
      { kind: 'notCheck', at: 2 },
      { kind: 'notCheck', at: 4 },
    ],
    note:
      'The elephant e7 guards c5 and g5, but it is pinned: the red cannon e3 stands behind it and the advisor e8 in front of the king e9. The black ' +
      'rook h2 and pawns f2, h3 make every cannon move a mate threat (长杀, allowed, 总纲 2). The printed moves repeat as printed.',
  },
  {
    // 细则 30 图88: 红方双车炮长劫黑方有根炮，并未犯例。双方不变作和。(3rd revision 图30c, the same 說明.)
    id: '细则 30 图88',
    title: 'two rooks and a cannon keep attacking a cannon protected by a rook (真根, 长劫) — draw',
    fen: '4k3r/4a4/9/8c/C1P6/9/5R3/9/9/3K4R w - - 0 1',
    moves: ['f3f6', 'i6i5', 'f6f5', 'i5i4', 'f5f4', 'i4i6', 'f4f6', 'i6i5', 'f6f5'],
    chinese: printed('1. 车四进三 炮9进1 2. 车四退一 炮9进1 3. 车四退一 炮9退2 4. 车四进二 炮9进1 5. 车四退一'),
    expected: 'draw',
    patterns: { black: 'idle' },
    relations: [
      { kind: 'attacks', at: 1, from: 'f6', to: 'i6' },
      { kind: 'protected', at: 1, square: 'i6', by: 'f6' },
      { kind: 'attacks', at: 1, from: 'i0', to: 'i6' },
      { kind: 'protected', at: 1, square: 'i6', by: 'i0' },
      { kind: 'attacks', at: 3, from: 'f5', to: 'i5' },
      { kind: 'attacks', at: 5, from: 'f4', to: 'i4' },
      { kind: 'protected', at: 5, square: 'i4', by: 'f4' },
      { kind: 'attacks', at: 8, from: 'a5', to: 'i5' },
    ],
    note:
      'The f-rook attacks the cannon along its rank, the rook i0 up the file, the cannon a5 over the pawn c5 when rank 5 is open; the rook i9 ' +
      'protects it for real on every square (真根): several pieces against a truly protected piece is no chase (细则 30). The red cannon and the ' +
      'black cannon then face each other over one screen (兑). The printed moves repeat. DEVIATION: printed 前炮进1 (three times) and 炮9退2 — ' +
      'inconsistent (two cannons on one file cannot be named 炮9); the 3rd revision (图30c) writes 炮九進一 with one cannon, followed here.',
  },
  {
    // 细则 31 图90: 红车一步捉炮，一步捉炮兼邀兑，仍属长捉犯例，红不变作负。(3rd revision 图31a, the same 說明.)
    id: '细则 31 图90',
    title: 'a rook chases a cannon on every move, one step also offering a rook exchange (捉兼兑) — Red must change',
    fen: '4k4/9/c8/9/7n1/9/7Rr/3N5/9/3K5 w - - 0 1',
    moves: ['h3a3', 'a7b7', 'a3b3', 'b7a7', 'b3a3', 'a7b7', 'a3b3', 'b7a7', 'b3a3'],
    chinese: printed('1. 车二平九 炮1平2 2. 车九平八 炮2平1 3. 车八平九 炮1平2 4. 车九平八 炮2平1 5. 车八平九'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase', black: 'idle' },
    relations: [
      { kind: 'attacks', at: 1, from: 'a3', to: 'a7' },
      { kind: 'unprotected', at: 1, square: 'a7', by: 'a3' },
      { kind: 'attacks', at: 3, from: 'b3', to: 'b7' },
      { kind: 'unprotected', at: 3, square: 'b7', by: 'b3' },
      // on b3 the rook faces the black rook i3 and both are protected (兑): the horse d2 and the horse h5
      { kind: 'attacks', at: 3, from: 'i3', to: 'b3' },
      { kind: 'protected', at: 3, square: 'b3', by: 'i3' },
      { kind: 'protected', at: 3, square: 'i3', by: 'b3' },
      { kind: 'unprotected', at: 1, square: 'a3', by: 'i3' },
    ],
    note:
      'Rank 3 is open between the red rook and the black rook i3 (protected by the horse h5); on b3 the red rook is protected by the horse d2, so ' +
      '车九平八 chases the cannon and offers the exchange (兑); 车八平九 chases the cannon on the a-file. DEVIATION: on a3 the rook still faces the ' +
      'black rook, unprotected (献) — a rook on the rank of a black rook that the b3 step faces cannot avoid it on a3; the verdict is the same ' +
      '(总纲 8: 捉二而其中一着兼兑者仍作长捉).',
  },
  // The move lists printed under the captions 图-25, 35, 44, 56, 73, 74 and 93 had no case under that number either (the
  // captions and move lists of the 2017 text are interleaved; read here as: a caption heads the moves that follow it).
  {
    // 细则 10 图25: 红双炮轮流长捉有根黑车，而黑车一子分捉两子是许可的，故红方犯例，红不变作负。
    id: '细则 10 图25',
    title: 'two cannons take turns chasing a protected rook (双炮轮流长捉有根车) — Red must change',
    fen: '3c5/3k5/3rb4/9/9/4P4/5C1C1/4B4/4K4/9 w - - 0 1',
    moves: ['h3h7', 'd7d4', 'f3f4', 'd4d2', 'f4f2', 'd2d4', 'h7h4', 'd4d7', 'f2f7', 'd7d2', 'f7f2', 'd2d7', 'h4h7', 'd7d4'],
    chinese: printed('1. 炮二进四 车4进3 2. 炮四进一 车4进2 3. 炮四退二 车4退2 4. 炮二退三 车4退3 5. 炮四进五 车4进5 6. 炮四退五 车4退5 7. 炮二进三 车4进3'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase' },
    relations: [
      { kind: 'attacks', at: 1, from: 'h7', to: 'd7' },
      { kind: 'protected', at: 1, square: 'd7', by: 'h7' },
      { kind: 'attacks', at: 3, from: 'f4', to: 'd4' },
      { kind: 'protected', at: 3, square: 'd4', by: 'f4' },
      { kind: 'attacks', at: 5, from: 'f2', to: 'd2' },
      { kind: 'attacks', at: 7, from: 'h4', to: 'd4' },
      { kind: 'attacks', at: 9, from: 'f7', to: 'd7' },
    ],
    note:
      'The rook on the d-file is protected on every square by the cannon d9 over the king d8 (有根); the cannons shoot along ranks 7, 4 and 2 over ' +
      'the screens e7, e4, e2. DEVIATION: the printed moves never repeat; continued by 5. … 车4进5 6. 炮四退五 车4退5 7. 炮二进三 车4进3, which ' +
      'returns to the position after 3. … 车4退2 — the shortest continuation back in which both cannons chase.',
  },
  {
    // 细则 13 图35: 黑长杀没犯例，红车长捉黑无根炮犯例，红不变作负。
    id: '细则 13 图35',
    title: 'a rook chases an unprotected cannon that threatens mate on every move — Red must change',
    fen: '4k4/4a4/3r5/9/6c2/9/9/4p2r1/3R5/5K3 w - - 0 1',
    moves: ['d1g1', 'g5c5', 'g1c1', 'c5g5', 'c1g1', 'g5c5', 'g1c1', 'c5g5', 'c1g1'],
    chinese: printed('1. 车六平三 炮7平3 2. 车三平七 炮3平7 3. 车七平三 炮7平3 4. 车三平七 炮3平7 5. 车七平三'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase', black: 'perpetualMateThreat' },
    relations: [
      { kind: 'attacks', at: 1, from: 'g1', to: 'g5' },
      { kind: 'unprotected', at: 1, square: 'g5', by: 'g1' },
      { kind: 'attacks', at: 3, from: 'c1', to: 'c5' },
      { kind: 'unprotected', at: 3, square: 'c5', by: 'c1' },
      { kind: 'notCheck', at: 2 },
    ],
    note: 'Black rooks d7 and h2 and the pawn e2 make every cannon move a mate threat (长杀, allowed); the cannon has no protector (无根).',
  },
  {
    // 细则 15 图44: 红车一步捉黑炮，一步闲着并不犯例，黑方不得借口右马被捉而长捉红车，黑方不变作负。
    id: '细则 15 图44',
    title: 'horse and cannon chase a rook that chases the cannon on one move of two, while the other black horse is attacked — Black must change',
    fen: '4kac2/9/1n7/7n1/1P3R3/9/1C7/9/9/3K5 w - - 0 1',
    moves: ['f5g5', 'h6g8', 'g5f5', 'g8h6', 'f5g5', 'h6g8', 'g5f5', 'g8h6', 'f5g5', 'h6g8'],
    chinese: printed('1. 车四平三 马8退7 2. 车三平四 马7进8 3. 车四平三 马8退7 4. 车三平四 马7进8 5. 车四平三 马8退7'),
    expected: 'black_loses',
    patterns: { red: 'chaseAndIdle', black: 'perpetualChase' },
    relations: [
      { kind: 'attacks', at: 1, from: 'g5', to: 'g9' },
      { kind: 'unprotected', at: 1, square: 'g9', by: 'g5' },
      { kind: 'attacks', at: 2, from: 'g9', to: 'g5' },
      { kind: 'attacks', at: 4, from: 'h6', to: 'f5' },
      // 右马被捉: the red cannon b3 attacks the black horse b7 over the pawn b5 all along
      { kind: 'attacks', at: 0, from: 'b3', to: 'b7' },
      { kind: 'unprotected', at: 0, square: 'b7', by: 'b3' },
    ],
    note:
      'The moves of 图43 in another position: on g5 the rook attacks the unprotected cannon g9, on f5 nothing (一捉一闲); the horse and the cannon ' +
      "behind it chase the rook in turn. Black's other horse b7 stands attacked by the cannon b3 — no excuse for 长捉 (细则 15).",
  },
  {
    // 细则 20 图56: 黑马无根，红炮变换炮台长捉犯例，红方不变作负。
    id: '细则 20 图56',
    title: 'a cannon chases an unprotected horse as a pawn and a black cannon shift the screens (变换炮台) — Red must change',
    fen: '3ak2n1/9/4c4/9/8P/9/9/9/4A2C1/5K3 w - - 0 1',
    moves: ['i5h5', 'e7h7', 'h5g5', 'h7g7', 'g5h5', 'g7h7', 'h5g5', 'h7e7', 'g5h5'],
    chinese: printed('1. 兵一平二 炮5平8 2. 兵二平三 炮8平7 3. 兵三平二 炮7平8 4. 兵二平三 炮8平5 5. 兵三平二'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase' },
    relations: [
      { kind: 'attacks', at: 1, from: 'h1', to: 'h9' },
      { kind: 'unprotected', at: 1, square: 'h9', by: 'h1' },
      { kind: 'notAttacks', at: 2, from: 'h1', to: 'h9' },
      { kind: 'attacks', at: 3, from: 'h1', to: 'h9' },
      { kind: 'notAttacks', at: 4, from: 'h1', to: 'h9' },
      { kind: 'attacks', at: 5, from: 'h1', to: 'h9' },
      { kind: 'crossedRiver', at: 0, square: 'i5' },
    ],
    note:
      'Cannon h1, horse h9: between them the crossed pawn (on h5 or not) and the black cannon (on h7 or not) make one screen or two or none; every ' +
      'pawn move leaves exactly one, so the cannon attacks the horse after each red move (虽敌子不动，而双方仅移动炮台，仍作为长捉). The printed moves ' +
      'repeat (the position after 5. 兵三平二 is the one after 1. 兵一平二).',
  },
  {
    // 细则 25 图73: 红兵长捉黑车时，双炮也同时捉着黑车犯例，红方不变作负。
    id: '细则 25 图73',
    title: 'a pawn chases a rook and on every step a cannon behind it chases it too (双炮也同时捉着黑车) — Red must change',
    fen: '3k5/9/1r7/P8/9/9/CC7/3N5/9/R3K4 w - - 0 1',
    moves: ['a6b6', 'b7a7', 'b6a6', 'a7b7', 'a6b6', 'b7a7', 'b6a6', 'a7b7', 'a6b6'],
    chinese: printed('1. 兵九平八 车2平1 2. 兵八平九 车1平2 3. 兵九平八 车2平1 4. 兵八平九 车1平2 5. 兵九平八'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase' },
    relations: [
      { kind: 'crossedRiver', at: 0, square: 'a6' },
      { kind: 'attacks', at: 1, from: 'b6', to: 'b7' },
      { kind: 'attacks', at: 1, from: 'b3', to: 'b7' },
      { kind: 'attacks', at: 3, from: 'a6', to: 'a7' },
      { kind: 'attacks', at: 3, from: 'a3', to: 'a7' },
      { kind: 'protected', at: 2, square: 'a3', by: 'a7' },
    ],
    note:
      'The crossed pawn attacks the rook in front of it; the cannon on the same file shoots over the pawn, so a cannon joins the pawn on every step ' +
      '(细则 25; 总纲 9 allows a pawn or king chase only when no other piece joins on every step). The rook a0 and the horse d2 protect the cannons.',
  },
  {
    // 细则 26 图74: 红车不得藉口保护己马而长捉黑无根卒，红方不变作负。
    id: '细则 26 图74',
    title: 'a rook follows an unprotected crossed pawn that threatens a horse on one step — Red must change',
    fen: '4k4/4a4/9/9/9/9/2N1p4/9/5R3/3A1K3 w - - 0 1',
    moves: ['f1e1', 'e3f3', 'e1f1', 'f3e3', 'f1e1', 'e3d3', 'e1d1', 'd3e3', 'd1e1'],
    chinese: printed('1. 车四平五 卒5平6 2. 车五平四 卒6平5 3. 车四平五 卒5平4 4. 车五平六 卒4平5 5. 车六平五'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase' },
    relations: [
      { kind: 'crossedRiver', at: 0, square: 'e3' },
      { kind: 'attacks', at: 1, from: 'e1', to: 'e3' },
      { kind: 'unprotected', at: 1, square: 'e3', by: 'e1' },
      { kind: 'attacks', at: 6, from: 'd3', to: 'c3' },
      { kind: 'attacks', at: 7, from: 'd1', to: 'd3' },
    ],
    note:
      '卒5平4 attacks the red horse c3 (the pawn may chase, 总纲 9); 车五平六 then attacks the pawn "to protect the horse" — no excuse: a rook may ' +
      'not chase a crossed pawn perpetually (细则 26). The printed moves repeat.',
  },
  {
    // 细则 31 图93: 以上两图红车虽长邀兑黑车，但另有其他子长捉黑车犯例，红方不变作负。
    id: '细则 31 图93',
    title: 'a rook offers an exchange on every move while a cannon behind it chases the black rook (长兑 with another piece 长捉) — Red must change',
    fen: '4k4/9/1r1ac4/9/9/9/2R6/N2N5/1CC6/3K5 w - - 0 1',
    moves: ['c3b3', 'b7c7', 'b3c3', 'c7b7', 'c3b3', 'b7c7', 'b3c3', 'c7b7', 'c3b3'],
    chinese: printed('1. 车七平八 车2平3 2. 车八平七 车3平2 3. 车七平八 车2平3 4. 车八平七 车3平2 5. 车七平八'),
    expected: 'red_loses',
    patterns: { red: 'perpetualChase', black: 'idle' },
    relations: [
      { kind: 'attacks', at: 1, from: 'b3', to: 'b7' },
      { kind: 'attacks', at: 1, from: 'b7', to: 'b3' },
      { kind: 'protected', at: 1, square: 'b3', by: 'b7' },
      { kind: 'protected', at: 1, square: 'b7', by: 'b3' },
      { kind: 'attacks', at: 1, from: 'b1', to: 'b7' },
      { kind: 'attacks', at: 3, from: 'c1', to: 'c7' },
      { kind: 'protected', at: 3, square: 'c7', by: 'c3' },
    ],
    note:
      'The red rook faces the black rook on the b- or c-file, both protected (the horses a2/d2; the cannon e7 over the advisor d7): an exchange ' +
      'offer (兑); the cannon behind the red rook shoots the black rook over it — a cannon chasing a rook (总纲 6), so Red chases on every move ' +
      '(总纲 8: 长捉兼长兑 is 长捉).',
  },
];
