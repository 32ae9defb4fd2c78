/**
 * libs/standings — scoring (局分 / 场分 / 大分 / 小分), tie-break chains, forfeits, withdrawals and
 * sanctions, for individual and team events (二章5–9节, 附录1–5). Pure: no I/O, no clock.
 *
 * Usage:
 *   const parsed = parseStandingsFile(JSON.parse(text));      // Tournament + standings extras
 *   if (parsed.ok) {
 *     const table = computeStandings(parsed.value.tournament, parsed.value.options);
 *   }
 */
export {
  CHAIN_IDS,
  type ChainId,
  type ChainStep,
  chainWithReadings,
  changeChain,
  customChain,
  DEFAULT_CHAINS,
  defaultChainId,
  isChainId,
  resolveChain,
} from './chains';
export {
  compareValues,
  CRITERIA,
  CRITERION_IDS,
  type CriterionContext,
  type CriterionDefinition,
  type CriterionId,
  type CriterionValue,
  opponentContribution,
} from './criteria';
export { type Lot, lotFromOrder, lotFromSeed, type RankedEntry, rankEntries, type Separation } from './ranking';
export {
  type AnnulledPairing,
  buildRecords,
  type BuildRecordsArgs,
  checkRoundEntries,
  type GameCounts,
  type GameRecord,
  type MatchRecord,
  type RecordGameRow,
  type RecordPairingRow,
  type Records,
  ROW_KINDS,
  rowGames,
  type RowKind,
  sideIn,
} from './records';
export {
  type BoardGame,
  crosstable,
  type CrosstableCell,
  type CrosstableRow,
  type MemberResult,
  memberResults,
  type ProgressiveRow,
  progressiveScores,
  type TeamMatch,
  teamMatches,
} from './reports';
export { fail, ok, STANDINGS_ERROR_CODES, StandingsError, type StandingsErrorCode, type StandingsResult } from './result';
export {
  ADJOURNMENT_GRACE_MINUTES,
  applySanctions,
  FALSE_CLAIM_DEDUCTION_MINUTES,
  type FoulCounts,
  type GameOverride,
  KNOCKED_OVER_BONUS_MINUTES,
  LADDER_DECISIONS,
  LADDER_STEPS,
  type LadderDecision,
  type LadderRecord,
  type LadderStep,
  type Sanction,
  SANCTION_KINDS,
  type SanctionEffects,
  type SanctionKind,
  TECHNICAL_FOULS_FOR_LOSS,
  type TimeAdjustment,
  UNRECORDED_MOVES_FOR_LOSS,
  VIOLATIONS_FOR_LOSS,
} from './sanctions';
export { forfeitWin, gameOutcomeOf, type Outcome, outcomeOfPoints, OUTCOMES, type PairingScore, penaltyWin, type ScoredGame, scorePairing } from './scoring';
export {
  BLACK_IN_DIRECT_GAME_TIES,
  type BlackInDirectGameTies,
  BYE_IN_OPPONENT_VALUES,
  type ByeInOpponentValue,
  COUNTING_CHOICES,
  countingSettings,
  type CountingSettings,
  DEFAULT_COUNTING,
  DIRECT_ENCOUNTER_MODES,
  type DirectEncounterMode,
  FOUL_COUNTS,
  type FoulCount,
  STRONG_OPPONENT_METHODS,
  type StrongOpponentMethod,
  TWO_GAME_SMALL_POINTS,
  type TwoGameSmallPoints,
  UNPLAYED_OPPONENT_VALUES,
  type UnplayedOpponentValue,
  WITHDRAWN_OPPONENT_VALUES,
  type WithdrawnOpponentValue,
} from './settings';
export { computeStandings, type Decision, type DisplayValue, formatOf, type StandingRow, type Standings, type StandingsOptions } from './standings';
export { parseStandingsFile, parseStandingsText, STANDINGS_FILE_FIELDS, type StandingsFile, type StandingsFileError } from './standings-input';
export { computeTotals, gamePointsScale, scoreScale, type Totals, type TotalsArgs } from './totals';
export {
  applyWithdrawals,
  type Format,
  FORMATS,
  pairingPlayedOverBoard,
  type Withdrawal,
  WITHDRAWAL_REASONS,
  type WithdrawalEffects,
  type WithdrawalReason,
  type WithdrawalStatus,
} from './withdrawals';
export {
  type WithdrawalForfeit,
  type WithdrawalGame,
  type WithdrawalPairing,
  withdrawalPlan,
  type WithdrawalPlan,
  type WithdrawalRefusal,
  type WithdrawalRequest,
} from './withdrawal-plan';
export { type BoardPrizeRow, boardPrizes, teamRecords, type TeamRoundRecord } from './team-report';
export {
  adjournmentNoShowResult,
  CHIEF_CONFIRMS,
  COLLUSION_ARTICLE,
  needsChiefConfirmation,
  overrideArticle,
  PENALTY_ARTICLES,
  SANCTION_ARTICLES,
  sanctionArticle,
  TECHNICAL_FOUL_DETAILS,
} from './sanction-consequences';
export { type TeamBoardResult, teamMatchScore, type TeamMatchScore } from './team-match';
