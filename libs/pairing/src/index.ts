export * from './round-robin';
export * from './round-robin-rounds';
export * from './group-round-robin';
export * from './knockout-bracket';
export * from './knockout-match';
export * from './checker-history';
export * from './checker';
