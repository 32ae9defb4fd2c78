import { GAME_RESULTS, type GameResult } from './model';
import { err, ok, type Result } from './result';

/**
 * The arbiter's keyboard line on the result sheet: "12 1" (table 12, Red wins), "12 =", "12 0",
 * "12 +", "12 -", "12.3 1" (team events: table 12, board 3). One reader for the sheet's script and
 * the server, so a line means the same thing with and without JavaScript. The codes name results of
 * the GAME_RESULTS vocabulary; penalty results (一章3节) need a reason and are entered on the game's
 * own row, so they have no code here.
 */
export const RESULT_CODES: Readonly<Record<string, GameResult>> = {
  '1': 'red_win',
  '1-0': 'red_win',
  '=': 'draw',
  '½': 'draw',
  '0.5': 'draw',
  '1/2': 'draw',
  d: 'draw',
  '0': 'black_win',
  '0-1': 'black_win',
  '+': 'red_win_forfeit', // 零迟到 (二章7节1): Black absent
  '+-': 'red_win_forfeit',
  '-': 'black_win_forfeit',
  '-+': 'black_win_forfeit',
  '--': 'double_forfeit',
};

export interface ResultEntryLine {
  table: number;
  /** The board (team events); null when the line named only the table. */
  board: number | null;
  result: GameResult;
}

export type ResultEntryProblem = { code: 'format'; text: string } | { code: 'result'; text: string; token: string };

export function isGameResult(value: unknown): value is GameResult {
  return typeof value === 'string' && (GAME_RESULTS as readonly string[]).includes(value);
}

/** Reads one keyboard line; says why it cannot (no table, or a result code it does not know). */
export function parseResultEntry(text: string): Result<ResultEntryLine, ResultEntryProblem> {
  const m = /^\s*(\d{1,4})(?:[./](\d{1,2}))?\s*[\s:,]\s*(\S+)\s*$/.exec(text) ?? /^\s*(\d{1,4})(?:[./](\d{1,2}))?([=+\-½]+)\s*$/.exec(text);
  if (!m) return err({ code: 'format', text });
  const token = m[3].toLowerCase();
  const result = Object.prototype.hasOwnProperty.call(RESULT_CODES, token) ? RESULT_CODES[token] : undefined;
  if (!result) return err({ code: 'result', text, token: m[3] });
  return ok({ table: Number(m[1]), board: m[2] === undefined ? null : Number(m[2]), result });
}
