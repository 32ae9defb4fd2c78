/**
 * Vocabulary of the game (一章1节): sides, roles, squares, moves, and the Result type.
 *
 * Coordinates are ICCS: files a–i = 0–8 from Red's left, ranks 0–9 from Red's side;
 * `square = rank * 9 + file`, so a0 = 0, i9 = 89.
 */

export const SIDES = ['red', 'black'] as const;
export type Side = (typeof SIDES)[number];
export type BySide<T> = { [S in Side]: T };

/** 帅(将), 仕(士), 相(象), 马, 车, 炮(砲), 兵(卒) — 一章1节2. */
export const ROLES = ['king', 'advisor', 'elephant', 'horse', 'rook', 'cannon', 'pawn'] as const;
export type Role = (typeof ROLES)[number];

export interface Piece {
  side: Side;
  role: Role;
}

/** 0..89, `rank * 9 + file`. */
export type Square = number;

export interface Move {
  from: Square;
  to: Square;
}

export { err, ok, type Result } from './result';

export const FILE_COUNT = 9;
export const RANK_COUNT = 10;
export const SQUARE_COUNT = 90;
export const FILE_NAMES = 'abcdefghi';

export function squareFile(sq: Square): number {
  return sq % 9;
}

export function squareRank(sq: Square): number {
  return (sq / 9) | 0;
}

export function makeSquare(file: number, rank: number): Square {
  return rank * 9 + file;
}

export function isSquare(sq: number): sq is Square {
  return Number.isInteger(sq) && sq >= 0 && sq < SQUARE_COUNT;
}

/** 'e2' → 22; anything else → undefined. Case-insensitive. */
export function parseSquare(name: string): Square | undefined {
  if (typeof name !== 'string' || name.length !== 2) return undefined;
  const file = FILE_NAMES.indexOf(name[0].toLowerCase());
  const rank = name.charCodeAt(1) - 48;
  if (file < 0 || rank < 0 || rank > 9) return undefined;
  return makeSquare(file, rank);
}

export function makeSquareName(sq: Square): string {
  return FILE_NAMES[squareFile(sq)] + String(squareRank(sq));
}

export function opposite(side: Side): Side {
  return side === 'red' ? 'black' : 'red';
}

export function moveEquals(a: Move, b: Move): boolean {
  return a.from === b.from && a.to === b.to;
}
