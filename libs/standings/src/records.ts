import { Entry, EventKind, Game, GameResult, Pairing, PenaltyReason, Round, Side } from '../../tournament/src';
import { Result, fail, ok } from './result';
import { GameOverride } from './sanctions';
import {
  Outcome,
  ScoredGame,
  WIN,
  compareToPoints,
  forfeitWin,
  gameOutcomeOf,
  gamePointsOf,
  isPlayedResult,
  outcomeOfPoints,
  scorePairing,
} from './scoring';

/**
 * The normalized per-entry, per-round record every criterion reads: one row per pairing or bye,
 * from the entry's point of view, with effective results (after sanctions and withdrawals).
 * Entries are addressed by index (0 … n−1) in `entries` order.
 */

export const ROW_KINDS = ['played', 'forfeit', 'double_forfeit', 'bye'] as const;
export type RowKind = (typeof ROW_KINDS)[number];

export interface GameRecord {
  board: number;
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

export interface GameRow {
  board: number;
  side: Side;
  player: string;
  points: number;
  outcome: Outcome;
  played: boolean;
}

export interface PairingRow {
  round: number;
  /** Opponent entry index; −1 for a bye. */
  opponent: number;
  kind: RowKind;
  /** The entry's side in the pairing (team: first-listed = red, 附录1 #9); null for a bye. */
  side: Side | null;
  outcome: Outcome;
  /** 积分 / 大分 / 场分 earned in this round. */
  score: number;
  gamePoints: number;
  opponentGamePoints: number;
  bigPoints: number;
  games: GameRow[];
  match: MatchRecord | null;
}

export interface AnnulledPairing {
  round: number;
  a: number;
  b: number;
  reason: 'withdrawal' | 'collusion';
}

export interface Records {
  eventKind: EventKind;
  gamesPerPairing: 1 | 2;
  entries: readonly Entry[];
  index: ReadonlyMap<string, number>;
  rows: PairingRow[][];
  matches: MatchRecord[];
  annulled: AnnulledPairing[];
  /** Pairings not counted yet because a result is missing. */
  pending: { round: number; a: number; b: number }[];
  /** Member id → entry index (team events). */
  memberTeam: ReadonlyMap<string, number>;
}

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
}

export function buildRecords(args: BuildRecordsArgs): Result<Records> {
  const { eventKind, gamesPerPairing, entries } = args;
  const index = new Map<string, number>();
  entries.forEach((e, i) => index.set(e.id, i));
  const memberTeam = new Map<string, number>();
  if (eventKind === 'team') entries.forEach((e, i) => e.members?.forEach((m) => memberTeam.set(m.id, i)));
  const rows: PairingRow[][] = entries.map(() => []);
  const records: Records = { eventKind, gamesPerPairing, entries, index, rows, matches: [], annulled: [], pending: [], memberTeam };
  const rounds = [...args.rounds].sort((x, y) => x.round - y.round);
  const bigOf = (big: number, score: number) => (gamesPerPairing === 2 ? (eventKind === 'individual' ? score : big) : 0);

  for (const round of rounds) {
    round.pairings.forEach((p, pi) => {
      const a = index.get(p.red);
      const b = index.get(p.black);
      if (a === undefined || b === undefined) {
        const missing = a === undefined ? p.red : p.black;
        throw new RangeError(`unchecked pairing entry '${missing}' in round ${round.round} #${pi}`);
      }
      if (args.annulledEntries.has(p.red) || args.annulledEntries.has(p.black)) {
        records.annulled.push({ round: round.round, a, b, reason: 'withdrawal' });
        return;
      }
      const forfeit = args.pairingForfeits.get(p);
      const games: GameRecord[] = [];
      const annulledGames: GameRecord[] = [];
      const sourceGames: Game[] = p.games.length > 0 ? p.games : syntheticGames(p, eventKind, gamesPerPairing, args.boards);
      let pendingGame = false;
      sourceGames.forEach((g, gi) => {
        let aIsRed: boolean;
        if (eventKind === 'individual') aIsRed = g.red === p.red || g.black === p.black;
        else aIsRed = memberTeam.get(g.red) === a || memberTeam.get(g.black) === b || (!memberTeam.has(g.red) && !memberTeam.has(g.black));
        const override = args.gameOverrides.get(g);
        let result: GameResult | null = override?.result ?? g.result;
        let penaltyReason = override ? override.penaltyReason : g.penaltyReason;
        if (forfeit) {
          // 二章7节3–4: the remaining games are forfeits won by the opponent of the entry that left.
          result = forfeit === 'double' ? 'double_forfeit' : forfeitWin(forfeit === 'red' ? (aIsRed ? 'red' : 'black') : aIsRed ? 'black' : 'red');
          penaltyReason = undefined;
        }
        if (result === null) {
          pendingGame = true;
          return;
        }
        const aSide: Side = aIsRed ? 'red' : 'black';
        const bSide: Side = aIsRed ? 'black' : 'red';
        const rec: GameRecord = {
          board: g.board ?? gi + 1,
          red: g.red,
          black: g.black,
          result,
          aIsRed,
          played: isPlayedResult(result),
          points: result === 'annulled' ? [0, 0] : [gamePointsOf(result, aSide), gamePointsOf(result, bSide)],
        };
        if (penaltyReason) rec.penaltyReason = penaltyReason;
        (result === 'annulled' ? annulledGames : games).push(rec);
      });
      if (pendingGame) {
        records.pending.push({ round: round.round, a, b });
        return;
      }
      if (games.length === 0) {
        records.annulled.push({ round: round.round, a, b, reason: 'collusion' });
        return;
      }
      const scored: ScoredGame[] = games.map((g) => ({ board: g.board, aIsRed: g.aIsRed, result: g.result }));
      const s = scorePairing(eventKind, gamesPerPairing, scored);
      const kind: MatchRecord['kind'] = s.doubleForfeit ? 'double_forfeit' : games.some((g) => g.played) ? 'played' : 'forfeit';
      const match: MatchRecord = { round: round.round, a, b, kind, score: s.score, gamePoints: s.gamePoints, bigPoints: s.bigPoints, games, annulledGames };
      records.matches.push(match);
      for (const [self, opp, k] of [[a, b, 0] as const, [b, a, 1] as const]) {
        const side: Side = k === 0 ? 'red' : 'black';
        rows[self].push({
          round: round.round,
          opponent: opp,
          kind,
          side,
          outcome: s.doubleForfeit ? 'loss' : outcomeOfPoints(compareToPoints(s.score[k], s.score[1 - k])),
          score: s.score[k],
          gamePoints: s.gamePoints[k],
          opponentGamePoints: s.gamePoints[1 - k],
          bigPoints: bigOf(s.bigPoints[k], s.score[k]),
          games: games.map((g) => {
            const mine: Side = (k === 0) === g.aIsRed ? 'red' : 'black';
            return {
              board: g.board,
              side: mine,
              player: mine === 'red' ? g.red : g.black,
              points: g.points[k],
              outcome: gameOutcomeOf(g.result, mine),
              played: g.played,
            };
          }),
          match,
        });
      }
    });
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
        outcome: outcomeOfPoints(args.byeScore >= WIN ? WIN : args.byeScore),
        score: args.byeScore,
        gamePoints: args.byeGamePoints,
        opponentGamePoints: 0,
        bigPoints: gamesPerPairing === 2 ? (eventKind === 'individual' ? args.byeScore : args.byeGamePoints / 2) : 0,
        games: [],
        match: null,
      });
    }
  }
  return ok(records);
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
export function checkRoundEntries(rounds: readonly Round[], known: ReadonlySet<string>, removedBeforeStart: ReadonlySet<string>): Result<true> {
  for (const round of rounds) {
    const ids = round.pairings.flatMap((p) => [p.red, p.black]).concat(round.byes);
    for (const id of ids) {
      if (removedBeforeStart.has(id)) {
        return fail('paired_after_withdrawal_before_start', `round ${round.round}: '${id}' withdrew before round 1 and must not be paired; make a new draw (二章7节2)`, `rounds`);
      }
      if (!known.has(id)) return fail('unknown_entry', `round ${round.round}: unknown entry '${id}'`, `rounds`);
    }
  }
  return ok(true);
}
