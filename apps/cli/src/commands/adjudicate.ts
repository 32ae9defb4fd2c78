/**
 * `chuhe adjudicate` — the 棋例 adjudicator (四章) for arbiters and scripts.
 *
 *   chuhe adjudicate --fen FEN --moves "h2e2 h9g7 …" [--rules axf|cxa] [--cycle shortest|window] [--lenient] [--json]
 *   chuhe adjudicate --record FILE [--fen FEN] [--rules axf|cxa] [--cycle shortest|window] [--lenient] [--json]
 *   chuhe adjudicate --batch FILE [--rules axf|cxa] [--cycle shortest|window] [--lenient]   (JSON array of {fen, moves} → JSON array)
 *
 * --json prints the Adjudication (libs/xiangqi/src/repetition/API.md): `result` is red_loses |
 * black_loses | draw | none (for the final position); `cycles` lists every repetition of the record
 * with its verdict and ply range. Without it: the verdict, every cycle of the record (issue 14: an
 * arbiter asked about a record wants the cycle that was a violation even if the last move departed
 * from it), then each move of the final cycle with its kinds and reasons, the articles and the
 * explanation. --cycle picks the reading for nested cycles (default shortest, see
 * libs/xiangqi/src/repetition/cycle.ts); --lenient accepts a start position typed from a diagram
 * (one king each in its palace, at most the standard number of pieces) with a warning.
 * Exit 0 with an answer, 2 for bad usage or input.
 */
import { Adjudication, RULE_SETS, RuleSet, adjudicate } from '@chuhe/xiangqi';
import { KIND_ZH } from '@chuhe/xiangqi';
import { Command, UsageError, parseArgs } from '../cli-io';

export const USAGE = [
  'usage: chuhe adjudicate --fen FEN --moves "h2e2 h9g7 …" [--rules axf|cxa] [--cycle shortest|window] [--lenient] [--json]',
  '       chuhe adjudicate --record FILE [--fen FEN] [--rules axf|cxa] [--cycle shortest|window] [--lenient] [--json]',
  '       chuhe adjudicate --batch FILE [--rules axf|cxa] [--cycle shortest|window] [--lenient]',
  "  --record lists every cycle of the record with its verdict; the verdict is the final position's.",
  '  --cycle    nested cycles: judge the shortest cycle ending at the final position (default) or the whole window',
  '  --lenient  accept positions no game reaches (typed from a diagram), with a warning',
].join('\n');
const FLAGS = ['fen', 'moves', 'rules', 'json', 'batch', 'record', 'cycle', 'lenient'];
const READINGS = ['shortest', 'window'] as const;
type Reading = (typeof READINGS)[number];

const VERDICT_TEXT: Record<Adjudication['result'], string> = {
  red_loses: 'red_loses — Red must change its move, or loses (红方须变着，不变作负)',
  black_loses: 'black_loses — Black must change its move, or loses (黑方须变着，不变作负)',
  draw: 'draw — if neither side changes, the game is drawn (双方不变作和)',
  none: 'none — no repeated position (未形成重复局面)',
};

export function formatAdjudication(a: Adjudication): string {
  const lines = [`Verdict: ${VERDICT_TEXT[a.result]}   [rules: ${a.rules}]`];
  for (const w of a.warnings ?? []) lines.push(`Warning (lenient FEN): ${w}`);
  const cycles = a.cycles ?? [];
  if (cycles.length > 0) {
    lines.push(`Cycles in the record (${cycles.length}; reading: ${a.cycleReading ?? 'shortest'}):`);
    for (const c of cycles) {
      const who = (['red', 'black'] as const).map((side) => `${side} ${c.sides[side].pattern}${c.sides[side].violation ? ' (violation)' : ''}`);
      lines.push(
        `  plies ${c.startPly}–${c.endPly} (${c.plies} plies, repeated from ply ${c.firstRepeatPly}${c.final ? ', up to the final position' : ''}): ` +
          `${c.result}; ${who.join(', ')}; ${c.articles.join(', ')}`,
      );
    }
  }
  if (a.cycle) {
    lines.push(`Cycle: plies ${a.cycle.startPly}–${a.cycle.endPly} (${a.cycle.plies} plies; position seen ${a.cycle.occurrences} times)`);
    for (const side of ['red', 'black'] as const) {
      const s = a.sides[side];
      lines.push(`${side.padEnd(5)}: ${s.label.zh} (${s.label.en})${s.violation ? ' — VIOLATION' : ''}; ${s.reason}`);
    }
    lines.push('', 'Moves:');
    for (const m of a.moves) {
      lines.push(`  ${String(m.ply).padStart(3)}. ${m.side.padEnd(5)} ${m.iccs}  ${KIND_ZH[m.primary]} ${m.primary}`);
      for (const k of m.kinds) lines.push(`         - ${KIND_ZH[k.kind]} ${k.kind}: ${k.reason}`);
    }
    lines.push('', `Articles: ${a.articles.join(', ')}`);
  }
  lines.push(a.explanation.zh, a.explanation.en);
  return lines.join('\n');
}

function parseRules(value: string | true | undefined): RuleSet {
  if (value === undefined) return 'axf';
  if (value === true || !(RULE_SETS as readonly string[]).includes(value)) throw new UsageError(`--rules must be axf or cxa\n${USAGE}`);
  return value as RuleSet;
}

function parseReading(value: string | true | undefined): Reading {
  if (value === undefined) return 'shortest';
  if (value === true || !(READINGS as readonly string[]).includes(value)) throw new UsageError(`--cycle must be shortest or window\n${USAGE}`);
  return value as Reading;
}

function stringFlag(flags: Map<string, string | true>, name: string): string | undefined {
  const v = flags.get(name);
  if (v === true) throw new UsageError(`--${name} needs a value\n${USAGE}`);
  return v;
}

export const run: Command = async (argv, io) => {
  const { flags, positionals } = parseArgs(argv, ['json', 'help', 'lenient']);
  if (flags.has('help')) {
    io.stdout(USAGE);
    return 0;
  }
  for (const flag of flags.keys()) if (!FLAGS.includes(flag)) throw new UsageError(`unknown option --${flag}\n${USAGE}`);
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'\n${USAGE}`);
  const rules = parseRules(flags.get('rules'));
  const cycleReading = parseReading(flags.get('cycle'));
  const lenient = flags.has('lenient');
  const batch = stringFlag(flags, 'batch');
  if (batch !== undefined) {
    if (flags.has('moves') || flags.has('record')) throw new UsageError(`--batch cannot be combined with --moves or --record\n${USAGE}`);
    let items: unknown;
    try {
      items = JSON.parse(io.readFile(batch));
    } catch (error) {
      io.stderr(`chuhe adjudicate: cannot read ${batch} as JSON: ${error instanceof Error ? error.message : String(error)}`);
      return 2;
    }
    if (!Array.isArray(items)) {
      io.stderr(`chuhe adjudicate: ${batch} must hold a JSON array of {"fen": …, "moves": …}`);
      return 2;
    }
    const out = items.map((item: unknown, i: number) => {
      if (!item || typeof item !== 'object') return { index: i, error: { code: 'bad_input', message: 'expected {"fen", "moves"}' } };
      const { fen, moves, record } = item as { fen?: string; moves?: string | string[]; record?: string };
      const r = adjudicate({ fen, moves, record, rules, cycleReading, lenient });
      return r.ok ? r.value : { index: i, error: { code: r.error.code, message: r.error.message, ...(r.error.ply ? { ply: r.error.ply } : {}) } };
    });
    io.stdout(JSON.stringify(out));
    return 0;
  }
  const fen = stringFlag(flags, 'fen');
  const movesText = stringFlag(flags, 'moves');
  const recordFile = stringFlag(flags, 'record');
  if (movesText === undefined && recordFile === undefined) throw new UsageError(`give --moves, --record or --batch\n${USAGE}`);
  if (movesText !== undefined && recordFile !== undefined) throw new UsageError(`give --moves or --record, not both\n${USAGE}`);
  let record: string | undefined;
  if (recordFile !== undefined) {
    try {
      record = io.readFile(recordFile);
    } catch (error) {
      io.stderr(`chuhe adjudicate: cannot read ${recordFile}: ${error instanceof Error ? error.message : String(error)}`);
      return 2;
    }
  }
  const r = adjudicate({ fen, moves: movesText, record, rules, cycleReading, lenient });
  if (!r.ok) {
    io.stderr(`chuhe adjudicate: ${r.error.message} [${r.error.code}]`);
    return 2;
  }
  if (flags.has('json')) for (const w of r.value.warnings ?? []) io.stderr(`chuhe adjudicate: warning (lenient FEN): ${w}`);
  io.stdout(flags.has('json') ? JSON.stringify(r.value, null, 2) : formatAdjudication(r.value));
  return 0;
};
