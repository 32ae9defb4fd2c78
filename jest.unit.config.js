// Unit tests: pure libraries and the CLI, colocated as *.spec.ts.
// The libraries are npm workspace packages: Jest follows node_modules/@chuhe/* and their exports maps
// with the `@chuhe/source` condition (their TypeScript sources), as the type check does.

/** @type {import('jest').Config} */
module.exports = {
  rootDir: __dirname,
  roots: ['<rootDir>/libs', '<rootDir>/apps'],
  testMatch: ['**/*.spec.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] },
  testEnvironmentOptions: { customExportConditions: ['@chuhe/source', 'node', 'require', 'default'] },
  modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/libs/[^/]+/dist/'],
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'json'],
};
