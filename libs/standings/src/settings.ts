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

/** What a bye contributes to an opponent-based criterion (no opponent, so never 'opponent'). */
export const BYE_IN_OPPONENT_VALUES = ['zero', 'own_score'] as const;
export type ByeInOpponentValue = (typeof BYE_IN_OPPONENT_VALUES)[number];

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

/**
 * 小分 in a two-game individual round-robin (二章6节2 A) — an open reading, an event setting:
 * - sonneborn_berger (default, Chuhe's behaviour before the setting): 小分 as 二章6节4 B defines it
 *   for round-robins (所胜对手全部场分；所和对手一半场分), the article's one-game meaning;
 * - game_points: 二章5节2 names 局分 "小分" in a two-game pairing (胜一局 2 分 …), so 小分 is the
 *   entry's total 局分 (totalGamePoints), under the article's label.
 */
export const TWO_GAME_SMALL_POINTS = ['sonneborn_berger', 'game_points'] as const;
export type TwoGameSmallPoints = (typeof TWO_GAME_SMALL_POINTS)[number];

/**
 * 两人对赛时执后手者为胜 (二章6节2 F) when more than two are tied — an open reading, an event setting:
 * - two_only (default, Chuhe's behaviour before the setting): the article speaks of 两人 (two), so
 *   it separates exactly two tied entries who met, and is skipped for three or more;
 * - among_tied: three or more tied entries who all met each other: the games with Black among
 *   them count, more ranks first (the same idea among the group).
 */
export const BLACK_IN_DIRECT_GAME_TIES = ['two_only', 'among_tied'] as const;
export type BlackInDirectGameTies = (typeof BLACK_IN_DIRECT_GAME_TIES)[number];

export interface CountingSettings {
  /** 二章6节2 A in a two-game individual round-robin: 小分 as Sonneborn–Berger or as 局分 (二章5节2). */
  twoGameSmallPoints: TwoGameSmallPoints;
  /** 二章6节2 F with more than two tied entries. */
  blackInDirectGameTies: BlackInDirectGameTies;
  /** Opponent-based criteria: what a bye contributes. Default 'zero'. */
  byeInOpponentCriteria: ByeInOpponentValue;
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
  twoGameSmallPoints: 'sonneborn_berger',
  blackInDirectGameTies: 'two_only',
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

/** Every counting setting's values (the file's vocabulary, the event's readings page offers them in this order). */
export const COUNTING_CHOICES: { readonly [K in keyof CountingSettings]: readonly CountingSettings[K][] } = Object.freeze({
  twoGameSmallPoints: TWO_GAME_SMALL_POINTS,
  blackInDirectGameTies: BLACK_IN_DIRECT_GAME_TIES,
  byeInOpponentCriteria: BYE_IN_OPPONENT_VALUES,
  forfeitInOpponentCriteria: UNPLAYED_OPPONENT_VALUES,
  withdrawnOpponent: WITHDRAWN_OPPONENT_VALUES,
  forfeitWinsAreWins: [true, false],
  byeIsWin: [true, false],
  unplayedBlackGames: [true, false],
  forfeitsInDirectEncounter: [true, false],
  directEncounter: DIRECT_ENCOUNTER_MODES,
  strongOpponent: STRONG_OPPONENT_METHODS,
  fouls: FOUL_COUNTS,
});

export function countingSettings(partial: Partial<CountingSettings> = {}): CountingSettings {
  return { ...DEFAULT_COUNTING, ...partial };
}
