// Test fixtures for other packages' tests (e2e, browser): exported as `@chuhe/xiangqi/testing`
// under the `@chuhe/source` condition only, never built.
export { XIZE_01_05 } from './xize-01-05.cases';
export { XIZE_11_15 } from './xize-11-15.cases';
export type { RepetitionCase } from './case-types';
