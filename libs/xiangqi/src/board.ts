/**
 * Internal board representation and precomputed move tables (一章2节).
 *
 * The board is a flat `Int8Array(90)` mailbox indexed by square. A piece code is
 * `±(roleIndex + 1)`: positive for Red, negative for Black, 0 for an empty point.
 * Side indices: 0 = red, 1 = black. Everything here is internal to libs/xiangqi.
 */
import { Piece, ROLES, Role, Side, makeSquare, squareFile, squareRank } from './types';

export const KING = 1;
export const ADVISOR = 2;
export const ELEPHANT = 3;
export const HORSE = 4;
export const ROOK = 5;
export const CANNON = 6;
export const PAWN = 7;

export const RED = 0;
export const BLACK = 1;

export function sideIndex(side: Side): number {
  return side === 'red' ? RED : BLACK;
}

export function sideOfIndex(i: number): Side {
  return i === RED ? 'red' : 'black';
}

export function pieceCode(piece: Piece): number {
  const code = ROLES.indexOf(piece.role) + 1;
  return piece.side === 'red' ? code : -code;
}

export function codePiece(code: number): Piece | undefined {
  if (code === 0) return undefined;
  return { side: code > 0 ? 'red' : 'black', role: ROLES[Math.abs(code) - 1] as Role };
}

/** 九宫 (一章1节1): files d–f, ranks 0–2 (Red) or 7–9 (Black). */
export function inPalace(sq: number, side: number): boolean {
  const f = squareFile(sq);
  const r = squareRank(sq);
  if (f < 3 || f > 5) return false;
  return side === RED ? r <= 2 : r >= 7;
}

/** A side's own half, not across the 河界. */
export function onOwnSide(sq: number, side: number): boolean {
  const r = squareRank(sq);
  return side === RED ? r <= 4 : r >= 5;
}

function at(f: number, r: number): number {
  return f < 0 || f > 8 || r < 0 || r > 9 ? -1 : makeSquare(f, r);
}

const ORTHO: readonly [number, number][] = [
  [0, 1],
  [0, -1],
  [1, 0],
  [-1, 0],
];
const DIAG: readonly [number, number][] = [
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
];

/** 一章2节1: the king steps one point orthogonally inside its palace. KING_MOVES[sq]. */
export const KING_MOVES: number[][] = [];
/** 一章2节2: the advisor steps one point diagonally inside its palace. */
export const ADVISOR_MOVES: number[][] = [];
/** 一章2节3: the elephant moves two points diagonally, not across the river, blocked by the eye. Pairs [to, eye]. */
export const ELEPHANT_MOVES: number[][] = [];
/** 一章2节5: the horse moves one orthogonal then one diagonal, blocked by the leg (蹩马腿). Pairs [to, leg]. */
export const HORSE_MOVES: number[][] = [];
/** Where a horse must stand to attack `sq`, with its leg square. Pairs [horseSq, leg]. */
export const HORSE_ATTACKERS: number[][] = [];
/** Rays for rook and cannon (一章2节4, 6): RAYS[sq][dir], dir 0 = up (towards rank 9), 1 = down, 2 = right, 3 = left. */
export const RAYS: number[][][] = [];
/** 一章2节7: pawn moves, PAWN_MOVES[side][sq]. */
export const PAWN_MOVES: number[][][] = [[], []];

for (let sq = 0; sq < 90; sq++) {
  const f = squareFile(sq);
  const r = squareRank(sq);
  const palaceSide = inPalace(sq, RED) ? RED : inPalace(sq, BLACK) ? BLACK : -1;

  KING_MOVES.push(palaceSide < 0 ? [] : ORTHO.map(([df, dr]) => at(f + df, r + dr)).filter((t) => t >= 0 && inPalace(t, palaceSide)));
  ADVISOR_MOVES.push(palaceSide < 0 ? [] : DIAG.map(([df, dr]) => at(f + df, r + dr)).filter((t) => t >= 0 && inPalace(t, palaceSide)));

  const ownHalf = r <= 4 ? RED : BLACK;
  const el: number[] = [];
  for (const [df, dr] of DIAG) {
    const to = at(f + 2 * df, r + 2 * dr);
    if (to >= 0 && onOwnSide(to, ownHalf)) el.push(to, at(f + df, r + dr));
  }
  ELEPHANT_MOVES.push(el);

  const hm: number[] = [];
  const ha: number[] = [];
  for (const [df, dr] of [
    [1, 2],
    [-1, 2],
    [1, -2],
    [-1, -2],
    [2, 1],
    [2, -1],
    [-2, 1],
    [-2, -1],
  ]) {
    const to = at(f + df, r + dr);
    if (to < 0) continue;
    // The leg is the orthogonal neighbour in the long direction.
    const leg = Math.abs(df) === 2 ? at(f + df / 2, r) : at(f, r + dr / 2);
    hm.push(to, leg);
    // Seen from the target: a horse at `sq + (df, dr)` reaches `sq` with its leg at the
    // point diagonally adjacent to `sq` towards the horse.
    const horse = to;
    const legFromTarget = at(f + Math.sign(df), r + Math.sign(dr));
    ha.push(horse, legFromTarget);
  }
  HORSE_MOVES.push(hm);
  HORSE_ATTACKERS.push(ha);

  RAYS.push(
    ORTHO.map(([df, dr]) => {
      const ray: number[] = [];
      for (let k = 1; ; k++) {
        const t = at(f + k * df, r + k * dr);
        if (t < 0) break;
        ray.push(t);
      }
      return ray;
    }),
  );

  for (const side of [RED, BLACK]) {
    const fwd = side === RED ? 1 : -1;
    const moves: number[] = [];
    const ahead = at(f, r + fwd);
    if (ahead >= 0) moves.push(ahead);
    if (!onOwnSide(sq, side)) {
      const left = at(f - 1, r);
      const right = at(f + 1, r);
      if (left >= 0) moves.push(left);
      if (right >= 0) moves.push(right);
    }
    PAWN_MOVES[side].push(moves);
  }
}

/** Points an advisor of `side` can ever occupy (一章2节2). */
export function advisorCanReach(sq: number, side: number): boolean {
  const f = squareFile(sq);
  const r = side === RED ? squareRank(sq) : 9 - squareRank(sq);
  return r === 0 || r === 2 ? f === 3 || f === 5 : r === 1 && f === 4;
}

/** Points an elephant of `side` can ever occupy (一章2节3). */
export function elephantCanReach(sq: number, side: number): boolean {
  const f = squareFile(sq);
  const r = side === RED ? squareRank(sq) : 9 - squareRank(sq);
  if (r === 0 || r === 4) return f === 2 || f === 6;
  if (r === 2) return f === 0 || f === 4 || f === 8;
  return false;
}

/** Points a pawn of `side` can ever occupy (一章2节7): never behind its start rank, and on its start files until it crosses the river. */
export function pawnCanReach(sq: number, side: number): boolean {
  const f = squareFile(sq);
  const r = side === RED ? squareRank(sq) : 9 - squareRank(sq);
  if (r < 3) return false;
  if (r <= 4) return f % 2 === 0;
  return true;
}

/** How many of each role a side owns (一章1节2), indexed by piece code magnitude. */
export const MAX_COUNT = [0, 1, 2, 2, 2, 2, 2, 5];

/**
 * Line tables for counting slider moves from the occupancy of a rank or a file (a bit per point,
 * bit i = file i of a rank, or rank i of a file). LINE_RANK[file * 512 + occupancy] and
 * LINE_FILE[rank * 1024 + occupancy] pack, for a piece at that index of the line:
 * bits 0–3 the number of empty points it can slide to (both ways), then for the lower direction
 * (towards file a / rank 0) the first, second and third occupied index plus one (0 = none) in
 * bits 4–7, 8–11, 12–15, and for the higher direction the same in bits 16–19, 20–23, 24–27.
 * The first occupied point is a rook's capture, the second a cannon's (一章2节4, 6).
 */
export const LINE_RANK = new Int32Array(9 * 512);
export const LINE_FILE = new Int32Array(10 * 1024);

function lineEntry(length: number, at: number, occ: number): number {
  let v = 0;
  let empties = 0;
  for (const [step, shift] of [
    [-1, 4],
    [1, 16],
  ]) {
    let found = 0;
    for (let i = at + step; i >= 0 && i < length && found < 3; i += step) {
      if (occ & (1 << i)) {
        v |= (i + 1) << (shift + 4 * found);
        found++;
      } else if (found === 0) empties++;
    }
  }
  return v | empties;
}

for (let f = 0; f < 9; f++) for (let occ = 0; occ < 512; occ++) LINE_RANK[f * 512 + occ] = lineEntry(9, f, occ);
for (let r = 0; r < 10; r++) for (let occ = 0; occ < 1024; occ++) LINE_FILE[r * 1024 + occ] = lineEntry(10, r, occ);

/** Occupancy of every rank (index at + r) and file (index at + 10 + f) of `b`, as LINE_RANK/LINE_FILE read it. */
export function lineOccupancy<T extends number[] | Int32Array>(b: Int8Array, out: T = new Int32Array(19) as T, at = 0): T {
  for (let i = at; i < at + 19; i++) out[i] = 0;
  for (let sq = 0; sq < 90; sq++) {
    if (b[sq] === 0) continue;
    const r = (sq / 9) | 0;
    const f = sq - r * 9;
    out[at + r] |= 1 << f;
    out[at + 10 + f] |= 1 << r;
  }
  return out;
}

/** SQUARE_RANK[sq], SQUARE_FILE[sq]: the rank and file of a square, looked up. */
export const SQUARE_RANK = new Int8Array(90);
export const SQUARE_FILE = new Int8Array(90);
for (let sq = 0; sq < 90; sq++) {
  SQUARE_RANK[sq] = squareRank(sq);
  SQUARE_FILE[sq] = squareFile(sq);
}

/**
 * Layout of a position's search tables, one array (position.ts): the piece lists (16 squares
 * per side from 0, then at LIST_SLOT + sq the index of the piece on sq in its side's list, then at
 * LIST_COUNT + s the length of side s's list), the line occupancy at OCC (ranks OCC + r, files
 * OCC + 10 + f, see LINE_RANK/LINE_FILE) and the king squares at KING_AT + s (−1 if captured).
 */
export const LIST_SLOT = 32;
export const LIST_COUNT = LIST_SLOT + 90;
export const OCC = LIST_COUNT + 2;
export const KING_AT = OCC + 19;
export const TABLES_SIZE = KING_AT + 2;
