import { INestApplication } from '@nestjs/common';
import fc from 'fast-check';
import request from 'supertest';
import { arbitraries, describeCase, fuzzFixture, operations, runCase } from './fuzz-harness';
import { startTestApp } from './http-helpers';

/**
 * Every route of the OpenAPI document, fuzzed (issue 13): 0 answers ≥ 500, the server alive after.
 * A bounded sample here (FUZZ_RUNS per route, default 12: ~1,000 requests); `npm run soak` sends
 * ≥ 10,000. A failure prints the case and fast-check's seed (FUZZ_SEED replays it).
 */
describe('fuzz: every route of the OpenAPI document', () => {
  let app: INestApplication;
  let auth: string;
  let ids: string[];
  let byParam: Record<string, string>;

  beforeAll(async () => {
    app = await startTestApp();
    ({ auth, ids, byParam } = await fuzzFixture(app));
  });

  afterAll(async () => {
    await app.close();
  });

  it('never answers ≥ 500', async () => {
    // What the fuzz itself adds: the process also holds every earlier spec of the in-band run.
    const rssBefore = process.memoryUsage().rss / 2 ** 20;
    const doc = (await request(app.getHttpServer()).get('/api/docs/json').expect(200)).body;
    const ops = operations(doc);
    expect(ops.length).toBeGreaterThan(50);
    const { caseFor } = arbitraries(
      doc,
      () => ids,
      () => byParam,
    );
    const runs = Number(process.env.FUZZ_RUNS ?? 12);
    const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    for (const op of ops) {
      await fc
        .assert(
          fc.asyncProperty(caseFor(op), async (c) => {
            const status = await runCase(app, auth, c);
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            if (status >= 500) {
              failures.push(`${status} ${describeCase(c)}`);
              return false;
            }
            return true;
          }),
          { numRuns: runs, seed, endOnFailure: true },
        )
        .catch(() => undefined);
    }
    process.stdout.write(
      `[fuzz] ${[...statuses.values()].reduce((a, b) => a + b, 0)} requests over ${ops.length} operations: ${JSON.stringify(Object.fromEntries([...statuses].sort()))}\n`,
    );
    const rss = process.memoryUsage().rss / 2 ** 20;
    process.stdout.write(`[fuzz] memory after: rss ${rss.toFixed(0)} MiB, heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MiB\n`);
    expect(failures).toEqual([]);
    await request(app.getHttpServer()).get('/api/health').expect(200);
    expect(rss - rssBefore).toBeLessThan(1024);
  }, 600_000);
});
