import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { PrismaClient } from '../../apps/server/src/generated/prisma/client';
import { createPrismaClient } from '../support/database';
import { newUser, startTestApp, SWISS_EVENT, TOURNAMENT } from './http-helpers';
import { nextRound, Play, putResult, withRole } from './results-helpers';

/**
 * Result entry under load: a 400-player Swiss, the 200 results of round 1 entered at once by
 * 200 clients (arbiters). Every result lands (no 409 or 500: results of one event take the play
 * lock shared), the round completes exactly once, and every change has its audit row. Prints the
 * wall time and the latencies it saw.
 */
describe('results under concurrency', () => {
  let app: INestApplication;
  let prisma: PrismaClient;

  beforeAll(async () => {
    app = await startTestApp();
    prisma = createPrismaClient();
  });

  afterAll(async () => {
    await prisma.$disconnect();
    await app.close();
  });

  it('200 results of one round at once', async () => {
    const http = () => request(app.getHttpServer());
    const organizer = await newUser(app, 'organizer');
    const tournamentId = (await http().post('/api/tournaments').set('Authorization', organizer.auth).send(TOURNAMENT).expect(201)).body.id as string;
    const eventId = (await http().post(`/api/tournaments/${tournamentId}/events`).set('Authorization', organizer.auth).send(SWISS_EVENT).expect(201)).body
      .id as string;
    const csv = ['name_zh,name_en,gender', ...Array.from({ length: 400 }, (_, i) => `负载${i},Load ${i},male`)].join('\n');
    const imported = await http().post(`/api/tournaments/${tournamentId}/import/players`).set('Authorization', organizer.auth).send({ csv }).expect(201);
    const playerIds = (imported.body.players as { id: string }[]).map((p) => p.id);
    await http().post(`/api/events/${eventId}/entries/bulk`).set('Authorization', organizer.auth).send({ playerIds }).expect(201);
    await http().post(`/api/events/${eventId}/draw`).set('Authorization', organizer.auth).send({ seed: 'load' }).expect(201);
    const play: Play = { tournamentId, eventId, organizer, entryIds: [] };
    const arbiter = (await withRole(app, play, 'arbiter')).auth;
    const round = await nextRound(app, play);
    const games = round.pairings.filter((p) => p.black !== null).map((p) => p.games[0]);
    expect(games).toHaveLength(200);

    const results = ['red_win', 'black_win', 'draw'];
    const started = Date.now();
    const cpu0 = process.cpuUsage();
    const latencies: number[] = [];
    const responses = await Promise.all(
      games.map(async (g, i) => {
        const t0 = Date.now();
        const res = await putResult(app, arbiter, g, { result: results[i % 3] });
        latencies.push(Date.now() - t0);
        return res;
      }),
    );
    const wall = Date.now() - started;
    const cpu = process.cpuUsage(cpu0);
    const cpuPerResult = (cpu.user + cpu.system) / 1000 / 200;
    latencies.sort((a, b) => a - b);
    const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
    console.log(
      `200 concurrent results: ${wall} ms wall, ${(200_000 / wall).toFixed(0)} results/s; latency p50 ${pct(50)} ms, p95 ${pct(95)} ms, max ${latencies[latencies.length - 1]} ms; CPU of this process (server and clients) ${cpuPerResult.toFixed(1)} ms per result`,
    );

    expect(responses.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    expect(responses.filter((r) => r.body.round.state === 'completed').length).toBeGreaterThanOrEqual(1);
    const stored = await prisma.round.findUniqueOrThrow({ where: { id: round.id } });
    expect(stored.state).toBe('completed');
    expect(await prisma.auditLog.count({ where: { entity: 'round', entityId: round.id, reason: 'the last result of the round was entered' } })).toBe(1);
    expect(await prisma.auditLog.count({ where: { entity: 'game', entityId: { in: games.map((g) => g.id) } } })).toBe(200);
  }, 300_000);
});
