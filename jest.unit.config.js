// Unit tests: pure libraries and the CLI, colocated as *.spec.ts.
const { LIBS } = require('./bin/lib-aliases');

/** The libraries' package names (tsconfig.json "paths"). */
const LIB_ALIASES = {
  [`^@chuhe/(${LIBS.join('|')})$`]: '<rootDir>/libs/$1/src',
  [`^@chuhe/(${LIBS.join('|')})/(.*)$`]: '<rootDir>/libs/$1/src/$2',
};

/** @type {import('jest').Config} */
module.exports = {
  rootDir: __dirname,
  roots: ['<rootDir>/libs', '<rootDir>/apps'],
  testMatch: ['**/*.spec.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] },
  moduleNameMapper: LIB_ALIASES,
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'json'],
};
