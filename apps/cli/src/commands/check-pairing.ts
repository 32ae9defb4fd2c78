/**
 * `chuhe check-pairing [FILE] [--round N] [--json] [--off CODE,…] < tournament.json` — check a
 * round of a JSON tournament file (libs/tournament/README.md) against the pairing rules: the last
 * round, or round N, against the rounds before it. `--off rematch` skips a check (e.g. for a
 * double round-robin, where every pair meets twice); codes are listed in libs/pairing/src/checker.ts.
 * In a Swiss event it also checks the score groups: a float larger than needed (a pair of
 * different scores that an exchange of partners with another pair would bring closer, without a
 * rematch, a forbidden pair or an extra colour fault) is an error naming both players
 * (`needless_float`, libs/pairing/src/checker-floats.ts).
 *
 * Exit 0: no errors (warnings allowed); 1: errors; 2: bad usage or a file that cannot be read.
 *
 * The file parser rejects a round in which an entry appears twice or an unknown id appears;
 * those are exactly what a hand-edited round may contain, so for the checked round such
 * problems are reported as checker findings (paired_twice, unknown_entry, self_pairing)
 * instead of as file errors.
 */
import { checkRound, formatPairingFindings, hasPairingErrors, PAIRING_CHECK_CODES, PairingCheckCode } from '@chuhe/pairing';
import { Game, Pairing, Round } from '@chuhe/tournament';
import { formatEventFileErrors, parseEventFile } from '@chuhe/pairing';
import { Command, onlyFlags, parseArgs, readInput, UsageError } from '../cli-io';

export const USAGE = 'usage: chuhe check-pairing [FILE] [--round N] [--json] [--off CODE,…] < tournament.json';
/** File errors in the checked round that the checker reports itself. */
const CHECKER_CODES = new Set(['entry_twice_in_round', 'unknown_entry', 'game_players']);

type Json = Record<string, unknown>;

/**
 * Text output names players, never ids (issue 22): the checker labels an entry `id (#n name)`; a
 * named entry is shown as `name (#n)`. An entry without a name keeps its id (all the file gives).
 */
export function byName(text: string, entries: readonly { id: string; drawNumber: number; name?: string }[]): string {
  let out = text;
  for (const e of entries) if (e.name) out = out.split(`${e.id} (#${e.drawNumber} ${e.name})`).join(`${e.name} (#${e.drawNumber})`);
  // Pairs written `a–b` (the needless-float finding's exchanges).
  const named = new Map(entries.filter((e) => e.name).map((e) => [e.id, e.name!]));
  if (named.size === 0) return out;
  const id = [...named.keys()]
    .sort((a, b) => b.length - a.length)
    .map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|');
  return out.replace(new RegExp(`(?<![\\w-])(${id})–(${id})(?![\\w-])`, 'g'), (_, a: string, b: string) => `${named.get(a)}–${named.get(b)}`);
}

/** One file format for pair, check-pairing and standings: the standings extras are accepted, the file's withdrawals honoured. */
function parseFile(json: unknown) {
  const parsed = parseEventFile(json);
  return parsed.ok ? { ok: true as const, value: parsed.value.tournament } : parsed;
}

/** The checked round, read without the per-round identity checks (its shape is already known good). */
function lenientRound(raw: Json, number: number): Round {
  const game = (g: Json): Game => ({ red: String(g.red), black: String(g.black), result: (g.result ?? null) as Game['result'] });
  const pairings: Pairing[] = Array.isArray(raw.games)
    ? (raw.games as Json[]).map((g) => ({ red: String(g.red), black: String(g.black), games: [game(g)] }))
    : ((raw.pairings as Json[] | undefined) ?? []).map((p) => ({
        red: String(p.red),
        black: String(p.black),
        games: ((p.games as Json[] | undefined) ?? []).map(game),
      }));
  return { round: number, pairings, byes: ((raw.byes as unknown[] | undefined) ?? []).map(String) };
}

export const run: Command = async (argv, io) => {
  const { flags, positionals } = parseArgs(argv, ['json']);
  onlyFlags(flags, ['json', 'round', 'off'], USAGE);
  if (positionals.length > 1) throw new UsageError(`at most one FILE\n${USAGE}`);
  const roundFlag = flags.get('round');
  if (roundFlag !== undefined && (roundFlag === true || !/^[1-9]\d*$/.test(roundFlag))) {
    throw new UsageError(`--round needs a round number ≥ 1\n${USAGE}`);
  }
  const off = flags.get('off');
  if (off === true) throw new UsageError(`--off needs check codes: ${PAIRING_CHECK_CODES.join(', ')}`);
  const severities: Partial<Record<PairingCheckCode, 'off'>> = {};
  for (const code of off?.split(',').filter(Boolean) ?? []) {
    if (!(PAIRING_CHECK_CODES as readonly string[]).includes(code)) {
      throw new UsageError(`unknown check '${code}' for --off; known: ${PAIRING_CHECK_CODES.join(', ')}`);
    }
    severities[code as PairingCheckCode] = 'off';
  }

  const text = await readInput(io, 'check-pairing', positionals[0]);
  if (text === null) return 2;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    io.stderr(`chuhe check-pairing: the input is not valid JSON: ${(error as Error).message}`);
    return 2;
  }
  const rawRounds = (json as Json | null)?.rounds;
  const roundCount = Array.isArray(rawRounds) ? rawRounds.length : 0;
  if (roundCount === 0) {
    io.stderr('chuhe check-pairing: the tournament has no rounds to check');
    return 2;
  }
  const number = roundFlag === undefined ? roundCount : Number(roundFlag);
  if (number > roundCount) {
    io.stderr(`chuhe check-pairing: the tournament has ${roundCount} rounds, there is no round ${number}`);
    return 2;
  }

  let parsed = parseFile(json);
  let edited: Round | undefined;
  if (!parsed.ok) {
    const prefix = `$.rounds[${number - 1}]`;
    const inChecked = (path: string) => path === prefix || path.startsWith(`${prefix}.`);
    const blocking = parsed.error.filter((e) => !(inChecked(e.path) && CHECKER_CODES.has(e.code)));
    if (blocking.length > 0) {
      io.stderr(`chuhe check-pairing: the tournament file has problems:\n${formatEventFileErrors(blocking)}`);
      return 2;
    }
    // Parse with the checked round emptied, then read that round as it stands.
    const rounds = (rawRounds as unknown[]).slice();
    const rawRound = rounds[number - 1] as Json;
    rounds[number - 1] = {};
    parsed = parseFile({ ...(json as Json), rounds });
    if (!parsed.ok) {
      io.stderr(`chuhe check-pairing: the tournament file has problems:\n${formatEventFileErrors(parsed.error)}`);
      return 2;
    }
    edited = lenientRound(rawRound, number);
  }
  const tournament = parsed.value;
  const findings = checkRound(tournament, edited ?? number, { severities });
  const errors = findings.filter((f) => f.severity === 'error').length;
  if (flags.has('json')) {
    io.stdout(JSON.stringify({ round: number, ok: errors === 0, errors, warnings: findings.length - errors, findings }, null, 2));
  } else if (findings.length === 0) {
    io.stdout(`round ${number}: no problems found`);
  } else {
    io.stdout(`round ${number}: ${errors} error(s), ${findings.length - errors} warning(s)\n${byName(formatPairingFindings(findings), tournament.entries)}`);
  }
  return hasPairingErrors(findings) ? 1 : 0;
};
