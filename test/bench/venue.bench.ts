/**
 * The morning of a 1,000-player open (issue 32): 10 stewards scanning at once until the players
 * are checked in (each scan = the lookup + the check-in, over HTTP), then the start signal for 500
 * boards (POST /api/rounds/:id/start) and the losses by absence of the 10 players left out (POST
 * …/absences, through changeResult). Goals from the issue: each scan < 300 ms on the server, the
 * start signal < 2 s — printed, never asserted.
 *
 * Reference in the same run, at the same concurrency: GET /api/auth/me by the same 10 stewards (the
 * cost of HTTP and the session alone); and for the start signal, reading the round's 500 games with
 * their players through Prisma (the read the signal cannot do without).
 * Run: DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench -- venue
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { createTestDatabase } from '../support/test-database';
import { call, median } from './bench-support';
import { PrismaService, createApp } from './server-dist';

const PLAYERS = 1000;
const STEWARDS = 10;
const ABSENT = 10;

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

export async function bench(): Promise<void> {
  const server = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const db = await createTestDatabase(server, 'chuhe_bench');
  const app = await createApp(db.url, { logger: false });
  try {
    await app.listen(0, '127.0.0.1');
    const port = (app.getHttpServer().address() as AddressInfo).port;
    const prisma = app.get(PrismaService);
    const password = 'correct horse battery staple';
    const login = async (name: string) => {
      const email = `${name}-${Date.now()}-${randomUUID().slice(0, 6)}@bench.chuhe`;
      await call(port, 'POST', '/api/auth/register', { email, displayName: name, password });
      const token = JSON.parse((await call(port, 'POST', '/api/auth/login', { email, password })).text).token as string;
      return { email, auth: `Bearer ${token}` };
    };
    const organizer = await login('organizer');
    await prisma.user.update({ where: { email: organizer.email }, data: { isAdmin: true } });
    const tournament = { nameZh: '基准', nameEn: 'Bench', venue: 'here', startDate: '2026-12-01', endDate: '2026-12-11', organizer: 'bench' };
    const t = JSON.parse((await call(port, 'POST', '/api/tournaments', tournament, organizer.auth)).text) as { id: string };
    const event = {
      nameZh: '千人赛',
      nameEn: 'Bench Open',
      kind: 'individual',
      stages: [{ type: 'swiss', rounds: 9 }],
      timeControl: { baseMinutes: 60, incrementSeconds: 30 },
    };
    const eventId = JSON.parse((await call(port, 'POST', `/api/tournaments/${t.id}/events`, event, organizer.auth)).text).id as string;

    // Setup (not measured): 1,000 players entered and drawn, round 1 published with 500 boards, 10 stewards.
    const players = Array.from({ length: PLAYERS }, (_, i) => ({
      id: randomUUID(),
      tournamentId: t.id,
      nameZh: `棋手${i + 1}`,
      nameEn: `Player ${i + 1}`,
      gender: 'male' as const,
    }));
    await prisma.player.createMany({ data: players });
    const entries = players.map((p, i) => ({ id: randomUUID(), eventId, playerId: p.id, drawNumber: i + 1 }));
    await prisma.entry.createMany({ data: entries });
    const stage = await prisma.stage.create({ data: { eventId, index: 0, type: 'swiss', config: { type: 'swiss', rounds: 9 } } });
    const round = await prisma.round.create({
      data: { eventId, stageId: stage.id, number: 1, stageRound: 1, state: 'published', publishedAt: new Date() },
    });
    const half = PLAYERS / 2;
    const pairings = Array.from({ length: half }, (_, i) => ({
      id: randomUUID(),
      roundId: round.id,
      table: i + 1,
      redEntryId: entries[i].id,
      blackEntryId: entries[i + half].id,
    }));
    await prisma.pairing.createMany({ data: pairings });
    await prisma.game.createMany({
      data: pairings.map((p, i) => ({ pairingId: p.id, board: 1, redPlayerId: players[i].id, blackPlayerId: players[i + half].id })),
    });
    const stewards: { email: string; auth: string }[] = [];
    for (let i = 0; i < STEWARDS; i++) {
      const s = await login(`steward${i}`);
      const user = await prisma.user.findUniqueOrThrow({ where: { email: s.email } });
      await prisma.tournamentRole.create({ data: { tournamentId: t.id, userId: user.id, role: 'steward' } });
      stewards.push(s);
    }
    const c0 = performance.now();
    const issued = await call(port, 'POST', `/api/events/${eventId}/credentials`, undefined, organizer.auth);
    const issueMs = performance.now() - c0;
    const creds = (JSON.parse(issued.text).credentials as { kind: string; path: string }[]).filter((c) => c.kind === 'player');
    const present = creds.slice(0, creds.length - ABSENT);

    // The reference: the same 10 stewards asking who they are, 50 times each at once.
    const refMs: number[] = [];
    await Promise.all(
      stewards.map(async (s) => {
        for (let i = 0; i < 50; i++) {
          const t0 = performance.now();
          await call(port, 'GET', '/api/auth/me', undefined, s.auth);
          refMs.push(performance.now() - t0);
        }
      }),
    );

    // 10 stewards scanning at once: each takes the next credential from the queue (as a hall's queue does).
    const load0 = loadavg()[0];
    const scanMs: number[] = [];
    let next = 0;
    let failed = 0;
    const w0 = performance.now();
    await Promise.all(
      stewards.map(async (s) => {
        while (next < present.length) {
          const c = present[next++];
          const code = `https://venue.example${c.path}`;
          const t0 = performance.now();
          const look = await call(port, 'POST', `/api/tournaments/${t.id}/check-ins/lookup`, { code }, s.auth);
          const done = await call(port, 'POST', `/api/tournaments/${t.id}/check-ins`, { code, eventId }, s.auth);
          scanMs.push(performance.now() - t0);
          if (look.status !== 200 || done.status !== 201) failed++;
        }
      }),
    );
    const wallMs = performance.now() - w0;
    const load1 = loadavg()[0];

    // The start signal for 500 boards, then the losses by absence.
    const s0 = performance.now();
    const started = await call(port, 'POST', `/api/rounds/${round.id}/start`, undefined, organizer.auth);
    const startMs = performance.now() - s0;
    const a0 = performance.now();
    const absences = await call(port, 'POST', `/api/rounds/${round.id}/absences`, undefined, organizer.auth);
    const absenceMs = performance.now() - a0;
    const r0 = performance.now();
    await prisma.game.findMany({ where: { pairing: { roundId: round.id } }, include: { redPlayer: true, blackPlayer: true, pairing: true } });
    const readMs = performance.now() - r0;

    const refMedian = median(refMs);
    const scanMedian = median(scanMs);
    console.log(`credentials for ${PLAYERS} players and the staff issued in ${issueMs.toFixed(0)} ms (status ${issued.status})`);
    console.log(
      `${present.length} check-ins by ${STEWARDS} stewards at once in ${(wallMs / 1000).toFixed(1)} s (${((present.length / wallMs) * 60_000).toFixed(0)} a minute), ${failed} failed; ` +
        `per scan (lookup + check-in): median ${scanMedian.toFixed(0)} ms, p95 ${pct(scanMs, 0.95).toFixed(0)} ms, max ${Math.max(...scanMs).toFixed(0)} ms ` +
        `— reference GET /api/auth/me at the same concurrency: median ${refMedian.toFixed(1)} ms (ratio ${(scanMedian / refMedian).toFixed(1)}×)`,
    );
    console.log(
      `start signal for ${half} boards: ${startMs.toFixed(0)} ms (status ${started.status}, ${JSON.parse(started.text).absences?.length} absent boards); ` +
        `losses by absence recorded: ${absenceMs.toFixed(0)} ms (status ${absences.status}, ${JSON.parse(absences.text).recorded?.length} games) ` +
        `— reference: reading the round's games with their players ${readMs.toFixed(0)} ms (ratio ${(startMs / readMs).toFixed(1)}×)`,
    );
    console.log(`load average ${load0.toFixed(1)} → ${load1.toFixed(1)} on ${availableParallelism()} cores`);
  } finally {
    await app.close();
    await db.drop();
  }
}
