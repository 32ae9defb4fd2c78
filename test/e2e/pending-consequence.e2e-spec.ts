import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createPrismaClient } from '../support/database';
import type { PrismaClient } from '../../apps/server/src/generated/prisma/client';
import { startTestApp, TEAM_EVENT } from './http-helpers';
import { drawnEvent, PlayEvent, withRole } from './rounds-helpers';

/**
 * Issue 30 defect 1 (一章3节6, 二章9节 F): two technical fouls on a board of a team match whose
 * lineups are not in yet. The consequence cannot be applied now: the answer says why, the foul
 * page shows it pending, a draw typed later is refused (the fouls decide the game) and the penalty
 * result is accepted; `sanctions/apply` asks for a reason.
 */
jest.setTimeout(180_000);

describe('a sanction consequence that cannot be applied now stays pending', () => {
  let app: INestApplication;
  let prisma: PrismaClient;
  let play: PlayEvent;
  let arbiter: { auth: string };
  let chief: { auth: string };
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await startTestApp();
    prisma = createPrismaClient();
    play = await drawnEvent(app, { ...TEAM_EVENT, nameZh: '团体犯规', nameEn: 'Fouls' }, 4);
    arbiter = await withRole(app, play, 'arbiter');
    chief = await withRole(app, play, 'chief_arbiter');
    const scheduledAt = new Date(Date.now() + 3 * 3600_000).toISOString();
    const draft = await http().post(`/api/events/${play.eventId}/rounds`).set('Authorization', play.organizer.auth).send({ scheduledAt }).expect(201);
    await http().post(`/api/rounds/${draft.body.id}/publish`).set('Authorization', play.organizer.auth).send({ version: draft.body.version }).expect(200);
  });
  afterAll(async () => {
    await prisma.$disconnect();
    await app.close();
  });

  it('two technical fouls before the lineups: pending with the reason, shown on the foul page; a draw is refused; the penalty is accepted', async () => {
    const round = (await http().get(`/api/events/${play.eventId}/rounds`).set('Authorization', arbiter.auth).expect(200)).body[0];
    const full = (await http().get(`/api/rounds/${round.id}`).set('Authorization', arbiter.auth).expect(200)).body;
    const game = full.pairings[0].games[1]; // board 2
    const foul = () =>
      http().post(`/api/games/${game.id}/sanctions`).set('Authorization', arbiter.auth).send({ playerId: game.red.id, kind: 'technical_foul' });
    expect((await foul()).status).toBe(201);
    const second = await foul();
    expect(second.status).toBe(201);
    expect(second.body.consequence).toMatchObject({ result: 'black_win_penalty', penaltyReason: 'technical_fouls', applied: false, pending: true });
    expect(second.body.consequence.code).toBe('result.lineups_missing');
    expect(second.body.consequence.message).toMatch(/附录1 #8/);

    // The foul page says so, in the page's language.
    const page = await http().get(`/games/${game.id}/foul?lang=zh`).set('Authorization', arbiter.auth).expect(200);
    expect(page.text).toContain('id="pending-consequence"');
    expect(page.text).toContain('尚未记入成绩');
    const en = await http().get(`/games/${game.id}/foul?lang=en`).set('Authorization', arbiter.auth).expect(200);
    expect(en.text).toContain('not in the result yet');

    // Later (the chief arbiter, lineups still missing, with a reason): a draw is refused — the fouls decide the game.
    const fresh = (await prisma.game.findUniqueOrThrow({ where: { id: game.id } })).version;
    const draw = await http()
      .put(`/api/games/${game.id}/result`)
      .set('Authorization', chief.auth)
      .send({ version: fresh, result: 'draw', reason: 'score sheet' });
    expect([draw.status, draw.body.code]).toEqual([409, 'result.sanction_decides']);
    expect(draw.body.message).toMatch(/一章3节6/);
    const zh = await http()
      .put(`/api/games/${game.id}/result`)
      .set('Authorization', chief.auth)
      .set('Accept-Language', 'zh-CN')
      .send({ version: fresh, result: 'draw', reason: 'score sheet' });
    expect(zh.status).toBe(409);

    // sanctions/apply asks for a reason, then applies it.
    const noReason = await http().post(`/api/games/${game.id}/sanctions/apply`).set('Authorization', chief.auth).send({});
    expect(noReason.status).toBe(400);
    expect(JSON.stringify(noReason.body)).toContain('reason');
    const applied = await http()
      .post(`/api/games/${game.id}/sanctions/apply`)
      .set('Authorization', chief.auth)
      .send({ reason: 'the fouls stand before the lineups' })
      .expect(200);
    expect(applied.body.consequence).toMatchObject({ result: 'black_win_penalty', applied: true });
    const stored = await prisma.game.findUniqueOrThrow({ where: { id: game.id } });
    expect([stored.result, stored.penaltyReason]).toEqual(['black_win_penalty', 'technical_fouls']);
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { entity: 'game', entityId: game.id, action: 'update' }, orderBy: { at: 'desc' } });
    expect(audit.reason).toContain('the fouls stand before the lineups');
    const after = await http().get(`/games/${game.id}/foul?lang=zh`).set('Authorization', arbiter.auth).expect(200);
    expect(after.text).not.toContain('id="pending-consequence"');
  });
});
