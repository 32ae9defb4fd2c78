/**
 * Settings of the tie-break computation: how byes (轮空), forfeits (弃权) and withdrawn opponents
 * (退出) count in each criterion, how 强对手分 is computed, and what happens when not all the tied
 * entries met. The rules are silent on all of these; the defaults below are Chuhe's reading and
 * are documented in libs/standings/README.md ("Counting settings").
 */

/** What an unplayed round contributes to an opponent-based criterion (对手分, 小分, 强对手分 …). */
export const UNPLAYED_OPPONENT_VALUES = [
  'zero', // contributes nothing
  'opponent', // the real opponent's final total, as if the game had been played (forfeits only)
  'own_score', // the entry's own final total (a "virtual opponent" as strong as oneself)
] as const;
export type UnplayedOpponentValue = (typeof UNPLAYED_OPPONENT_VALUES)[number];

/** What a withdrawn (or removed) opponent's total contributes to opponent-based criteria. */
export const WITHDRAWN_OPPONENT_VALUES = ['actual', 'zero', 'own_score'] as const;
export type WithdrawnOpponentValue = (typeof WITHDRAWN_OPPONENT_VALUES)[number];

/**
 * 强对手分 — "best opponent ranking" in the AXF English text; the rules give no formula.
 * - opponent_scores_desc (default): the opponents' final totals sorted from the highest down,
 *   compared element by element; the first difference decides (who met the stronger field at
 *   the top). A missing element (fewer opponents) loses against any present one.
 * - best_opponent: only the highest final total among the opponents.
 * - buchholz_cut1: 对手分 without the weakest opponent (Buchholz cut 1).
 * - beaten_opponents_desc: like opponent_scores_desc, but only the opponents beaten.
 */
export const STRONG_OPPONENT_METHODS = ['opponent_scores_desc', 'best_opponent', 'buchholz_cut1', 'beaten_opponents_desc'] as const;
export type StrongOpponentMethod = (typeof STRONG_OPPONENT_METHODS)[number];

/**
 * 直胜 / 两人对赛 / 两队对赛 when not every pair of the tied entries met:
 * - complete_only (default): the criterion separates only when every pair of the tied group met
 *   (always true for two entries that played each other, and in a complete round-robin);
 *   otherwise it is skipped for that group.
 * - mini_table: the points scored in the games among the tied entries decide anyway.
 */
export const DIRECT_ENCOUNTER_MODES = ['complete_only', 'mini_table'] as const;
export type DirectEncounterMode = (typeof DIRECT_ENCOUNTER_MODES)[number];

/** Which fouls 犯规少 counts: technical fouls only (the rules' words), or violations (违例) too. */
export const FOUL_COUNTS = ['technical', 'technical_and_violations'] as const;
export type FoulCount = (typeof FOUL_COUNTS)[number];

export interface CountingSettings {
  /** Opponent-based criteria: what a bye contributes. Default 'zero'. */
  byeInOpponentCriteria: 'zero' | 'own_score';
  /** Opponent-based criteria: what a forfeit (won or lost) contributes. Default 'opponent'. */
  forfeitInOpponentCriteria: UnplayedOpponentValue;
  /** Opponent-based criteria: the total counted for a withdrawn or removed opponent. Default 'actual'. */
  withdrawnOpponent: WithdrawnOpponentValue;
  /** 胜局数 / 全队胜局 / 取胜场数: forfeit wins count as wins. Default true (二章7节: 对方获胜). */
  forfeitWinsAreWins: boolean;
  /** 胜局数 / 全队胜局 / 取胜场数: a bye counts as a win. Default false (no game, no opponent). */
  byeIsWin: boolean;
  /**
   * 后手胜局 / 后手局 / 后手出场次数: count unplayed games (forfeits) in which the entry was
   * listed as Black. Default false: these criteria reward the burden of actually playing Black.
   */
  unplayedBlackGames: boolean;
  /** 直胜 / 两人对赛 / 两队对赛: a forfeit between the tied entries counts. Default true. */
  forfeitsInDirectEncounter: boolean;
  directEncounter: DirectEncounterMode;
  strongOpponent: StrongOpponentMethod;
  fouls: FoulCount;
}

export const DEFAULT_COUNTING: Readonly<CountingSettings> = Object.freeze({
  byeInOpponentCriteria: 'zero',
  forfeitInOpponentCriteria: 'opponent',
  withdrawnOpponent: 'actual',
  forfeitWinsAreWins: true,
  byeIsWin: false,
  unplayedBlackGames: false,
  forfeitsInDirectEncounter: true,
  directEncounter: 'complete_only',
  strongOpponent: 'opponent_scores_desc',
  fouls: 'technical',
});

export function countingSettings(partial: Partial<CountingSettings> = {}): CountingSettings {
  return { ...DEFAULT_COUNTING, ...partial };
}
