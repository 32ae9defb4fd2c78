// Issue 23 (found by the database-blinks soak): a typed raw query (persistence/typed-sql.ts) whose
// connection is cut mid-transaction answers the documented 503 with Retry-After
// (common/database-unavailable.ts), then 200 — never a 500. Two ways a cut shows: the statement
// fails (57P01 while it waits), or its result comes back undefined (the caller's rows[0] was a
// TypeError, a 500).
import { INestApplication } from '@nestjs/common';
import { Client } from 'pg';
import request from 'supertest';
import { DatabaseUnavailableError, isDatabaseUnavailable } from '../../apps/server/src/common/database-unavailable';
import { Prisma } from '../../apps/server/src/generated/prisma/client';
import { typedQuery, type RawDb } from '../../apps/server/src/persistence/typed-sql';
import { AuthService } from '../../apps/server/src/auth/auth.service';
import { testDatabaseUrl } from '../support/database';
import { startTestApp, SWISS_EVENT } from './http-helpers';
import { nextRound, playEvent } from './results-helpers';

describe('a typed raw query whose connection is cut', () => {
  let app: INestApplication;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('a result whose typed query is waiting on the play lock when its connection is terminated: 503 with Retry-After, then 200', async () => {
    const play = await playEvent(app, SWISS_EVENT, 4);
    const round = await nextRound(app, play);
    const game = round.pairings[0].games[0];
    const dbName = new URL(testDatabaseUrl()).pathname.slice(1);
    // The test holds the event's play lock: the result's transaction waits in its first statement
    // (the typed query that takes the lock shared, play/locks.ts) — then its connection is cut.
    const holder = new Client({ connectionString: testDatabaseUrl() });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(`SELECT pg_advisory_xact_lock(hashtext('chuhe:event-play'), hashtext($1))`, [play.eventId]);
      const answer = http().put(`/api/games/${game.id}/result`).set('Authorization', play.organizer.auth).send({ result: 'red_win', version: game.version });
      const pending = answer.then((r) => r);
      let waiting: number | undefined;
      for (const deadline = Date.now() + 10_000; waiting === undefined && Date.now() < deadline;) {
        const r = await holder.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock' AND wait_event = 'advisory'`,
          [dbName],
        );
        waiting = r.rows[0]?.pid;
        if (waiting === undefined) await new Promise((r) => setTimeout(r, 50));
      }
      expect(waiting).toBeDefined();
      const cut = await holder.query<{ done: boolean }>('SELECT pg_terminate_backend($1) AS done', [waiting]);
      expect(cut.rows[0].done).toBe(true);
      const refused = await pending;
      expect([refused.status, refused.body.error]).toEqual([503, 'Service Unavailable']);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    } finally {
      await holder.query('COMMIT');
      await holder.end();
    }
    // The pool replaces the connection: the same result now goes in.
    const again = await http().put(`/api/games/${game.id}/result`).set('Authorization', play.organizer.auth).send({ result: 'red_win', version: game.version });
    expect(again.status).toBe(200);
    const stored = (await http().get(`/api/rounds/${round.id}`).set('Authorization', play.organizer.auth).expect(200)).body;
    expect(stored.pairings[0].games[0]).toMatchObject({ id: game.id, result: 'red_win', version: game.version + 1 });
  }, 300_000);

  it('a result that comes back undefined (its connection lost): DatabaseUnavailableError, 503 over HTTP, then 200', async () => {
    const probe = typedQuery('cut probe', { n: 'int4' }, () => Prisma.sql`SELECT 1::int AS n`, []);
    const lost: RawDb = { $queryRaw: (() => Promise.resolve(undefined)) as unknown as RawDb['$queryRaw'] };
    const none: RawDb = { $queryRaw: (() => Promise.resolve([])) as unknown as RawDb['$queryRaw'] };
    const error = await probe.rows(lost).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect(isDatabaseUnavailable(error)).toBe(true);
    await expect(probe.one(none)).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(probe.rows(none)).resolves.toEqual([]);

    // Over HTTP: every authenticated request reads its session with a typed query (auth.service.ts
    // SESSION_USER) on the pg pool (rawDb). The next one's result is lost, as a cut connection lost it.
    const play = await playEvent(app, SWISS_EVENT, 2);
    const sessions = (app.get(AuthService) as unknown as { pg: RawDb }).pg;
    const real = sessions.$queryRaw.bind(sessions);
    let cut = 1;
    Object.defineProperty(sessions, '$queryRaw', {
      configurable: true,
      writable: true,
      value: (...args: Parameters<typeof real>) => (cut-- > 0 ? Promise.resolve(undefined) : real(...args)),
    });
    try {
      const refused = await http().get('/api/auth/me').set('Authorization', play.organizer.auth);
      expect([refused.status, refused.body.error]).toEqual([503, 'Service Unavailable']);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(cut).toBeLessThan(1);
      await http().get('/api/auth/me').set('Authorization', play.organizer.auth).expect(200);
    } finally {
      Object.defineProperty(sessions, '$queryRaw', { configurable: true, writable: true, value: real });
    }
    await http().get('/api/auth/me').set('Authorization', play.organizer.auth).expect(200);
  }, 300_000);
});
