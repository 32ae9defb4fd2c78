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
  /** The board (team events) or the game of the table (a knockout match); null when the line named only the table. */
  board: number | null;
  /** The game of the board in a two-games-per-board team match ("12.3.2": table 12, board 3, game 2); null when not named. */
  leg?: number | null;
  result: GameResult;
}

export type ResultEntryProblem = { code: 'format'; text: string } | { code: 'result'; text: string; token: string };

export function isGameResult(value: unknown): value is GameResult {
  return typeof value === 'string' && (GAME_RESULTS as readonly string[]).includes(value);
}

/** Reads one keyboard line; says why it cannot (no table, or a result code it does not know). */
export function parseResultEntry(text: string): Result<ResultEntryLine, ResultEntryProblem> {
  const m =
    /^\s*(\d{1,4})(?:[./](\d{1,2})(?:[./](\d))?)?\s*[\s:,]\s*(\S+)\s*$/.exec(text) ?? /^\s*(\d{1,4})(?:[./](\d{1,2})(?:[./](\d))?)?([=+\-½]+)\s*$/.exec(text);
  if (!m) return err({ code: 'format', text });
  const token = m[4].toLowerCase();
  const result = Object.prototype.hasOwnProperty.call(RESULT_CODES, token) ? RESULT_CODES[token] : undefined;
  if (!result) return err({ code: 'result', text, token: m[4] });
  const line: ResultEntryLine = { table: Number(m[1]), board: m[2] === undefined ? null : Number(m[2]), result };
  if (m[3] !== undefined) line.leg = Number(m[3]);
  return ok(line);
}

/** A game of the sheet as the line reader sees it: where it sits, its kind, and whether it is still open. */
export interface SheetLineGame {
  table: number | null;
  /** Board of a team match, or the game's number within an individual pairing (knockout tie-breaks: 2, 3, …). */
  board: number;
  /** Game of the board in a two-games-per-board team match (二章5节4); 1 elsewhere. */
  leg: number;
  /** regular (the slow game, 正赛), rapid (快棋), armageddon (附录3 6: 和棋作黑胜论). */
  kind: string;
  open: boolean;
}

/**
 * What a game is called on the sheet: its key (what the keyboard line types to name it) and, in an
 * individual pairing of several games (a knockout match with its tie-break games, 附录2 7b,
 * 附录3 6; a two-game pairing), its kind with its number among the games of that kind: the slow
 * game, rapid 1, rapid 2 (a replayed rapid game), armageddon. `n` is null when the pairing has one
 * game of that kind. `kind` is null for a pairing of one game (nothing to tell apart) and for team
 * boards (the board number says it).
 */
export interface SheetGameLabel {
  key: string;
  kind: string | null;
  n: number | null;
}

/**
 * The sheet's labels for every game, in the order given. Keys: "12" for a table of one game, "12.2"
 * for game 2 of an individual table of several games, "12.3" for board 3 of a team match, "12.3.2"
 * for the second game of board 3 when the match plays two games per board.
 */
export function sheetGameLabels(games: readonly SheetLineGame[], team: boolean): SheetGameLabel[] {
  const byTable = new Map<string, SheetLineGame[]>();
  for (const g of games) {
    const k = String(g.table);
    const list = byTable.get(k) ?? [];
    list.push(g);
    byTable.set(k, list);
  }
  return games.map((g) => {
    const table = g.table === null ? '-' : String(g.table);
    const same = byTable.get(String(g.table)) ?? [g];
    if (team) {
      const legs = same.some((o) => o.board === g.board && o.leg !== g.leg);
      return { key: legs ? `${table}.${g.board}.${g.leg}` : `${table}.${g.board}`, kind: null, n: null };
    }
    if (same.length === 1) return { key: table, kind: null, n: null };
    const ofKind = same.filter((o) => o.kind === g.kind).sort((a, b) => a.board - b.board);
    return { key: `${table}.${g.board}`, kind: g.kind, n: ofKind.length > 1 ? ofKind.indexOf(g) + 1 : null };
  });
}

/** Why a line names no game of the sheet (the words are the page's; these are their codes and values). */
export type LineTargetProblem =
  | ResultEntryProblem
  | { code: 'no_game'; game: string }
  /** The table has several games and the line did not say which: the keys it could have typed. */
  | { code: 'which_game'; table: number; keys: string[] };

/**
 * The game a keyboard line names on a sheet (`games` with their labels from sheetGameLabels), or why
 * none. The plain table number is enough wherever it is unambiguous: a table of one game, or a table
 * of several games of which exactly one is still open (the knockout match's tie-break game being
 * played, the last board of a team match); otherwise the line must say which, and the answer lists
 * the keys. "12.2" names game 2 of an individual table of several games as it names board 2 of a
 * team match. One reader for the sheet's script and the server.
 */
export function resolveResultLine(
  text: string,
  games: readonly SheetLineGame[],
  labels: readonly Pick<SheetGameLabel, 'key'>[],
): Result<{ index: number; result: GameResult; key: string }, LineTargetProblem> {
  const parsed = parseResultEntry(text);
  if (!parsed.ok) return parsed;
  const { table, board, result } = parsed.value;
  const leg = parsed.value.leg ?? null;
  const onTable = games.map((g, index) => ({ g, index })).filter(({ g }) => g.table === table);
  const named = (board === null ? onTable : onTable.filter(({ g }) => g.board === board)).filter(({ g }) => leg === null || g.leg === leg);
  const game = board === null ? String(table) : leg === null ? `${table}.${board}` : `${table}.${board}.${leg}`;
  if (named.length === 0) return err({ code: 'no_game', game });
  if (named.length === 1) return ok({ index: named[0].index, result, key: labels[named[0].index].key });
  const open = named.filter(({ g }) => g.open);
  if (open.length === 1) return ok({ index: open[0].index, result, key: labels[open[0].index].key });
  return err({ code: 'which_game', table, keys: named.map(({ index }) => labels[index].key) });
}
