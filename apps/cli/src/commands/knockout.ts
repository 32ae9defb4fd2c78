/**
 * `chuhe knockout bracket N [--json]` — the seeded knockout bracket for N entrants (seeds 1…N),
 * byes for the top seeds when N is not a power of two (libs/pairing knockout-bracket.ts).
 *   --json: {"entrants":5,"size":8,"rounds":3,"matches":[{"match":1,"top":1,"bottom":null},…]}
 *   (seed numbers; bottom null = top has a bye; top is the better seed).
 *
 * `chuhe knockout next [FILE] [--json] < match.json` — the next game of a knockout match, or its
 * winner (libs/pairing knockout-match.ts): the regular game, then a rapid game with colours
 * reversed; then
 *   5+2 (附录2 7b "正赛及快棋赛均和再和则以执后手者为胜"): the rapid game drawn too → the player who
 *       had Black in it wins; there is no third game;
 *   6+1 (附录3 6, the final): a last rapid (armageddon) game where a draw counts as a win for Black.
 * The match file:
 *
 *   {
 *     "format": "5+2",                 // "5+2" (附录2 7b, default) or "6+1" (附录3 6, the final)
 *     "first": "p1",                   // Red in the first game
 *     "second": "p4",
 *     "games": [                       // the games so far, in order; result null = on the board
 *       { "red": "p1", "black": "p4", "result": "draw" }
 *     ]
 *   }
 *
 * (In a championship tournament file the match is one pairing: "first" is the pairing's red and
 * "games" its games, libs/pairing/src/championship-system.ts.) Prints e.g.
 *   next: game 2 (rapid): p4 Red, p1 Black, 30'+30" both, no score sheet
 *   winner: p1 (decided by the rapid game); p4 is out
 *   winner: p1 (decided by the rapid game, drawn: a draw counts as a win for Black, 附录2 7b); p4 is out
 * --json prints the state: {"status":"next","game":{"number":2,"kind":"rapid","red":"p4",…,"drawWinner":"black"}}
 * or {"status":"decided","winner":"p1","loser":"p4","decidedBy":"rapid","drawCountedFor":"black"}
 * (drawCountedFor only when a drawn game decided; also in_progress, no_winner).
 *
 * Exit 0: answered; 2: bad usage, an unreadable file, or games that do not fit the match.
 */
import { knockoutBracket } from '@chuhe/pairing';
import {
  FIVE_PLUS_TWO_KNOCKOUT,
  KnockoutMatchFormat,
  KnockoutMatchState,
  knockoutMatchState,
  MatchGame,
  SIX_PLUS_ONE_FINAL,
  TimeControl,
} from '@chuhe/pairing';
import { GAME_RESULTS, GameResult } from '@chuhe/tournament';
import { Command, CliIo, onlyFlags, parseArgs, readInput, UsageError } from '../cli-io';

export const USAGE = 'usage: chuhe knockout bracket N [--json]\n       chuhe knockout next [FILE] [--json] < match.json';

export const KNOCKOUT_MATCH_FORMATS: Record<string, KnockoutMatchFormat> = {
  '5+2': FIVE_PLUS_TWO_KNOCKOUT,
  '6+1': SIX_PLUS_ONE_FINAL,
};

export interface KnockoutMatchFile {
  format: KnockoutMatchFormat;
  first: string;
  second: string;
  games: MatchGame[];
}

const MATCH_FIELDS = ['format', 'first', 'second', 'games'];
const GAME_FIELDS = ['red', 'black', 'result'];

/** Check the match JSON; every problem with its JSON path. */
export function parseKnockoutMatch(json: unknown): { ok: true; value: KnockoutMatchFile } | { ok: false; error: string[] } {
  const errors: string[] = [];
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(json)) return { ok: false, error: ['$: a match is a JSON object {format, first, second, games}'] };
  for (const k of Object.keys(json)) if (!MATCH_FIELDS.includes(k)) errors.push(`$.${k}: unknown field (allowed: ${MATCH_FIELDS.join(', ')})`);
  const formatName = json.format ?? '5+2';
  const format = typeof formatName === 'string' ? KNOCKOUT_MATCH_FORMATS[formatName] : undefined;
  if (!format)
    errors.push(
      `$.format: must be one of ${Object.keys(KNOCKOUT_MATCH_FORMATS)
        .map((f) => `"${f}"`)
        .join(', ')}, got ${JSON.stringify(formatName)}`,
    );
  const id = (v: unknown, path: string): string => {
    if (typeof v === 'string' && v !== '') return v;
    errors.push(`${path}: must be a non-empty string (a player id)`);
    return '';
  };
  const first = id(json.first, '$.first');
  const second = id(json.second, '$.second');
  if (first !== '' && first === second) errors.push('$.second: the two players must differ');
  const games: MatchGame[] = [];
  if (json.games !== undefined && !Array.isArray(json.games)) errors.push('$.games: must be an array of {red, black, result}');
  else
    ((json.games as unknown[] | undefined) ?? []).forEach((g, i) => {
      const p = `$.games[${i}]`;
      if (!isObject(g)) return errors.push(`${p}: a game is an object {red, black, result}`);
      for (const k of Object.keys(g)) if (!GAME_FIELDS.includes(k)) errors.push(`${p}.${k}: unknown field (allowed: ${GAME_FIELDS.join(', ')})`);
      const result = g.result ?? null;
      if (result !== null && !(GAME_RESULTS as readonly unknown[]).includes(result)) {
        errors.push(`${p}.result: must be null or one of ${GAME_RESULTS.join(', ')}, got ${JSON.stringify(result)}`);
      }
      games.push({ red: id(g.red, `${p}.red`), black: id(g.black, `${p}.black`), result: result as GameResult | null });
    });
  return errors.length > 0 || !format ? { ok: false, error: errors } : { ok: true, value: { format, first, second, games } };
}

function clock(tc: TimeControl): string {
  return `${tc.baseMinutes}'+${tc.incrementSeconds}"`;
}

export function formatMatchState(s: KnockoutMatchState): string {
  switch (s.status) {
    case 'next':
    case 'in_progress': {
      const g = s.game;
      const tc = g.timeControl;
      const clocks = tc.red === tc.black ? `${clock(tc.red)} both` : `Red ${clock(tc.red)}, Black ${clock(tc.black)}`;
      const sheet = tc.red.recordMoves ? 'score sheet kept' : 'no score sheet';
      const draw = g.drawWinner ? `; a draw counts as a win for ${g.drawWinner === 'black' ? `Black (${g.black})` : `Red (${g.red})`}` : '';
      return `${s.status === 'next' ? 'next' : 'in progress'}: game ${g.number} (${g.kind}): ${g.red} Red, ${g.black} Black, ${clocks}, ${sheet}${draw}`;
    }
    case 'decided': {
      // 附录2 7b (the 5+2 rapid game) / 附录3 6 (the armageddon game): a draw counts for Black.
      const rule = s.decidedBy === 'armageddon' ? '附录3 6' : '附录2 7b';
      const draw = s.drawCountedFor ? `, drawn: a draw counts as a win for ${s.drawCountedFor === 'black' ? 'Black' : 'Red'}, ${rule}` : '';
      return `winner: ${s.winner} (decided by the ${s.decidedBy} game${draw}); ${s.loser} is out`;
    }
    case 'awaiting_lot':
      return 'awaiting the lot for the armageddon colours';
    case 'no_winner':
      return s.reason === 'double_forfeit'
        ? 'no winner: double forfeit — the chief arbiter decides'
        : 'no winner: tied with no tie-break left — the chief arbiter decides';
  }
}

async function bracket(args: string[], json: boolean, io: CliIo): Promise<number> {
  if (args.length !== 1) throw new UsageError(`expected one number of entrants\n${USAGE}`);
  if (!/^\d+$/.test(args[0])) throw new UsageError(`N must be a whole number, got '${args[0]}'\n${USAGE}`);
  const n = Number(args[0]);
  if (n > 4096) throw new UsageError(`N must be at most 4096, got ${n}`);
  const seeds = Array.from({ length: n }, (_, i) => i + 1);
  const b = knockoutBracket(seeds);
  if (!b.ok) {
    io.stderr(`chuhe knockout: ${b.error.message}`);
    return 2;
  }
  const matches = b.value.firstRound.map((m) => ({ match: m.match, top: m.top.seed, bottom: m.bottom === null ? null : m.bottom.seed }));
  if (json) {
    io.stdout(JSON.stringify({ entrants: b.value.entrants, size: b.value.size, rounds: b.value.rounds, matches }));
    return 0;
  }
  const width = String(n).length;
  const lines = [
    `Knockout bracket for ${n} entrants: size ${b.value.size}, ${b.value.rounds} round${b.value.rounds === 1 ? '' : 's'}; ${b.value.size - n} bye${b.value.size - n === 1 ? '' : 's'} (seed numbers).`,
    '',
    ...matches.map((m) => `${String(m.match).padStart(5)}  ${String(m.top).padStart(width)} - ${m.bottom === null ? 'bye' : String(m.bottom).padStart(width)}`),
  ];
  io.stdout(lines.join('\n'));
  return 0;
}

async function next(args: string[], json: boolean, io: CliIo): Promise<number> {
  if (args.length > 1) throw new UsageError(`at most one FILE\n${USAGE}`);
  const text = await readInput(io, 'knockout', args[0]);
  if (text === null) return 2;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    io.stderr(`chuhe knockout: the match is not JSON: ${(error as Error).message}`);
    return 2;
  }
  const parsed = parseKnockoutMatch(raw);
  if (!parsed.ok) {
    io.stderr(`chuhe knockout: the match file has errors:\n${parsed.error.join('\n')}`);
    return 2;
  }
  const { format, first, second, games } = parsed.value;
  const state = knockoutMatchState(format, { first, second }, games);
  if (!state.ok) {
    io.stderr(`chuhe knockout: ${state.error.message}`);
    return 2;
  }
  io.stdout(json ? JSON.stringify(state.value) : formatMatchState(state.value));
  return 0;
}

export const run: Command = async (argv, io) => {
  const { flags, positionals } = parseArgs(argv, ['json']);
  onlyFlags(flags, ['json'], USAGE);
  const [sub, ...args] = positionals;
  if (sub === 'bracket') return bracket(args, flags.has('json'), io);
  if (sub === 'next') return next(args, flags.has('json'), io);
  throw new UsageError(sub === undefined ? USAGE : `unknown subcommand '${sub}'\n${USAGE}`);
};
