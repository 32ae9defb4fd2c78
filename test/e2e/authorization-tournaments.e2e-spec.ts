import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createApp } from '../../apps/server/src/create-app';
import { createPrismaClient, testDatabaseUrl } from '../support/database';
import { grantRole, newUser, SWISS_EVENT, TOURNAMENT } from './http-helpers';

/**
 * Issue 13 #7 and #11 on a server as deployed (no test switches): who creates tournaments, what is
 * listed publicly, roles by invitation, the audit log in pages, draws without user ids.
 */
describe('tournaments: creators, publishing, invitations, audit pages', () => {
  let app: INestApplication;
  const prisma = createPrismaClient(testDatabaseUrl());
  const http = () => request(app.getHttpServer());
  let admin: { email: string; auth: string; id: string };
  let tournamentId: string;

  beforeAll(async () => {
    app = await createApp(testDatabaseUrl(), {
      logger: false,
      tournamentCreators: 'admins',
      loginThrottle: { address: { free: 1_000_000, baseSeconds: 1, capSeconds: 60 } },
    });
    await app.init();
    admin = await newUser(app, 'admin');
    await prisma.user.update({ where: { id: admin.id }, data: { isAdmin: true } });
    tournamentId = (await http().post('/api/tournaments').set('Authorization', admin.auth).send(TOURNAMENT).expect(201)).body.id;
  });

  afterAll(async () => {
    await prisma.$disconnect();
    await app.close();
  });

  it('only server administrators create tournaments (403 for others)', async () => {
    const user = await newUser(app, 'plain');
    const res = await http().post('/api/tournaments').set('Authorization', user.auth).send(TOURNAMENT).expect(403);
    expect(res.body.message).toMatch(/administrators/);
  });

  it('lists a tournament publicly only once its organizer publishes it', async () => {
    const ids = async (auth?: string) =>
      ((auth ? await http().get('/api/tournaments').set('Authorization', auth) : await http().get('/api/tournaments')).body as { id: string }[]).map(
        (t) => t.id,
      );
    const stranger = await newUser(app, 'stranger');
    expect(await ids()).not.toContain(tournamentId);
    expect(await ids(stranger.auth)).not.toContain(tournamentId);
    expect(await ids(admin.auth)).toContain(tournamentId);
    expect((await http().get('/').set('Accept', 'text/html')).text).not.toContain(tournamentId);
    const t = (await http().get(`/api/tournaments/${tournamentId}`).expect(200)).body;
    await http().patch(`/api/tournaments/${tournamentId}`).set('Authorization', stranger.auth).send({ version: t.version, published: true }).expect(403);
    const published = (
      await http().patch(`/api/tournaments/${tournamentId}`).set('Authorization', admin.auth).send({ version: t.version, published: true }).expect(200)
    ).body;
    expect(published.publishedAt).toBeTruthy();
    expect(await ids()).toContain(tournamentId);
    expect((await http().get('/').set('Accept', 'text/html')).text).toContain(tournamentId);
  });

  it('gives a role only to whoever accepts the invitation, once; never for having the email', async () => {
    const invitee = await newUser(app, 'invitee');
    const squatter = await newUser(app, 'squatter');
    // POST roles on a deployed server invites: the account with that email gets nothing by itself.
    const offer = await http()
      .post(`/api/tournaments/${tournamentId}/roles`)
      .set('Authorization', admin.auth)
      .send({ email: squatter.email, role: 'chief_arbiter' })
      .expect(201);
    expect(offer.body.token).toEqual(expect.any(String));
    await http()
      .post(`/api/tournaments/${tournamentId}/players`)
      .set('Authorization', squatter.auth)
      .send({ nameZh: '甲', nameEn: 'A', gender: 'male' })
      .expect(403);
    const pending = await http().get(`/api/tournaments/${tournamentId}/invitations`).set('Authorization', admin.auth).expect(200);
    expect(pending.body.map((i: { id: string }) => i.id)).toContain(offer.body.id);
    expect(JSON.stringify(pending.body)).not.toContain(offer.body.token);
    // The organizer passed the token to the real person, who accepts it.
    const role = await http().post('/api/invitations/accept').set('Authorization', invitee.auth).send({ token: offer.body.token }).expect(201);
    expect(role.body).toMatchObject({ role: 'chief_arbiter', userId: invitee.id });
    await http()
      .post(`/api/tournaments/${tournamentId}/players`)
      .set('Authorization', invitee.auth)
      .send({ nameZh: '甲', nameEn: 'A', gender: 'male' })
      .expect(201);
    await http().post('/api/invitations/accept').set('Authorization', squatter.auth).send({ token: offer.body.token }).expect(409);
    await http()
      .post('/api/invitations/accept')
      .set('Authorization', squatter.auth)
      .send({ token: 'x'.repeat(32) })
      .expect(404);
    await http().post('/api/invitations/accept').send({ token: offer.body.token }).expect(401);
    // A revoked invitation cannot be accepted.
    const other = await http()
      .post(`/api/tournaments/${tournamentId}/invitations`)
      .set('Authorization', admin.auth)
      .send({ email: 'x@y.zz', role: 'arbiter' })
      .expect(201);
    await http().delete(`/api/tournaments/${tournamentId}/invitations/${other.body.id}`).set('Authorization', invitee.auth).expect(403);
    await http().delete(`/api/tournaments/${tournamentId}/invitations/${other.body.id}`).set('Authorization', admin.auth).expect(204);
    await http().post('/api/invitations/accept').set('Authorization', squatter.auth).send({ token: other.body.token }).expect(404);
    const helper = await grantRole(app, admin.auth, tournamentId, await newUser(app, 'arb'), 'arbiter');
    expect(helper.role).toBe('arbiter');
  });

  it('pages the audit log with a cursor and filters it by entity and user', async () => {
    const chief = await newUser(app, 'chief');
    await grantRole(app, admin.auth, tournamentId, chief, 'chief_arbiter');
    for (let i = 0; i < 5; i++)
      await http()
        .post(`/api/tournaments/${tournamentId}/players`)
        .set('Authorization', chief.auth)
        .send({ nameZh: `页${i}`, nameEn: `P${i}`, gender: 'female' })
        .expect(201);
    const all = (await http().get(`/api/tournaments/${tournamentId}/audit?limit=500`).set('Authorization', admin.auth).expect(200)).body;
    expect(all.nextCursor).toBeNull();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { items: { id: string }[]; nextCursor: string | null } } = await http()
        .get(`/api/tournaments/${tournamentId}/audit`)
        .query({ limit: 2, ...(cursor ? { cursor } : {}) })
        .set('Authorization', admin.auth)
        .expect(200);
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.items.map((r) => r.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.items.map((r: { id: string }) => r.id));
    expect(new Set(seen).size).toBe(seen.length);
    const mine = (
      await http().get(`/api/tournaments/${tournamentId}/audit`).query({ entity: 'player', userId: chief.id }).set('Authorization', admin.auth).expect(200)
    ).body;
    expect(mine.items).toHaveLength(5);
    expect(mine.items.every((r: { entity: string; userId: string }) => r.entity === 'player' && r.userId === chief.id)).toBe(true);
    await http().get(`/api/tournaments/${tournamentId}/audit`).query({ cursor: 'bm90IGEgY3Vyc29y' }).set('Authorization', admin.auth).expect(400);
    await http().get(`/api/tournaments/${tournamentId}/audit`).query({ limit: 501 }).set('Authorization', admin.auth).expect(400);
  });

  it('lists draws publicly without user ids', async () => {
    const eventId = (await http().post(`/api/tournaments/${tournamentId}/events`).set('Authorization', admin.auth).send(SWISS_EVENT).expect(201)).body.id;
    for (let i = 0; i < 2; i++) {
      const p = (
        await http()
          .post(`/api/tournaments/${tournamentId}/players`)
          .set('Authorization', admin.auth)
          .send({ nameZh: `抽${i}`, nameEn: `D${i}`, gender: 'male' })
          .expect(201)
      ).body.id;
      await http().post(`/api/events/${eventId}/entries`).set('Authorization', admin.auth).send({ playerId: p }).expect(201);
    }
    await http().post(`/api/events/${eventId}/draw`).set('Authorization', admin.auth).send({}).expect(201);
    const draws = (await http().get(`/api/events/${eventId}/draws`).expect(200)).body;
    expect(draws).toHaveLength(1);
    expect(JSON.stringify(draws)).not.toContain(admin.id);
    expect(draws[0].createdById).toBeUndefined();
  });
});
