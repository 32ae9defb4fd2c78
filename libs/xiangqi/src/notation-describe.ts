/**
 * The facts every descriptive notation (二章3节) is built from: which piece moves (by its file,
 * or by its place among same pieces on one file), in which direction, and to what number.
 * Files are counted from each player's right: Red 一…九 right to left from Red's side (file i =
 * 一), Black 1…9 right to left from Black's side (file a = 1).
 */
import { Position } from './position';
import { Move, ROLES, Role, Side, squareFile, squareRank } from './types';

export type Direction = '+' | '-' | '=';

/** How the moving piece is named (二章3节1 B, 二章3节5). */
export type Qualifier =
  /** By its file: 炮二, C2. */
  | { kind: 'file' }
  /** Two, three or more of a kind on one file: 前/后, 前/中/后, 一…五 (index 1 = front). */
  | { kind: 'tandem'; index: number; count: number }
  /** Pawns on two or more files with two or more each: index on its file and the file (图-B, `36=5`). */
  | { kind: 'multi'; index: number; count: number };

export interface MoveDescription {
  side: Side;
  role: Role;
  /** File number (1–9) of the moving piece, counted from its owner's right. */
  file: number;
  qualifier: Qualifier;
  direction: Direction;
  /** Destination file for 平 and for diagonal movers; otherwise the number of ranks moved. */
  target: number;
}

export function sideFile(sq: number, side: Side): number {
  return side === 'red' ? 9 - squareFile(sq) : squareFile(sq) + 1;
}

/** Ranks counted forward from the owner's back rank. */
export function sideRank(sq: number, side: Side): number {
  return side === 'red' ? squareRank(sq) : 9 - squareRank(sq);
}

const STRAIGHT: readonly Role[] = ['king', 'rook', 'cannon', 'pawn'];

export function isStraightMover(role: Role): boolean {
  return STRAIGHT.includes(role);
}

/** Same-role pieces of `side` on `sq`'s file, front first. */
export function sameOnFile(pos: Position, sq: number, side: Side, role: Role): number[] {
  const file = squareFile(sq);
  const code = (ROLES.indexOf(role) + 1) * (side === 'red' ? 1 : -1);
  const b = pos.board;
  const out: number[] = [];
  // Front first: Red's front is the higher rank, Black's the lower.
  if (side === 'red') {
    for (let s = 81 + file; s >= 0; s -= 9) if (b[s] === code) out.push(s);
  } else {
    for (let s = file; s < 90; s += 9) if (b[s] === code) out.push(s);
  }
  return out;
}

/** Files holding two or more of `side`'s pawns. */
export function pawnTandemFiles(pos: Position, side: Side): number {
  const code = side === 'red' ? 7 : -7;
  const b = pos.board;
  let files = 0;
  for (let f = 0; f < 9; f++) {
    let n = 0;
    for (let s = f; s < 90; s += 9) if (b[s] === code) n++;
    if (n >= 2) files++;
  }
  return files;
}

/** Describes a move of the piece on `move.from` (which must exist). */
export function describeMove(pos: Position, move: Move): MoveDescription | undefined {
  const piece = pos.pieceAt(move.from);
  if (!piece) return undefined;
  const { side, role } = piece;
  const file = sideFile(move.from, side);
  let qualifier: Qualifier = { kind: 'file' };
  // 二章3节: advisors and elephants keep their file number (their direction tells them apart).
  if (role !== 'advisor' && role !== 'elephant' && role !== 'king') {
    const same = sameOnFile(pos, move.from, side, role);
    if (same.length >= 2) {
      const index = same.indexOf(move.from) + 1;
      // 二章3节5 图-B: with pawns doubled on several files, name the file too.
      if (role === 'pawn' && pawnTandemFiles(pos, side) >= 2) qualifier = { kind: 'multi', index, count: same.length };
      else qualifier = { kind: 'tandem', index, count: same.length };
    }
  }
  const dRank = sideRank(move.to, side) - sideRank(move.from, side);
  const direction: Direction = dRank > 0 ? '+' : dRank < 0 ? '-' : '=';
  const target = direction !== '=' && isStraightMover(role) ? Math.abs(dRank) : sideFile(move.to, side);
  return { side, role, file, qualifier, direction, target };
}
