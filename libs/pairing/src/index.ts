export * from './round-robin';
export * from './round-robin-rounds';
export * from './group-round-robin';
