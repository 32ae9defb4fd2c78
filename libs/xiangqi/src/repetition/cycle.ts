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
  return raw
    .map((t) => t.trim().replace(/^\d+\.+/, ''))
    .filter((t) => t.length > 0 && !/^(\d+\.*|1-0|0-1|1\/2-1\/2|\*)$/.test(t));
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
        return err(
          new RepetitionInputError(code, `move ${i + 1} '${tokens[i]}': ${parsed.error.message}`, { ply: i + 1, cause: parsed.error }),
        );
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
  /** 0-based index one past the last move (= moves.length). */
  end: number;
  /** How many times the final position occurred in the replay (≥ 2). */
  occurrences: number;
}

/** The last repetition, or undefined when the final position is new. */
export function findCycle(r: Replay): Cycle | undefined {
  const n = r.moves.length;
  const last = r.keys[n];
  let start = -1;
  let occurrences = 1;
  for (let i = n - 1; i >= 0; i--) {
    if (r.keys[i] === last) {
      if (start < 0) start = i;
      occurrences++;
    }
  }
  return start < 0 ? undefined : { start, end: n, occurrences };
}
