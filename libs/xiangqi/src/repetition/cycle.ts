/**
 * Replaying the moves and finding the last repetition: the final position (placement and side to
 * move) occurred before; the moves between its last earlier occurrence and the end are the cycle
 * (循环, 四章1节8 “演成归原状态”).
 */
import { parseIccs } from '../iccs';
import { parseMove } from '../notation';
import { Position } from '../position';
import { Move, Result, err, ok } from '../types';
import { RepetitionInputError } from './types';

export interface Replay {
  /** positions[i] is the position before move i (0-based); positions[moves.length] is the final one. */
  positions: Position[];
  moves: Move[];
  keys: string[];
}

/** Split a move list: spaces, commas, semicolons; move numbers (`1.`, `12...`) and results dropped. */
export function splitMoves(moves: string | readonly string[]): string[] {
  const raw = typeof moves === 'string' ? moves.split(/[\s,;]+/) : moves.flatMap((m) => String(m).split(/[\s,;]+/));
  return raw.map((t) => t.trim().replace(/^\d+\.+/, '')).filter((t) => t.length > 0 && !/^(\d+\.*|1-0|0-1|1\/2-1\/2|\*)$/.test(t));
}

export function replay(start: Position, tokens: readonly string[]): Result<Replay, RepetitionInputError> {
  const positions: Position[] = [start.clone()];
  const keys: string[] = [start.key()];
  const moves: Move[] = [];
  let pos = start.clone();
  for (let i = 0; i < tokens.length; i++) {
    let move = parseIccs(tokens[i]);
    if (!move) {
      const parsed = parseMove(pos, tokens[i]);
      if (!parsed.ok) {
        const code = parsed.error.code === 'syntax' ? 'bad_move' : 'illegal_move';
        return err(new RepetitionInputError(code, `move ${i + 1} '${tokens[i]}': ${parsed.error.message}`, { ply: i + 1, cause: parsed.error }));
      }
      move = parsed.value;
    }
    if (!pos.isLegal(move)) {
      return err(
        new RepetitionInputError('illegal_move', `move ${i + 1} '${tokens[i]}' is not legal for ${pos.turn} in ${pos.toFen()}`, {
          ply: i + 1,
        }),
      );
    }
    pos = pos.clone();
    pos.play(move);
    moves.push(move);
    positions.push(pos);
    keys.push(pos.key());
  }
  return ok({ positions, moves, keys });
}

export interface Cycle {
  /** 0-based index of the first move of the cycle. */
  start: number;
  /** 0-based index one past the last move (= moves.length, or the end of an earlier run). */
  end: number;
  /** How many times the final position occurred in the replay (≥ 2). */
  occurrences: number;
}

/**
 * Which cycle is judged when the final position occurred more than once before and the loops in
 * between differ (nested cycles, e.g. a side chasing one piece in one loop and another in the next):
 * - `shortest` (default): the shortest complete cycle that ends at the final position — from its
 *   last earlier occurrence. Each loop that returns to the same position is a complete 循环
 *   (四章1节8 “演成归原状态”; 第二节 2 B “凡演成循环归原状态”), and a side that perpetually chases one
 *   piece within it chases it (总纲 3), whatever it did in the loop before; 补充 3 judges each side
 *   on its moves in the one cycle shown.
 * - `window`: the whole window from the first occurrence of the final position, all loops together —
 *   a side that chases different pieces in different loops is then 分捉 (总纲 4), not 长捉.
 */
export const CYCLE_READINGS = ['shortest', 'window'] as const;
export type CycleReading = (typeof CYCLE_READINGS)[number];

/** The last repetition, or undefined when the final position is new. `end`: judge the prefix of that many plies. */
export function findCycle(r: Replay, reading: CycleReading = 'shortest', end = r.moves.length): Cycle | undefined {
  const n = end;
  const last = r.keys[n];
  let start = -1;
  let first = -1;
  let occurrences = 1;
  for (let i = n - 1; i >= 0; i--) {
    if (r.keys[i] === last) {
      if (start < 0) start = i;
      first = i;
      occurrences++;
    }
  }
  if (start < 0) return undefined;
  return { start: reading === 'window' ? first : start, end: n, occurrences };
}

/**
 * The repetitions of a record (issue 14: a cycle completed earlier in the record): each maximal run
 * of plies whose position occurred before (same placement, same side to move), as the ply count
 * `end` at which the run ends — the cycle judged for a run is the one that ends there. The last run
 * may end at the final position.
 */
export function repetitionRuns(r: Replay): number[] {
  const seen = new Set<string>([r.keys[0]]);
  const ends: number[] = [];
  let inRun = false;
  for (let j = 1; j < r.keys.length; j++) {
    const rep = seen.has(r.keys[j]);
    seen.add(r.keys[j]);
    if (rep) inRun = true;
    else if (inRun) {
      ends.push(j - 1);
      inRun = false;
    }
  }
  if (inRun) ends.push(r.keys.length - 1);
  return ends;
}
