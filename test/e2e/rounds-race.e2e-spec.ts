import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createPrismaClient, testDatabaseUrl } from '../support/database';
import { startTestApp, SWISS_EVENT } from './http-helpers';
import { drawnEvent } from './rounds-helpers';

/**
 * Exactly one round N when two requests race on two server instances (two Nest apps, two
 * connection pools, one database): the event's advisory lock (play/locks.ts) serializes the
 * pairing transactions, the loser sees the draft and answers 409; the unique (eventId, number)
 * is the last line of defence.
 */
describe('rounds: two server instances racing to pair the same round', () => {
  let a: INestApplication;
  let b: INestApplication;
  const prisma = createPrismaClient(testDatabaseUrl());

  beforeAll(async () => {
    a = await startTestApp();
    b = await startTestApp();
  });

  afterAll(async () => {
    await prisma.$disconnect();
    await a.close();
    await b.close();
  });

  it('20 tries × 2 concurrent POSTs: one 201, one 409, never two rounds, never a half-written round', async () => {
    const play = await drawnEvent(a, SWISS_EVENT, 24);
    const pair = (app: INestApplication) =>
      request(app.getHttpServer()).post(`/api/events/${play.eventId}/rounds`).set('Authorization', play.organizer.auth).send({});
    for (let attempt = 0; attempt < 20; attempt++) {
      const [ra, rb] = await Promise.all([pair(a), pair(b)]);
      expect([ra.status, rb.status].sort()).toEqual([201, 409]);
      const winner = ra.status === 201 ? ra : rb;
      const loser = ra.status === 201 ? rb : ra;
      expect(loser.body.message).toMatch(/round 1 is a draft|paired by someone else/);
      const rounds = await prisma.round.findMany({ where: { eventId: play.eventId }, include: { pairings: { include: { games: true } } } });
      expect(rounds).toHaveLength(1);
      expect(rounds[0].id).toBe(winner.body.id);
      // Whole: 12 pairings with one game each, the findings written, 12 pairing audit rows.
      expect(rounds[0].pairings).toHaveLength(12);
      expect(rounds[0].pairings.every((p) => p.games.length === 1)).toBe(true);
      expect(Array.isArray(rounds[0].findings)).toBe(true);
      expect(await prisma.auditLog.count({ where: { entity: 'pairing', entityId: { in: rounds[0].pairings.map((p) => p.id) } } })).toBe(12);
      // Delete the draft (through the other instance) for the next try.
      const other = winner === ra ? b : a;
      await request(other.getHttpServer())
        .delete(`/api/rounds/${winner.body.id}?version=${winner.body.version}`)
        .set('Authorization', play.organizer.auth)
        .expect(204);
      expect(await prisma.round.count({ where: { eventId: play.eventId } })).toBe(0);
      expect(await prisma.pairing.count({ where: { roundId: winner.body.id } })).toBe(0);
    }
  });

  it('delete racing publish on the other instance: exactly one wins', async () => {
    const play = await drawnEvent(a, SWISS_EVENT, 8);
    for (let attempt = 0; attempt < 5; attempt++) {
      const draft = await request(a.getHttpServer()).post(`/api/events/${play.eventId}/rounds`).set('Authorization', play.organizer.auth).send({}).expect(201);
      const [pa, db] = await Promise.all([
        request(a.getHttpServer()).post(`/api/rounds/${draft.body.id}/publish`).set('Authorization', play.organizer.auth).send({ version: draft.body.version }),
        request(b.getHttpServer()).delete(`/api/rounds/${draft.body.id}?version=${draft.body.version}`).set('Authorization', play.organizer.auth),
      ]);
      const statuses = [pa.status, db.status];
      expect(statuses.filter((s) => s === 200 || s === 204)).toHaveLength(1);
      const left = await prisma.round.findMany({ where: { eventId: play.eventId } });
      if (pa.status === 200) {
        expect(left.map((r) => r.state)).toEqual(['published']);
        expect([404, 409]).toContain(db.status);
        return; // round 1 published: the event is frozen, the race is proven
      }
      expect(left).toEqual([]);
      expect([404, 409]).toContain(pa.status);
    }
  });
});
