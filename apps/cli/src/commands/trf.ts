/**
 * `chuhe trf export [FILE] [--rounds N] < tournament.json` — an individual Swiss tournament file
 * as FIDE TRF (for comparison with other pairing engines); `XXR` is the event's total rounds:
 * `--rounds N`, else options.totalRounds, else the rounds played (another engine then cannot pair
 * a further round: a note on stderr says so). Draw numbers above 9,999 do not fit TRF's 4 columns
 * and are refused.
 * `chuhe trf import [FILE] < field.trf` — TRF (CR, LF or CRLF line ends, as bbpPairings and
 * JaVaFo write it) back to a JSON tournament file; a file without player lines is an error.
 * Mapping and limits: libs/pairing/src/trf/trf.ts.
 *
 * Exit 0: converted; 2: bad usage or input.
 */
import { makeTrf, parseTrf, recordedTotalRounds, TrfError } from '@chuhe/pairing';
import { formatTournamentFileErrors, parseTournamentText } from '@chuhe/tournament';
import { Command, onlyFlags, parseArgs, readInput, UsageError } from '../cli-io';

export const USAGE = 'usage: chuhe trf export [FILE] [--rounds N] < tournament.json | chuhe trf import [FILE] < field.trf';

const formatErrors = (errors: readonly TrfError[]): string => errors.map((e) => (e.line ? `line ${e.line}: ` : '') + e.message).join('\n');

export const run: Command = async (argv, io) => {
  const { flags, positionals } = parseArgs(argv);
  onlyFlags(flags, ['rounds'], USAGE);
  const [mode, file, ...rest] = positionals;
  if ((mode !== 'export' && mode !== 'import') || rest.length > 0) throw new UsageError(USAGE);
  const roundsFlag = flags.get('rounds');
  if (roundsFlag !== undefined && (mode !== 'export' || roundsFlag === true || !/^[1-9]\d*$/.test(roundsFlag))) {
    throw new UsageError(`--rounds N (the event's total rounds, ≥ 1) is for export\n${USAGE}`);
  }
  const text = await readInput(io, 'trf', file);
  if (text === null) return 2;
  if (mode === 'export') {
    const parsed = parseTournamentText(text);
    if (!parsed.ok) {
      io.stderr(`chuhe trf: the tournament file has errors:\n${formatTournamentFileErrors(parsed.error)}`);
      return 2;
    }
    const tournament = parsed.value;
    if (tournament.options.eventKind !== 'individual' || tournament.options.gamesPerPairing !== 1) {
      io.stderr('chuhe trf: TRF export covers individual events with one game per pairing');
      return 2;
    }
    const totalRounds = typeof roundsFlag === 'string' ? Number(roundsFlag) : undefined;
    const trf = makeTrf(tournament, { ...(totalRounds !== undefined && { totalRounds }) });
    if (!trf.ok) {
      io.stderr(`chuhe trf: cannot write TRF:\n${formatErrors(trf.error)}`);
      return 2;
    }
    if (totalRounds === undefined && recordedTotalRounds(tournament) === undefined) {
      io.stderr(
        `chuhe trf: note: the file does not say how many rounds the event has; XXR is the ${tournament.rounds.length} rounds played (pass --rounds N to let another engine pair the next round)`,
      );
    }
    io.stdout(trf.value);
    return 0;
  }
  const parsed = parseTrf(text);
  if (!parsed.ok) {
    io.stderr(`chuhe trf: the TRF has errors:\n${formatErrors(parsed.error)}`);
    return 2;
  }
  io.stdout(JSON.stringify(parsed.value, null, 2));
  return 0;
};
