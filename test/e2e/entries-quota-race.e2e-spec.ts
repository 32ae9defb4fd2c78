// Issue 31: two delegates of one unit entering at once, through two server instances against one
// database, cannot pass the unit's quota (附录2 #1): the quota row is locked in the transaction.
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { newUser, startTestApp, SWISS_EVENT, TOURNAMENT } from './http-helpers';
import { newDelegate, newUnit, openRegistration, person } from './entries-helpers';

describe('quotas under concurrency (two server instances)', () => {
  let a: INestApplication;
  let b: INestApplication;

  beforeAll(async () => {
    a = await startTestApp();
    b = await startTestApp();
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('20 requests at once from two delegates of a unit with a quota of 3: exactly 3 are taken, the rest refused over quota', async () => {
    const organizer = await newUser(a, 'org');
    const t = (await request(a.getHttpServer()).post('/api/tournaments').set('Authorization', organizer.auth).send(TOURNAMENT).expect(201)).body.id as string;
    const ev = (await request(a.getHttpServer()).post(`/api/tournaments/${t}/events`).set('Authorization', organizer.auth).send(SWISS_EVENT).expect(201)).body
      .id as string;
    const unit = await newUnit(a, organizer.auth, t, '越南', 'Vietnam');
    await request(a.getHttpServer()).put(`/api/events/${ev}/quotas/${unit}`).set('Authorization', organizer.auth).send({ quota: 3 }).expect(200);
    await openRegistration(a, organizer.auth, t);
    const first = await newDelegate(a, organizer.auth, t, unit, 'delegate-1');
    const second = await newDelegate(b, organizer.auth, t, unit, 'delegate-2');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        request((i % 2 ? b : a).getHttpServer())
          .post(`/api/events/${ev}/entry-requests`)
          .set('Authorization', (i % 2 ? second : first).auth)
          .send({ player: person(`选手${i}`, `Player ${i}`) }),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(17);
    expect(new Set(answers.filter((r) => r.status === 409).map((r) => r.body.code))).toEqual(new Set(['entry.over_quota']));
    const held = (await request(b.getHttpServer()).get(`/api/events/${ev}/entry-requests`).set('Authorization', organizer.auth).expect(200)).body;
    expect(held).toHaveLength(3);
    const quota = (await request(b.getHttpServer()).get(`/api/events/${ev}/quotas`).expect(200)).body;
    expect(quota[0]).toMatchObject({ quota: 3, used: 3, left: 0 });
  }, 300_000);

  it('the same person sent by two delegates at once through two instances is taken once', async () => {
    const organizer = await newUser(a, 'org');
    const t = (await request(a.getHttpServer()).post('/api/tournaments').set('Authorization', organizer.auth).send(TOURNAMENT).expect(201)).body.id as string;
    const ev = (await request(a.getHttpServer()).post(`/api/tournaments/${t}/events`).set('Authorization', organizer.auth).send(SWISS_EVENT).expect(201)).body
      .id as string;
    const u1 = await newUnit(a, organizer.auth, t, '甲', 'A');
    const u2 = await newUnit(a, organizer.auth, t, '乙', 'B');
    for (const u of [u1, u2])
      await request(a.getHttpServer()).put(`/api/events/${ev}/quotas/${u}`).set('Authorization', organizer.auth).send({ quota: 5 }).expect(200);
    await openRegistration(a, organizer.auth, t);
    const d1 = await newDelegate(a, organizer.auth, t, u1);
    const d2 = await newDelegate(b, organizer.auth, t, u2);
    const answers = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        request((i % 2 ? b : a).getHttpServer())
          .post(`/api/events/${ev}/entry-requests`)
          .set('Authorization', (i % 2 ? d2 : d1).auth)
          .send({ player: person('同一人', 'Same Person') }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect(answers.filter((r) => r.status === 409).every((r) => ['entry.duplicate', 'entry.other_unit'].includes(r.body.code))).toBe(true);
  }, 300_000);
});
