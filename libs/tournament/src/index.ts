export * from './model';
export * from './result';
export * from './tournament-file';
export * from './scoring-basics';
export * from './json-checker';
export * from './lineup';
export * from './result-entry';
export * from './committee';
