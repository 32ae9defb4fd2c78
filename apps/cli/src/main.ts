import { Command, CliIo, UsageError, processIo } from './cli-io';

/**
 * `chuhe COMMAND …` — the libraries offline, for arbiters and scripts.
 * Each command lives in commands/<name>.ts and exports `run: Command`; loaded lazily so a
 * command's start-up cost is paid only by that command.
 */
const COMMANDS: Record<string, { summary: string; load: () => Promise<{ run: Command; USAGE?: string }> }> = {
  perft: { summary: 'count leaf nodes of the legal move tree (perft)', load: async () => require('./commands/perft') as typeof import('./commands/perft') },
  moves: { summary: 'legal moves of a position in a notation', load: async () => require('./commands/moves') as typeof import('./commands/moves') },
  convert: {
    summary: 'convert a game record to another notation or PGN',
    load: async () => require('./commands/convert') as typeof import('./commands/convert'),
  },
  validate: {
    summary: 'replay a game record and report its first illegal move',
    load: async () => require('./commands/validate') as typeof import('./commands/validate'),
  },
  adjudicate: {
    summary: 'decide a repeated position by the 棋例 (AXF or CXA rules)',
    load: async () => require('./commands/adjudicate') as typeof import('./commands/adjudicate'),
  },
  'check-pairing': {
    summary: 'check a round of a tournament file against the pairing rules',
    load: async () => require('./commands/check-pairing') as typeof import('./commands/check-pairing'),
  },
  standings: {
    summary: 'standings with every tie-break and why each rank (二章6节)',
    load: async () => require('./commands/standings') as typeof import('./commands/standings'),
  },
  pair: {
    summary: 'pair the next round of a tournament file (Swiss, round-robin, 5+2, 6+1)',
    load: async () => require('./commands/pair') as typeof import('./commands/pair'),
  },
  withdraw: {
    summary: 'withdraw an entry from a tournament file: its later games become forfeits (二章7节2–4)',
    load: async () => require('./commands/withdraw') as typeof import('./commands/withdraw'),
  },
  trf: { summary: 'export a tournament file as FIDE TRF, or import TRF back', load: async () => require('./commands/trf') as typeof import('./commands/trf') },
  'round-robin': {
    summary: 'the 附录6 round-robin table for N entrants',
    load: async () => require('./commands/round-robin') as typeof import('./commands/round-robin'),
  }, // require: Jest runs CommonJS without vm modules
  knockout: {
    summary: 'knockout bracket for N seeds, or the next game of a knockout match (附录2 7b, 附录3 6)',
    load: async () => require('./commands/knockout') as typeof import('./commands/knockout'),
  },
};

function usage(): string {
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(14)} ${c.summary}`);
  return ['usage: chuhe COMMAND [options]', '', 'commands:', ...lines].join('\n');
}

export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(usage());
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.stderr(`chuhe: unknown command '${name}'\n${usage()}`);
    return 2;
  }
  // `chuhe COMMAND --help` on every command: what it does and its usage, exit 0 (issue 22).
  if (rest.includes('--help') || rest.includes('-h')) {
    const loaded = await command.load();
    io.stdout(`chuhe ${name}: ${command.summary}\n${loaded.USAGE ?? `usage: chuhe ${name} [options]`}`);
    return 0;
  }
  try {
    return await (await command.load()).run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`chuhe ${name}: ${error.message}`);
      return 2;
    }
    throw error;
  }
}

/** Entry point used by bin/chuhe.js. */
export function runFromProcess(): void {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`chuhe: internal error: ${error instanceof Error ? error.stack : String(error)}\n`);
      process.exitCode = 70;
    },
  );
}
