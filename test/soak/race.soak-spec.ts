import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { Logger } from '@nestjs/common';
import { createApp } from '../../apps/server/src/create-app';
import { DEMO_ORGANIZER } from '../../apps/server/src/auth/demo-account';
import { loadDemoTournament } from '../../apps/server/src/demo/demo-tournament';
import { createPrismaClient, testDatabaseUrl } from '../support/database';
import { newUser, SWISS_EVENT, TOURNAMENT } from '../e2e/http-helpers';

/**
 * Two instances on one database (issue 13, `npm run soak`): two applications with their own pools
 * race on versions, draws, round creation and result entry. 0 duplicates, 0 half-writes.
 */
describe('two instances racing on one database', () => {
  let a: INestApplication;
  let b: INestApplication;
  let auth: string;
  const prisma = createPrismaClient(testDatabaseUrl());
  const TRIES = Number(process.env.RACE_TRIES ?? 30);

  beforeAll(async () => {
    const make = async () => {
      const app = await createApp(testDatabaseUrl(), { logger: false, tournamentCreators: 'anyone' });
      await app.init();
      return app;
    };
    a = await make();
    b = await make();
    auth = (await newUser(a, 'racer')).auth;
  });

  afterAll(async () => {
    await prisma.$disconnect();
    await a.close();
    await b.close();
  });

  const on = (app: INestApplication) => request(app.getHttpServer());
  const both = <T>(f: (app: INestApplication) => Promise<T>) => Promise.all([f(a), f(b)]);

  /** A tournament with an event of `players` entries; drawn when asked. */
  const field = async (players: number, drawn: boolean) => {
    const t = (await on(a).post('/api/tournaments').set('Authorization', auth).send(TOURNAMENT).expect(201)).body.id;
    const e = (await on(a).post(`/api/tournaments/${t}/events`).set('Authorization', auth).send(SWISS_EVENT).expect(201)).body.id;
    const csv = ['name_zh,name_en,gender', ...Array.from({ length: players }, (_, i) => `竞${i},R${i},male`)].join('\n');
    const ids = (await on(a).post(`/api/tournaments/${t}/import/players`).set('Authorization', auth).send({ csv }).expect(201)).body.players.map(
      (p: { id: string }) => p.id,
    );
    await on(a).post(`/api/events/${e}/entries/bulk`).set('Authorization', auth).send({ playerIds: ids }).expect(201);
    if (drawn) await on(a).post(`/api/events/${e}/draw`).set('Authorization', auth).send({}).expect(201);
    return { t, e, players: ids as string[] };
  };

  it("the demo: two instances loading it at once make one (under the migrations' advisory lock)", async () => {
    const other = createPrismaClient(testDatabaseUrl());
    try {
      const quiet = { log: () => undefined } as unknown as Logger;
      const ids = await Promise.all([loadDemoTournament(prisma, quiet, { force: true }), loadDemoTournament(other, quiet, { force: true })]);
      const demos = await prisma.tournament.count({ where: { roles: { some: { user: { email: DEMO_ORGANIZER.email } } } } });
      expect(demos).toBe(1);
      expect(ids.filter(Boolean).length).toBeLessThanOrEqual(1);
    } finally {
      await other.$disconnect();
    }
  }, 300_000);

  it('versions: one of two edits of one version wins, every time', async () => {
    const { players } = await field(2, false);
    let version = 1;
    for (let i = 0; i < TRIES; i++) {
      const answers = await both((app) =>
        on(app)
          .patch(`/api/players/${players[0]}`)
          .set('Authorization', auth)
          .send({ version, rating: 1000 + i }),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      version += 1;
    }
    expect((await prisma.player.findUniqueOrThrow({ where: { id: players[0] } })).version).toBe(version);
    expect(await prisma.auditLog.count({ where: { entity: 'player', entityId: players[0], action: 'update' } })).toBe(TRIES);
  });

  it('draws: two at once leave distinct draw numbers matching one recorded draw', async () => {
    for (let i = 0; i < Math.ceil(TRIES / 5); i++) {
      const { e } = await field(12, false);
      const answers = await both((app) => on(app).post(`/api/events/${e}/draw`).set('Authorization', auth).send({}));
      expect(answers.every((r) => r.status < 500)).toBe(true);
      const entries = await prisma.entry.findMany({ where: { eventId: e } });
      const numbers = entries.map((x) => x.drawNumber);
      expect(numbers.every((n) => n !== null)).toBe(true);
      expect(new Set(numbers).size).toBe(entries.length);
      const last = await prisma.draw.findFirstOrThrow({ where: { eventId: e }, orderBy: { createdAt: 'desc' } });
      const byEntry = new Map((last.assignment as { entryId: string; drawNumber: number }[]).map((x) => [x.entryId, x.drawNumber]));
      expect(entries.every((x) => byEntry.get(x.id) === x.drawNumber)).toBe(true);
    }
  });

  it('round creation: two at once pair one round', async () => {
    for (let i = 0; i < Math.ceil(TRIES / 5); i++) {
      const { e } = await field(8, true);
      const answers = await both((app) => on(app).post(`/api/events/${e}/rounds`).set('Authorization', auth).send({}));
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(await prisma.round.count({ where: { eventId: e } })).toBe(1);
      const pairings = await prisma.pairing.findMany({ where: { round: { eventId: e } } });
      expect(pairings).toHaveLength(4);
      expect(new Set(pairings.flatMap((p) => [p.redEntryId, p.blackEntryId])).size).toBe(8);
    }
  });

  it('result entry: two results of one game version, one wins; no half-written audit', async () => {
    const { e } = await field(8, true);
    const round = (await on(a).post(`/api/events/${e}/rounds`).set('Authorization', auth).send({}).expect(201)).body;
    await on(a).post(`/api/rounds/${round.id}/publish`).set('Authorization', auth).send({ version: round.version }).expect(200);
    const game = round.pairings[0].games[0];
    let version = game.version;
    for (let i = 0; i < TRIES; i++) {
      const answers = await both((app) =>
        on(app)
          .put(`/api/games/${game.id}/result`)
          .set('Authorization', auth)
          .send({ version, result: i % 2 ? 'draw' : 'red_win' }),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      version += 1;
    }
    expect((await prisma.game.findUniqueOrThrow({ where: { id: game.id } })).version).toBe(version);
    expect(await prisma.auditLog.count({ where: { entity: 'game', entityId: game.id, action: 'update' } })).toBe(TRIES);
  });
});
