/**
 * The tournament model shared by libs/pairing, libs/standings, the CLI and the server.
 *
 * It is the in-memory form of the JSON tournament file (`npx chuhe pair < tournament.json`,
 * `npx chuhe standings < tournament.json`). Raw JSON is checked by `parseTournament` (see
 * tournament-file.ts, owned by the pairing work) before it becomes a `Tournament`.
 *
 * Invariants:
 * - Entry ids are unique strings; drawNumbers (代号) are unique positive integers.
 * - An entry is a player (individual event) or a team (team event); a round's pairings are
 *   between entries. In a team event each pairing carries the board games of its players.
 * - Scores are integers: with 1/½/0 scoring they are counted in half-points (see ScoringSystem).
 */

export const SIDES = ['red', 'black'] as const;
export type Side = (typeof SIDES)[number];
export type BySide<T> = { red: T; black: T };

export function opposite(side: Side): Side {
  return side === 'red' ? 'black' : 'red';
}

export const EVENT_KINDS = ['individual', 'team'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/**
 * How a game ended. Played results and rulings are kept apart because tie-breaks treat them
 * differently (played vs unplayed).
 * - red_win / draw / black_win: played over the board (including mate, stalemate 困毙, time).
 * - red_win_forfeit / black_win_forfeit: the other side was absent at the start (零迟到, 二章7节1)
 *   or its game was declared forfeit after a withdrawal (二章7节3–4). Unplayed.
 * - double_forfeit: neither appeared; both score a loss. Unplayed.
 * - red_win_penalty / black_win_penalty: decided by a ruling during play (two technical fouls
 *   一章3节6, four violations 一章3节7, 16 unrecorded moves 二章3节6, a device 二章8节10,
 *   warning ladder 二章8节11, self-exposure 一章3节5). Played: the game was on the board.
 * - annulled: cancelled (collusion 二章8节3, withdrawal before half-way 二章7节3); no points to anyone.
 */
export const GAME_RESULTS = [
  'red_win',
  'draw',
  'black_win',
  'red_win_forfeit',
  'black_win_forfeit',
  'double_forfeit',
  'red_win_penalty',
  'black_win_penalty',
  'annulled',
] as const;
export type GameResult = (typeof GAME_RESULTS)[number];

/** Why a penalty result was given; recorded with the game for the audit and the reports. */
export const PENALTY_REASONS = [
  'technical_fouls', // 一章3节6: two technical fouls in one game
  'violations', // 一章3节7 / 二章8节5: four violations in one game
  'unrecorded_moves', // 二章3节6: 16 unrecorded moves
  'device', // 二章8节10: phone or other electronic device
  'warning_ladder', // 二章8节11: third offence
  'self_exposure', // 一章3节5: a move that exposes one's own king
  'false_move_limit_claim_timeout', // 二章4节: the 5-minute deduction ran the clock out
  'adjournment_no_show', // 三章6K: not back within 15 minutes of resumption
  'other',
] as const;
export type PenaltyReason = (typeof PENALTY_REASONS)[number];

/** 二章5节1: win 2 / draw 1 / loss 0, or 1 / ½ / 0 counted in half-points (2 / 1 / 0 internally). */
export const SCORING_SYSTEMS = ['2-1-0', '1-0.5-0'] as const;
export type ScoringSystem = (typeof SCORING_SYSTEMS)[number];

export interface Entry {
  id: string;
  drawNumber: number;
  name?: string;
  /** Rating, when the event uses one for seeding. Unrated entries come after rated ones. */
  rating?: number;
  affiliation?: string;
  /** Seed rank (1 = top seed) when the organizer seeded the field. */
  seed?: number;
  /** Withdrawn after this round (0 = before round 1). Absent = still playing. */
  withdrawnAfterRound?: number;
  /** Team events: the team's players, starters first in board order, then reserves. */
  members?: TeamMember[];
  /** The server-wide person (Chuhe's person registry, issue 33) an individual entry's player is; optional, never needed to read the file. */
  personId?: string;
  /** The player's federation ID (issue 33): the registry's sure key on another server; optional. */
  federationId?: string;
}

export interface TeamMember {
  id: string;
  name?: string;
  /** Board order of a starter (1-based); absent for a reserve. */
  board?: number;
  /** The server-wide person the member is (issue 33); optional. */
  personId?: string;
  /** The member's federation ID (issue 33); optional. */
  federationId?: string;
}

/** One board game inside a pairing. In an individual event a pairing has one or two games. */
export interface Game {
  /** Player ids (individual: the entry ids; team: member ids). */
  red: string;
  black: string;
  result: GameResult | null;
  /** Board number in a team match (1-based); game number in a two-game pairing. */
  board?: number;
  /**
   * 二章5节4: the game within its board when a team pairing plays two games per board (1, or 2
   * with the colours reversed); absent = 1. An individual two-game pairing numbers its games by `board`.
   */
  leg?: number;
  penaltyReason?: PenaltyReason;
}

/** A pairing (对局 / 一场) of two entries in a round; `red` is the first-listed entry (附录6 用法 1). */
export interface Pairing {
  red: string;
  black: string;
  games: Game[];
}

export interface Round {
  round: number;
  pairings: Pairing[];
  /** Entries that received a bye (轮空) this round. */
  byes: string[];
}

export const ROUND1_PAIRINGS = ['split', 'adjacent'] as const;
export type Round1Pairing = (typeof ROUND1_PAIRINGS)[number];

export const SAME_AFFILIATION_RULES = ['allowed', 'round1', 'event'] as const;
export type SameAffiliationRule = (typeof SAME_AFFILIATION_RULES)[number];

export const TEAM_FAR_PAIRINGS = ['mirror', 'split'] as const;
export type TeamFarPairing = (typeof TEAM_FAR_PAIRINGS)[number];

export interface TournamentOptions {
  eventKind: EventKind;
  scoring: ScoringSystem;
  /** 1 or 2 games per pairing (二章5节1–2, 4). */
  gamesPerPairing: 1 | 2;
  /** Boards per team match (附录1 #1: 3 starters). Ignored for individual events. */
  boards: number;
  /** Points a bye scores, in the scoring's units (default: a win). */
  byePoints?: number;
  /** Which registered pairing system pairs the next round (libs/pairing registry); default by eventKind. */
  pairingSystem?: string;
  /** Swiss round 1: 'split' = top half against bottom half by seeding; 'adjacent' = 1–2, 3–4 … (附录1 #4). */
  round1Pairing?: Round1Pairing;
  /** The recorded lot (抽签) that decides round-1 colours; any string, reproducible. */
  colourLotSeed?: string;
  /** Same-affiliation entries: may meet ('allowed'), not in round 1 (附录3 #3, 'round1'), never ('event'). */
  sameAffiliation?: SameAffiliationRule;
  /** Pairs the chief arbiter forbids for the whole event (entry ids). */
  forbiddenPairs?: Array<[string, string]>;
  /** Team Swiss, even rounds (远对): 'mirror' = first against last of a score group, 'split' = top half against bottom half. */
  teamFarPairing?: TeamFarPairing;
  /** Everything else a system needs (pairing system, tie-break chain, forbidden pairs …). */
  [key: string]: unknown;
}

export interface Tournament {
  name?: string;
  options: TournamentOptions;
  entries: Entry[];
  rounds: Round[];
}
