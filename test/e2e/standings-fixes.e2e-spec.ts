import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createPrismaClient, testDatabaseUrl } from '../support/database';
import { newUser, startTestApp, SWISS_EVENT, TOURNAMENT } from './http-helpers';

/** Issue 9, "bugs found while trying it": chain follows the format, seedPositions twice, imported affiliations, bulk entry. */
describe('issue 9 registration fixes (real HTTP, real PostgreSQL)', () => {
  let app: INestApplication;
  let organizer: { auth: string; email: string };
  let arbiter: { auth: string; email: string };
  let tournamentId: string;
  const prisma = createPrismaClient(testDatabaseUrl());
  const api = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await startTestApp();
    organizer = await newUser(app, 'organizer');
    arbiter = await newUser(app, 'arbiter');
    tournamentId = (await api().post('/api/tournaments').set('Authorization', organizer.auth).send(TOURNAMENT).expect(201)).body.id;
    await api().post(`/api/tournaments/${tournamentId}/roles`).set('Authorization', organizer.auth).send({ email: arbiter.email, role: 'arbiter' }).expect(201);
  });

  afterAll(async () => {
    await prisma.$disconnect();
    await app.close();
  });

  async function players(n: number, tag: string): Promise<string[]> {
    const csv = ['name_zh,name_en,gender,affiliation,rating', ...Array.from({ length: n }, (_, i) => `${tag}${i},${tag} ${i},男,,${2000 + i}`)].join('\n');
    const res = await api().post(`/api/tournaments/${tournamentId}/import/players`).set('Authorization', organizer.auth).send({ csv }).expect(201);
    return res.body.players.map((p: { id: string }) => p.id);
  }

  it('the tie-break chain follows the format unless the organizer set it by hand (二章6节2–5)', async () => {
    const swiss = (await api().post(`/api/tournaments/${tournamentId}/events`).set('Authorization', organizer.auth).send(SWISS_EVENT).expect(201)).body;
    expect(swiss.tieBreaksCustom).toBe(false);
    const rr = (
      await api()
        .patch(`/api/events/${swiss.id}`)
        .set('Authorization', organizer.auth)
        .send({ version: swiss.version, stages: [{ type: 'round_robin' }] })
        .expect(200)
    ).body;
    const fresh = (
      await api()
        .post(`/api/tournaments/${tournamentId}/events`)
        .set('Authorization', organizer.auth)
        .send({ ...SWISS_EVENT, nameZh: '循环', stages: [{ type: 'round_robin' }] })
        .expect(201)
    ).body;
    expect(rr.tieBreaks).toEqual(fresh.tieBreaks);
    expect(rr.tieBreaks).not.toEqual(swiss.tieBreaks);
    expect(rr.tieBreaksCustom).toBe(false);
    // Set by hand: it stays when the format changes again.
    const custom = (
      await api()
        .patch(`/api/events/${swiss.id}`)
        .set('Authorization', organizer.auth)
        .send({ version: rr.version, tieBreaks: ['score', 'wins'] })
        .expect(200)
    ).body;
    expect(custom.tieBreaksCustom).toBe(true);
    const back = (
      await api()
        .patch(`/api/events/${swiss.id}`)
        .set('Authorization', organizer.auth)
        .send({ version: custom.version, stages: [{ type: 'swiss', rounds: 5 }] })
        .expect(200)
    ).body;
    expect(back.tieBreaks).toEqual(['score', 'wins']);
    // Given at creation: custom from the start.
    const given = (
      await api()
        .post(`/api/tournaments/${tournamentId}/events`)
        .set('Authorization', organizer.auth)
        .send({ ...SWISS_EVENT, nameZh: '自定', tieBreaks: ['score', 'wins'] })
        .expect(201)
    ).body;
    expect(given.tieBreaksCustom).toBe(true);
  });

  it('seedPositions [1, 1] is a 400 naming the field, not a 409', async () => {
    const event = (
      await api()
        .post(`/api/tournaments/${tournamentId}/events`)
        .set('Authorization', organizer.auth)
        .send({ ...SWISS_EVENT, nameZh: '种子' })
        .expect(201)
    ).body;
    const ids = await players(4, '种子棋手');
    await api().post(`/api/events/${event.id}/entries/bulk`).set('Authorization', organizer.auth).send({ playerIds: ids }).expect(201);
    const entries = (await api().get(`/api/events/${event.id}/entries`).expect(200)).body;
    for (const [i, e] of entries.slice(0, 2).entries()) {
      await api()
        .patch(`/api/entries/${e.id}`)
        .set('Authorization', organizer.auth)
        .send({ version: e.version, seed: i + 1 })
        .expect(200);
    }
    const res = await api()
      .post(`/api/events/${event.id}/draw`)
      .set('Authorization', organizer.auth)
      .send({ seed: 's', seedPositions: [1, 1] })
      .expect(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain('seedPositions');
    await api()
      .post(`/api/events/${event.id}/draw`)
      .set('Authorization', organizer.auth)
      .send({ seed: 's', seedPositions: [1, 4] })
      .expect(201);
  });

  it('flags affiliations a CSV import created with only a Chinese name, in the result and on the page', async () => {
    const csv = 'name_zh,name_en,gender,affiliation,rating\n王天一,Wang Tianyi,男,杭州棋院,2700\n郑惟桐,Zheng Weitong,男,四川,2680';
    await api().post(`/api/tournaments/${tournamentId}/affiliations`).set('Authorization', organizer.auth).send({ nameZh: '四川', nameEn: 'Sichuan' });
    const res = await api().post(`/api/tournaments/${tournamentId}/import/players`).set('Authorization', organizer.auth).send({ csv }).expect(201);
    expect(res.body.newAffiliations).toEqual([expect.objectContaining({ nameZh: '杭州棋院', nameEn: '杭州棋院', englishNameMissing: true })]);
    const event = (
      await api()
        .post(`/api/tournaments/${tournamentId}/events`)
        .set('Authorization', organizer.auth)
        .send({ ...SWISS_EVENT, nameZh: '单位' })
        .expect(201)
    ).body;
    await api()
      .post(`/api/events/${event.id}/entries/bulk`)
      .set('Authorization', organizer.auth)
      .send({ playerIds: res.body.players.map((p: { id: string }) => p.id) })
      .expect(201);
    // Issue 30 #6: the note is the organizer's (the entries page), never the public's.
    const page = await api().get(`/tournaments/${tournamentId}?lang=en`).expect(200);
    expect(page.text).toContain('杭州棋院');
    expect(page.text).not.toContain('no English name');
    const setup = await api().get(`/manage/events/${event.id}/entries?lang=en`).set('Authorization', organizer.auth).expect(200);
    expect(setup.text).toMatch(/杭州棋院 <span class="flag">English name missing<\/span>/);
    expect(setup.text).not.toMatch(/Sichuan <span class="flag/);
  });

  it('bulk entry: 300 players in one request, all or nothing', async () => {
    const event = (
      await api()
        .post(`/api/tournaments/${tournamentId}/events`)
        .set('Authorization', organizer.auth)
        .send({ ...SWISS_EVENT, nameZh: '批量' })
        .expect(201)
    ).body;
    const ids = await players(300, '批量棋手');
    const url = `/api/events/${event.id}/entries/bulk`;
    // One unknown id: nothing is entered, the field is named.
    const unknown = '00000000-0000-4000-8000-000000000000';
    const bad = await api()
      .post(url)
      .set('Authorization', organizer.auth)
      .send({ playerIds: [...ids.slice(0, 10), unknown] })
      .expect(400);
    expect(bad.body.errors[0].field).toBe('playerIds[10]');
    const dup = await api()
      .post(url)
      .set('Authorization', organizer.auth)
      .send({ playerIds: [ids[0], ids[0]] })
      .expect(400);
    expect(dup.body.message).toContain('playerIds');
    expect(await prisma.entry.count({ where: { eventId: event.id } })).toBe(0);
    const ok = await api().post(url).set('Authorization', organizer.auth).send({ playerIds: ids }).expect(201);
    expect(ok.body.created).toBe(300);
    expect(ok.body.entries.map((e: { playerId: string }) => e.playerId)).toEqual(ids);
    expect(await prisma.auditLog.count({ where: { entity: 'entry', entityId: { in: ok.body.entries.map((e: { id: string }) => e.id) } } })).toBe(300);
    // Again: already entered → 409 naming the first.
    const again = await api()
      .post(url)
      .set('Authorization', organizer.auth)
      .send({ playerIds: ids.slice(5, 7) })
      .expect(409);
    expect(again.body.message).toContain('playerIds[0]');
    // Roles.
    await api()
      .post(url)
      .send({ playerIds: ids.slice(0, 1) })
      .expect(401);
    await api()
      .post(url)
      .set('Authorization', arbiter.auth)
      .send({ playerIds: ids.slice(0, 1) })
      .expect(403);
  });
});
