import {
  Entry,
  EventKind,
  Game,
  GameResult,
  Pairing,
  PenaltyReason,
  Round,
  Side,
  WIN_POINTS,
  comparePoints,
  gamePoints,
  isPlayedResult,
} from '@chuhe/tournament';
import { fail, ok, type StandingsResult } from './result';
import { GameOverride } from './sanctions';
import { Outcome, PairingScore, forfeitWin, gameOutcomeOf, outcomeOfPoints, scorePairing } from './scoring';

/**
 * The normalized per-entry, per-round record every criterion reads: one row per pairing or bye,
 * from the entry's point of view, with effective results (after sanctions and withdrawals).
 * Entries are addressed by index (0 … n−1) in `entries` order.
 */

export const ROW_KINDS = ['played', 'forfeit', 'double_forfeit', 'bye'] as const;
export type RowKind = (typeof ROW_KINDS)[number];

export interface GameRecord {
  board: number;
  /** 二章5节4: the game within its board (Game.leg), only when > 1. */
  leg?: number;
  red: string;
  black: string;
  result: GameResult;
  penaltyReason?: PenaltyReason;
  /** True when the pairing's first-listed entry (A) has Red in this game. */
  aIsRed: boolean;
  played: boolean;
  /** 局分 of A and B. */
  points: [number, number];
}

export interface MatchRecord {
  round: number;
  /** Entry indices: A is the pairing's first-listed (red) entry, B the second. */
  a: number;
  b: number;
  kind: Exclude<RowKind, 'bye'>;
  score: [number, number];
  gamePoints: [number, number];
  bigPoints: [number, number];
  games: GameRecord[];
  /** Games cancelled by collusion (二章8节3); they score nothing. */
  annulledGames: GameRecord[];
}

export interface RecordGameRow {
  board: number;
  side: Side;
  player: string;
  points: number;
  outcome: Outcome;
  played: boolean;
}

export interface RecordPairingRow {
  round: number;
  /** Opponent entry index; −1 for a bye. */
  opponent: number;
  kind: RowKind;
  /** The entry's colour: a team takes its board-1 player's colour (附录1 #9), an individual the pairing's order (first-listed = Red); null for a bye. */
  side: Side | null;
  outcome: Outcome;
  /** 积分 / 大分 / 场分 earned in this round. */
  score: number;
  gamePoints: number;
  opponentGamePoints: number;
  bigPoints: number;
  /** Which side of `match` this row is: 0 = the first-listed entry (A), 1 = the second (B). */
  self: 0 | 1;
  /**
   * Game counts of this pairing, split into games played over the board and unplayed ones
   * (forfeits), so totals can apply the counting settings without re-reading the games.
   */
  counts: GameCounts;
  match: MatchRecord | null;
}

export interface GameCounts {
  winsPlayed: number;
  winsUnplayed: number;
  blackPlayed: number;
  blackUnplayed: number;
  blackWinsPlayed: number;
  blackWinsUnplayed: number;
  /** 局分 on board 1 (team events); all 局分 in an individual event. */
  board1Points: number;
}

const NO_COUNTS: GameCounts = Object.freeze({
  winsPlayed: 0,
  winsUnplayed: 0,
  blackPlayed: 0,
  blackUnplayed: 0,
  blackWinsPlayed: 0,
  blackWinsUnplayed: 0,
  board1Points: 0,
});

/**
 * Shared GameCounts of one-game pairings (never mutated): a big Swiss has a handful of distinct
 * counts, so its rows reuse them instead of allocating one object per row.
 */
const SINGLE_GAME_COUNTS: (GameCounts | undefined)[] = new Array<GameCounts | undefined>(64).fill(undefined);

function countGames(games: readonly GameRecord[], k: 0 | 1, isTeam: boolean): GameCounts {
  if (games.length === 1) {
    const g = games[0];
    const points = g.points[k];
    if (points >= 0 && points <= 7 && (points | 0) === points) {
      const key = ((points << 3) | ((!isTeam || g.board === 1 ? 1 : 0) << 2) | (((k === 0) !== g.aIsRed ? 1 : 0) << 1) | (g.played ? 1 : 0)) >>> 0;
      return SINGLE_GAME_COUNTS[key] ?? (SINGLE_GAME_COUNTS[key] = countGamesSlow(games, k, isTeam));
    }
  }
  return countGamesSlow(games, k, isTeam);
}

function countGamesSlow(games: readonly GameRecord[], k: 0 | 1, isTeam: boolean): GameCounts {
  const c = { winsPlayed: 0, winsUnplayed: 0, blackPlayed: 0, blackUnplayed: 0, blackWinsPlayed: 0, blackWinsUnplayed: 0, board1Points: 0 };
  for (let j = 0; j < games.length; j++) {
    const g = games[j];
    const points = g.points[k];
    if (!isTeam || g.board === 1) c.board1Points += points;
    const won = points === WIN_POINTS;
    // The entry has Black when its side of the pairing (k) and the game's colours disagree.
    const black = (k === 0) !== g.aIsRed;
    if (g.played) {
      if (won) c.winsPlayed++;
      if (black) {
        c.blackPlayed++;
        if (won) c.blackWinsPlayed++;
      }
    } else {
      if (won) c.winsUnplayed++;
      if (black) {
        c.blackUnplayed++;
        if (won) c.blackWinsUnplayed++;
      }
    }
  }
  return c;
}

/** The entry's side in a game of its pairing. */
export function sideIn(row: RecordPairingRow, g: GameRecord): Side {
  return (row.self === 0) === g.aIsRed ? 'red' : 'black';
}

/** The row's games from the entry's point of view (allocates; hot paths read row.match.games). */
export function rowGames(row: RecordPairingRow): RecordGameRow[] {
  if (!row.match) return [];
  return row.match.games.map((g) => {
    const side = sideIn(row, g);
    return {
      board: g.board,
      side,
      player: side === 'red' ? g.red : g.black,
      points: g.points[row.self],
      outcome: gameOutcomeOf(g.result, side),
      played: g.played,
    };
  });
}

export interface AnnulledPairing {
  round: number;
  a: number;
  b: number;
  /** withdrawal: 二章7节3 before half-way; annulled_games: every game annulled (collusion 二章8节3, or entered so). */
  reason: 'withdrawal' | 'annulled_games';
}

export interface Records {
  eventKind: EventKind;
  gamesPerPairing: 1 | 2;
  entries: readonly Entry[];
  index: ReadonlyMap<string, number>;
  rows: RecordPairingRow[][];
  matches: MatchRecord[];
  annulled: AnnulledPairing[];
  /** Pairings not counted yet because a result is missing. */
  pending: { round: number; a: number; b: number }[];
  /** Member id → entry index (team events). */
  memberTeam: ReadonlyMap<string, number>;
}

/** Shared empty list (never mutated) for the common case of no annulled game in a pairing. */
const NO_GAMES: GameRecord[] = [];
const NO_BIG_POINTS: [number, number] = [0, 0];

export interface BuildRecordsArgs {
  eventKind: EventKind;
  gamesPerPairing: 1 | 2;
  boards: number;
  entries: readonly Entry[];
  rounds: readonly Round[];
  gameOverrides: ReadonlyMap<Game, GameOverride>;
  pairingForfeits: ReadonlyMap<Pairing, Side | 'double'>;
  /** Entry ids whose every pairing is annulled (二章7节3). */
  annulledEntries: ReadonlySet<string>;
  /** Entry id → last round played, for entries that left (byes after it are ignored). */
  lastRound: ReadonlyMap<string, number>;
  /** 积分 / 场分 of a bye (default a win). */
  byeScore: number;
  /** 局分 of a bye (default: a win on every game). */
  byeGamePoints: number;
  /**
   * Rounds whose one-game individual pairings count only their first game not annulled: later
   * games of such a pairing are knockout tie-break games (rapid, armageddon: 附录2 7b, 附录3 6)
   * that decide the match, not the score. They are ignored here, pending or not. In a team event
   * the same rounds leave out the boards' games after the regular ones (leg > gamesPerPairing):
   * a team knockout's rapid rematch (二章6节1, libs/pairing team-knockout-match.ts).
   */
  firstGameOnlyRounds?: ReadonlySet<number>;
}

export function buildRecords(args: BuildRecordsArgs): StandingsResult<Records> {
  const { eventKind, gamesPerPairing, entries } = args;
  const index = new Map<string, number>();
  entries.forEach((e, i) => index.set(e.id, i));
  const memberTeam = new Map<string, number>();
  if (eventKind === 'team') entries.forEach((e, i) => e.members?.forEach((m) => memberTeam.set(m.id, i)));
  const rows: RecordPairingRow[][] = entries.map(() => []);
  const records: Records = { eventKind, gamesPerPairing, entries, index, rows, matches: [], annulled: [], pending: [], memberTeam };
  const rounds = [...args.rounds].sort((x, y) => x.round - y.round);
  const overrides = args.gameOverrides;
  const anyAnnulled = args.annulledEntries.size > 0;
  const anyForfeit = args.pairingForfeits.size > 0;
  const bigOf = (big: number, score: number) => (gamesPerPairing === 2 ? (eventKind === 'individual' ? score : big) : 0);

  for (const round of rounds) {
    for (let pi = 0; pi < round.pairings.length; pi++) {
      const p = round.pairings[pi];
      const a = index.get(p.red);
      const b = index.get(p.black);
      if (a === undefined || b === undefined) {
        const missing = a === undefined ? p.red : p.black;
        throw new RangeError(`unchecked pairing entry '${missing}' in round ${round.round} #${pi}`);
      }
      if (anyAnnulled && (args.annulledEntries.has(p.red) || args.annulledEntries.has(p.black))) {
        records.annulled.push({ round: round.round, a, b, reason: 'withdrawal' });
        continue;
      }
      const forfeit = anyForfeit ? args.pairingForfeits.get(p) : undefined;
      let games: GameRecord[] = NO_GAMES;
      let annulledGames: GameRecord[] = NO_GAMES;
      const sourceGames: Game[] = p.games.length > 0 ? p.games : syntheticGames(p, eventKind, gamesPerPairing, args.boards);
      let pendingGame = false;
      const knockoutRound = args.firstGameOnlyRounds?.has(round.round) === true;
      const firstGameOnly = eventKind === 'individual' && gamesPerPairing === 1 && knockoutRound;
      for (let gi = 0; gi < sourceGames.length; gi++) {
        if (firstGameOnly && (games !== NO_GAMES || pendingGame)) break;
        const g = sourceGames[gi];
        // A team knockout's rapid rematch (leg after the regular ones, 二章6节1) decides the match, not the score.
        if (knockoutRound && (g.leg ?? 1) > gamesPerPairing) continue;
        const aIsRed =
          eventKind === 'individual'
            ? g.red === p.red || g.black === p.black
            : memberTeam.get(g.red) === a || memberTeam.get(g.black) === b || (!memberTeam.has(g.red) && !memberTeam.has(g.black));
        const override = overrides.size > 0 ? overrides.get(g) : undefined;
        let result: GameResult | null = override ? override.result : g.result;
        let penaltyReason = override ? override.penaltyReason : g.penaltyReason;
        if (forfeit) {
          // 二章7节3–4: the remaining games are forfeits won by the opponent of the entry that left.
          result = forfeit === 'double' ? 'double_forfeit' : forfeitWin(forfeit === 'red' ? (aIsRed ? 'red' : 'black') : aIsRed ? 'black' : 'red');
          penaltyReason = undefined;
        }
        if (result === null) {
          pendingGame = true;
          continue;
        }
        const rec: GameRecord = {
          board: g.board ?? gi + 1,
          red: g.red,
          black: g.black,
          result,
          aIsRed,
          played: isPlayedResult(result),
          points: result === 'annulled' ? [0, 0] : pointsPair(gamePoints(result, aIsRed ? 'red' : 'black'), gamePoints(result, aIsRed ? 'black' : 'red')),
        };
        if (g.leg !== undefined && g.leg > 1) rec.leg = g.leg;
        if (penaltyReason) rec.penaltyReason = penaltyReason;
        if (result !== 'annulled') {
          if (games === NO_GAMES) games = [rec];
          else games.push(rec);
        } else if (annulledGames === NO_GAMES) annulledGames = [rec];
        else annulledGames.push(rec);
      }
      if (pendingGame) {
        records.pending.push({ round: round.round, a, b });
        continue;
      }
      if (games === NO_GAMES) {
        records.annulled.push({ round: round.round, a, b, reason: 'annulled_games' });
        continue;
      }
      // A GameRecord is a ScoredGame. One-game individual pairings (the bulk of a big Swiss) skip
      // the general scorer: 积分 = 局分 of the single game (二章5节1).
      let score: [number, number];
      let sidesGamePoints: [number, number];
      let bigPoints: [number, number];
      let doubleForfeit: boolean;
      if (eventKind === 'individual' && games.length === 1 && gamesPerPairing === 1) {
        score = sidesGamePoints = games[0].points;
        bigPoints = NO_BIG_POINTS;
        doubleForfeit = games[0].result === 'double_forfeit';
      } else {
        const s: PairingScore = scorePairing(eventKind, gamesPerPairing, games);
        score = s.score;
        sidesGamePoints = s.gamePoints;
        bigPoints = s.bigPoints;
        doubleForfeit = s.doubleForfeit;
      }
      let anyPlayed = false;
      for (let j = 0; j < games.length && !anyPlayed; j++) anyPlayed = games[j].played;
      const kind: MatchRecord['kind'] = doubleForfeit ? 'double_forfeit' : anyPlayed ? 'played' : 'forfeit';
      const match: MatchRecord = { round: round.round, a, b, kind, score, gamePoints: sidesGamePoints, bigPoints, games, annulledGames };
      records.matches.push(match);
      // The entry's side: in a team match the colour of its board 1 player (附录1 #9), else the
      // pairing's order (first-listed = Red).
      let aIsRedSide = true;
      if (eventKind === 'team') {
        const first = games.find((g) => g.board === 1 && g.red !== '');
        if (first) aIsRedSide = first.aIsRed;
      }
      pushRow(rows[a], round.round, b, 0, kind, doubleForfeit, score, sidesGamePoints, bigOf(bigPoints[0], score[0]), match, aIsRedSide, eventKind === 'team');
      pushRow(rows[b], round.round, a, 1, kind, doubleForfeit, score, sidesGamePoints, bigOf(bigPoints[1], score[1]), match, aIsRedSide, eventKind === 'team');
    }
    for (const id of round.byes) {
      const i = index.get(id);
      if (i === undefined) throw new RangeError(`unchecked bye entry '${id}' in round ${round.round}`);
      if (args.annulledEntries.has(id)) continue;
      const last = args.lastRound.get(id);
      if (last !== undefined && round.round > last) continue;
      rows[i].push({
        round: round.round,
        opponent: -1,
        kind: 'bye',
        side: null,
        outcome: outcomeOfPoints(args.byeScore >= WIN_POINTS ? WIN_POINTS : args.byeScore),
        score: args.byeScore,
        gamePoints: args.byeGamePoints,
        opponentGamePoints: 0,
        bigPoints: gamesPerPairing === 2 ? (eventKind === 'individual' ? args.byeScore : args.byeGamePoints / 2) : 0,
        self: 0,
        counts: NO_COUNTS,
        match: null,
      });
    }
  }
  return ok(records);
}

/**
 * 局分 pairs [A, B] of single games are shared (never mutated): a big event has only a few
 * distinct ones, so its game records reuse them instead of allocating one array per game.
 */
const POINT_PAIRS: ([number, number] | undefined)[] = new Array<[number, number] | undefined>(64).fill(undefined);

function pointsPair(x: number, y: number): [number, number] {
  if (x >= 0 && x <= 7 && y >= 0 && y <= 7 && (x | 0) === x && (y | 0) === y) {
    const key = (x << 3) | y;
    return POINT_PAIRS[key] ?? (POINT_PAIRS[key] = [x, y]);
  }
  return [x, y];
}

/** One pairing from the side of A (k = 0) or B (k = 1). */
function pushRow(
  rows: RecordPairingRow[],
  round: number,
  opponent: number,
  k: 0 | 1,
  kind: MatchRecord['kind'],
  doubleForfeit: boolean,
  score: readonly [number, number],
  gamePoints: readonly [number, number],
  bigPoints: number,
  match: MatchRecord,
  aIsRedSide: boolean,
  isTeam: boolean,
): void {
  rows.push({
    round,
    opponent,
    kind,
    side: (k === 0) === aIsRedSide ? 'red' : 'black',
    outcome: doubleForfeit ? 'loss' : outcomeOfPoints(comparePoints(score[k], score[1 - k])),
    score: score[k],
    gamePoints: gamePoints[k],
    opponentGamePoints: gamePoints[1 - k],
    bigPoints,
    self: k,
    counts: countGames(match.games, k, isTeam),
    match,
  });
}

/** Games for a pairing listed without games (e.g. a whole-team forfeit): one per board or game. */
function syntheticGames(p: Pairing, eventKind: EventKind, gamesPerPairing: 1 | 2, boards: number): Game[] {
  const out: Game[] = [];
  const perBoard = gamesPerPairing;
  const nBoards = eventKind === 'team' ? boards : 1;
  for (let board = 1; board <= nBoards; board++) {
    for (let k = 0; k < perBoard; k++) {
      out.push({ red: '', black: '', result: null, board: eventKind === 'team' ? board : k + 1 });
    }
  }
  return out;
}

/** Checks that every pairing and bye names a known entry; entries withdrawn before round 1 may not appear (二章7节2). */
export function checkRoundEntries(rounds: readonly Round[], known: ReadonlySet<string>, removedBeforeStart: ReadonlySet<string>): StandingsResult<true> {
  const check = (round: Round, id: string): StandingsResult<true> | undefined => {
    if (removedBeforeStart.has(id)) {
      return fail(
        'paired_after_withdrawal_before_start',
        `round ${round.round}: '${id}' withdrew before round 1 and must not be paired; make a new draw (二章7节2)`,
        `rounds`,
      );
    }
    if (!known.has(id)) return fail('unknown_entry', `round ${round.round}: unknown entry '${id}'`, `rounds`);
    return undefined;
  };
  for (const round of rounds) {
    for (const p of round.pairings) {
      const problem = check(round, p.red) ?? check(round, p.black);
      if (problem) return problem;
    }
    for (const id of round.byes) {
      const problem = check(round, id);
      if (problem) return problem;
    }
  }
  return ok(true);
}
