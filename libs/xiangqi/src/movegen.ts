/**
 * Move generation on the internal mailbox (一章2节). Moves are encoded as `from | (to << 8)`.
 * Pseudo-legal generation follows the movement rules; legality (no self-exposure, 一章3节5) is
 * decided from the king's lines and horse legs, analysed once per node (see `generateLegal`);
 * king moves and positions in check make the move and ask `isAttacked` for the mover's king.
 */
import { isAttacked } from './attacks';
import {
  ADVISOR,
  ADVISOR_MOVES,
  BLACK,
  CANNON,
  ELEPHANT,
  ELEPHANT_MOVES,
  HORSE,
  HORSE_ATTACKERS,
  HORSE_MOVES,
  KING,
  KING_MOVES,
  LINE_FILE,
  LINE_RANK,
  KING_AT,
  LIST_COUNT,
  OCC,
  PAWN,
  PAWN_MOVES,
  RAYS,
  RED,
  ROOK,
  SQUARE_FILE,
  SQUARE_RANK,
} from './board';

export const MAX_MOVES = 256;

export function encodeMove(from: number, to: number): number {
  return from | (to << 8);
}

/** Pseudo-legal moves of `side` from every square (or only `onlyFrom` if ≥ 0), appended to `out`. */
export function generatePseudo(b: Int8Array, side: number, out: Int32Array, onlyFrom = -1): number {
  let n = 0;
  const sgn = side === RED ? 1 : -1;
  const start = onlyFrom >= 0 ? onlyFrom : 0;
  const end = onlyFrom >= 0 ? onlyFrom + 1 : 90;
  for (let sq = start; sq < end; sq++) {
    const p = b[sq] * sgn;
    if (p > 0) n = generatePiece(b, sq, p, side, out, n);
  }
  return n;
}

/**
 * Pseudo-legal moves of the piece `p` (its code times the side's sign, so > 0) of `side` on `sq`,
 * written to `out` from index `n`; returns the new end index.
 */
export function generatePiece(b: Int8Array, sq: number, p: number, side: number, out: Int32Array, n: number): number {
  const sgn = side === RED ? 1 : -1;
  switch (p) {
    case ROOK: {
      const rays = RAYS[sq];
      for (let d = 0; d < 4; d++) {
        const ray = rays[d];
        for (let i = 0; i < ray.length; i++) {
          const t = ray[i];
          const q = b[t];
          if (q === 0) {
            out[n++] = sq | (t << 8);
          } else {
            if (q * sgn < 0) out[n++] = sq | (t << 8);
            break;
          }
        }
      }
      break;
    }
    case CANNON: {
      // 一章2节6: moves like a rook; captures over exactly one screen (炮架).
      const rays = RAYS[sq];
      for (let d = 0; d < 4; d++) {
        const ray = rays[d];
        let i = 0;
        for (; i < ray.length; i++) {
          const t = ray[i];
          if (b[t] !== 0) break;
          out[n++] = sq | (t << 8);
        }
        for (i++; i < ray.length; i++) {
          const t = ray[i];
          const q = b[t];
          if (q !== 0) {
            if (q * sgn < 0) out[n++] = sq | (t << 8);
            break;
          }
        }
      }
      break;
    }
    case HORSE: {
      // 一章2节5: 蹩马腿.
      const hm = HORSE_MOVES[sq];
      for (let i = 0; i < hm.length; i += 2) {
        const t = hm[i];
        if (b[hm[i + 1]] === 0 && b[t] * sgn <= 0) out[n++] = sq | (t << 8);
      }
      break;
    }
    case PAWN: {
      const pm = PAWN_MOVES[side][sq];
      for (let i = 0; i < pm.length; i++) {
        const t = pm[i];
        if (b[t] * sgn <= 0) out[n++] = sq | (t << 8);
      }
      break;
    }
    case ELEPHANT: {
      // 一章2节3: 塞象眼, and never across the river (the table keeps it on its half).
      const em = ELEPHANT_MOVES[sq];
      for (let i = 0; i < em.length; i += 2) {
        const t = em[i];
        if (b[em[i + 1]] === 0 && b[t] * sgn <= 0) out[n++] = sq | (t << 8);
      }
      break;
    }
    case ADVISOR: {
      const am = ADVISOR_MOVES[sq];
      for (let i = 0; i < am.length; i++) {
        const t = am[i];
        if (b[t] * sgn <= 0) out[n++] = sq | (t << 8);
      }
      break;
    }
    case KING: {
      const km = KING_MOVES[sq];
      for (let i = 0; i < km.length; i++) {
        const t = km[i];
        if (b[t] * sgn <= 0) out[n++] = sq | (t << 8);
      }
      break;
    }
  }
  return n;
}

/** How many moves `generatePiece` would list (the same rules, nothing stored). */
export function countPiece(b: Int8Array, sq: number, p: number, side: number): number {
  const sgn = side === RED ? 1 : -1;
  let n = 0;
  switch (p) {
    case ROOK: {
      const rays = RAYS[sq];
      for (let d = 0; d < 4; d++) {
        const ray = rays[d];
        const len = ray.length;
        let i = 0;
        while (i < len && b[ray[i]] === 0) i++;
        n += i;
        if (i < len && b[ray[i]] * sgn < 0) n++;
      }
      return n;
    }
    case CANNON: {
      const rays = RAYS[sq];
      for (let d = 0; d < 4; d++) {
        const ray = rays[d];
        const len = ray.length;
        let i = 0;
        while (i < len && b[ray[i]] === 0) i++;
        n += i;
        for (i++; i < len; i++) {
          const q = b[ray[i]];
          if (q !== 0) {
            if (q * sgn < 0) n++;
            break;
          }
        }
      }
      return n;
    }
    case HORSE: {
      const hm = HORSE_MOVES[sq];
      for (let i = 0; i < hm.length; i += 2) {
        if (b[hm[i + 1]] === 0 && b[hm[i]] * sgn <= 0) n++;
      }
      return n;
    }
    case PAWN: {
      const pm = PAWN_MOVES[side][sq];
      for (let i = 0; i < pm.length; i++) if (b[pm[i]] * sgn <= 0) n++;
      return n;
    }
    case ELEPHANT: {
      const em = ELEPHANT_MOVES[sq];
      for (let i = 0; i < em.length; i += 2) {
        if (b[em[i + 1]] === 0 && b[em[i]] * sgn <= 0) n++;
      }
      return n;
    }
    case ADVISOR: {
      const am = ADVISOR_MOVES[sq];
      for (let i = 0; i < am.length; i++) if (b[am[i]] * sgn <= 0) n++;
      return n;
    }
    case KING: {
      const km = KING_MOVES[sq];
      for (let i = 0; i < km.length; i++) if (b[km[i]] * sgn <= 0) n++;
      return n;
    }
  }
  return 0;
}

/**
 * The reference legality test (一章3节5): make `from → to` on the board, ask `isAttacked` for the
 * mover's king (which covers the kings facing, 一章2节9), unmake. `kingSq` is the mover's king
 * square before the move. The board is restored before returning. `generateLegal` uses it only
 * in check, for the moves that could answer it; the others go through the per-node analysis below.
 */
export function leavesKingAttacked(b: Int8Array, side: number, kingSq: number, from: number, to: number): boolean {
  const moving = b[from];
  const isKing = moving === KING || moving === -KING;
  const captured = b[to];
  b[to] = moving;
  b[from] = 0;
  const attacked = isAttacked(b, isKing ? to : kingSq, side ^ 1);
  b[from] = moving;
  b[to] = captured;
  return attacked;
}

// ---------------------------------------------------------------------------------------------
// King safety, computed once per node (一章3节5 with 一章2节4–6, 9).
//
// When the side to move is not in check, a move of a piece other than the king can expose the
// king only in these ways, all visible from the king's square:
// - along one of its four lines (rank or file) with first pieces p1, p2, p3:
//   · p1 own and p2 an enemy rook (or, on the file, the enemy king): p1 may move only along the
//     line up to p2, capturing p2 only if p3 is not an enemy cannon (which would then have
//     exactly one screen);
//   · otherwise, p3 an enemy cannon: each own piece among p1, p2 may move only along the line up
//     to the cannon, and not onto the other screen (a capture there leaves one screen);
//   · p1 an enemy cannon: no piece may move onto a point between the king and that cannon;
// - a horse leg next to the king (一章2节5): an own piece on the leg of an enemy horse that aims
//   at the king may only capture that horse (and not move at all if two horses share the leg).
// A piece that leaves its square and lands elsewhere changes nothing else: a capture replaces
// a piece, and an extra piece on a line only adds a screen. Pawns attack only next to the king.
// King steps are read from the line tables (kingStepAttacked). In check, only moves that land on
// or leave a point of a check line can be legal; they get the reference test above.
// ---------------------------------------------------------------------------------------------

/** PIN[sq]: 0 free; > 0 the tag of the only points it may move to (see LINE); −1 frozen. */
const PIN = new Int8Array(90);
/** LINE[sq]: 0 nothing; > 0 a pin tag (a pinned piece may move here); −1 no free piece may land here. */
const LINE = new Int8Array(90);
const TOUCHED = new Int32Array(90);
let touchedCount = 0;

/** What `analyse` found: nothing, pinned pieces, forbidden points, or the king in check. */
const SAFE = 0;
const HAS_PIN = 1;
const HAS_FORBID = 2;
const IN_CHECK = 4;

function markLine(sq: number, v: number): void {
  LINE[sq] = v;
  TOUCHED[touchedCount++] = sq;
}

function markPin(sq: number, v: number): void {
  PIN[sq] = v;
  TOUCHED[touchedCount++] = sq;
}

function clearMarks(): void {
  for (let i = 0; i < touchedCount; i++) {
    const sq = TOUCHED[i];
    PIN[sq] = 0;
    LINE[sq] = 0;
  }
  touchedCount = 0;
}

/**
 * Fills PIN/LINE for `side`'s king on `k` and returns IN_CHECK, or SAFE with the flags HAS_PIN
 * and HAS_FORBID. The caller clears the marks with `clearMarks`.
 */
function analyse(b: Int8Array, occ: number[], side: number, k: number): number {
  const sgn = side === RED ? 1 : -1;
  let state = SAFE;
  const kr = SQUARE_RANK[k];
  const kf = SQUARE_FILE[k];
  const fileBits = LINE_FILE[kr * 1024 + occ[OCC + 10 + kf]];
  const rankBits = LINE_RANK[kf * 512 + occ[OCC + kr]];
  const rays = RAYS[k];
  for (let d = 0; d < 4; d++) {
    // The first three pieces along direction d (RAYS order: up, down, right, left), as line
    // indices plus one; i1–i3 are their indices in RAYS[k][d].
    const onFile = d < 2;
    const bits = d === 0 ? fileBits >> 16 : d === 1 ? fileBits >> 4 : d === 2 ? rankBits >> 16 : rankBits >> 4;
    const x1 = bits & 15;
    if (x1 === 0) continue;
    const s1 = onFile ? (x1 - 1) * 9 + kf : kr * 9 + x1 - 1;
    const q1 = b[s1] * sgn;
    if (q1 === -ROOK || (q1 === -KING && onFile)) return IN_CHECK;
    const ray = rays[d];
    const base = onFile ? kr : kf;
    const up = (d & 1) === 0;
    const i1 = up ? x1 - base - 2 : base - x1;
    if (q1 === -CANNON) {
      state |= HAS_FORBID;
      for (let j = 0; j < i1; j++) markLine(ray[j], -1);
    }
    const x2 = (bits >> 4) & 15;
    if (x2 === 0) continue;
    const s2 = onFile ? (x2 - 1) * 9 + kf : kr * 9 + x2 - 1;
    const q2 = b[s2] * sgn;
    if (q2 === -CANNON) return IN_CHECK;
    const x3 = (bits >> 8) & 15;
    const cannon3 = x3 !== 0 && b[onFile ? (x3 - 1) * 9 + kf : kr * 9 + x3 - 1] * sgn === -CANNON;
    const tag = d + 1;
    if (q1 > 0 && (q2 === -ROOK || (q2 === -KING && onFile))) {
      state |= HAS_PIN;
      const i2 = up ? x2 - base - 2 : base - x2;
      markPin(s1, tag);
      for (let j = 0; j < i2; j++) if (j !== i1) markLine(ray[j], tag);
      if (!cannon3) markLine(s2, tag);
    } else if (cannon3 && (q1 > 0 || q2 > 0)) {
      state |= HAS_PIN;
      const i2 = up ? x2 - base - 2 : base - x2;
      const i3 = up ? x3 - base - 2 : base - x3;
      if (q1 > 0) markPin(s1, tag);
      if (q2 > 0) markPin(s2, tag);
      // Points before p1 are reachable only by p1 itself (when p1 is the enemy cannon, they are
      // the forbidden points marked above and stay so).
      for (let j = q1 > 0 ? 0 : i1 + 1; j <= i3; j++) if (j !== i1 && j !== i2) markLine(ray[j], tag);
    }
  }
  const ha = HORSE_ATTACKERS[k];
  let legTag = 5;
  for (let i = 0; i < ha.length; i += 2) {
    const h = ha[i];
    if (b[h] * sgn !== -HORSE) continue;
    const leg = ha[i + 1];
    const q = b[leg] * sgn;
    if (q === 0) return IN_CHECK;
    if (q < 0) continue;
    state |= HAS_PIN;
    if (PIN[leg] !== 0) {
      markPin(leg, -1); // two horses behind one leg: the piece may not move at all
    } else {
      markPin(leg, legTag);
      markLine(h, legTag);
      legTag++;
    }
  }
  const r = (k / 9) | 0;
  const f = k - r * 9;
  if (side === BLACK) {
    // Red pawns attack from below, or beside once across the river (here: ranks 5–9).
    if (r > 0 && b[k - 9] === PAWN) return IN_CHECK;
    if (r >= 5 && ((f > 0 && b[k - 1] === PAWN) || (f < 8 && b[k + 1] === PAWN))) return IN_CHECK;
  } else {
    if (r < 9 && b[k + 9] === -PAWN) return IN_CHECK;
    if (r <= 4 && ((f > 0 && b[k - 1] === -PAWN) || (f < 8 && b[k + 1] === -PAWN))) return IN_CHECK;
  }
  return state;
}

/**
 * Marks (LINE = 1) every point a check on `side`'s king on `k` depends on: each checking piece's
 * square, the points between it and the king (a rook's or the facing king's open line, a
 * cannon's line with its screen) and a checking horse's leg. A move that neither lands on nor
 * leaves one of them leaves every check standing (一章2节10).
 */
function markCheckLines(b: Int8Array, side: number, k: number): void {
  const sgn = side === RED ? 1 : -1;
  const rays = RAYS[k];
  for (let d = 0; d < 4; d++) {
    const ray = rays[d];
    const len = ray.length;
    let i = 0;
    while (i < len && b[ray[i]] === 0) i++;
    if (i === len) continue;
    const q = b[ray[i]] * sgn;
    let end = -1;
    if (q === -ROOK || (q === -KING && d < 2)) end = i;
    else {
      let j = i + 1;
      while (j < len && b[ray[j]] === 0) j++;
      if (j < len && b[ray[j]] * sgn === -CANNON) end = j;
    }
    for (let j = 0; j <= end; j++) markLine(ray[j], 1);
  }
  const ha = HORSE_ATTACKERS[k];
  for (let i = 0; i < ha.length; i += 2) {
    if (b[ha[i]] * sgn === -HORSE && b[ha[i + 1]] === 0) {
      markLine(ha[i], 1);
      markLine(ha[i + 1], 1);
    }
  }
  // Pawns: every enemy pawn next to the king (more points than the checking ones only costs time).
  const pawn = side === RED ? -PAWN : PAWN;
  const r = SQUARE_RANK[k];
  const f = SQUARE_FILE[k];
  if (r > 0 && b[k - 9] === pawn) markLine(k - 9, 1);
  if (r < 9 && b[k + 9] === pawn) markLine(k + 9, 1);
  if (f > 0 && b[k - 1] === pawn) markLine(k - 1, 1);
  if (f < 8 && b[k + 1] === pawn) markLine(k + 1, 1);
}

/**
 * Would `side`'s king, stepping from `from` to the neighbouring point `to`, stand attacked there
 * (一章2节10, kings facing 一章2节9)? The same answer as `leavesKingAttacked`, read from the line
 * tables with `from` emptied, without touching the board.
 */
function kingStepAttacked(b: Int8Array, occ: number[], side: number, from: number, to: number): boolean {
  const sgn = side === RED ? 1 : -1;
  const tr = SQUARE_RANK[to];
  const tf = SQUARE_FILE[to];
  let rankOcc = occ[OCC + tr];
  let fileOcc = occ[OCC + 10 + tf];
  if (SQUARE_RANK[from] === tr) rankOcc &= ~(1 << SQUARE_FILE[from]);
  else fileOcc &= ~(1 << SQUARE_RANK[from]);
  const rank = LINE_RANK[tf * 512 + rankOcc];
  const file = LINE_FILE[tr * 1024 + fileOcc];
  const row = tr * 9 - 1;
  let x = (rank >> 4) & 15;
  if (x !== 0 && b[row + x] * sgn === -ROOK) return true;
  x = (rank >> 8) & 15;
  if (x !== 0 && b[row + x] * sgn === -CANNON) return true;
  x = (rank >> 16) & 15;
  if (x !== 0 && b[row + x] * sgn === -ROOK) return true;
  x = (rank >> 20) & 15;
  if (x !== 0 && b[row + x] * sgn === -CANNON) return true;
  const col = tf - 9;
  x = (file >> 4) & 15;
  if (x !== 0) {
    const q = b[col + x * 9] * sgn;
    if (q === -ROOK || q === -KING) return true;
  }
  x = (file >> 8) & 15;
  if (x !== 0 && b[col + x * 9] * sgn === -CANNON) return true;
  x = (file >> 16) & 15;
  if (x !== 0) {
    const q = b[col + x * 9] * sgn;
    if (q === -ROOK || q === -KING) return true;
  }
  x = (file >> 20) & 15;
  if (x !== 0 && b[col + x * 9] * sgn === -CANNON) return true;
  // Horses (their legs are diagonal to `to`, never `from`) and pawns.
  const ha = HORSE_ATTACKERS[to];
  const horse = -HORSE * sgn;
  for (let i = 0; i < ha.length; i += 2) {
    if (b[ha[i]] === horse && b[ha[i + 1]] === 0) return true;
  }
  if (side === BLACK) {
    if (tr > 0 && b[to - 9] === PAWN) return true;
    if (tr >= 5 && ((tf > 0 && b[to - 1] === PAWN) || (tf < 8 && b[to + 1] === PAWN))) return true;
  } else {
    if (tr < 9 && b[to + 9] === -PAWN) return true;
    if (tr <= 4 && ((tf > 0 && b[to - 1] === -PAWN) || (tf < 8 && b[to + 1] === -PAWN))) return true;
  }
  return false;
}

/** Keeps the legal moves among `out[0..n)` (in order) after `analyse` returned `state`; returns the count. */
function filterLegal(b: Int8Array, occ: number[], side: number, kingSq: number, state: number, out: Int32Array, n: number): number {
  let m = 0;
  if (state === IN_CHECK) {
    // Only a move that lands on or leaves a point of a check line can answer the check; those
    // (and king steps) get the exact test.
    clearMarks();
    markCheckLines(b, side, kingSq);
    for (let i = 0; i < n; i++) {
      const mv = out[i];
      const from = mv & 0xff;
      const to = mv >> 8;
      let legal: boolean;
      if (from === kingSq) legal = !kingStepAttacked(b, occ, side, kingSq, to);
      else legal = (LINE[to] !== 0 || LINE[from] !== 0) && !leavesKingAttacked(b, side, kingSq, from, to);
      if (legal) out[m++] = mv;
    }
  } else if (state === SAFE) {
    for (let i = 0; i < n; i++) {
      const mv = out[i];
      if ((mv & 0xff) !== kingSq || !kingStepAttacked(b, occ, side, kingSq, mv >> 8)) out[m++] = mv;
    }
  } else {
    for (let i = 0; i < n; i++) {
      const mv = out[i];
      const from = mv & 0xff;
      const to = mv >> 8;
      let legal: boolean;
      if (from === kingSq) legal = !kingStepAttacked(b, occ, side, kingSq, to);
      else {
        const pin = PIN[from];
        legal = pin === 0 ? LINE[to] >= 0 : LINE[to] === pin;
      }
      if (legal) out[m++] = mv;
    }
  }
  return m;
}

/**
 * Legal moves of the side to move (encoded, appended to `out` in generation order: by square,
 * then as `generatePiece` lists them), only from `onlyFrom` if ≥ 0. Without a king (captured
 * through an unchecked play) every pseudo-legal move is listed. Returns the count.
 */
export function generateLegal(pos: SearchState, out: Int32Array, onlyFrom = -1): number {
  const b = pos.board;
  const side = pos.turnIndex;
  const kingSq = pos.tables[KING_AT + side];
  const occ = pos.tables;
  const n = generatePseudo(b, side, out, onlyFrom);
  if (kingSq < 0) return n;
  const state = analyse(b, occ, side, kingSq);
  const m = filterLegal(b, occ, side, kingSq, state, out, n);
  clearMarks();
  return m;
}

/** What the piece-list generator reads: a `Position`'s internal state (see position.ts). */
export interface SearchState {
  readonly board: Int8Array;
  readonly turnIndex: number;
  /** Piece lists, line occupancy and king squares, laid out as board.ts says. */
  readonly tables: number[];
}

/** `generateLegal` from the piece list of the side to move: the same moves, listed piece by piece. */
export function generateLegalOf(pos: SearchState, out: Int32Array): number {
  const b = pos.board;
  const side = pos.turnIndex;
  const kingSq = pos.tables[KING_AT + side];
  const squares = pos.tables;
  const sgn = side === RED ? 1 : -1;
  const start = 16 * side;
  const end = start + squares[LIST_COUNT + side];
  let n = 0;
  for (let i = start; i < end; i++) {
    const sq = squares[i];
    n = generatePiece(b, sq, b[sq] * sgn, side, out, n);
  }
  if (kingSq < 0) return n;
  const occ = pos.tables;
  const state = analyse(b, occ, side, kingSq);
  const m = filterLegal(b, occ, side, kingSq, state, out, n);
  clearMarks();
  return m;
}

/**
 * The number of legal moves `generateLegalOf` would list, without storing them where it can:
 * a free piece (not pinned, no forbidden point) counts its pseudo-legal moves, a rook or cannon
 * from the line tables. `scratch` (≥ MAX_MOVES) holds the moves of the king and of constrained
 * pieces while they are tested.
 */
export function countLegalOf(pos: SearchState, scratch: Int32Array): number {
  const b = pos.board;
  const side = pos.turnIndex;
  const kingSq = pos.tables[KING_AT + side];
  if (kingSq < 0) return generateLegalOf(pos, scratch);
  const squares = pos.tables;
  const occ = pos.tables;
  const start = 16 * side;
  const end = start + squares[LIST_COUNT + side];
  const state = analyse(b, occ, side, kingSq);
  const sgn = side === RED ? 1 : -1;
  let total = 0;
  if (state === IN_CHECK) {
    let n = 0;
    for (let i = start; i < end; i++) {
      const sq = squares[i];
      n = generatePiece(b, sq, b[sq] * sgn, side, scratch, n);
    }
    total = filterLegal(b, occ, side, kingSq, state, scratch, n);
  } else {
    const forbid = (state & HAS_FORBID) !== 0;
    for (let i = start; i < end; i++) {
      const sq = squares[i];
      const p = b[sq] * sgn;
      if (sq === kingSq) {
        const km = KING_MOVES[sq];
        for (let j = 0; j < km.length; j++) {
          const t = km[j];
          if (b[t] * sgn <= 0 && !kingStepAttacked(b, occ, side, sq, t)) total++;
        }
      } else if (PIN[sq] !== 0 || forbid) {
        const n = generatePiece(b, sq, p, side, scratch, 0);
        total += filterLegal(b, occ, side, kingSq, state, scratch, n);
      } else if (p === ROOK || p === CANNON) {
        const r = SQUARE_RANK[sq];
        const f = SQUARE_FILE[sq];
        const rank = LINE_RANK[f * 512 + occ[OCC + r]];
        const file = LINE_FILE[r * 1024 + occ[OCC + 10 + f]];
        total += (rank & 15) + (file & 15);
        // A rook captures the first piece each way, a cannon the second (一章2节4, 6).
        const shift = p === ROOK ? 4 : 8;
        let x = (rank >> shift) & 15;
        if (x !== 0 && b[r * 9 + x - 1] * sgn < 0) total++;
        x = (rank >> (shift + 12)) & 15;
        if (x !== 0 && b[r * 9 + x - 1] * sgn < 0) total++;
        x = (file >> shift) & 15;
        if (x !== 0 && b[(x - 1) * 9 + f] * sgn < 0) total++;
        x = (file >> (shift + 12)) & 15;
        if (x !== 0 && b[(x - 1) * 9 + f] * sgn < 0) total++;
      } else {
        total += countPiece(b, sq, p, side);
      }
    }
  }
  clearMarks();
  return total;
}
