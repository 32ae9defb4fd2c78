import { INestApplication } from '@nestjs/common';
import { AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { PerformanceObserver } from 'node:perf_hooks';
import request from 'supertest';
import { createPrismaClient, testDatabaseUrl } from '../support/database';
import { newUser, startTestApp, TOURNAMENT } from './http-helpers';

/**
 * Issue 23 #5: a large tournament-file import does not freeze the server, and an import is held to
 * the API's own limits (400 naming the JSON path, never 500).
 */
describe('tournament-file import: limits and a large import (real HTTP, real PostgreSQL)', () => {
  let app: INestApplication;
  let base: string;
  let organizer: { auth: string };
  let tournamentId: string;
  const prisma = createPrismaClient(testDatabaseUrl());
  const api = () => request(app.getHttpServer());

  const small = () => ({
    name: '公开赛 Open',
    options: { eventKind: 'individual', scoring: '2-1-0', gamesPerPairing: 1, boards: 1, pairingSystem: 'swiss-individual', totalRounds: 5 },
    entries: Array.from({ length: 4 }, (_, i) => ({ id: `p${i + 1}`, drawNumber: i + 1, name: `棋手${i + 1} Player ${i + 1}`, affiliation: '北京' })),
    rounds: [] as unknown[],
    standings: {},
    sanctions: [] as unknown[],
    withdrawals: [] as unknown[],
  });

  beforeAll(async () => {
    app = await startTestApp();
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    organizer = await newUser(app, 'organizer');
    tournamentId = (await api().post('/api/tournaments').set('Authorization', organizer.auth).send(TOURNAMENT).expect(201)).body.id;
  });

  afterAll(async () => {
    await prisma.$disconnect();
    await app.close();
  });

  async function refused(file: unknown): Promise<{ field: string; reason: string }[]> {
    const res = await api().post(`/api/tournaments/${tournamentId}/tournament-file`).set('Authorization', organizer.auth).send({ file });
    expect([res.status, res.body]).toEqual([400, expect.anything()]);
    return res.body.errors;
  }

  it('stage chains holding null, "x", 1 or {}: 400 naming the path', async () => {
    for (const stage of [null, 'x', 1, {}]) {
      const file = { ...small(), options: { ...small().options, pairingSystem: 'stage-chain', stages: [{ type: 'swiss', rounds: 3 }, stage] } };
      const errors = await refused(file);
      expect(errors.map((e) => e.field)).toContain('file.options.stages.1' + (stage !== null && typeof stage === 'object' ? '.type' : ''));
    }
    for (const stages of [null, 'x', 1, {}]) {
      const errors = await refused({ ...small(), options: { ...small().options, pairingSystem: 'stage-chain', stages } });
      expect(errors.map((e) => e.field)).toContain('file.options.stages');
    }
    // The API's own stage limits (events/event.dto.ts StageDto): Swiss rounds 1–30, qualifiers 2–1024.
    const big = await refused({
      ...small(),
      options: {
        ...small().options,
        pairingSystem: 'stage-chain',
        stages: [
          { type: 'swiss', rounds: 31 },
          { type: 'knockout', qualifiers: 4 },
        ],
      },
    });
    expect(big.map((e) => e.field)).toContain('file.options.stages.0.rounds');
  });

  it("names at the API's limits: 100 characters for a player, no control characters", async () => {
    const file = small();
    file.entries[0].name = `${'王'.repeat(101)} Wang`;
    file.entries[1].name = `李\n四 Li Si`;
    file.entries[2].affiliation = 'x'.repeat(201);
    const errors = await refused(file);
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'file.entries.0.name', code: 'file.invalid', reason: expect.stringMatching(/100/) },
        { field: 'file.entries.1.name', code: 'file.invalid', reason: expect.stringMatching(/control/) },
        { field: 'file.entries.2.affiliation', code: 'file.invalid', reason: expect.stringMatching(/200/) },
      ]),
    );
    const longEvent = await refused({ ...small(), name: 'x'.repeat(1_000_000) });
    expect(longEvent.map((e) => e.field)).toContain('file.name');
  });

  it('enumerations and numbers in range', async () => {
    const rating = small();
    (rating.entries[0] as Record<string, unknown>).rating = 100_000;
    (rating.entries[1] as Record<string, unknown>).seed = 5000;
    expect((await refused(rating)).map((e) => e.field)).toEqual(['file.entries.0.rating', 'file.entries.1.seed']);
    const draw = small();
    (draw.entries[1] as Record<string, unknown>).drawNumber = 0;
    expect((await refused(draw)).map((e) => e.field)).toContain('file.entries.1.drawNumber');
    const result = {
      ...small(),
      rounds: [{ round: 1, pairings: [{ red: 'p1', black: 'p2', games: [{ red: 'p1', black: 'p2', result: 'red_wins' }] }], byes: [] }],
    };
    expect((await refused(result)).map((e) => e.field)).toContain('file.rounds.0.pairings.0.games.0.result');
    const sanction = { ...small(), sanctions: [{ kind: 'shouting', round: 1, player: 'p1' }] };
    expect((await refused(sanction)).map((e) => e.field)).toContain('file.sanctions.0.kind');
    const kind = await refused({ ...small(), options: { ...small().options, eventKind: 'relay' } });
    expect(kind.map((e) => e.field)).toContain('file.options.eventKind');
  });

  it('more entries than the configured cap: 400 saying the cap (CHUHE_IMPORT_MAX_ENTRIES)', async () => {
    const file = { ...small(), entries: Array.from({ length: 20_001 }, (_, i) => ({ id: `p${i + 1}`, drawNumber: i + 1 })) };
    const errors = await refused(file);
    expect(errors).toEqual([{ field: 'file.entries', code: 'file.invalid', reason: expect.stringMatching(/20000 entries at most.*CHUHE_IMPORT_MAX_ENTRIES/) }]);
  });

  it('a 10,000-entry import: /api/health answers in under 100 ms all along, and the import succeeds', async () => {
    const entries = Array.from({ length: 10_000 }, (_, i) => ({
      id: `p${i + 1}`,
      drawNumber: i + 1,
      name: `棋手${i + 1} Player ${i + 1}`,
      rating: 2400 - (i % 700),
      affiliation: `协会${i % 50}`,
    }));
    // Round 1 paired and played: 5,000 pairings with their games.
    const pairings = Array.from({ length: 5_000 }, (_, k) => {
      const [red, black] = [`p${k + 1}`, `p${k + 5_001}`];
      return { red, black, games: [{ red, black, result: k % 3 === 0 ? 'draw' : 'red_win' }] };
    });
    const file = { ...small(), entries, rounds: [{ round: 1, pairings, byes: [] }] };
    const body = JSON.stringify({ file });
    const samples: number[] = [];
    const statuses = new Set<number>();
    let importing = true;
    const poll = (async () => {
      while (importing) {
        const t0 = performance.now();
        const res = await fetch(`${base}/api/health`);
        await res.arrayBuffer();
        samples.push(performance.now() - t0);
        statuses.add(res.status);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const t0 = performance.now();
    // What else the numbers depend on (server and test share this process): the longest stall of
    // the event loop, and the garbage collector's pauses.
    let last = performance.now();
    let longestStall = 0;
    const stalls = setInterval(() => {
      const now = performance.now();
      longestStall = Math.max(longestStall, now - last);
      last = now;
    }, 5);
    const gc = { total: 0, longest: 0 };
    const gcs = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        gc.total += e.duration;
        gc.longest = Math.max(gc.longest, e.duration);
      }
    });
    gcs.observe({ entryTypes: ['gc'] });
    const res = await fetch(`${base}/api/tournaments/${tournamentId}/tournament-file`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: organizer.auth },
      body,
    });
    const took = performance.now() - t0;
    clearInterval(stalls);
    gcs.disconnect();
    importing = false;
    await poll;
    const answer = (await res.json()) as { imported: unknown; event: { id: string } };
    expect([res.status, answer.imported]).toEqual([201, expect.objectContaining({ entries: 10_000, players: 10_000, games: 5_000 })]);
    const sorted = [...samples].sort((a, b) => a - b);
    const p50 = sorted[Math.floor(sorted.length / 2)];
    const max = sorted[sorted.length - 1];
    console.log(
      `10,000-entry import (${(body.length / 1e6).toFixed(1)} MB) took ${took.toFixed(0)} ms; /api/health polled ${samples.length}×: ` +
        `p50 ${p50.toFixed(1)} ms, max ${max.toFixed(1)} ms; longest event-loop stall ${longestStall.toFixed(0)} ms; ` +
        `GC ${gc.total.toFixed(0)} ms in all, longest pause ${gc.longest.toFixed(0)} ms; load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores`,
    );
    // The behaviour: the server kept answering while the import ran (health polled again and again,
    // every answer 200). How fast it answered is a timing — printed above and measured in
    // `npm run bench` — not asserted here: at load 20+ on 2 cores a 1 s wait proves nothing (issue 29 #8).
    expect(samples.length).toBeGreaterThan(5);
    expect([...statuses]).toEqual([200]);
    expect(await prisma.entry.count({ where: { eventId: answer.event.id } })).toBe(10_000);
  }, 180_000);
});
