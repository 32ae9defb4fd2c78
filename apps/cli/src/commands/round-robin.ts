/**
 * `chuhe round-robin N [--json] [--double]` — the 附录6 round-robin table for N entrants.
 *
 * --json prints `{"rounds":[{"round":1,"pairs":[[red,black],…],"bye":k|null},…]}` (draw numbers;
 * the first of each pair plays Red, 附录6 用法 1). Without it, a table for people.
 * --double adds the second cycle with colours reversed.
 */
import { doubleRoundRobinTable, roundRobinTable, RoundRobinTable } from '@chuhe/pairing';
import { Command, onlyFlags, parseArgs, UsageError } from '../cli-io';

export const USAGE = 'usage: chuhe round-robin N [--json] [--double]';

export function formatRoundRobinTable(table: RoundRobinTable): string {
  const width = String(table.entrants).length;
  const pad = (n: number) => String(n).padStart(width);
  const lines = [`Round-robin for ${table.entrants} entrants (附录6); in each pair the first number plays Red.`, '', `${'Round'.padStart(5)}  Pairings`];
  for (const r of table.rounds) {
    const pairs = r.pairs.map(([red, black]) => `${pad(red)} - ${pad(black)}`).join('   ');
    lines.push(`${String(r.round).padStart(5)}  ${pairs}${r.bye === null ? '' : `   bye ${r.bye}`}`);
  }
  return lines.join('\n');
}

export const run: Command = async (argv, io) => {
  const { flags, positionals } = parseArgs(argv, ['json', 'double']);
  onlyFlags(flags, ['json', 'double'], USAGE);
  if (positionals.length !== 1) throw new UsageError(`expected one number of entrants\n${USAGE}`);
  if (!/^\d+$/.test(positionals[0])) throw new UsageError(`N must be a whole number, got '${positionals[0]}'\n${USAGE}`);
  const n = Number(positionals[0]);
  const table = flags.has('double') ? doubleRoundRobinTable(n) : roundRobinTable(n);
  if (!table.ok) {
    io.stderr(`chuhe round-robin: ${table.error.message}`);
    return 2;
  }
  if (flags.has('json')) {
    io.stdout(JSON.stringify({ rounds: table.value.rounds.map((r) => ({ round: r.round, pairs: r.pairs, bye: r.bye })) }));
  } else {
    io.stdout(formatRoundRobinTable(table.value));
  }
  return 0;
};
