import { GameResult, Pairing, Side, Tournament, TournamentOptions } from './model';

/**
 * Points per result, the small shared core of scoring (pairing uses it for score groups, the
 * standings library for everything else).
 *
 * Units: integers. 二章5节1: a win 2, a draw 1, a loss 0. With 1/½/0 scoring the same integers
 * are half-points, so both scorings share the code and only the display differs.
 */
export const WIN_POINTS = 2;
export const DRAW_POINTS = 1;
export const LOSS_POINTS = 0;

/** Results decided without the game being played over the board. */
export const UNPLAYED_RESULTS: readonly GameResult[] = ['red_win_forfeit', 'black_win_forfeit', 'double_forfeit', 'annulled'];

export function isPlayedResult(result: GameResult): boolean {
  return !UNPLAYED_RESULTS.includes(result);
}

/** The side that won, 'draw', or null when nobody wins (double forfeit, annulled). */
export function winnerOf(result: GameResult): Side | 'draw' | null {
  switch (result) {
    case 'red_win':
    case 'red_win_forfeit':
    case 'red_win_penalty':
      return 'red';
    case 'black_win':
    case 'black_win_forfeit':
    case 'black_win_penalty':
      return 'black';
    case 'draw':
      return 'draw';
    case 'double_forfeit': // both score a loss
    case 'annulled': // 二章8节3, 二章7节3: cancelled, no points to anyone
      return null;
  }
}

/** 二章5节1: game points (局分) of `side` for a finished game. */
export function gamePoints(result: GameResult, side: Side): number {
  const w = winnerOf(result);
  if (w === 'draw') return DRAW_POINTS;
  return w === side ? WIN_POINTS : LOSS_POINTS;
}

/** 2 / 1 / 0 by comparing two totals: 大分 of a two-game pairing (二章5节2), 场分 of a team match (二章5节3, 附录1 #7). */
export function comparePoints(own: number, other: number): number {
  return own > other ? WIN_POINTS : own === other ? DRAW_POINTS : LOSS_POINTS;
}

/** Points a bye scores (轮空): options.byePoints, by default a win. */
export function byePoints(options: TournamentOptions): number {
  return options.byePoints ?? WIN_POINTS;
}

export interface PairingPoints {
  /** Sum of game points (局分 / 小分) of each entry over the pairing's games. */
  gamePoints: { red: number; black: number };
  /**
   * The pairing's score for standings and score groups: individual one-game = game points;
   * individual two-game = 大分 (二章5节2); team = 场分 (二章5节3), comparing total game points.
   */
  score: { red: number; black: number };
}

/**
 * Points of a pairing, or undefined while a game is unfinished (result null) or no game is
 * recorded yet. `sideOfPlayer` maps a game's player id to the pairing side it plays for (team
 * events: member id → team; the default is for individual events).
 */
export function pairingPoints(
  pairing: Pairing,
  options: TournamentOptions,
  sideOfPlayer: (playerId: string) => Side | undefined = (id) => (id === pairing.red ? 'red' : id === pairing.black ? 'black' : undefined),
): PairingPoints | undefined {
  if (pairing.games.length === 0) return undefined;
  const gp = { red: 0, black: 0 };
  for (const game of pairing.games) {
    if (game.result === null) return undefined;
    const redEntry = sideOfPlayer(game.red);
    const blackEntry = sideOfPlayer(game.black);
    if (redEntry === undefined || blackEntry === undefined) return undefined;
    gp[redEntry] += gamePoints(game.result, 'red');
    gp[blackEntry] += gamePoints(game.result, 'black');
  }
  const multi = options.eventKind === 'team' || pairing.games.length > 1;
  const score = multi ? { red: comparePoints(gp.red, gp.black), black: comparePoints(gp.black, gp.red) } : { ...gp };
  // A double forfeit or an annulled single game scores nothing for either side, even when "equal".
  if (multi && pairing.games.every((g) => g.result === 'double_forfeit' || g.result === 'annulled')) {
    score.red = 0;
    score.black = 0;
  }
  return { gamePoints: gp, score };
}

/** Map from member id to entry id, for team events. */
export function memberOwners(tournament: Tournament): Map<string, string> {
  const owners = new Map<string, string>();
  for (const e of tournament.entries) for (const m of e.members ?? []) owners.set(m.id, e.id);
  return owners;
}

export interface ScoreTable {
  /** Score (points of the pairing, byes included) of every entry after `throughRound`. */
  scores: Map<string, number>;
  /** Rounds (1-based) with an unfinished pairing, in order; empty when all are finished. */
  unfinishedRounds: number[];
}

/** Scores after rounds 1…throughRound (default: all rounds in the tournament). */
export function scoresAfter(tournament: Tournament, throughRound = tournament.rounds.length): ScoreTable {
  const scores = new Map<string, number>(tournament.entries.map((e) => [e.id, 0]));
  const unfinished: number[] = [];
  const owners = tournament.options.eventKind === 'team' ? memberOwners(tournament) : undefined;
  for (const round of tournament.rounds.slice(0, throughRound)) {
    let complete = true;
    for (const pairing of round.pairings) {
      const side = owners
        ? (id: string): Side | undefined => {
            const o = owners.get(id) ?? id;
            return o === pairing.red ? 'red' : o === pairing.black ? 'black' : undefined;
          }
        : undefined;
      const points = pairingPoints(pairing, tournament.options, side);
      if (!points) {
        complete = false;
        continue;
      }
      scores.set(pairing.red, (scores.get(pairing.red) ?? 0) + points.score.red);
      scores.set(pairing.black, (scores.get(pairing.black) ?? 0) + points.score.black);
    }
    for (const id of round.byes) scores.set(id, (scores.get(id) ?? 0) + byePoints(tournament.options));
    if (!complete) unfinished.push(round.round);
  }
  return { scores, unfinishedRounds: unfinished };
}

/** Human form of an internal score: "3" or "1.5" (1/½/0 scoring counts half-points). */
export function formatScore(points: number, options: Pick<TournamentOptions, 'scoring'>): string {
  return options.scoring === '1-0.5-0' ? String(points / 2) : String(points);
}
