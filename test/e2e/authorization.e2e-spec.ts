import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { newUser, startTestApp, SWISS_EVENT, TEAM_EVENT, TOURNAMENT } from './http-helpers';

/**
 * Every mutating route: 401 for anonymous callers, 403 for a logged-in user without the role
 * (a stranger, and an arbiter — registration is the organizer's and chief arbiter's work).
 */
describe('authorization of every mutating route', () => {
  let app: INestApplication;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    app = await startTestApp();
    const http = () => request(app.getHttpServer());
    const organizer = await newUser(app, 'org');
    const arbiter = await newUser(app, 'arb');
    const stranger = await newUser(app, 'str');
    ids.organizer = organizer.auth;
    ids.arbiter = arbiter.auth;
    ids.stranger = stranger.auth;
    ids.tournament = (await http().post('/api/tournaments').set('Authorization', organizer.auth).send(TOURNAMENT).expect(201)).body.id;
    const t = ids.tournament;
    ids.arbiterRole = (await http().post(`/api/tournaments/${t}/roles`).set('Authorization', organizer.auth).send({ email: arbiter.email, role: 'arbiter' }).expect(201)).body.id;
    ids.event = (await http().post(`/api/tournaments/${t}/events`).set('Authorization', organizer.auth).send(SWISS_EVENT).expect(201)).body.id;
    ids.teamEvent = (await http().post(`/api/tournaments/${t}/events`).set('Authorization', organizer.auth).send(TEAM_EVENT).expect(201)).body.id;
    ids.affiliation = (await http().post(`/api/tournaments/${t}/affiliations`).set('Authorization', organizer.auth).send({ nameZh: '泰国', nameEn: 'Thailand' }).expect(201)).body.id;
    const players: string[] = [];
    for (let i = 0; i < 4; i++)
      players.push((await http().post(`/api/tournaments/${t}/players`).set('Authorization', organizer.auth).send({ nameZh: `泰${i}`, nameEn: `T${i}`, gender: 'male', affiliationId: ids.affiliation }).expect(201)).body.id);
    ids.player = players[0];
    ids.entry = (await http().post(`/api/events/${ids.event}/entries`).set('Authorization', organizer.auth).send({ playerId: players[0] }).expect(201)).body.id;
    ids.team = (await http().post(`/api/events/${ids.teamEvent}/teams`).set('Authorization', organizer.auth).send({ affiliationId: ids.affiliation, nameZh: '泰国队', nameEn: 'Thailand', starters: players.slice(0, 3), reserves: [players[3]] }).expect(201)).body.id;
  });

  afterAll(async () => {
    await app.close();
  });

  type Route = [method: 'post' | 'patch' | 'delete', path: () => string, body: () => object];
  const csv = { csv: 'name_zh,name_en,gender\n甲,A,male' };
  const routes: Route[] = [
    ['patch', () => `/api/tournaments/${ids.tournament}`, () => ({ version: 1, venue: 'x' })],
    ['delete', () => `/api/tournaments/${ids.tournament}`, () => ({})],
    ['post', () => `/api/tournaments/${ids.tournament}/roles`, () => ({ email: 'a@b.cd', role: 'arbiter' })],
    ['delete', () => `/api/tournaments/${ids.tournament}/roles/${ids.arbiterRole}`, () => ({})],
    ['post', () => `/api/tournaments/${ids.tournament}/events`, () => SWISS_EVENT],
    ['patch', () => `/api/events/${ids.event}`, () => ({ version: 1, nameEn: 'x' })],
    ['delete', () => `/api/events/${ids.event}`, () => ({})],
    ['post', () => `/api/tournaments/${ids.tournament}/affiliations`, () => ({ nameZh: '日本', nameEn: 'Japan' })],
    ['patch', () => `/api/affiliations/${ids.affiliation}`, () => ({ nameEn: 'x' })],
    ['delete', () => `/api/affiliations/${ids.affiliation}`, () => ({})],
    ['post', () => `/api/tournaments/${ids.tournament}/players`, () => ({ nameZh: '乙', nameEn: 'B', gender: 'male' })],
    ['patch', () => `/api/players/${ids.player}`, () => ({ version: 1, rating: 1 })],
    ['delete', () => `/api/players/${ids.player}`, () => ({})],
    ['post', () => `/api/events/${ids.teamEvent}/teams`, () => ({ affiliationId: ids.affiliation, nameZh: 'x', nameEn: 'x', starters: [ids.player] })],
    ['patch', () => `/api/teams/${ids.team}`, () => ({ version: 1, nameEn: 'x' })],
    ['delete', () => `/api/teams/${ids.team}`, () => ({})],
    ['post', () => `/api/events/${ids.event}/entries`, () => ({ playerId: ids.player })],
    ['patch', () => `/api/entries/${ids.entry}`, () => ({ version: 1, seed: 1 })],
    ['post', () => `/api/entries/${ids.entry}/withdraw`, () => ({ version: 1 })],
    ['post', () => `/api/events/${ids.event}/draw`, () => ({})],
    ['post', () => `/api/tournaments/${ids.tournament}/import/players`, () => csv],
    ['post', () => `/api/events/${ids.teamEvent}/import/teams`, () => csv],
  ];

  it.each(routes.map((r) => [r[0].toUpperCase(), r[1].toString().replace(/.*`(.*)`.*/s, '$1'), r] as const))('%s %s: 401 anonymous, 403 stranger and arbiter', async (_m, _p, [method, path, body]) => {
    const http = request(app.getHttpServer());
    const anonymous = await http[method](path()).send(body());
    expect(anonymous.status).toBe(401);
    for (const who of ['stranger', 'arbiter']) {
      const res = await request(app.getHttpServer())[method](path()).set('Authorization', ids[who]).send(body());
      expect(res.status).toBe(403);
    }
  });

  it('POST /api/tournaments needs a login (401) and any user may create one', async () => {
    await request(app.getHttpServer()).post('/api/tournaments').send(TOURNAMENT).expect(401);
    await request(app.getHttpServer()).post('/api/tournaments').set('Authorization', 'Bearer forged').send(TOURNAMENT).expect(401);
    await request(app.getHttpServer()).post('/api/tournaments').set('Authorization', ids.stranger).send(TOURNAMENT).expect(201);
  });

  it('POST /api/auth/logout needs a login and ends the session', async () => {
    const user = await newUser(app, 'leaving');
    await request(app.getHttpServer()).post('/api/auth/logout').expect(401);
    await request(app.getHttpServer()).get('/api/auth/me').set('Authorization', user.auth).expect(200);
    await request(app.getHttpServer()).post('/api/auth/logout').set('Authorization', user.auth).expect(204);
    await request(app.getHttpServer()).get('/api/auth/me').set('Authorization', user.auth).expect(401);
  });

  it('refuses wrong passwords; a second registration of an email answers like the first and changes nothing', async () => {
    const user = await newUser(app, 'dup');
    await request(app.getHttpServer()).post('/api/auth/login').send({ email: user.email, password: 'wrong password!' }).expect(401);
    const again = await request(app.getHttpServer()).post('/api/auth/register').send({ email: user.email, displayName: 'again', password: 'long enough pw' }).expect(201);
    const fresh = await request(app.getHttpServer()).post('/api/auth/register').send({ email: `fresh-${Date.now()}@test.chuhe`, displayName: 'fresh', password: 'long enough pw' }).expect(201);
    expect(again.body.message).toBe(fresh.body.message);
    await request(app.getHttpServer()).post('/api/auth/login').send({ email: user.email, password: 'long enough pw' }).expect(401);
    const short = await request(app.getHttpServer()).post('/api/auth/register').send({ email: 'x@y.zz', displayName: 'x', password: 'short' }).expect(400);
    expect(short.body.errors[0].field).toBe('password');
  });

  it('lets a chief arbiter register but not manage roles', async () => {
    const chief = await newUser(app, 'chief');
    await request(app.getHttpServer()).post(`/api/tournaments/${ids.tournament}/roles`).set('Authorization', ids.organizer).send({ email: chief.email, role: 'chief_arbiter' }).expect(201);
    await request(app.getHttpServer()).post(`/api/tournaments/${ids.tournament}/players`).set('Authorization', chief.auth).send({ nameZh: '丙', nameEn: 'C', gender: 'female' }).expect(201);
    await request(app.getHttpServer()).post(`/api/tournaments/${ids.tournament}/roles`).set('Authorization', chief.auth).send({ email: chief.email, role: 'organizer' }).expect(403);
  });
});
