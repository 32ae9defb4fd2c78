// Issue 23 #7 (ASVS V2.2.1), soaked with the real policies on two server instances sharing one
// database: a stranger hammers the owner's email with wrong passwords from many addresses, on both
// instances at once, while the owner logs in again and again from their usual address. The owner
// gets in every time; the stranger's failures are counted once for both instances (the account's
// row in LoginThrottle holds exactly the failures answered 401) and slowed — 429 with a Retry-After
// of at most a minute, on each instance — never locked. This configuration sits behind a proxy
// (CHUHE_TRUST_PROXY=loopback), so the client addresses come from X-Forwarded-For.
import { INestApplication } from '@nestjs/common';
import { createApp } from '../../apps/server/src/create-app';
import { createPrismaClient, testDatabaseUrl } from '../support/database';
import { call, latency, listen, PASSWORD, sleep, soakSize, summary, tally, type Answer } from './soak-helpers';

const OWNER_LOGINS = soakSize('SOAK_OWNER_LOGINS', 41);
const STRANGER_ADDRESSES = soakSize('SOAK_STRANGER_ADDRESSES', 60);
const STRANGERS = soakSize('SOAK_STRANGER_WORKERS', 8);

describe('login limits across two instances: a stranger cannot lock the owner out', () => {
  const bases: string[] = [];
  const apps: INestApplication[] = [];
  const prisma = createPrismaClient(testDatabaseUrl());

  beforeAll(async () => {
    const before = process.env.CHUHE_TRUST_PROXY;
    process.env.CHUHE_TRUST_PROXY = 'loopback';
    try {
      for (let i = 0; i < 2; i++) {
        const app = await createApp(testDatabaseUrl(), { logger: false, tournamentCreators: 'anyone' });
        apps.push(app);
        bases.push(await listen(app));
      }
    } finally {
      if (before === undefined) delete process.env.CHUHE_TRUST_PROXY;
      else process.env.CHUHE_TRUST_PROXY = before;
    }
  }, 300_000);
  afterAll(async () => {
    await prisma.$disconnect();
    for (const app of apps) await app.close();
  });

  it(`${OWNER_LOGINS} owner logins from home while strangers from ${STRANGER_ADDRESSES} addresses hammer the account on both instances`, async () => {
    const home = '198.51.100.20';
    const email = `owner-${process.pid}-${Date.now()}@soak.chuhe`;
    const login = (i: number, address: string, password: string) =>
      call(bases[i % 2], 'POST', '/api/auth/login', { email, password }, { headers: { 'x-forwarded-for': address } }).then((a) => ({ ...a, instance: i % 2 }));
    expect(
      (await call(bases[0], 'POST', '/api/auth/register', { email, displayName: 'owner', password: PASSWORD }, { headers: { 'x-forwarded-for': home } }))
        .status,
    ).toBe(201);
    expect((await login(0, home, PASSWORD)).status).toBe(200); // home is the owner's known address from now on

    let hammering = true;
    const stranger: (Answer & { instance: number })[] = [];
    let n = 0;
    const strangers = Array.from({ length: STRANGERS }, async () => {
      while (hammering) {
        const k = n++;
        const answer = await login(k, `203.0.113.${(k % STRANGER_ADDRESSES) + 1}`, `wrong guess ${k}`);
        stranger.push(answer);
        if (answer.status === 429) await sleep(20);
      }
    });
    // The owner, at home, on either instance, while the hammering goes on.
    await sleep(1000);
    const owner: (Answer & { instance: number })[] = [];
    for (let i = 0; i < OWNER_LOGINS; i++) {
      owner.push(await login(i, home, PASSWORD));
      await sleep(150);
    }
    hammering = false;
    await Promise.all(strangers);

    const counted = await prisma.loginThrottle.findUnique({ where: { key: `account:${email}` } });
    const checked = stranger.filter((a) => a.status === 401);
    const slowed = stranger.filter((a) => a.status === 429);
    const waits = slowed.map((a) => Number(a.retryAfter));
    const ownerMs = latency(owner.map((a) => a.ms));
    summary('login-limits', {
      instances: 2,
      ownerSucceeded: `${owner.filter((a) => a.status === 200).length}/${owner.length}`,
      ownerP50Ms: ownerMs.p50,
      ownerMaxMs: ownerMs.max,
      strangerAttempts: stranger.length,
      strangerStatus: tally(stranger, (a) => a.status),
      strangerSlowedByInstance: tally(slowed, (a) => a.instance),
      failuresCounted: counted?.failures ?? 0,
      maxRetryAfterS: Math.max(0, ...waits),
    });
    // The owner is never kept out.
    expect(owner.map((a) => a.status)).toEqual(owner.map(() => 200));
    // The stranger: wrong passwords (401) until the account's free failures are used up, then slowed (429).
    expect(stranger.filter((a) => a.status !== 401 && a.status !== 429).map((a) => `${a.status} ${a.text.slice(0, 200)}`)).toEqual([]);
    expect(stranger.length).toBeGreaterThan(100);
    expect(slowed.length).toBeGreaterThan(checked.length);
    // Counted across the instances: one row holds every failure either instance answered 401 …
    expect(counted?.failures).toBe(checked.length);
    expect(new Set(checked.map((a) => a.instance))).toEqual(new Set([0, 1]));
    // … and each instance slows the stranger (by failures the other counted too): slowed, never locked.
    expect(new Set(slowed.map((a) => a.instance))).toEqual(new Set([0, 1]));
    expect(waits.every((w) => Number.isInteger(w) && w >= 1 && w <= 60)).toBe(true);
    expect(checked.length).toBeLessThan(40);
  }, 300_000);
});
