import { Tournament, TournamentFileError, parseTournament } from '@chuhe/tournament';
import { Json, JsonChecker, isInt, isObject } from '@chuhe/tournament';
import { CRITERION_IDS } from './criteria';
import { CHAIN_IDS } from './chains';
import { LADDER_DECISIONS, SANCTION_KINDS, Sanction } from './sanctions';
import {
  BLACK_IN_DIRECT_GAME_TIES,
  BYE_IN_OPPONENT_VALUES,
  CountingSettings,
  DIRECT_ENCOUNTER_MODES,
  FOUL_COUNTS,
  STRONG_OPPONENT_METHODS,
  TWO_GAME_SMALL_POINTS,
  UNPLAYED_OPPONENT_VALUES,
  WITHDRAWN_OPPONENT_VALUES,
} from './settings';
import { StandingsOptions } from './standings';
import { FORMATS, WITHDRAWAL_REASONS, WithdrawalReason } from './withdrawals';

/**
 * The tournament file of libs/tournament (parseTournament), extended for standings with three
 * optional top-level fields (documented in libs/standings/README.md):
 *
 *   "standings":   { "format", "chain", "counting", "lot", "roundRobinCycles", "byeGamePoints", "reserveBoards", "firstGameOnlyRounds" }
 *   "sanctions":   [ { "kind", "round", "player", "game"?, "count"?, "minutes"?, "minutesLate"?, "decision"?, "disqualify"?, "note"? } ]
 *   "withdrawals": [ { "entry", "afterRound", "reason"? } ]
 *
 * Every problem is reported with its JSON path, in the same shape as the tournament file's errors.
 */

export const STANDINGS_FILE_FIELDS = ['standings', 'sanctions', 'withdrawals'] as const;

export interface StandingsFileError {
  path: string;
  code: string;
  message: string;
}

export interface StandingsFile {
  tournament: Tournament;
  options: StandingsOptions;
}

type Checker = JsonChecker<string>;

function parseCounting(c: Checker, raw: unknown, path: string): Partial<CountingSettings> | undefined {
  if (raw === undefined) return undefined;
  if (!isObject(raw)) {
    c.fail(path, 'wrong_type', "'counting' must be an object");
    return undefined;
  }
  const out: Partial<CountingSettings> = {};
  c.fields(raw, path, [
    'twoGameSmallPoints',
    'blackInDirectGameTies',
    'byeInOpponentCriteria',
    'forfeitInOpponentCriteria',
    'withdrawnOpponent',
    'forfeitWinsAreWins',
    'byeIsWin',
    'unplayedBlackGames',
    'forfeitsInDirectEncounter',
    'directEncounter',
    'strongOpponent',
    'fouls',
  ]);
  const small = c.oneOf(raw, 'twoGameSmallPoints', path, TWO_GAME_SMALL_POINTS);
  if (small) out.twoGameSmallPoints = small;
  const black = c.oneOf(raw, 'blackInDirectGameTies', path, BLACK_IN_DIRECT_GAME_TIES);
  if (black) out.blackInDirectGameTies = black;
  const bye = c.oneOf(raw, 'byeInOpponentCriteria', path, BYE_IN_OPPONENT_VALUES);
  if (bye) out.byeInOpponentCriteria = bye;
  const forfeit = c.oneOf(raw, 'forfeitInOpponentCriteria', path, UNPLAYED_OPPONENT_VALUES);
  if (forfeit) out.forfeitInOpponentCriteria = forfeit;
  const withdrawn = c.oneOf(raw, 'withdrawnOpponent', path, WITHDRAWN_OPPONENT_VALUES);
  if (withdrawn) out.withdrawnOpponent = withdrawn;
  const de = c.oneOf(raw, 'directEncounter', path, DIRECT_ENCOUNTER_MODES);
  if (de) out.directEncounter = de;
  const so = c.oneOf(raw, 'strongOpponent', path, STRONG_OPPONENT_METHODS);
  if (so) out.strongOpponent = so;
  const fouls = c.oneOf(raw, 'fouls', path, FOUL_COUNTS);
  if (fouls) out.fouls = fouls;
  for (const key of ['forfeitWinsAreWins', 'byeIsWin', 'unplayedBlackGames', 'forfeitsInDirectEncounter'] as const) {
    const v = raw[key];
    if (v === undefined) continue;
    if (typeof v !== 'boolean') c.fail(`${path}.${key}`, 'wrong_type', `'${key}' must be true or false`);
    else out[key] = v;
  }
  return out;
}

function parseSettings(c: Checker, raw: unknown, options: StandingsOptions): void {
  if (raw === undefined) return;
  const path = '$.standings';
  if (!isObject(raw)) return c.fail(path, 'wrong_type', "'standings' must be an object");
  c.fields(raw, path, ['format', 'chain', 'counting', 'lot', 'roundRobinCycles', 'byeGamePoints', 'reserveBoards', 'firstGameOnlyRounds']);
  const format = c.oneOf(raw, 'format', path, FORMATS);
  if (format) options.format = format;
  if (typeof raw.chain === 'string') {
    if (!(CHAIN_IDS as readonly string[]).includes(raw.chain))
      c.fail(`${path}.chain`, 'invalid_value', `unknown chain '${raw.chain}' (known: ${CHAIN_IDS.join(', ')})`);
    else options.chain = raw.chain;
  } else if (raw.chain !== undefined) {
    const ids = c.stringArray(raw.chain, `${path}.chain`);
    ids?.forEach((id, i) => {
      if (!(CRITERION_IDS as readonly string[]).includes(id))
        c.fail(`${path}.chain[${i}]`, 'invalid_value', `unknown criterion '${id}' (known: ${CRITERION_IDS.join(', ')})`);
    });
    if (ids) options.chain = ids;
  }
  const counting = parseCounting(c, raw.counting, `${path}.counting`);
  if (counting) options.counting = counting;
  if (raw.lot !== undefined) {
    if (!isObject(raw.lot)) c.fail(`${path}.lot`, 'wrong_type', "'lot' must be an object {order} or {seed}");
    else {
      c.fields(raw.lot, `${path}.lot`, ['order', 'seed']);
      const lot: { order?: string[]; seed?: string } = {};
      if (raw.lot.order !== undefined) lot.order = c.stringArray(raw.lot.order, `${path}.lot.order`);
      const seed = c.string(raw.lot, 'seed', `${path}.lot`, false);
      if (seed !== undefined) lot.seed = seed;
      options.lot = lot;
    }
  }
  const cycles = c.int(raw, 'roundRobinCycles', path, 1, false);
  if (cycles !== undefined) options.roundRobinCycles = cycles;
  const byeGamePoints = c.int(raw, 'byeGamePoints', path, 0, false);
  if (byeGamePoints !== undefined) options.byeGamePoints = byeGamePoints;
  if (raw.reserveBoards !== undefined) {
    if (!isObject(raw.reserveBoards) || Object.values(raw.reserveBoards).some((b) => !isInt(b) || b < 1)) {
      c.fail(`${path}.reserveBoards`, 'wrong_type', "'reserveBoards' maps a reserve's member id to a board number ≥ 1");
    } else options.reserveBoards = raw.reserveBoards as Record<string, number>;
  }
  // Knockout rounds whose tie-break games are further games of the pairing (a stage chain's knockout, 附录2 7b).
  if (raw.firstGameOnlyRounds !== undefined) {
    if (!Array.isArray(raw.firstGameOnlyRounds) || raw.firstGameOnlyRounds.some((r) => !isInt(r) || r < 1)) {
      c.fail(`${path}.firstGameOnlyRounds`, 'wrong_type', "'firstGameOnlyRounds' is a list of round numbers ≥ 1");
    } else options.firstGameOnlyRounds = raw.firstGameOnlyRounds as number[];
  }
}

function parseSanctions(c: Checker, raw: unknown): Sanction[] | undefined {
  if (raw === undefined) return undefined;
  if (!Array.isArray(raw)) {
    c.fail('$.sanctions', 'wrong_type', "'sanctions' must be an array");
    return undefined;
  }
  const out: Sanction[] = [];
  raw.forEach((s, i) => {
    const path = `$.sanctions[${i}]`;
    if (!isObject(s)) return c.fail(path, 'wrong_type', 'a sanction is an object {kind, round, player, …}');
    c.fields(s, path, ['kind', 'round', 'player', 'game', 'leg', 'count', 'minutes', 'minutesLate', 'decision', 'disqualify', 'note']);
    const kind = c.oneOf(s, 'kind', path, SANCTION_KINDS, true);
    const round = c.int(s, 'round', path, 1, true);
    const player = c.string(s, 'player', path, true);
    if (kind === undefined || round === undefined || player === undefined) return;
    const sanction: Sanction = { kind, round, player };
    const game = c.int(s, 'game', path, 1, false);
    if (game !== undefined) sanction.game = game;
    // 二章5节4: the game on that board when a team pairing plays two games per board.
    const leg = c.int(s, 'leg', path, 1, false);
    if (leg !== undefined) sanction.leg = leg;
    const count = c.int(s, 'count', path, 1, false);
    if (count !== undefined) sanction.count = count;
    if (s.minutes !== undefined) {
      if (typeof s.minutes !== 'number' || !Number.isFinite(s.minutes)) c.fail(`${path}.minutes`, 'wrong_type', "'minutes' must be a number");
      else sanction.minutes = s.minutes;
    }
    if (s.minutesLate !== undefined) {
      if (typeof s.minutesLate !== 'number' || s.minutesLate < 0) c.fail(`${path}.minutesLate`, 'wrong_type', "'minutesLate' must be a number ≥ 0");
      else sanction.minutesLate = s.minutesLate;
    }
    const decision = c.oneOf(s, 'decision', path, LADDER_DECISIONS);
    if (decision) sanction.decision = decision;
    if (s.disqualify !== undefined) {
      const d = c.stringArray(s.disqualify, `${path}.disqualify`);
      if (d) sanction.disqualify = d;
    }
    const note = c.string(s, 'note', path, false);
    if (note !== undefined) sanction.note = note;
    out.push(sanction);
  });
  return out;
}

function parseWithdrawals(c: Checker, raw: unknown): { entry: string; afterRound: number; reason?: WithdrawalReason }[] | undefined {
  if (raw === undefined) return undefined;
  if (!Array.isArray(raw)) {
    c.fail('$.withdrawals', 'wrong_type', "'withdrawals' must be an array");
    return undefined;
  }
  const out: { entry: string; afterRound: number; reason?: WithdrawalReason }[] = [];
  raw.forEach((w, i) => {
    const path = `$.withdrawals[${i}]`;
    if (!isObject(w)) return c.fail(path, 'wrong_type', 'a withdrawal is an object {entry, afterRound, reason?}');
    c.fields(w, path, ['entry', 'afterRound', 'reason']);
    const entry = c.string(w, 'entry', path, true);
    const afterRound = c.int(w, 'afterRound', path, 0, true);
    const reason = c.oneOf(w, 'reason', path, WITHDRAWAL_REASONS);
    if (entry === undefined || afterRound === undefined) return;
    out.push({ entry, afterRound, ...(reason && { reason }) });
  });
  return out;
}

/** Checks a tournament file with standings extras; lists every problem found. */
export function parseStandingsFile(json: unknown): { ok: true; value: StandingsFile } | { ok: false; error: StandingsFileError[] } {
  if (!isObject(json)) return parseTournament(json) as { ok: false; error: TournamentFileError[] };
  const base: Json = {};
  for (const [k, v] of Object.entries(json)) if (!(STANDINGS_FILE_FIELDS as readonly string[]).includes(k)) base[k] = v;
  const parsed = parseTournament(base);
  const c: Checker = new JsonChecker();
  const options: StandingsOptions = {};
  parseSettings(c, json.standings, options);
  const sanctions = parseSanctions(c, json.sanctions);
  if (sanctions) options.sanctions = sanctions;
  const withdrawals = parseWithdrawals(c, json.withdrawals);
  if (withdrawals) options.withdrawals = withdrawals;
  const errors: StandingsFileError[] = [...(parsed.ok ? [] : parsed.error), ...c.errors];
  if (!parsed.ok || errors.length > 0) return { ok: false, error: errors };
  return { ok: true, value: { tournament: parsed.value, options } };
}

export function parseStandingsText(text: string): { ok: true; value: StandingsFile } | { ok: false; error: StandingsFileError[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: [{ path: '$', code: 'wrong_type', message: `not valid JSON: ${(error as Error).message}` }] };
  }
  return parseStandingsFile(json);
}
