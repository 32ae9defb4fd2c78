export {
  doubleRoundRobinTable,
  type GameSides,
  pairingGameSides,
  ROUND_ROBIN_ERROR_CODES,
  ROUND_ROBIN_MAX_ENTRANTS,
  RoundRobinError,
  type RoundRobinErrorCode,
  type RoundRobinPair,
  type RoundRobinResult,
  type RoundRobinRound,
  roundRobinTable,
  type RoundRobinTable,
  roundRobinTableProblems,
  teamBoardSides,
} from './round-robin';
export { roundRobinRounds, type RoundRobinRoundsOptions, roundRobinSystem } from './round-robin-rounds';
export { groupRoundRobin, type RoundRobinGroup, snakeGroups } from './group-round-robin';
export {
  bracketSeedOrder,
  finalAndThirdPlace,
  knockoutBracket,
  type KnockoutBracket,
  type KnockoutError,
  type KnockoutMatch,
  knockoutNextRound,
  type Seeded,
} from './knockout-bracket';
export {
  FIVE_PLUS_TWO_KNOCKOUT,
  FIVE_PLUS_TWO_RAPID,
  FIVE_PLUS_TWO_SLOW,
  type KnockoutMatchError,
  type KnockoutMatchFormat,
  type KnockoutMatchPlayers,
  knockoutMatchState,
  type KnockoutMatchState,
  MATCH_GAME_KINDS,
  type MatchGame,
  type MatchGameKind,
  type NextMatchGame,
  recordsKept,
  SIX_PLUS_ONE_FINAL,
  SIX_PLUS_ONE_RAPID,
  SIX_PLUS_ONE_SLOW,
  type TimeControl,
} from './knockout-match';
export { colourDifference, emptyHistory, entryHistories, type EntryHistory, isActiveIn, pairingCountsForColour } from './checker-history';
export {
  checkRound,
  DEFAULT_CHECK_SEVERITIES,
  FINDING_SEVERITIES,
  type FindingSeverity,
  formatPairingFindings,
  hasPairingErrors,
  PAIRING_CHECK_CODES,
  type PairingCheckCode,
  type PairingCheckOptions,
  type PairingFinding,
} from './checker';
export {
  CHAMPIONSHIP_ERROR_CODES,
  CHAMPIONSHIP_STAGES,
  championshipError,
  type ChampionshipError,
  type ChampionshipErrorCode,
  type ChampionshipMatch,
  type ChampionshipStage,
  coloursOf,
  earlierMeeting,
  pairOthersSwiss,
  readStageInput,
  registrySwissPairer,
  type SwissRoundPairer,
} from './championship';
export {
  COLOUR_REASONS,
  type ColourDecision,
  type ColourDecisionInput,
  type ColourReason,
  decideColours,
  type Lot,
  recordedLot,
  seededLot,
} from './championship-colours';
export {
  FIVE_PLUS_TWO_SWISS_ROUNDS,
  fivePlusTwoFinals,
  type FivePlusTwoFinalsInput,
  fivePlusTwoSemiFinals,
  type FivePlusTwoSemiFinals,
  type FivePlusTwoSemiFinalsInput,
} from './championship-five-plus-two';
export { SIX_PLUS_ONE_SWISS_ROUNDS, sixPlusOneFinal, type SixPlusOneFinalInput } from './championship-six-plus-one';
export {
  CHAMPIONSHIP_FORMATS,
  CHAMPIONSHIP_ROUNDS,
  championshipFivePlusTwo,
  type ChampionshipFormat,
  type ChampionshipKnockout,
  championshipKnockouts,
  type ChampionshipRanker,
  championshipSixPlusOne,
  type ChampionshipSystemDeps,
  createChampionshipSystem,
  describeMatchGame,
  standingsRanker,
} from './championship-system';
export {
  PAIRING_ERROR_CODES,
  PAIRING_SYSTEM_IDS,
  PAIRING_WARNING_CODES,
  PairingError,
  type PairingErrorCode,
  type PairingRequest,
  type PairingSystem,
  type PairingSystemId,
  type PairingWarning,
  type PairingWarningCode,
  type RoundPairing,
} from './pairing-system';
export { isPairingSystemId, PAIRING_SYSTEMS, pairingSystemFor } from './registry';
export { EdgeList } from './matching/edge-list';
export { type MatchingOptions, matchingWeight, maxWeightMatching } from './matching/max-weight-matching';
export { buildSwissField, seedingOrder, type SwissField, type SwissPlayer } from './swiss/swiss-field';
export {
  allocateColours,
  assignmentCost,
  type ColourCandidate,
  colourCost,
  type ColourCost,
  colourDiff,
  dueColour,
  pairColourCost,
} from './swiss/swiss-colours';
export {
  DEFAULT_WINDOW,
  DENSE_LIMIT,
  type EngineInput,
  type EngineOutput,
  type EnginePlayer,
  GROUP_PATTERNS,
  type GroupPattern,
  runSwissEngine,
} from './swiss/swiss-engine';
export {
  colourWarnings,
  type EngineEntry,
  type EngineTuning,
  forbiddenPairRule,
  pairSwissIndividual,
  swissIndividual,
  toEngine,
} from './swiss/swiss-individual';
export { swissTeam } from './swiss/swiss-team';
export { makeTrf, type MakeTrfOptions, parseTrf, recordedTotalRounds, TRF_MAX_RANK, trfColumns, type TrfError, type TrfHeader } from './trf/trf';
export { checkTrf, type TrfProblem } from './trf/trf-checker';
export {
  CHAMPIONSHIP_STANDINGS_ERROR_CODES,
  CHAMPIONSHIP_SYSTEM_IDS,
  type ChampionshipPlace,
  championshipStandings,
  type ChampionshipStandings,
  type ChampionshipStandingsError,
  type ChampionshipStandingsErrorCode,
  type ChampionshipStandingsOptions,
  type ChampionshipSystemId,
  isChampionshipSystem,
  type KnockoutGameView,
  type KnockoutResult,
  PLACE_STATUSES,
  type PlaceStatus,
} from './championship-standings';
export {
  championshipJson,
  type ChampionshipJson,
  csvCell,
  type CsvLanguage,
  formatEventFileErrors,
  parseEventFile,
  parseEventText,
  placeText,
  type StagesJson,
  standingsCsv,
  type StandingsCsvOptions,
  standingsJson,
  type StandingsJson,
  standingsReport,
  type StandingsReport,
  whyThisRank,
  withWithdrawals,
} from './standings-report';
export {
  CHAIN_STAGE_TYPES,
  type ChainKnockoutMatch,
  type ChainStage,
  type ChainStageType,
  readStages,
  stageChainCheck,
  stageChainField,
  stageChainKnockoutRounds,
  stageChainKnockouts,
  stageChainSystem,
  stageChainView,
  stageField,
  stageKnockoutRounds,
  stageOfRound,
  stageOrder,
  stagePlan,
  type StagePosition,
} from './stage-chain';
export { affectedPairings, diffRoundPairings, matchesNoLongerPaired, type PairingSides, type RoundPairingDiff, roundSides } from './pairing-diff';
export {
  knockoutFormatOf,
  type KnockoutMatchSync,
  type KnockoutRapidClock,
  knockoutRapidOption,
  type StoredMatchGame,
  syncKnockoutMatch,
} from './knockout-match-games';
export {
  DEFAULT_TEAM_KNOCKOUT_DECIDER,
  rapidRematchGame,
  TEAM_KNOCKOUT_DECIDERS,
  type TeamKnockoutDecidedBy,
  type TeamKnockoutDecider,
  teamKnockoutDeciderOption,
  type TeamKnockoutFormat,
  type TeamKnockoutGame,
  teamKnockoutMatchState,
  type TeamKnockoutState,
  type TeamSide,
} from './team-knockout-match';
export { playRandomTournament, randomField, randomResult, type RandomTournamentSpec } from './swiss/random-tournament';
export { stageChainStandings, type StageChainStandings, type StagePlace, type StagePlaceReason } from './stage-chain-standings';
export {
  type BracketGame,
  type BracketMatch,
  type BracketRound,
  knockoutRoundName,
  type KnockoutRoundName,
  knockoutRoundNames,
  knockoutView,
  type KnockoutView,
} from './knockout-view';
export { affiliationBlocks, sameAffiliationRule } from './same-affiliation';
export {
  EVENT_STAGE_TYPES,
  eventFormatProblems,
  type EventStage,
  type EventStageType,
  formatOptions,
  type FormatProblem,
  roundRobinRoundCount,
  stageRoundCount,
} from './event-format';
