// Jest globalSetup of the e2e suite: one server, one fresh migrated database for the whole run,
// published to the test files as process.env.CHUHE_TEST_DATABASE_URL.
// (Not importing ./database: globalSetup is loaded outside Jest's module mapping, where the
// generated Prisma client's `.js`-suffixed imports of .ts files do not resolve.)
import { TEST_DATABASE_URL_VARIABLE, createTestDatabase, startTestServer, type TestDatabase, type TestServer } from './test-database';

export interface TestRun {
  server: TestServer;
  database: TestDatabase;
}

declare global {
  // Shared with global-teardown.ts (both run in Jest's parent process).
  var __CHUHE_TEST_RUN__: TestRun | undefined;
}

export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  const server = await startTestServer();
  try {
    const database = await createTestDatabase(server.url);
    globalThis.__CHUHE_TEST_RUN__ = { server, database };
    process.env[TEST_DATABASE_URL_VARIABLE] = database.url;
    process.stdout.write(
      `\n[test database] ${database.name} on ${server.embedded ? 'an embedded PostgreSQL' : "DATABASE_URL's server"}` + ` (${Date.now() - started} ms)\n`,
    );
  } catch (error) {
    await server.stop();
    throw error;
  }
}
