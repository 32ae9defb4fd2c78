/**
 * What an entered record tells the arbiter, beside its legality: whether its last position fits
 * the game's result, and the rules a record can show were met — the natural move limit (二章4节),
 * 16 unrecorded moves (二章3节6), an agreed draw within 20 moves (二章8节12). Also who enters the
 * record (二章3节7). `flag` findings need the arbiter; `note`s explain.
 */
import { MAX_COUNTED_CHECKS, MOVE_LIMIT_PLIES } from './move-limit';
import { Game, describeEnd, endResult } from './record';
import { Side } from './types';

/** How the game ended for the record's purposes (libs/tournament's result names, folded). */
export type RecordResult = 'red_win' | 'black_win' | 'draw' | 'none';

export interface RecordFinding {
  code: 'end_consistent' | 'end_needs_no_mate' | 'end_contradicts' | 'natural_move_limit' | 'unrecorded_moves' | 'unrecorded_moves_loss' | 'early_draw';
  severity: 'flag' | 'note';
  article: string;
  message: string;
  /** The ply the finding is about, if any. */
  ply?: number;
  side?: Side;
}

/** 二章8节12: an agreed draw within the first 20 moves (40 plies). */
export const EARLY_DRAW_PLIES = 40;
/** 二章3节6: 16 unrecorded moves in one game lose it. */
export const UNRECORDED_MOVES_LOSS = 16;

/** Folds a stored result (red_win_forfeit, black_win_penalty …) to who won. */
export function recordResultOf(result: string | null | undefined): RecordResult {
  if (!result) return 'none';
  if (result.startsWith('red_win')) return 'red_win';
  if (result.startsWith('black_win')) return 'black_win';
  if (result === 'draw') return 'draw';
  return 'none';
}

/** 二章3节7: the winner enters the moves; on a draw, Red. Undefined while there is no result. */
export function recordEntrant(result: RecordResult): Side | undefined {
  if (result === 'red_win') return 'red';
  if (result === 'black_win') return 'black';
  if (result === 'draw') return 'red';
  return undefined;
}

/** The first ply at which 100 plies have passed without a capture (二章4节), or undefined. */
export function moveLimitReachedAt(game: Game): { ply: number; checks: Record<Side, number> } | undefined {
  let since = 0;
  const checks: Record<Side, number> = { red: 0, black: 0 };
  for (const p of game.plies) {
    if (p.captured) {
      since = 0;
      checks.red = 0;
      checks.black = 0;
      continue;
    }
    since++;
    if (p.check) checks[p.side]++;
    if (since >= MOVE_LIMIT_PLIES) return { ply: p.ply, checks: { ...checks } };
  }
  return undefined;
}

export interface RecordFindingsInput {
  result: RecordResult;
  /** Moves each side left out of its written record (entered by the player or the arbiter). */
  unrecorded?: Partial<Record<Side, number>>;
}

export function recordFindings(game: Game, input: RecordFindingsInput): RecordFinding[] {
  const out: RecordFinding[] = [];
  const { result } = input;
  const implied = endResult(game.end);
  const resultToken = result === 'red_win' ? '1-0' : result === 'black_win' ? '0-1' : result === 'draw' ? '1/2-1/2' : undefined;
  // The last position against the result (四章2节1A: a mate, 困毙 or 自杀着法 decides the game).
  if (resultToken) {
    if (game.end.kind !== 'ongoing') {
      out.push(
        implied === resultToken
          ? { code: 'end_consistent', severity: 'note', article: '四章2节1A', message: `${describeEnd(game.end)}: consistent with ${resultToken}` }
          : {
              code: 'end_contradicts',
              severity: 'flag',
              article: '四章2节1A',
              message: `${describeEnd(game.end)} (${implied}), but the result is ${resultToken}`,
            },
      );
    } else if (result !== 'draw') {
      out.push({
        code: 'end_needs_no_mate',
        severity: 'note',
        article: '四章2节1',
        message: `no mate on the board: ${resultToken} by resignation, time or a penalty needs none`,
      });
    }
  }
  const limit = moveLimitReachedAt(game);
  if (limit) {
    const over = (s: Side) =>
      limit.checks[s] > MAX_COUNTED_CHECKS ? `; ${s} gave ${limit.checks[s]} checks, those beyond 10 do not count for a claim by ${s}` : '';
    out.push({
      code: 'natural_move_limit',
      severity: 'flag',
      article: '二章4节',
      ply: limit.ply,
      message: `100 plies without a capture at ply ${limit.ply} (自然限着): a draw unless the checks beyond 10 of the side claiming push it later${over('red')}${over('black')}`,
    });
  }
  for (const side of ['red', 'black'] as const) {
    const n = input.unrecorded?.[side] ?? 0;
    if (n >= UNRECORDED_MOVES_LOSS) {
      out.push({
        code: 'unrecorded_moves_loss',
        severity: 'flag',
        article: '二章3节6',
        side,
        message: `${side} left ${n} moves unrecorded: 16 or more lose the game`,
      });
    } else if (n > 0) {
      out.push({ code: 'unrecorded_moves', severity: 'note', article: '二章3节6', side, message: `${side} left ${n} moves unrecorded (16 lose the game)` });
    }
  }
  if (result === 'draw' && game.plies.length < EARLY_DRAW_PLIES) {
    out.push({
      code: 'early_draw',
      severity: 'flag',
      article: '二章8节12',
      message: `a draw after ${game.plies.length} plies, within the first 20 moves: needs the chief arbiter's consent`,
    });
  }
  return out;
}
