export * from './prng';
export * from './draw';
export * from './csv';
export * from './import-rows';
export * from './late-entry';
export * from './seed-positions';
