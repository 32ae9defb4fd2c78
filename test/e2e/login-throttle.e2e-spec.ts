import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createApp } from '../../apps/server/src/create-app';
import { testDatabaseUrl } from '../support/database';

/**
 * Login throttling (issue 23 #7, ASVS V2.2.1) with the real policies, on two server instances
 * sharing the database: the counts hold across instances; failures slow down (429 with a
 * Retry-After of at most a minute), never lock; a stranger — from one address or from many — cannot
 * keep the owner out from an address the owner logged in from before. Addresses come from
 * X-Forwarded-For (CHUHE_TRUST_PROXY=loopback), as behind a proxy.
 */
describe('login throttle across two instances', () => {
  const apps: INestApplication[] = [];
  const password = 'correct horse battery';
  let n = 0;
  const unique = (name: string) => `${name}-${process.pid}-${Date.now()}-${++n}@throttle.chuhe`;
  const login = (i: number, address: string, email: string, pw: string) =>
    request(apps[i % 2].getHttpServer())
      .post('/api/auth/login')
      .set('X-Forwarded-For', address)
      .send({ email, password: pw });
  const register = async (address: string) => {
    const email = unique('owner');
    await request(apps[0].getHttpServer())
      .post('/api/auth/register')
      .set('X-Forwarded-For', address)
      .send({ email, displayName: 'owner', password })
      .expect(201);
    return email;
  };

  beforeAll(async () => {
    const before = process.env.CHUHE_TRUST_PROXY;
    process.env.CHUHE_TRUST_PROXY = 'loopback';
    try {
      for (let i = 0; i < 2; i++) apps.push(await createApp(testDatabaseUrl(), { logger: false, tournamentCreators: 'anyone' }));
      for (const app of apps) await app.init();
    } finally {
      if (before === undefined) delete process.env.CHUHE_TRUST_PROXY;
      else process.env.CHUHE_TRUST_PROXY = before;
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('one guesser on one account: 5 free failures, then a doubling wait counted by both instances — slowed, not locked', async () => {
    const email = await register('198.51.100.1');
    const guesser = '203.0.113.7';
    for (let i = 0; i < 6; i++) await login(i, guesser, email, `wrong guess ${i}`).expect(401);
    // The 6th failure (on the second instance) made the first wait: the next attempt, on the first, is refused unchecked.
    const refused = await login(0, guesser, email, password).expect(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    await new Promise((r) => setTimeout(r, wait * 1000 + 200));
    await login(1, guesser, email, 'wrong guess again').expect(401);
    const longer = await login(0, guesser, email, 'wrong guess again').expect(429);
    expect(Number(longer.headers['retry-after'])).toBeGreaterThanOrEqual(wait);
  }, 300_000);

  it('strangers from many addresses cannot keep the owner out of an account from an address they used before', async () => {
    const home = '198.51.100.2';
    const email = await register(home);
    await login(0, home, email, password).expect(200); // the owner's address is known from now on
    // 11 strangers, one failure each, spread over both instances: past the account's 10 free failures.
    for (let i = 0; i < 11; i++) await login(i, `203.0.113.${100 + i}`, email, `guess ${i}`).expect(401);
    // A stranger's address that has failed here waits with the account (a fresh one is checked: issue 34 #9, below).
    const stranger = await login(0, '203.0.113.100', email, 'guess again').expect(429);
    expect(Number(stranger.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The owner, at home, on either instance: in.
    await login(0, home, email, password).expect(200);
    await login(1, home, email, password).expect(200);
  }, 300_000);

  it('issue 34 #9: while strangers from 20 addresses hammer the account, the owner from a new address gets in on the first try', async () => {
    const email = await register('198.51.100.30');
    // The hammering: every stranger address fails once (checked: 401), then is slowed with the account.
    const strangers = Array.from({ length: 20 }, (_, i) => `203.0.113.${30 + i}`);
    for (const [i, address] of strangers.entries()) await login(i, address, email, `guess ${i}`).expect(401);
    for (const [i, address] of strangers.entries()) {
      const again = await login(i + 1, address, email, `guess again ${i}`).expect(429);
      expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    // The owner, from an address never used for this account, on either instance: in at once.
    await login(0, '198.51.100.31', email, password).expect(200);
    await login(1, '198.51.100.32', email, password).expect(200);
    // The strangers are still slowed, and a wrong password from another fresh address is checked (401), counted once.
    await login(0, strangers[0], email, 'guess after').expect(429);
    await login(1, '198.51.100.33', email, 'a typo').expect(401);
    await login(0, '198.51.100.33', email, password).expect(429); // that address has failed here: it waits with the strangers
  }, 300_000);

  it('issue 34 #9: past 100 fresh addresses failing on one account, newcomers are slowed too (not locked)', async () => {
    const email = await register('198.51.100.40');
    await login(0, '198.51.100.40', email, password).expect(200); // known from now on
    for (let i = 0; i < 100; i++) await login(i, `10.34.${i >> 8}.${i & 255}`, email, `fresh guess ${i}`).expect(401);
    // The 100 free are used: each failure more doubles the fresh key's wait (1 s, 2 s, 4 s, 8 s).
    for (let k = 1; k <= 4; k++) {
      for (;;) {
        const res = await login(k, `10.34.9.${k}`, email, `fresh guess ${100 + k}`);
        if (res.status === 401) break;
        expect(res.status).toBe(429);
        await new Promise((r) => setTimeout(r, Number(res.headers['retry-after']) * 1000 + 100));
      }
    }
    const slowed = await login(1, '10.34.9.20', email, password).expect(429);
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The owner's known address passes all the same.
    await login(0, '198.51.100.40', email, password).expect(200);
  }, 300_000);

  it('a venue NAT under a stuffing attack: its regulars pass, newcomers are slowed (not locked)', async () => {
    const nat = '192.0.2.50';
    const regular = await register(nat);
    await login(0, nat, regular, password).expect(200);
    const newcomer = await register('198.51.100.3');
    // 51 failures for 51 unknown accounts from the NAT, on both instances: past the address's 50 free.
    for (let i = 0; i < 51; i++) await login(i, nat, unique('nobody'), 'stuffed password').expect(401);
    const slowed = await login(1, nat, newcomer, password).expect(429);
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(60);
    await login(0, nat, regular, password).expect(200);
    await login(1, nat, regular, password).expect(200);
    // The same newcomer from elsewhere is not slowed by the NAT's failures.
    await login(0, '198.51.100.4', newcomer, password).expect(200);
  }, 300_000);
});
