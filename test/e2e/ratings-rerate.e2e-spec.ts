// Issue 33 #3: a rated event whose results change is re-rated automatically — once, though two
// server instances hear the change (ratings/auto-rerate.ts) — and the ratings are those a rating
// from scratch gives.
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DEFAULT_METHOD, rateTimeline } from '@chuhe/ratings';
import { sameAsJsonb } from '../../apps/server/src/persistence/jsonb-equal';
import { AutoRerate } from '../../apps/server/src/ratings/auto-rerate';
import { reportOf } from '../../apps/server/src/ratings/rating-report';
import { createPrismaClient } from '../support/database';
import { newUser, startTestApp, SWISS_EVENT, TOURNAMENT } from './http-helpers';
import type { RoundViewBody } from './scenario';

const ROUND_ROBIN = { ...SWISS_EVENT, nameZh: '个人循环赛', nameEn: 'Round robin', stages: [{ type: 'round_robin' }] };

describe('automatic re-rating after a correction (two server instances)', () => {
  let ratedEvent = '';
  /** The rated event's organizer (who may rate it). */
  let ratedBy = '';
  let a: INestApplication;
  let b: INestApplication;
  const prisma = createPrismaClient();

  beforeAll(async () => {
    a = await startTestApp();
    b = await startTestApp();
  });
  afterAll(async () => {
    await prisma.$disconnect();
    await a?.close();
    await b?.close();
  });

  /** Until both instances have settled the event's results version (one re-rated it, the other found it rated). */
  async function bothSettled(eventId: string, version: number) {
    for (let i = 0; i < 1200; i++) {
      if ([a, b].every((app) => (app.get(AutoRerate, { strict: false }).settled.get(eventId) ?? -1) >= version)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the instances did not settle the re-rating within 120 s');
  }

  it('one correction through instance A: one automatic re-rating, with the ratings of a rating from scratch', async () => {
    const http = (app: INestApplication) => request(app.getHttpServer());
    const admin = await newUser(a, 'rerate-admin');
    await prisma.user.update({ where: { id: admin.id }, data: { isAdmin: true } });
    const organizer = await newUser(a, 'rerate-org');
    const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
    const list = (
      await http(a)
        .post('/api/rating-lists')
        .set('Authorization', admin.auth)
        .send({ name: `再评 ${tag}` })
        .expect(201)
    ).body.id as string;
    const t = (
      await http(a)
        .post('/api/tournaments')
        .set('Authorization', organizer.auth)
        .send({ ...TOURNAMENT, startDate: '2026-03-01', endDate: '2026-03-02' })
        .expect(201)
    ).body.id as string;
    const e = (await http(a).post(`/api/tournaments/${t}/events`).set('Authorization', organizer.auth).send(ROUND_ROBIN).expect(201)).body.id as string;
    const players: string[] = [];
    for (const k of ['一', '二', '三', '四'])
      players.push(
        (
          await http(a)
            .post(`/api/tournaments/${t}/players`)
            .set('Authorization', organizer.auth)
            .send({ nameZh: `再评${k}${tag}`, nameEn: `Rerate ${k} ${tag}`, gender: 'male', federationId: `RR-${tag}-${k}` })
            .expect(201)
        ).body.id as string,
      );
    await http(a).put(`/api/events/${e}/rating-list`).set('Authorization', organizer.auth).send({ ratingListId: list }).expect(200);
    await http(a).post(`/api/events/${e}/entries/bulk`).set('Authorization', organizer.auth).send({ playerIds: players }).expect(201);
    await http(a).post(`/api/events/${e}/draw`).set('Authorization', organizer.auth).send({ seed: tag }).expect(201);
    for (let r = 0; r < 3; r++) {
      const draft = (await http(a).post(`/api/events/${e}/rounds`).set('Authorization', organizer.auth).send({}).expect(201)).body as RoundViewBody;
      const round = (await http(a).post(`/api/rounds/${draft.id}/publish`).set('Authorization', organizer.auth).send({ version: draft.version }).expect(200))
        .body as RoundViewBody;
      for (const p of round.pairings.filter((x) => x.black))
        await http(a)
          .put(`/api/games/${p.games[0].id}/result`)
          .set('Authorization', organizer.auth)
          .send({ result: 'red_win', version: p.games[0].version })
          .expect(200);
    }
    // Results entered before the event is rated re-rate nothing (the organizer rates it after the last round).
    await http(a).post(`/api/events/${e}/rating`).set('Authorization', organizer.auth).expect(200);
    const before = await prisma.ratingChange.findMany({ where: { eventId: e }, orderBy: { personId: 'asc' } });
    expect(before).toHaveLength(4);

    // A correction through A: red's win becomes black's.
    const game = await prisma.game.findFirstOrThrow({ where: { pairing: { round: { eventId: e, number: 3 } } }, orderBy: { id: 'asc' } });
    await http(a)
      .put(`/api/games/${game.id}/result`)
      .set('Authorization', organizer.auth)
      .send({ result: 'black_win', version: game.version, reason: 'score sheet misread' })
      .expect(200);
    const version = await prisma.eventChange.count({ where: { eventId: e, part: 'games' } });
    await bothSettled(e, version);

    const automatic = await prisma.auditLog.findMany({ where: { entity: 'event_rating', entityId: e, reason: { startsWith: 'automatic' } } });
    expect(automatic).toHaveLength(1);
    expect(automatic[0].after).toMatchObject({ automatic: true, gamesVersion: version });
    const after = await prisma.ratingChange.findMany({ where: { eventId: e }, orderBy: { personId: 'asc' } });
    // The two players of the corrected game moved (red down, black up); a rating from scratch now changes nothing.
    const moved = after.filter((r, i) => r.rating !== before[i].rating).map((r) => r.personId);
    const [red, black] = await Promise.all([game.redPlayerId!, game.blackPlayerId!].map((id) => prisma.player.findUniqueOrThrow({ where: { id } })));
    expect(new Set(moved)).toEqual(new Set([red.personId, black.personId]));
    expect(after.find((r) => r.personId === red.personId)!.rating).toBeLessThan(before.find((r) => r.personId === red.personId)!.rating);
    expect((await http(b).post(`/api/events/${e}/rating`).set('Authorization', organizer.auth).expect(200)).body.changed).toEqual([]);
    ratedEvent = e;
    ratedBy = organizer.auth;
  }, 300_000);

  it('a recompute writes a report that differs as jsonb and leaves one equal as jsonb (1.0 for 1) alone', async () => {
    const rate = async () =>
      (await request(a.getHttpServer()).post(`/api/events/${ratedEvent}/rating`).set('Authorization', ratedBy).expect(200)).body as {
        changed: unknown[];
        written: number;
      };
    const [row] = await prisma.$queryRaw<{ id: string; report: { k: number } }[]>`
      SELECT id::text AS id, report FROM "RatingChange" WHERE "eventId" = ${ratedEvent}::uuid ORDER BY id LIMIT 1`;
    // The same report with its K written as 20.0: jsonb-equal, so not sent (and not rewritten).
    await prisma.$executeRaw`UPDATE "RatingChange" SET report = jsonb_set(report, '{k}', ${`${row.report.k}.0`}::jsonb) WHERE id = ${row.id}::uuid`;
    expect(await rate()).toEqual(expect.objectContaining({ changed: [], written: 0 }));
    const [kept] = await prisma.$queryRaw<{ k: string }[]>`SELECT (report->'k')::text AS k FROM "RatingChange" WHERE id = ${row.id}::uuid`;
    expect(kept.k).toBe(`${row.report.k}.0`);
    // A report whose content differs while every rating is the same (main sent no row then): rewritten.
    await prisma.$executeRaw`UPDATE "RatingChange" SET report = jsonb_set(report, '{expected}', '0.123') WHERE id = ${row.id}::uuid`;
    expect(await rate()).toEqual(expect.objectContaining({ changed: [], written: 1 }));
    const [back] = await prisma.$queryRaw<{ same: boolean }[]>`
      SELECT report = ${JSON.stringify(row.report)}::jsonb AS same FROM "RatingChange" WHERE id = ${row.id}::uuid`;
    expect(back.same).toBe(true);
  }, 300_000);

  it("the recompute's comparison of reports (sameAsJsonb) answers as PostgreSQL's jsonb = does", async () => {
    const history = rateTimeline(DEFAULT_METHOD, [
      {
        kind: 'list',
        key: 'l',
        at: '2026-01-01',
        ratings: [
          { personId: 'a', rating: 1600, games: 40 },
          { personId: 'b', rating: 1400, games: 3 },
        ],
      },
      {
        kind: 'event',
        key: 'e',
        at: '2026-02-01',
        games: [
          { red: 'a', black: 'b', result: 'black_win' },
          { red: 'b', black: 'a', result: 'draw' },
        ],
      },
    ]);
    const reports = history.events.get('e')!.map(reportOf);
    const nudged = { ...reports[0], expected: reports[0].expected + 1e-15 };
    // [the value the server would write, a jsonb text stored]
    const cases: [unknown, string][] = [
      ...reports.map((r): [unknown, string] => [r, JSON.stringify(r)]),
      [reports[0], JSON.stringify(reports[1])],
      [nudged, JSON.stringify(reports[0])],
      [reports[0], JSON.stringify({ games: reports[0].games, expected: reports[0].expected, score: reports[0].score, k: reports[0].k })],
      [reports[0], JSON.stringify(reports[0]).replace(/"k":(\d+)/, '"k":$1.0')],
      [{ ...reports[0], k: -0 }, JSON.stringify({ ...reports[0], k: 0 })],
      [1, '1.0'],
      [-0, '-0'],
      [100, '1e2'],
      [0.1 + 0.2, '0.3'],
      [1e-7, '0.0000001'],
      [[2, 1], '[1, 2]'],
      [{}, '{"a": null}'],
      [{ a: undefined, b: 1 }, '{"b": 1}'],
      [{ x: Number.NaN }, '{"x": null}'],
      [1, '"1"'],
      [0, 'false'],
      [{ at: new Date('2026-11-30T12:00:00Z') }, '{"at": "2026-11-30T12:00:00.000Z"}'],
      [{ 0: 1 }, '[1]'],
      ['红', '"红"'],
    ];
    for (const [value, text] of cases) {
      const [pg] = await prisma.$queryRaw<{ equal: boolean; stored: unknown }[]>`
        SELECT ${JSON.stringify(value)}::jsonb = ${text}::jsonb AS equal, ${text}::jsonb AS stored`;
      expect({ value, text, same: sameAsJsonb(pg.stored, value) }).toEqual({ value, text, same: pg.equal });
    }
  });

  it('a result changed while no server listened is re-rated once at the next start-up (two instances booting)', async () => {
    const e = ratedEvent;
    expect(e).not.toBe('');
    await a.close();
    await b.close();
    // Another path, no server running: the first game of round 1 changes straight in the database (the trigger counts it).
    const game = await prisma.game.findFirstOrThrow({ where: { pairing: { round: { eventId: e, number: 1 } } }, orderBy: { id: 'asc' } });
    const before = await prisma.ratingChange.findMany({ where: { eventId: e }, orderBy: { personId: 'asc' } });
    await prisma.game.update({ where: { id: game.id }, data: { result: 'draw', version: { increment: 1 } } });
    const version = await prisma.eventChange.count({ where: { eventId: e, part: 'games' } });
    const automaticBefore = await prisma.auditLog.count({ where: { entity: 'event_rating', entityId: e, reason: { startsWith: 'automatic' } } });

    [a, b] = await Promise.all([startTestApp(), startTestApp()]);
    const swept = await Promise.all([a, b].map((app) => app.get(AutoRerate, { strict: false }).swept));
    // Both swept; under the list's lock exactly one re-rated the event (the other may have re-rated other suites' events).
    const rows = await prisma.auditLog.findMany({
      where: { entity: 'event_rating', entityId: e, reason: { startsWith: 'automatic' } },
      orderBy: { at: 'asc' },
    });
    expect(rows).toHaveLength(automaticBefore + 1);
    expect(rows[rows.length - 1].after).toMatchObject({ automatic: true, gamesVersion: version });
    expect(swept.reduce((x, y) => x + y, 0)).toBeGreaterThanOrEqual(1);
    await bothSettled(e, version);
    // The drawn game moved its two players, as a rating from scratch gives.
    const after = await prisma.ratingChange.findMany({ where: { eventId: e }, orderBy: { personId: 'asc' } });
    const [red, black] = await Promise.all([game.redPlayerId!, game.blackPlayerId!].map((id) => prisma.player.findUniqueOrThrow({ where: { id } })));
    const moved = new Set(after.filter((r, i) => r.rating !== before[i].rating).map((r) => r.personId));
    expect(moved).toEqual(new Set([red.personId, black.personId]));
    const organizer = await newUser(a, 'rerate-org2');
    const tournamentId = (await prisma.event.findUniqueOrThrow({ where: { id: e } })).tournamentId;
    await prisma.tournamentRole.create({ data: { tournamentId, userId: organizer.id, role: 'organizer' } });
    expect((await request(b.getHttpServer()).post(`/api/events/${e}/rating`).set('Authorization', organizer.auth).expect(200)).body.changed).toEqual([]);
  }, 300_000);
});
