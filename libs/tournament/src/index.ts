export {
  type BySide,
  type Entry,
  EVENT_KINDS,
  type EventKind,
  type Game,
  GAME_RESULTS,
  type GameResult,
  opposite,
  type Pairing,
  PENALTY_REASONS,
  type PenaltyReason,
  type Round,
  ROUND1_PAIRINGS,
  type Round1Pairing,
  SAME_AFFILIATION_RULES,
  type SameAffiliationRule,
  SCORING_SYSTEMS,
  type ScoringSystem,
  type Side,
  SIDES,
  TEAM_FAR_PAIRINGS,
  type TeamFarPairing,
  type TeamMember,
  type Tournament,
  type TournamentOptions,
} from './model';
export { err, ok, type Result } from './result';
export {
  formatTournamentFileErrors,
  parseTournament,
  parseTournamentText,
  TOURNAMENT_FILE_ERROR_CODES,
  type TournamentFileError,
  type TournamentFileErrorCode,
} from './tournament-file';
export {
  byePoints,
  comparePoints,
  DRAW_POINTS,
  formatScore,
  gamePoints,
  isPlayedResult,
  LOSS_POINTS,
  memberOwners,
  pairingPoints,
  type PairingPoints,
  scoresAfter,
  type ScoreTable,
  UNPLAYED_RESULTS,
  WIN_POINTS,
  winnerOf,
} from './scoring-basics';
export { isInt, isObject, type Json, JsonChecker, type JsonProblemCode } from './json-checker';
export { type BoardGame, boardGames, checkLineup, defaultLineup, type LineupCheck, type LineupProblem, lineupReleased } from './lineup';
export { firstTeamIsRed } from './board-colour';
export {
  lineupDeadline,
  type LineupRefusal,
  type LineupSource,
  type LineupSubmission,
  lineupSubmissionPlan,
  type LineupSubmissionPlan,
} from './lineup-deadline';
export {
  isGameResult,
  type LineTargetProblem,
  parseResultEntry,
  resolveResultLine,
  RESULT_CODES,
  type ResultEntryLine,
  type ResultEntryProblem,
  type SheetGameLabel,
  sheetGameLabels,
  type SheetLineGame,
} from './result-entry';
export {
  APPEAL_TIE_FEES,
  appealFeeAfter,
  type AppealTieFee,
  type Committee,
  type CommitteeDecision,
  committeeFor,
  type CommitteeMember,
  decisionOf,
  EVEN_PANEL_TIE_RULE,
  MIN_COMMITTEE,
  type VoteChoice,
} from './committee';
export { type AbsenceResult, absencesAtStart, type BoardAbsence, lateLimit, presentAt, type StartBoard } from './start-signal';
export { type Calendar, type CalendarEvent, escapeText, foldLine, localStamp, writeCalendar, zoneOffsetMinutes } from './icalendar';
export { DELEGATED_CHIEF_RIGHTS, hasRight, holdersOf, mayAppoint, rightsOf, STAFF_RIGHTS, STAFF_ROLES, type StaffRight, type StaffRole } from './staff-rights';
export {
  announcedClocks,
  type Clock,
  clockParts,
  type ClockParts,
  type ClockProblem,
  rapidClockOf,
  type SecondPeriod,
  slowClockOf,
  type StageClocks,
  type TimeControl,
  timeControlProblems,
} from './time-control';
export { resumeRound, type SuspendableRound, suspendRound, type SuspensionDecision, type SuspensionRefusal } from './suspension';
export { MAX_TABLE, sectionProblem, tableRuns, type TableSection, unassignedTables } from './arbiter-section';
