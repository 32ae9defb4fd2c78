import { INestApplication } from '@nestjs/common';
import { Client } from 'pg';
import request from 'supertest';
import { createDemoTournament, demoOpenEvent } from '../../apps/server/src/demo/demo-tournament';
import { playDemo } from '../../apps/server/src/demo/demo-play';
import { createPrismaClient } from '../support/database';
import { startTestApp } from './http-helpers';

/**
 * Issue 19: the event is read one way (play/event-loader.ts behind play/event-cache.ts). The demo's
 * pairings page, asked cold (nothing cached), reads the entries with their names in one statement,
 * and asked again after nothing changed, not at all. Every SQL text the server sends is seen here:
 * pg's Client.prototype.query is wrapped before the app opens its connections.
 */
describe('one read of the event: the pairings page reads the entries once', () => {
  const sent: string[] = [];
  const original = Client.prototype.query;
  let app: INestApplication;
  const prisma = createPrismaClient();
  let eventId: string;

  beforeAll(async () => {
    Client.prototype.query = function (this: Client, ...args: unknown[]) {
      const q = args[0] as string | { text?: string };
      sent.push(typeof q === 'string' ? q : (q?.text ?? ''));
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    app = await startTestApp();
    const tournamentId = await createDemoTournament(prisma);
    await playDemo(app, tournamentId);
    eventId = (await demoOpenEvent(prisma, tournamentId)).id;
  }, 300_000);

  afterAll(async () => {
    Client.prototype.query = original;
    await prisma.$disconnect();
    await app.close();
  });

  /** Statements that read the entries: their first FROM is the Entry table (a subquery looking one id up elsewhere is not a read of the list). */
  const entryReads = () => sent.filter((sql) => /^\s*SELECT/i.test(sql) && /\bFROM\s+(?:"public"\.)?"(\w+)"/i.exec(sql)?.[1] === 'Entry');

  it('cold: one statement reads the entries; warm: none', async () => {
    // A fresh app instance: its event cache is empty.
    const cold = await startTestApp();
    try {
      sent.length = 0;
      const page = await request(cold.getHttpServer()).get(`/events/${eventId}/rounds/1?lang=en`).expect(200);
      expect(page.text).toContain('<table');
      const coldReads = entryReads();
      sent.length = 0;
      await request(cold.getHttpServer()).get(`/events/${eventId}/rounds/1?lang=zh`).expect(200);
      const warmReads = entryReads();
      console.log(`[event reads] pairings page: cold ${coldReads.length} statement(s) read "Entry", warm ${warmReads.length}`);
      expect(coldReads).toHaveLength(1);
      expect(warmReads).toHaveLength(0);
    } finally {
      await cold.close();
    }
  });
});
