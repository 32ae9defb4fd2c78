/**
 * What the 棋例 adjudication (四章) starts from: the positions of a game by key, how often each
 * has occurred, and the cycle of moves between two occurrences of the same position.
 * "Same position" = same placement and same side to move (Position.key()).
 */
import { Position } from './position';
import { Move } from './types';

export interface PositionHistory {
  /** keys[i] = key of the position after ply i (keys[0] = the start). */
  keys: string[];
  moves: Move[];
}

export function buildHistory(start: Position, moves: readonly Move[]): PositionHistory {
  const pos = start.clone();
  const keys = [pos.key()];
  for (const m of moves) {
    pos.play(m);
    keys.push(pos.key());
  }
  return { keys, moves: [...moves] };
}

/** Plies (0 = start) at which the position after `ply` occurred, up to and including `ply`. */
export function occurrencesOf(history: PositionHistory, ply: number): number[] {
  const key = history.keys[ply];
  const out: number[] = [];
  if (key === undefined) return out;
  for (let i = 0; i <= ply; i++) if (history.keys[i] === key) out.push(i);
  return out;
}

/** How many times the position after `ply` has occurred so far (1 = first time). */
export function occurrenceCount(history: PositionHistory, ply: number): number {
  return occurrencesOf(history, ply).length;
}

/** Occurrence count of every key over the whole history. */
export function occurrenceCounts(history: PositionHistory): Map<string, number> {
  const counts = new Map<string, number>();
  for (const k of history.keys) counts.set(k, (counts.get(k) ?? 0) + 1);
  return counts;
}

export interface RepetitionCycle {
  /** Ply of the earlier occurrence (0 = start). */
  from: number;
  /** Ply of the later occurrence. */
  to: number;
  /** The moves played between them: plies from+1 … to. */
  moves: Move[];
}

/** The cycle between two occurrences of the same position, or undefined if they differ. */
export function cycleBetween(history: PositionHistory, from: number, to: number): RepetitionCycle | undefined {
  if (!(from >= 0 && to > from && to < history.keys.length)) return undefined;
  if (history.keys[from] !== history.keys[to]) return undefined;
  return { from, to, moves: history.moves.slice(from, to) };
}

/** The shortest cycle ending at the last position, if that position occurred before. */
export function lastCycle(history: PositionHistory): RepetitionCycle | undefined {
  const to = history.keys.length - 1;
  const occ = occurrencesOf(history, to);
  if (occ.length < 2) return undefined;
  return cycleBetween(history, occ[occ.length - 2], to);
}
