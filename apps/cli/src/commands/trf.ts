/**
 * `chuhe trf export [FILE] < tournament.json` — an individual Swiss tournament file as FIDE TRF
 * (for comparison with other pairing engines); `chuhe trf import [FILE] < field.trf` — TRF back
 * to a JSON tournament file. Mapping and limits: libs/pairing/src/trf/trf.ts.
 *
 * Exit 0: converted; 2: bad usage or input.
 */
import { makeTrf, parseTrf } from '@chuhe/pairing/trf/trf';
import { formatTournamentFileErrors, parseTournamentText } from '@chuhe/tournament/tournament-file';
import { Command, parseArgs, UsageError } from '../cli-io';

const USAGE = 'usage: chuhe trf export [FILE] < tournament.json | chuhe trf import [FILE] < field.trf';

export const run: Command = async (argv, io) => {
  const { flags, positionals } = parseArgs(argv);
  if (flags.size > 0) throw new UsageError(`unknown option --${[...flags.keys()][0]}\n${USAGE}`);
  const [mode, file, ...rest] = positionals;
  if ((mode !== 'export' && mode !== 'import') || rest.length > 0) throw new UsageError(USAGE);
  let text: string;
  try {
    text = file !== undefined ? io.readFile(file) : await io.readStdin();
  } catch (error) {
    io.stderr(`chuhe trf: cannot read ${file}: ${(error as Error).message}`);
    return 2;
  }
  if (mode === 'export') {
    const parsed = parseTournamentText(text);
    if (!parsed.ok) {
      io.stderr(`chuhe trf: the tournament file has errors:\n${formatTournamentFileErrors(parsed.error)}`);
      return 2;
    }
    if (parsed.value.options.eventKind !== 'individual' || parsed.value.options.gamesPerPairing !== 1) {
      io.stderr('chuhe trf: TRF export covers individual events with one game per pairing');
      return 2;
    }
    io.stdout(makeTrf(parsed.value));
    return 0;
  }
  const parsed = parseTrf(text);
  if (!parsed.ok) {
    io.stderr(`chuhe trf: the TRF has errors:\n${parsed.error.map((e) => (e.line ? `line ${e.line}: ` : '') + e.message).join('\n')}`);
    return 2;
  }
  io.stdout(JSON.stringify(parsed.value, null, 2));
  return 0;
};
