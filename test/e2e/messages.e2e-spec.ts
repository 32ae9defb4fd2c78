import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { PrismaClient } from '../../apps/server/src/generated/prisma/client';
import { createPrismaClient } from '../support/database';
import { startTestApp, SWISS_EVENT } from './http-helpers';
import { nextRound, Play, playEvent, putResult, withRole } from './results-helpers';

/**
 * Issue 22's messages: each says what is wrong in the API's words and what to do — never a Prisma
 * column name, never three range rules for one missing field.
 */
describe('messages that say what to do', () => {
  let app: INestApplication;
  let prisma: PrismaClient;
  let play: Play;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await startTestApp();
    prisma = createPrismaClient();
    play = await playEvent(app, SWISS_EVENT, 4);
  });

  afterAll(async () => {
    await prisma.$disconnect();
    await app.close();
  });

  it('a missing version is "version is required", not its range rules', async () => {
    const res = await http().patch(`/api/tournaments/${play.tournamentId}`).set('Authorization', play.organizer.auth).send({ nameEn: 'x' }).expect(400);
    expect(res.body.errors).toEqual([{ field: 'version', reason: 'version is required', code: 'input.required' }]);
  });

  it('an event without timeControl names timeControl', async () => {
    const { timeControl: _omitted, ...event } = SWISS_EVENT;
    const res = await http().post(`/api/tournaments/${play.tournamentId}/events`).set('Authorization', play.organizer.auth).send(event).expect(400);
    expect(res.body.errors).toEqual([{ field: 'timeControl', reason: 'timeControl is required', code: 'input.required' }]);
  });

  it('a CSV saved with semicolons says "use commas"', async () => {
    const res = await http()
      .post(`/api/tournaments/${play.tournamentId}/import/players`)
      .set('Authorization', play.organizer.auth)
      .send({ csv: 'name_zh;name_en;gender\n王天一;Wang Tianyi;male\n' })
      .expect(400);
    expect(res.body.message).toContain('use commas');
  });

  it('deleting a tournament with play data says what to do; its name typed back deletes it all, audited', async () => {
    const arbiter = await withRole(app, play, 'arbiter');
    const round = await nextRound(app, play);
    await putResult(app, arbiter.auth, round.pairings[0].games[0], { result: 'draw' }).expect(200);
    const url = `/api/tournaments/${play.tournamentId}`;
    const refused = await http().delete(url).set('Authorization', play.organizer.auth).expect(409);
    expect(refused.body.message).not.toMatch(/Game\.|PlayerId|redPlayer/);
    expect(refused.body.message).toContain('published: false');
    expect(refused.body.message).toContain('"confirm"');
    const wrong = await http().delete(url).set('Authorization', play.organizer.auth).send({ confirm: 'not the name' }).expect(400);
    expect(wrong.body.errors[0].field).toBe('confirm');
    const t = await prisma.tournament.findUniqueOrThrow({ where: { id: play.tournamentId } });
    await http().delete(url).set('Authorization', play.organizer.auth).send({ confirm: t.nameZh }).expect(204);
    expect(await prisma.tournament.findUnique({ where: { id: play.tournamentId } })).toBeNull();
    expect(await prisma.event.count({ where: { id: play.eventId } })).toBe(0);
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { entity: 'tournament', entityId: play.tournamentId, action: 'delete' } });
    expect(audit.reason).toContain('play data');
  });
});
