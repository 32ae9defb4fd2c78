// Jest globalTeardown of the e2e suite: drops the run's database and stops the embedded server.
export default async function globalTeardown(): Promise<void> {
  const run = globalThis.__CHUHE_TEST_RUN__;
  if (!run) return;
  globalThis.__CHUHE_TEST_RUN__ = undefined;
  try {
    if (!process.env.CHUHE_KEEP_TEST_DATABASE) await run.database.drop();
  } finally {
    await run.server.stop();
  }
}
