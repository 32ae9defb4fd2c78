/**
 * Perft: the number of leaf nodes of the legal move tree to a depth — the standard exactness
 * test of a move generator. Uses make/unmake on one position with preallocated buffers, the
 * piece lists, and counts the last ply's moves without storing them (`Position.countLegal`).
 */
import { MAX_MOVES } from './movegen';
import { Position } from './position';
import { Move } from './types';

function perftRec(pos: Position, depth: number, buffers: Int32Array[]): number {
  const buf = buffers[depth];
  if (depth === 1) return pos.countLegal(buf);
  const n = pos.generateLegalUnordered(buf);
  let nodes = 0;
  const half = pos.halfmoves;
  for (let i = 0; i < n; i++) {
    const mv = buf[i];
    const from = mv & 0xff;
    const to = mv >> 8;
    const captured = pos.playCode(from, to);
    nodes += perftRec(pos, depth - 1, buffers);
    pos.unplayCode(from, to, captured, half);
  }
  return nodes;
}

/** Leaf count at `depth` (depth 0 = 1). The position is left unchanged. */
export function perft(position: Position, depth: number): number {
  if (!Number.isInteger(depth) || depth < 0) throw new RangeError(`perft depth must be a non-negative integer, got ${depth}`);
  if (depth === 0) return 1;
  const pos = position.clone();
  const buffers: Int32Array[] = [];
  for (let d = 0; d <= depth; d++) buffers.push(new Int32Array(MAX_MOVES));
  return perftRec(pos, depth, buffers);
}

/** Perft split by first move, in generation order. */
export function perftDivide(position: Position, depth: number): { move: Move; nodes: number }[] {
  if (!Number.isInteger(depth) || depth < 1) throw new RangeError(`perft divide depth must be ≥ 1, got ${depth}`);
  const out: { move: Move; nodes: number }[] = [];
  for (const move of position.legalMoves()) {
    const child = position.clone();
    child.play(move);
    out.push({ move, nodes: perft(child, depth - 1) });
  }
  return out;
}
