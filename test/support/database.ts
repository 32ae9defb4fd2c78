// What e2e tests use to reach the run's database (created by test/support/global-setup.ts).
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../../apps/server/src/generated/prisma/client';

import { TEST_DATABASE_URL_VARIABLE } from './test-database';

export { TEST_DATABASE_URL_VARIABLE };

/** The URL of this run's fresh, migrated database. */
export function testDatabaseUrl(): string {
  const url = process.env[TEST_DATABASE_URL_VARIABLE];
  if (!url) {
    throw new Error(
      `${TEST_DATABASE_URL_VARIABLE} is not set: run e2e tests with \`npm run test:e2e\` ` + '(jest.e2e.config.js starts the test database in its globalSetup)',
    );
  }
  return url;
}

/** A Prisma client on `url` (the caller disconnects it with `$disconnect()`). */
export function createPrismaClient(url: string = testDatabaseUrl()): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
}
