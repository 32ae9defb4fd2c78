import {
  EVENT_KINDS,
  Entry,
  GAME_RESULTS,
  Game,
  PENALTY_REASONS,
  Pairing,
  ROUND1_PAIRINGS,
  Round,
  SAME_AFFILIATION_RULES,
  SCORING_SYSTEMS,
  TEAM_FAR_PAIRINGS,
  TeamMember,
  Tournament,
  TournamentOptions,
} from './model';
import { JsonChecker, isObject } from './json-checker';
import { Result } from './result';

/**
 * The JSON tournament file (`npx chuhe pair < tournament.json`), checked into a `Tournament`.
 * Format and examples: libs/tournament/README.md; JSON Schema: libs/tournament/tournament.schema.json.
 *
 * Every problem is reported, each with the JSON path (`$.rounds[1].games[3].black`) and a reason,
 * so a person can fix the file in one pass.
 *
 * Normalizations:
 * - `players` is accepted as a synonym of `entries`.
 * - An entry's `withdrawn: true` means withdrawn after the last round in the file
 *   (`withdrawnAfterRound = rounds.length`).
 * - A round may list `games: [{red, black, result}]` instead of `pairings` (individual events with
 *   one game per pairing): each game becomes a pairing of one game.
 * - A round's `round` number may be omitted; rounds are numbered 1, 2, … in file order.
 * - Options default to an individual event, 2-1-0 scoring, one game per pairing, 3 boards.
 */

export const TOURNAMENT_FILE_ERROR_CODES = [
  'not_object',
  'missing',
  'wrong_type',
  'invalid_value',
  'unknown_field',
  'duplicate',
  'unknown_entry',
  'entry_twice_in_round',
  'round_number',
  'game_players',
] as const;
export type TournamentFileErrorCode = (typeof TOURNAMENT_FILE_ERROR_CODES)[number];

export interface TournamentFileError {
  /** JSONPath of the offending value, e.g. `$.entries[3].drawNumber`. */
  path: string;
  code: TournamentFileErrorCode;
  message: string;
}

const ENTRY_FIELDS = [
  'id',
  'drawNumber',
  'name',
  'rating',
  'affiliation',
  'seed',
  'withdrawn',
  'withdrawnAfterRound',
  'members',
  'personId',
  'federationId',
] as const;
const ROUND_FIELDS = ['round', 'pairings', 'games', 'byes'] as const;
const PAIRING_FIELDS = ['red', 'black', 'games'] as const;
const GAME_FIELDS = ['red', 'black', 'result', 'board', 'leg', 'penaltyReason'] as const;
const MEMBER_FIELDS = ['id', 'name', 'board', 'personId', 'federationId'] as const;

type Checker = JsonChecker<TournamentFileErrorCode>;

function parseOptions(c: Checker, raw: unknown): TournamentOptions {
  const options: TournamentOptions = { eventKind: 'individual', scoring: '2-1-0', gamesPerPairing: 1, boards: 3 };
  if (raw === undefined) return options;
  if (!isObject(raw)) {
    c.fail('$.options', 'not_object', "'options' must be an object");
    return options;
  }
  const path = '$.options';
  // Unknown option keys are kept: other systems (tie-break chains …) read their own options.
  Object.assign(options, raw);
  options.eventKind = c.oneOf(raw, 'eventKind', path, EVENT_KINDS) ?? 'individual';
  options.scoring = c.oneOf(raw, 'scoring', path, SCORING_SYSTEMS) ?? '2-1-0';
  const gpp = raw.gamesPerPairing;
  if (gpp !== undefined && gpp !== 1 && gpp !== 2) c.fail(`${path}.gamesPerPairing`, 'invalid_value', "'gamesPerPairing' must be 1 or 2");
  options.gamesPerPairing = gpp === 2 ? 2 : 1;
  options.boards = c.int(raw, 'boards', path, 1, false) ?? 3;
  if (raw.byePoints !== undefined) {
    const bp = c.int(raw, 'byePoints', path, 0, false);
    if (bp === undefined) delete options.byePoints;
    else options.byePoints = bp;
  }
  if (raw.pairingSystem !== undefined) c.string(raw, 'pairingSystem', path, false);
  c.oneOf(raw, 'round1Pairing', path, ROUND1_PAIRINGS);
  c.oneOf(raw, 'sameAffiliation', path, SAME_AFFILIATION_RULES);
  c.oneOf(raw, 'teamFarPairing', path, TEAM_FAR_PAIRINGS);
  if (raw.colourLotSeed !== undefined && typeof raw.colourLotSeed !== 'string') {
    c.fail(`${path}.colourLotSeed`, 'wrong_type', "'colourLotSeed' must be a string");
  }
  if (raw.forbiddenPairs !== undefined) {
    const fp = raw.forbiddenPairs;
    if (!Array.isArray(fp)) c.fail(`${path}.forbiddenPairs`, 'wrong_type', "'forbiddenPairs' must be an array of [id, id]");
    else
      fp.forEach((pair, i) => {
        if (!Array.isArray(pair) || pair.length !== 2 || pair.some((x) => typeof x !== 'string') || pair[0] === pair[1]) {
          c.fail(`${path}.forbiddenPairs[${i}]`, 'wrong_type', 'a forbidden pair must be two different entry ids, e.g. ["p3", "p7"]');
        }
      });
  }
  return options;
}

function parseMembers(c: Checker, raw: unknown, path: string): TeamMember[] | undefined {
  if (raw === undefined) return undefined;
  if (!Array.isArray(raw)) {
    c.fail(path, 'wrong_type', "'members' must be an array");
    return undefined;
  }
  const out: TeamMember[] = [];
  raw.forEach((m, i) => {
    const p = `${path}[${i}]`;
    if (!isObject(m)) return c.fail(p, 'not_object', 'a team member must be an object {id, name?, board?}');
    c.fields(m, p, MEMBER_FIELDS);
    const id = c.string(m, 'id', p, true);
    const name = c.string(m, 'name', p, false);
    const board = c.int(m, 'board', p, 1, false);
    const personId = c.string(m, 'personId', p, false);
    const federationId = c.string(m, 'federationId', p, false);
    if (id !== undefined)
      out.push({
        id,
        ...(name !== undefined && { name }),
        ...(board !== undefined && { board }),
        ...(personId !== undefined && { personId }),
        ...(federationId !== undefined && { federationId }),
      });
  });
  return out;
}

function parseEntries(c: Checker, raw: unknown, key: string, roundCount: number): Entry[] {
  const path = `$.${key}`;
  if (!Array.isArray(raw)) {
    c.fail(path, raw === undefined ? 'missing' : 'wrong_type', `'entries' (or 'players') must be an array of entries`);
    return [];
  }
  const entries: Entry[] = [];
  const ids = new Map<string, number>();
  const numbers = new Map<number, number>();
  raw.forEach((e, i) => {
    const p = `${path}[${i}]`;
    if (!isObject(e)) return c.fail(p, 'not_object', 'an entry must be an object {id, drawNumber, …}');
    c.fields(e, p, ENTRY_FIELDS);
    const id = c.string(e, 'id', p, true);
    const drawNumber = c.int(e, 'drawNumber', p, 1, true);
    if (id !== undefined) {
      if (ids.has(id)) c.fail(`${p}.id`, 'duplicate', `id '${id}' already used by ${path}[${ids.get(id)}]`);
      else ids.set(id, i);
    }
    if (drawNumber !== undefined) {
      if (numbers.has(drawNumber)) c.fail(`${p}.drawNumber`, 'duplicate', `draw number ${drawNumber} already used by ${path}[${numbers.get(drawNumber)}]`);
      else numbers.set(drawNumber, i);
    }
    const entry: Entry = { id: id ?? `#${i}`, drawNumber: drawNumber ?? 0 };
    const name = c.string(e, 'name', p, false);
    if (name !== undefined) entry.name = name;
    if (e.rating !== undefined) {
      if (typeof e.rating !== 'number' || !Number.isFinite(e.rating) || e.rating < 0) c.fail(`${p}.rating`, 'wrong_type', "'rating' must be a number ≥ 0");
      else entry.rating = e.rating;
    }
    const affiliation = c.string(e, 'affiliation', p, false);
    if (affiliation !== undefined) entry.affiliation = affiliation;
    const seed = c.int(e, 'seed', p, 1, false);
    if (seed !== undefined) entry.seed = seed;
    const personId = c.string(e, 'personId', p, false);
    if (personId !== undefined) entry.personId = personId;
    const federationId = c.string(e, 'federationId', p, false);
    if (federationId !== undefined) entry.federationId = federationId;
    if (e.withdrawn !== undefined && typeof e.withdrawn !== 'boolean') c.fail(`${p}.withdrawn`, 'wrong_type', "'withdrawn' must be true or false");
    const after = c.int(e, 'withdrawnAfterRound', p, 0, false);
    if (after !== undefined) entry.withdrawnAfterRound = after;
    else if (e.withdrawn === true) entry.withdrawnAfterRound = roundCount;
    const members = parseMembers(c, e.members, `${p}.members`);
    if (members !== undefined) entry.members = members;
    entries.push(entry);
  });
  return entries;
}

function parseGame(c: Checker, g: unknown, p: string): Game | undefined {
  if (!isObject(g)) {
    c.fail(p, 'not_object', 'a game must be an object {red, black, result}');
    return undefined;
  }
  c.fields(g, p, GAME_FIELDS);
  const red = c.string(g, 'red', p, true);
  const black = c.string(g, 'black', p, true);
  let result: Game['result'] = null;
  if (g.result === undefined) c.fail(`${p}.result`, 'missing', "'result' is required (null while the game is unfinished)");
  else if (g.result !== null) result = c.oneOf(g, 'result', p, GAME_RESULTS) ?? null;
  const board = c.int(g, 'board', p, 1, false);
  // 二章5节4: a team pairing with two games per board names the second game of a board `leg: 2`.
  const leg = c.int(g, 'leg', p, 1, false);
  const penaltyReason = c.oneOf(g, 'penaltyReason', p, PENALTY_REASONS);
  if (red === undefined || black === undefined) return undefined;
  if (red === black) c.fail(p, 'game_players', `a player cannot play himself ('${red}')`);
  return {
    red,
    black,
    result,
    ...(board !== undefined && { board }),
    ...(leg !== undefined && { leg }),
    ...(penaltyReason !== undefined && { penaltyReason }),
  };
}

function parseRounds(c: Checker, raw: unknown, options: TournamentOptions, entries: Entry[]): Round[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    c.fail('$.rounds', 'wrong_type', "'rounds' must be an array");
    return [];
  }
  const entryIds = new Set(entries.map((e) => e.id));
  const memberOf = new Map<string, string>();
  for (const e of entries) for (const m of e.members ?? []) memberOf.set(m.id, e.id);
  const team = options.eventKind === 'team';

  return raw.map((r, ri): Round => {
    const p = `$.rounds[${ri}]`;
    const round: Round = { round: ri + 1, pairings: [], byes: [] };
    if (!isObject(r)) {
      c.fail(p, 'not_object', 'a round must be an object {round?, games | pairings, byes?}');
      return round;
    }
    c.fields(r, p, ROUND_FIELDS);
    if (r.round !== undefined && r.round !== ri + 1) {
      c.fail(`${p}.round`, 'round_number', `rounds must be numbered 1, 2, … in order: expected ${ri + 1}, got ${JSON.stringify(r.round)}`);
    }
    const seen = new Map<string, string>();
    const useEntry = (id: string, at: string): void => {
      if (!entryIds.has(id)) c.fail(at, 'unknown_entry', `no entry has id '${id}'`);
      else if (seen.has(id)) c.fail(at, 'entry_twice_in_round', `'${id}' already appears in this round at ${seen.get(id)}`);
      else seen.set(id, at);
    };

    if (r.games !== undefined && r.pairings !== undefined) c.fail(p, 'invalid_value', "give either 'games' or 'pairings', not both");
    if (r.games !== undefined) {
      if (team || options.gamesPerPairing !== 1) {
        c.fail(`${p}.games`, 'invalid_value', "'games' is the shorthand for individual one-game rounds; use 'pairings' here");
      } else if (!Array.isArray(r.games)) {
        c.fail(`${p}.games`, 'wrong_type', "'games' must be an array");
      } else {
        r.games.forEach((g, gi) => {
          const game = parseGame(c, g, `${p}.games[${gi}]`);
          if (!game) return;
          useEntry(game.red, `${p}.games[${gi}].red`);
          useEntry(game.black, `${p}.games[${gi}].black`);
          round.pairings.push({ red: game.red, black: game.black, games: [game] });
        });
      }
    } else if (r.pairings !== undefined) {
      if (!Array.isArray(r.pairings)) c.fail(`${p}.pairings`, 'wrong_type', "'pairings' must be an array");
      else
        r.pairings.forEach((pr, pi) => {
          const pp = `${p}.pairings[${pi}]`;
          if (!isObject(pr)) return c.fail(pp, 'not_object', 'a pairing must be an object {red, black, games}');
          c.fields(pr, pp, PAIRING_FIELDS);
          const red = c.string(pr, 'red', pp, true);
          const black = c.string(pr, 'black', pp, true);
          if (red !== undefined) useEntry(red, `${pp}.red`);
          if (black !== undefined) useEntry(black, `${pp}.black`);
          if (red !== undefined && red === black) c.fail(pp, 'game_players', `'${red}' cannot be paired with itself`);
          const games: Game[] = [];
          if (pr.games !== undefined && !Array.isArray(pr.games)) c.fail(`${pp}.games`, 'wrong_type', "'games' must be an array");
          else
            ((pr.games as unknown[] | undefined) ?? []).forEach((g, gi) => {
              const gp = `${pp}.games[${gi}]`;
              const game = parseGame(c, g, gp);
              if (!game || red === undefined || black === undefined) return;
              const sides = [game.red, game.black];
              if (team) {
                const owners = sides.map((id) => memberOf.get(id));
                const bothKnown = owners.every((o) => o !== undefined);
                if (bothKnown && !(owners.includes(red) && owners.includes(black))) {
                  c.fail(gp, 'game_players', `board game players must be members of '${red}' and '${black}'`);
                }
              } else if (!(sides.includes(red) && sides.includes(black))) {
                c.fail(gp, 'game_players', `a game of the pairing ${red}–${black} must be between those two players`);
              }
              games.push(game);
            });
          if (red !== undefined && black !== undefined) round.pairings.push({ red, black, games } satisfies Pairing);
        });
    }
    if (r.byes !== undefined) {
      if (!Array.isArray(r.byes)) c.fail(`${p}.byes`, 'wrong_type', "'byes' must be an array of entry ids");
      else
        r.byes.forEach((b, bi) => {
          if (typeof b !== 'string') return c.fail(`${p}.byes[${bi}]`, 'wrong_type', 'a bye is an entry id (string)');
          useEntry(b, `${p}.byes[${bi}]`);
          round.byes.push(b);
        });
    }
    return round;
  });
}

/** Check raw JSON (already `JSON.parse`d) and build the tournament, or list every problem found. */
export function parseTournament(json: unknown): Result<Tournament, TournamentFileError[]> {
  const c: Checker = new JsonChecker();
  if (!isObject(json)) {
    return { ok: false, error: [{ path: '$', code: 'not_object', message: 'a tournament file is a JSON object {options, entries, rounds}' }] };
  }
  c.fields(json, '$', ['$schema', 'name', 'options', 'entries', 'players', 'rounds']);
  const name = c.string(json, 'name', '$', false);
  const options = parseOptions(c, json.options);
  if (json.entries !== undefined && json.players !== undefined) c.fail('$.players', 'duplicate', "give either 'entries' or 'players', not both");
  const key = json.entries === undefined && json.players !== undefined ? 'players' : 'entries';
  const roundCount = Array.isArray(json.rounds) ? json.rounds.length : 0;
  const entries = parseEntries(c, json[key], key, roundCount);
  const rounds = parseRounds(c, json.rounds, options, entries);
  const ids = new Set(entries.map((e) => e.id));
  (options.forbiddenPairs ?? []).forEach((pair, i) => {
    if (!Array.isArray(pair)) return;
    pair.forEach((id, k) => {
      if (typeof id === 'string' && !ids.has(id)) c.fail(`$.options.forbiddenPairs[${i}][${k}]`, 'unknown_entry', `no entry has id '${id}'`);
    });
  });
  if (c.errors.length > 0) return { ok: false, error: c.errors };
  return { ok: true, value: { ...(name !== undefined && { name }), options, entries, rounds } };
}

/** `parseTournament` from text; a JSON syntax error is reported at `$`. */
export function parseTournamentText(text: string): Result<Tournament, TournamentFileError[]> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: [{ path: '$', code: 'wrong_type', message: `not valid JSON: ${(error as Error).message}` }] };
  }
  return parseTournament(json);
}

/** One line per problem, for the CLI: `$.entries[2].drawNumber: 'drawNumber' is required`. */
export function formatTournamentFileErrors(errors: readonly TournamentFileError[]): string {
  return errors.map((e) => `${e.path}: ${e.message}`).join('\n');
}
