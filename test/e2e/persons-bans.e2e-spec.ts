// Issue 33 #5: a ban is lifted before its end by a server administrator, with the reason — who,
// when and why are kept on the ban (liftedById, liftReason) and in the audit row, and shown on the
// ban's page; then the person may enter again.
// The server administration page lists the bans, rating lists, merges and title rules.
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createPrismaClient } from '../support/database';
import { newUser, startTestApp, SWISS_EVENT, TOURNAMENT } from './http-helpers';
import type { User } from './scenario';

describe('lifting a ban; the server administration pages (issue 33)', () => {
  let app: INestApplication;
  const prisma = createPrismaClient();
  const http = () => request(app.getHttpServer());
  let admin: User;
  let organizer: User;
  let banId: string;
  let eventId: string;
  let playerId: string;
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;

  beforeAll(async () => {
    app = await startTestApp();
    admin = await newUser(app, 'ban-admin');
    await prisma.user.update({ where: { id: admin.id }, data: { isAdmin: true, displayName: '管理员' } });
    organizer = await newUser(app, 'ban-org');
    const t = (await http().post('/api/tournaments').set('Authorization', organizer.auth).send(TOURNAMENT).expect(201)).body.id as string;
    eventId = (await http().post(`/api/tournaments/${t}/events`).set('Authorization', organizer.auth).send(SWISS_EVENT).expect(201)).body.id as string;
    playerId = (
      await http()
        .post(`/api/tournaments/${t}/players`)
        .set('Authorization', organizer.auth)
        .send({ nameZh: `禁赛者${tag}`, nameEn: `Banned ${tag}`, gender: 'male', federationId: `BAN-${tag}` })
        .expect(201)
    ).body.id as string;
    const today = new Date().toISOString().slice(0, 10);
    const inTwoYears = `${Number(today.slice(0, 4)) + 2}${today.slice(4)}`;
    banId = (
      await http()
        .post(`/api/players/${playerId}/bans`)
        .set('Authorization', organizer.auth)
        .send({ startsOn: today, endsOn: inTwoYears, decision: '经理事会判定，停赛两年（二章8节3）', eventId })
        .expect(201)
    ).body.id as string;
  });

  afterAll(async () => {
    await prisma.$disconnect();
    await app.close();
  });

  it('refuses anyone but a server administrator: 401 without a session (pages: to the login page), 403 for an organizer', async () => {
    await http().get(`/api/bans/${banId}`).expect(401);
    await http().post(`/api/bans/${banId}/lift`).send({ reason: 'x' }).expect(401);
    expect((await http().get('/admin').set('Accept', 'text/html').expect(303)).headers.location).toBe('/login?next=%2Fadmin');
    expect((await http().get(`/bans/${banId}`).set('Accept', 'text/html').expect(303)).headers.location).toBe(
      `/login?next=${encodeURIComponent(`/bans/${banId}`)}`,
    );
    expect((await http().get(`/api/bans/${banId}`).set('Authorization', organizer.auth).expect(403)).body.code).toBe('admin.required');
    expect((await http().post(`/api/bans/${banId}/lift`).set('Authorization', organizer.auth).send({ reason: 'x' }).expect(403)).body.code).toBe(
      'admin.required',
    );
    await http().get('/admin').set('Authorization', organizer.auth).expect(403);
    await http().get(`/bans/${banId}`).set('Authorization', organizer.auth).expect(403);
    // Still in force: the entry is refused.
    expect(
      (
        await http()
          .post(`/api/events/${eventId}/entries/bulk`)
          .set('Authorization', organizer.auth)
          .send({ playerIds: [playerId] })
          .expect(409)
      ).body.code,
    ).toBe('entry.banned');
  });

  it('shows the ban on the administration page and its own page, in three languages', async () => {
    for (const [lang, words] of [
      ['zh', ['服务器管理', '禁赛', '执行中']],
      ['zh-Hant', ['服務器管理', '禁賽', '執行中']],
      ['en', ['Server administration', 'Bans', 'In force']],
    ] as const) {
      const page = (await http().get(`/admin?lang=${lang}`).set('Authorization', admin.auth).expect(200)).text;
      for (const w of words) expect(page).toContain(w);
      expect(page).toContain(`href="/bans/${banId}?lang&#x3D;${lang}"`);
      const ban = (await http().get(`/bans/${banId}?lang=${lang}`).set('Authorization', admin.auth).expect(200)).text;
      expect(ban).toContain(`禁赛者${tag}`.replace('禁赛', lang === 'zh-Hant' ? '禁賽' : '禁赛'));
      expect(ban).toContain(`action="/bans/${banId}/lift"`);
    }
    // The account page links to it, for administrators only.
    expect((await http().get('/account?lang=en').set('Authorization', admin.auth).expect(200)).text).toContain('href="/admin?lang=en"');
    expect((await http().get('/account?lang=en').set('Authorization', organizer.auth).expect(200)).text).not.toContain('href="/admin');
  });

  it('lifts the ban with the reason: who, when and why kept and shown, audited; once; then the person enters', async () => {
    await http().post(`/api/bans/${banId}/lift`).set('Authorization', admin.auth).send({ reason: '' }).expect(400);
    const lifted = await http().post(`/api/bans/${banId}/lift`).set('Authorization', admin.auth).send({ reason: '理事会复议，提前解除' }).expect(200);
    expect(lifted.body).toMatchObject({ liftedAt: expect.any(String), liftedById: admin.id, liftReason: '理事会复议，提前解除' });
    const row = await prisma.ban.findUniqueOrThrow({ where: { id: banId } });
    expect({ liftedById: row.liftedById, liftReason: row.liftReason, lifted: row.liftedAt !== null }).toEqual({
      liftedById: admin.id,
      liftReason: '理事会复议，提前解除',
      lifted: true,
    });
    const shown = (await http().get(`/api/bans/${banId}`).set('Authorization', admin.auth).expect(200)).body;
    expect(shown.lifted).toMatchObject({ by: { displayName: '管理员' }, reason: '理事会复议，提前解除' });
    const audit = await prisma.auditLog.findMany({ where: { entity: 'ban', entityId: banId, action: 'update' } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      userId: admin.id,
      reason: '理事会复议，提前解除',
      after: expect.objectContaining({ liftedById: admin.id, liftReason: '理事会复议，提前解除' }),
    });
    expect((await http().post(`/api/bans/${banId}/lift`).set('Authorization', admin.auth).send({ reason: 'again' }).expect(409)).body.code).toBe('ban.lifted');
    const page = (await http().get(`/bans/${banId}?lang=en`).set('Authorization', admin.auth).expect(200)).text;
    expect(page).toContain('Lifted on');
    expect(page).toContain('理事会复议，提前解除');
    expect(page).toContain('管理员');
    expect(page).not.toContain(`action="/bans/${banId}/lift"`);
    await http()
      .post(`/api/events/${eventId}/entries/bulk`)
      .set('Authorization', organizer.auth)
      .send({ playerIds: [playerId] })
      .expect(201);
  });
});
