/**
 * `chuhe pair [FILE] [--system ID] [--text] < tournament.json` — pair the next round of a JSON
 * tournament file (libs/tournament/README.md) and print it as JSON:
 *   {"round":3,"pairings":[{"red":"p4","black":"p1","games":[…]}],"byes":["p9"],"warnings":[]}
 * The pairing system is --system, else options.pairingSystem, else by event kind
 * (swiss-individual / swiss-team). `--text` prints one line per board instead. The file may carry
 * the standings extras of `chuhe standings` (`standings`, `sanctions`, `withdrawals`); its
 * withdrawals are honoured (the entry is not paired after its round).
 *
 * Exit 0: paired; 1: no pairing satisfies the rules (the message names the entries);
 * 2: bad usage or a file that cannot be read.
 */
import { PAIRING_SYSTEM_IDS } from '@chuhe/pairing';
import { PAIRING_SYSTEMS, isPairingSystemId, pairingSystemFor } from '@chuhe/pairing';
import { formatEventFileErrors, parseEventText } from '@chuhe/pairing';
import { Command, onlyFlags, parseArgs, readInput, UsageError } from '../cli-io';
import { namer } from '../names';

export const USAGE = `usage: chuhe pair [FILE] [--system ${PAIRING_SYSTEM_IDS.join('|')}] [--text] < tournament.json`;

export const run: Command = async (argv, io) => {
  const { flags, positionals } = parseArgs(argv, ['text']);
  onlyFlags(flags, ['system', 'text'], USAGE);
  if (positionals.length > 1) throw new UsageError(`at most one FILE\n${USAGE}`);
  const systemFlag = flags.get('system');
  if (systemFlag === true || (systemFlag !== undefined && !isPairingSystemId(systemFlag))) {
    throw new UsageError(`--system must be one of ${PAIRING_SYSTEM_IDS.join(', ')}`);
  }
  const text = await readInput(io, 'pair', positionals[0]);
  if (text === null) return 2;
  // One file format for pair, check-pairing and standings: the standings extras are accepted and
  // the file's withdrawals keep those entries out of the next round (二章7节2–4).
  const parsed = parseEventText(text);
  if (!parsed.ok) {
    io.stderr(`chuhe pair: the tournament file has errors:\n${formatEventFileErrors(parsed.error)}`);
    return 2;
  }
  const tournament = parsed.value.tournament;
  const system = systemFlag !== undefined && isPairingSystemId(systemFlag) ? PAIRING_SYSTEMS[systemFlag] : pairingSystemFor(tournament);
  if (!system) {
    io.stderr(`chuhe pair: unknown options.pairingSystem '${String(tournament.options.pairingSystem)}'; known: ${PAIRING_SYSTEM_IDS.join(', ')}`);
    return 2;
  }
  const result = system.pair({ tournament });
  if (!result.ok) {
    io.stderr(`chuhe pair: cannot pair round ${tournament.rounds.length + 1} (${result.error.code}): ${result.error.message}`);
    return result.error.code === 'no_valid_pairing' || result.error.code === 'no_bye_candidate' ? 1 : 2;
  }
  const round = result.value;
  if (flags.has('text')) {
    const n = namer(tournament); // names, never ids (issue 22)
    const lines = round.pairings.map((p, i) => `${String(i + 1).padStart(3)}  ${n(p.red)} (red) – ${n(p.black)} (black)`);
    for (const b of round.byes) lines.push(`     ${n(b)} bye`);
    for (const w of round.warnings) lines.push(`warning: ${w.message}`);
    io.stdout([`round ${round.round}`, ...lines].join('\n'));
  } else {
    io.stdout(JSON.stringify(round));
  }
  return 0;
};
