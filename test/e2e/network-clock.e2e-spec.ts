import { INestApplication } from '@nestjs/common';
import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import request from 'supertest';
import { createPrismaClient, testDatabaseUrl } from '../support/database';
import { newUser, startTestApp, SWISS_EVENT, TOURNAMENT } from './http-helpers';
import { openRegistration, person } from './entries-helpers';
import { teamRoundBeforeDeadline } from './scenario';

/**
 * Issue 34 #4: one clock decides a deadline. Two instances on one database, the second's clock 20 s
 * fast (libfaketime in a child server process): lineups handed in to the fast one before the
 * deadline are kept, not released early, and one after it is refused by both — every instance
 * judges by the database's clock. The registration window (三章1 报名办法) the same way: a player who
 * enters through the fast instance before the window closes is entered; after it, both refuse.
 *
 * Needs libfaketime (Debian: faketime; .ci/run installs it) and the built server (npm run build).
 * Without them the test is skipped loudly — except in CI, where it fails.
 */
const LIBFAKETIME = ['/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1', '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1'].find((p) => existsSync(p));
const MAIN = join(__dirname, '..', '..', 'dist', 'apps', 'server', 'src', 'main.js');
const SKEW_S = 20;
const missing = [!LIBFAKETIME && 'libfaketime (apt-get install faketime)', !existsSync(MAIN) && `the built server ${MAIN} (npm run build)`].filter(Boolean);
if (missing.length) {
  if (process.env.CI) throw new Error(`the skewed-clock test needs ${missing.join(' and ')}`);
  console.warn(`network-clock SKIPPED: needs ${missing.join(' and ')}`);
}
const describeWithFaketime = missing.length ? describe.skip : describe;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const sleepUntil = (t: number) => new Promise((r) => setTimeout(r, Math.max(0, t - Date.now())));

describeWithFaketime('network: one clock for deadlines, two instances with skewed clocks (issue 34 #4)', () => {
  let app: INestApplication;
  let child: ChildProcess | undefined;
  let fast = '';
  const prisma = createPrismaClient(testDatabaseUrl());
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await startTestApp();
    const port = await freePort();
    child = spawn(process.execPath, [MAIN, 'serve'], {
      env: {
        ...process.env,
        DATABASE_URL: testDatabaseUrl(),
        PORT: String(port),
        CHUHE_TOURNAMENT_CREATORS: 'anyone',
        CHUHE_LINEUP_SWEEP_MS: '600000',
        LD_PRELOAD: LIBFAKETIME,
        FAKETIME: `+${SKEW_S}s`,
        FAKETIME_DONT_FAKE_MONOTONIC: '1',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr!.on('data', (d: Buffer) => (errors += d.toString()));
    fast = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      const up = await fetch(`${fast}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (i > 300 || child.exitCode !== null) throw new Error(`the fast instance did not start: ${errors}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 300_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await prisma.$disconnect();
    await app.close();
  });

  it(`the fast instance's clock is ${SKEW_S} s ahead (libfaketime works on it)`, async () => {
    const res = await fetch(`${fast}/api/health`);
    const skew = (new Date(res.headers.get('date')!).getTime() - Date.now()) / 1000;
    expect(skew).toBeGreaterThan(SKEW_S - 2);
    expect(skew).toBeLessThan(SKEW_S + 2);
  });

  it('lineups sent to the fast instance before the deadline are kept and stay secret; after it both instances refuse', async () => {
    // The deadline (30 minutes before the round, 附录1 #8) comes 25 s from now on the database's clock
    // (this machine's: the database runs here) — 5 s from now on the fast instance's clock.
    const { entries, captains, deadline, round, matches } = await teamRoundBeforeDeadline(app, prisma, { nameZh: '时钟', nameEn: 'Clock' }, 25_000);
    const lineupOf = (entryId: string) => {
      const members = entries.find((e) => e.id === entryId)!.team!.members;
      return members
        .filter((m) => m.role === 'starter')
        .sort((a, b) => a.board! - b.board!)
        .map((m) => m.playerId);
    };
    const submit = (base: string, pairingId: string, entryId: string) =>
      fetch(`${base}/api/pairings/${pairingId}/lineups/${entryId}`, {
        method: 'PUT',
        headers: { Authorization: captains.get(entryId)!, 'Content-Type': 'application/json' },
        body: JSON.stringify({ players: lineupOf(entryId) }),
      });

    // 12 s before the deadline (8 s after it by the fast instance's own clock): to the fast instance.
    await sleepUntil(deadline - 12_000);
    const onTime = [
      { pairingId: matches[0].id, entryId: matches[0].red.id },
      { pairingId: matches[1].id, entryId: matches[1].red.id },
    ];
    const answers = await Promise.all(onTime.map((s) => submit(fast, s.pairingId, s.entryId)));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    // Not released early: the other captain does not see it before the deadline, on the fast instance either.
    const peek = await fetch(`${fast}/api/pairings/${matches[0].id}/match-card`, { headers: { Authorization: captains.get(matches[0].black.id)! } });
    expect(peek.status).toBe(200);
    const seen = (await peek.json()) as { released: boolean; red: { submitted: boolean; lineup: unknown } };
    expect(seen.released).toBe(false);
    expect(seen.red).toMatchObject({ submitted: true, lineup: null });
    if (Date.now() >= deadline) throw new Error('the machine was too slow: the deadline passed before the checks ran');
    expect(await prisma.lineup.count({ where: { pairing: { roundId: round.id } } })).toBe(2);
    expect(await prisma.lineup.count({ where: { pairing: { roundId: round.id }, source: 'default_starters' } })).toBe(0);

    // After the deadline: refused by both instances.
    await sleepUntil(deadline + 1500);
    const late = await submit(fast, matches[0].id, matches[0].black.id);
    expect(late.status).toBe(409);
    const lateSlow = await http()
      .put(`/api/pairings/${matches[1].id}/lineups/${matches[1].black.id}`)
      .set('Authorization', captains.get(matches[1].black.id)!)
      .send({ players: lineupOf(matches[1].black.id) });
    expect(lateSlow.status).toBe(409);
  }, 300_000);

  it('the registration window closes by the database clock: an entry through the fast instance before it is kept; after it both refuse', async () => {
    const organizer = await newUser(app, 'clock-organizer');
    const t = (await http().post('/api/tournaments').set('Authorization', organizer.auth).send(TOURNAMENT).expect(201)).body.id as string;
    const ev = (
      await http()
        .post(`/api/tournaments/${t}/events`)
        .set('Authorization', organizer.auth)
        .send({ ...SWISS_EVENT, nameZh: '时钟报名', nameEn: 'Clock entries' })
        .expect(201)
    ).body as { id: string; version: number };
    await http().put(`/api/events/${ev.id}/regulations`).set('Authorization', organizer.auth).send({ version: ev.version, selfRegistration: true }).expect(200);
    // The window closes 25 s from now on the database's clock — 5 s from now on the fast instance's own.
    const closes = Date.now() + 25_000;
    await openRegistration(app, organizer.auth, t, { registrationClosesAt: new Date(closes).toISOString() });
    const [early, late, lateSlow] = [await newUser(app, 'clock-early'), await newUser(app, 'clock-late'), await newUser(app, 'clock-late-slow')];
    const enter = (base: string, who: { auth: string }, nameZh: string, nameEn: string) =>
      fetch(`${base}/api/events/${ev.id}/entry-requests`, {
        method: 'POST',
        headers: { Authorization: who.auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ player: person(nameZh, nameEn) }),
      });

    // 12 s before the close (8 s after it by the fast instance's own clock): to the fast instance.
    await sleepUntil(closes - 12_000);
    const kept = await enter(fast, early, '早到', 'Early Comer');
    if (Date.now() >= closes) throw new Error('the machine was too slow: the window closed before the entry was sent');
    expect(kept.status).toBe(201);

    await sleepUntil(closes + 1500);
    const refused = await enter(fast, late, '迟到', 'Late Comer');
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe('entry.window_closed');
    const refusedSlow = await http()
      .post(`/api/events/${ev.id}/entry-requests`)
      .set('Authorization', lateSlow.auth)
      .send({ player: person('也迟到', 'Also Late') });
    expect(refusedSlow.body.code).toBe('entry.window_closed');
    expect(await prisma.entryRequest.count({ where: { eventId: ev.id } })).toBe(1);
  }, 300_000);
});
