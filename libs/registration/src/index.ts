export { type Random, seededRandom, shuffled } from './prng';
export {
  AXF_TEAM_SEED_POSITIONS,
  type DrawAssignment,
  type DrawEntry,
  DrawError,
  type DrawErrorCode,
  drawNumbers,
  type DrawOptions,
  type DrawResult,
} from './draw';
export { type CsvParseResult, type CsvRecord, type CsvSyntaxError, parseCsv } from './csv';
export {
  formatProblem,
  type ImportProblem,
  type ImportProblemCode,
  type ImportResult,
  PLAYER_COLUMNS,
  type PlayerRow,
  readPlayersCsv,
  readTeamsCsv,
  TEAM_COLUMNS,
  type TeamRow,
} from './import-rows';
export {
  type ExistingDrawNumber,
  LATE_ENTRY_METHODS,
  lateEntryDraw,
  type LateEntryDraw,
  LateEntryDrawError,
  type LateEntryDrawErrorCode,
  type LateEntryDrawInput,
  type LateEntryDrawResult,
  type LateEntryMethod,
  type MovedDrawNumber,
} from './late-entry';
export { defaultSeedPositions } from './seed-positions';
export {
  type SeedChange,
  type SeededEntry,
  seededSetChanged,
  seedListProblems,
  type SeedListProblem,
  seedsAfter,
  seedsFromOrder,
  type NamedEntry,
  type SeedOrder,
} from './seed-list';
export { type Candidate, type EligibilityProblem, eligibilityProblems, type EligibilityRules } from './eligibility';
export { type EntryWindow, mayEnter, windowState, type WindowState } from './entry-window';
export { fieldFillUp, type InvitationInput, invitationQuotas, type QuotaBasis, quotaLeft, type UnitQuotaRow } from './quota';
export { matchPerson, nameKey, type Newcomer, type PersonCandidate, type PersonMatch } from './person-match';
export { parseUnitRows, type UnitRow, type UnitRowProblem } from './unit-rows';
