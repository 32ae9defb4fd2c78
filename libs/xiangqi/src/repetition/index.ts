export * from './types';
export { adjudicate, adjudicateBatch } from './adjudicate';
export { PATTERN_LABELS } from './patterns';
export { analyseCapture, analyseCaptures } from './captures';
export type { CaptureInfo, Root } from './captures';
export { canMateByChecks, DEFAULT_MATE_SEARCH_CHECKS } from './search';
