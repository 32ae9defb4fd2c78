export {
  type BySide,
  err,
  FILE_COUNT,
  FILE_NAMES,
  isSquare,
  makeSquare,
  makeSquareName,
  type Move,
  moveEquals,
  ok,
  opposite,
  parseSquare,
  type Piece,
  RANK_COUNT,
  type Result,
  type Role,
  ROLES,
  type Side,
  SIDES,
  type Square,
  SQUARE_COUNT,
  squareFile,
  squareRank,
} from './types';
export { FenError, FEN_ERROR_CODES, INITIAL_FEN, parseFen, makeFen, makeBoardFen } from './fen';
export type { FenErrorCode } from './fen';
export type { Setup } from './setup';
export { Position } from './position';
export { perft, perftDivide } from './perft';
export { parseIccs, makeIccs } from './iccs';
export { NOTATIONS, NOTATION_ERROR_CODES, NotationError, formatMove, parseMove, isNotation, normalizeMoveText } from './notation';
export type { Notation, NotationErrorCode } from './notation';
export type { ChineseOptions, ChineseScript } from './chinese-notation';
export { describeMove } from './notation-describe';
export type { MoveDescription, Qualifier, Direction } from './notation-describe';
export { mulberry32 } from './prng';
export {
  adjudicate,
  adjudicateBatch,
  type Adjudication,
  type AdjudicationInput,
  analyseCapture,
  analyseCaptures,
  canMateByChecks,
  type CaptureInfo,
  CYCLE_READINGS,
  type CycleInfo,
  type CycleReading,
  type CycleReport,
  DEFAULT_MATE_SEARCH_CHECKS,
  KIND_ZH,
  type Label,
  type LenientPosition,
  MOVE_KINDS,
  type MoveAnalysis,
  type MoveKind,
  type MoveKindName,
  type Pattern,
  PATTERN_LABELS,
  PATTERNS,
  positionFromFen,
  REPETITION_ERROR_CODES,
  type RepetitionErrorCode,
  RepetitionInputError,
  type Root,
  RULE_SETS,
  type RuleSet,
  type SideSummary,
  type Verdict,
  VERDICTS,
} from './repetition';
export { RecordSyntaxError, parseRecordText, splitRecordTexts, makePgn, makePgnFromTokens, RESULT_TOKENS } from './pgn';
export type { TextLine } from './pgn';
export { annotationsOf, annotatedMovetext, variationMovetext, emptyAnnotations, hasAnnotations, MAX_VARIATION_DEPTH } from './annotations';
export type { Annotations, Variation } from './annotations';
export { crossFilePawns } from './notation';
export type { RecordText } from './pgn';
export {
  RECORD_ERROR_CODES,
  EXPORT_FORMATS,
  RecordError,
  importGame,
  replayGame,
  gameFromMoves,
  gamePositions,
  gameMoveTexts,
  exportGame,
  describeEnd,
  endResult,
  resultWarnings,
} from './record';
export type { Game, GamePly, GameEnd, ImportOptions, ExportFormat, RecordErrorCode } from './record';
export { checkMoveLimitClaim, MOVE_LIMIT_PLIES, MAX_COUNTED_CHECKS } from './move-limit';
export type { MoveLimitClaim, MoveLimitAnswer } from './move-limit';
export { buildHistory, occurrencesOf, occurrenceCount, occurrenceCounts, cycleBetween, lastCycle } from './repetition-support';
export type { PositionHistory, RepetitionCycle } from './repetition-support';
export { diagramSvg, escapeXml } from './diagram-svg';
export type { DiagramArrow, DiagramOptions, ArrowKind } from './diagram-svg';
export { disputeProcedure, aimlessRounds, DISPUTE_CYCLES, AIMLESS_ROUNDS } from './dispute-procedure';
export type { DisputeProcedure, ProcedureInstruction, ProcedureOptions, AimlessRun } from './dispute-procedure';
export { disputeReport, ROLE_ZH } from './dispute-report';
export type { DisputeReport, DisputeReportInput, ReportMove, ReportDiagram } from './dispute-report';
export { RecordEntry } from './record-entry';
export type { EntryRefusalCode, TapOutcome } from './record-entry';
export { recordFindings, recordEntrant, recordResultOf, moveLimitReachedAt, UNRECORDED_MOVES_LOSS } from './record-findings';
export type { RecordFinding, RecordFindingsInput, RecordResult } from './record-findings';
export { checkSealedMove } from './adjournment';
export { checkDrawOffer, type DrawOfferCheck } from './draw-offer';
export { EARLY_DRAW_PLIES, isEarlyDraw } from './early-draw';
