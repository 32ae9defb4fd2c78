import { INestApplication } from '@nestjs/common';
import { Client } from 'pg';
import request from 'supertest';
import { testDatabaseUrl } from '../support/database';
import { startTestApp, SWISS_EVENT } from './http-helpers';
import { Play, playEvent } from './results-helpers';

/**
 * The entries list keeps its order when an entry is saved. Entries entered together (one bulk
 * form) share their createdAt; ordered by it alone, their order was the table's physical one, and
 * a saved row (a seed) moved to the end — the organizer's entries page and seeds page shuffled
 * after each save (seen in CI as the seeds page's first row not being the entries page's first).
 */
describe('the entries list keeps its order when entries are saved', () => {
  let app: INestApplication;
  let play: Play;

  beforeAll(async () => {
    // The rows as the table holds them: no index scan may hide the physical order (the plan the
    // failing run got), on the connections the app opens from here on.
    const db = new Client({ connectionString: testDatabaseUrl() });
    await db.connect();
    await db.query(
      `DO $$ BEGIN EXECUTE format('ALTER DATABASE %I SET enable_indexscan = off', current_database()); EXECUTE format('ALTER DATABASE %I SET enable_bitmapscan = off', current_database()); END $$`,
    );
    await db.end();
    app = await startTestApp();
    play = await playEvent(app, SWISS_EVENT, 8);
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    const db = new Client({ connectionString: testDatabaseUrl() });
    await db.connect();
    await db.query(
      `DO $$ BEGIN EXECUTE format('ALTER DATABASE %I RESET enable_indexscan', current_database()); EXECUTE format('ALTER DATABASE %I RESET enable_bitmapscan', current_database()); END $$`,
    );
    await db.end();
  });

  it('the same order after seeding entries one by one', async () => {
    const http = () => request(app.getHttpServer());
    const eventId = (
      await http()
        .post(`/api/tournaments/${play.tournamentId}/events`)
        .set('Authorization', play.organizer.auth)
        .send({ ...SWISS_EVENT, nameZh: '快棋组', nameEn: 'Rapid' })
        .expect(201)
    ).body.id as string;
    const players = (await http().get(`/api/tournaments/${play.tournamentId}/players`).expect(200)).body as { id: string }[];
    await http()
      .post(`/api/events/${eventId}/entries/bulk`)
      .set('Authorization', play.organizer.auth)
      .send({ playerIds: players.map((p) => p.id) })
      .expect(201);
    const list = async () => (await http().get(`/api/events/${eventId}/entries`).expect(200)).body as { id: string; version: number; createdAt: string }[];
    const before = await list();
    expect(before).toHaveLength(8);
    // Entered together: one createdAt for all (what made the order depend on the table's layout).
    expect(new Set(before.map((e) => e.createdAt)).size).toBe(1);
    for (const [i, e] of before.slice(0, 3).entries()) {
      await http()
        .patch(`/api/entries/${e.id}`)
        .set('Authorization', play.organizer.auth)
        .send({ version: e.version, seed: i + 1 })
        .expect(200);
      expect((await list()).map((x) => x.id)).toEqual(before.map((x) => x.id));
    }
  });
});
