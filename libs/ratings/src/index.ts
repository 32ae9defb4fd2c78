export { DEFAULT_METHOD, type KStep, methodOf, methodProblems, type RatingMethod } from './method';
export { EXPECTED_SCORE, type ExpectedScore, inverseExpected } from './expected';
export {
  expectedFunction,
  expectedScore,
  kFactor,
  performanceRating,
  type PersonChange,
  type RatedGame,
  rateEvent,
  type RatingState,
  redScore,
  type ReportLine,
  roundRating,
} from './elo';
export { changedBetween, type History, orderTimeline, rateTimeline, type StoredChange, type TimelineItem } from './history';
export { LIST_COLUMNS, type ListProblem, type ListProblemCode, type ListRecord, type ListRow, readRatingList, writeRatingList } from './rating-list-csv';
