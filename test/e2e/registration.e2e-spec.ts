import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createPrismaClient, testDatabaseUrl } from '../support/database';
import { newUser, startTestApp, SWISS_EVENT, TEAM_EVENT, TOURNAMENT } from './http-helpers';

describe('registration API (real HTTP, real PostgreSQL)', () => {
  let app: INestApplication;
  let http: ReturnType<typeof request>;
  let organizer: { auth: string; email: string };
  let tournamentId: string;
  const prisma = createPrismaClient(testDatabaseUrl());

  beforeAll(async () => {
    app = await startTestApp();
    http = request(app.getHttpServer());
    organizer = await newUser(app, 'organizer');
    const res = await http.post('/api/tournaments').set('Authorization', organizer.auth).send(TOURNAMENT).expect(201);
    tournamentId = res.body.id;
  });

  afterAll(async () => {
    await prisma.$disconnect();
    await app.close();
  });

  const api = () => request(app.getHttpServer());

  async function addPlayers(n: number, gender: 'male' | 'female' = 'male', affiliationId?: string): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const res = await api()
        .post(`/api/tournaments/${tournamentId}/players`)
        .set('Authorization', organizer.auth)
        .send({ nameZh: `棋手${Date.now()}${i}`, nameEn: `Player ${i}`, gender, rating: 2000 + i, ...(affiliationId ? { affiliationId } : {}) })
        .expect(201);
      ids.push(res.body.id);
    }
    return ids;
  }

  describe('tournaments', () => {
    it('makes the creator the organizer and lets the public read', async () => {
      const roles = await api().get(`/api/tournaments/${tournamentId}/roles`).set('Authorization', organizer.auth).expect(200);
      expect(roles.body.map((r: { role: string }) => r.role)).toEqual(['organizer']);
      const pub = await api().get(`/api/tournaments/${tournamentId}`).expect(200);
      expect(pub.body).toMatchObject({ nameZh: TOURNAMENT.nameZh, rulesEdition: 'axf_2017', version: 1 });
    });

    it.each([
      [{ ...TOURNAMENT, nameZh: undefined }, 'nameZh'],
      [{ ...TOURNAMENT, colour: 'red' }, 'colour'],
      [{ ...TOURNAMENT, startDate: '2026-13-01' }, 'startDate'],
      [{ ...TOURNAMENT, endDate: '2026-11-01' }, 'endDate'],
      [{ ...TOURNAMENT, rulesEdition: 'fide' }, 'rulesEdition'],
    ])('refuses a bad tournament with 400 naming the field (%#)', async (body, field) => {
      const before = await prisma.tournament.count();
      const res = await api().post('/api/tournaments').set('Authorization', organizer.auth).send(body).expect(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
      expect(res.body.message).toContain(field);
      expect(await prisma.tournament.count()).toBe(before);
    });

    it('answers malformed JSON and non-UUID ids with 400, unknown ids with 404', async () => {
      await api().post('/api/tournaments').set('Authorization', organizer.auth).set('Content-Type', 'application/json').send('{"nameZh":').expect(400);
      const bad = await api().get('/api/tournaments/not-a-uuid').expect(400);
      expect(bad.body.errors[0].field).toBe('tournamentId');
      await api().get('/api/tournaments/00000000-0000-4000-8000-000000000000').expect(404);
    });

    it('gives 409 to a stale version and to the loser of two concurrent edits', async () => {
      const current = (await api().get(`/api/tournaments/${tournamentId}`).expect(200)).body.version as number;
      const results = await Promise.all(
        ['甲', '乙'].map((v) => api().patch(`/api/tournaments/${tournamentId}`).set('Authorization', organizer.auth).send({ version: current, venue: v })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const stale = await api()
        .patch(`/api/tournaments/${tournamentId}`)
        .set('Authorization', organizer.auth)
        .send({ version: current, venue: '丙' })
        .expect(409);
      expect(stale.body.message).toMatch(/version/);
    });

    it('audits every change with who, before and after', async () => {
      const t = (await api().get(`/api/tournaments/${tournamentId}`).expect(200)).body;
      await api()
        .patch(`/api/tournaments/${tournamentId}`)
        .set('Authorization', organizer.auth)
        .send({ version: t.version, organizer: 'AXF 亚象联' })
        .expect(200);
      const log = await api().get(`/api/tournaments/${tournamentId}/audit`).set('Authorization', organizer.auth).expect(200);
      const row = log.body.items.find(
        (r: { entity: string; action: string; after: { organizer?: string } }) =>
          r.entity === 'tournament' && r.action === 'update' && r.after?.organizer === 'AXF 亚象联',
      );
      expect(row).toBeDefined();
      expect(row.before.organizer).toBe(t.organizer);
      expect(row.userId).toBeTruthy();
    });
  });

  describe('events', () => {
    it('validates the stages field by field', async () => {
      const res = await api()
        .post(`/api/tournaments/${tournamentId}/events`)
        .set('Authorization', organizer.auth)
        .send({ ...SWISS_EVENT, stages: [{ type: 'swiss' }, { type: 'ladder' }] })
        .expect(400);
      const fields = res.body.errors.map((e: { field: string }) => e.field);
      expect(fields).toContain('stages.1.type');
      const res2 = await api()
        .post(`/api/tournaments/${tournamentId}/events`)
        .set('Authorization', organizer.auth)
        .send({ ...SWISS_EVENT, stages: [{ type: 'swiss' }] })
        .expect(400);
      expect(res2.body.errors).toEqual([{ field: 'stages.0.rounds', reason: 'a Swiss stage needs its number of rounds', code: 'format.swiss_rounds' }]);
      const res3 = await api()
        .post(`/api/tournaments/${tournamentId}/events`)
        .set('Authorization', organizer.auth)
        .send({ ...TEAM_EVENT, stages: [{ type: 'championship_5_2' }] })
        .expect(400);
      expect(res3.body.errors[0].field).toBe('stages.0.type');
    });

    it('starts with the tie-break chain the rules prescribe and accepts only known criteria (二章6节)', async () => {
      const swiss = await api().post(`/api/tournaments/${tournamentId}/events`).set('Authorization', organizer.auth).send(SWISS_EVENT).expect(201);
      expect(swiss.body.tieBreaks).toEqual(['score', 'opponentScore', 'directEncounter', 'wins', 'winsAsBlack', 'gamesAsBlack', 'strongOpponent', 'fouls']);
      const rr = await api()
        .post(`/api/tournaments/${tournamentId}/events`)
        .set('Authorization', organizer.auth)
        .send({ ...TEAM_EVENT, stages: [{ type: 'round_robin' }] })
        .expect(201);
      expect(rr.body.tieBreaks[1]).toBe('totalGamePoints');
      const bad = await api()
        .post(`/api/tournaments/${tournamentId}/events`)
        .set('Authorization', organizer.auth)
        .send({ ...SWISS_EVENT, tieBreaks: ['wins', 'coinToss'] })
        .expect(400);
      expect(bad.body.errors[0].field).toBe('tieBreaks');
      const catalogue = await api().get('/api/tie-breaks').expect(200);
      expect(Object.keys(catalogue.body.chains)).toContain('axf-appendix-1');
    });

    it('stores the configuration with defaults (3 + 1, 2/1/0, one game)', async () => {
      const res = await api().post(`/api/tournaments/${tournamentId}/events`).set('Authorization', organizer.auth).send(TEAM_EVENT).expect(201);
      expect(res.body).toMatchObject({ kind: 'team', teamStarters: 3, teamReserves: 1, scoring: '2-1-0', gamesPerPairing: 1, category: 'open' });
    });
  });

  describe('individual entries and the draw', () => {
    let eventId: string;
    let entryIds: string[];

    beforeAll(async () => {
      eventId = (await api().post(`/api/tournaments/${tournamentId}/events`).set('Authorization', organizer.auth).send(SWISS_EVENT).expect(201)).body.id;
      entryIds = [];
      for (const playerId of await addPlayers(8)) {
        entryIds.push((await api().post(`/api/events/${eventId}/entries`).set('Authorization', organizer.auth).send({ playerId }).expect(201)).body.id);
      }
    });

    it('refuses entering the same player twice (409)', async () => {
      const entry = await prisma.entry.findUniqueOrThrow({ where: { id: entryIds[0] } });
      await api().post(`/api/events/${eventId}/entries`).set('Authorization', organizer.auth).send({ playerId: entry.playerId }).expect(409);
    });

    it('draws numbers reproducibly from a recorded seed, with pins', async () => {
      const body = { seed: 'lot-2026', pinned: [{ entryId: entryIds[3], drawNumber: 1 }] };
      const a = await api().post(`/api/events/${eventId}/draw`).set('Authorization', organizer.auth).send(body).expect(201);
      const b = await api().post(`/api/events/${eventId}/draw`).set('Authorization', organizer.auth).send(body).expect(201);
      expect(a.body.assignment).toEqual(b.body.assignment);
      expect(a.body.assignment.map((x: { drawNumber: number }) => x.drawNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(a.body.assignment[0].entryId).toBe(entryIds[3]);
      const draws = await api().get(`/api/events/${eventId}/draws`).expect(200);
      expect(draws.body[0].seed).toBe('lot-2026');
      const bad = await api()
        .post(`/api/events/${eventId}/draw`)
        .set('Authorization', organizer.auth)
        .send({ pinned: [{ entryId: entryIds[0], drawNumber: 99 }] })
        .expect(400);
      expect(bad.body.errors[0].field).toBe('pinned');
    });

    it('a late entry draws its number by lot (附录6 用法1), and a withdrawal before the start asks for a new draw (二章7节2)', async () => {
      const [playerId] = await addPlayers(1);
      const late = await api().post(`/api/events/${eventId}/entries`).set('Authorization', organizer.auth).send({ playerId }).expect(201);
      expect(late.body).toMatchObject({ lateEntry: true });
      const numbers = (await api().get(`/api/events/${eventId}/entries`).expect(200)).body
        .map((e: { drawNumber: number }) => e.drawNumber)
        .sort((a: number, b: number) => a - b);
      expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
      // The pinned entry keeps its number; the lot is audited with its seed.
      expect((await prisma.entry.findUniqueOrThrow({ where: { id: entryIds[3] } })).drawNumber).toBe(1);
      const lot = await prisma.auditLog.findFirstOrThrow({
        where: { entity: 'draw', action: 'update', reason: { contains: '附录6 用法1' } },
        orderBy: { at: 'desc' },
      });
      expect(JSON.stringify(lot.after)).toContain(':late:');
      const first = await prisma.entry.findUniqueOrThrow({ where: { id: entryIds[0] } });
      const w = await api().post(`/api/entries/${entryIds[0]}/withdraw`).set('Authorization', organizer.auth).send({ version: first.version }).expect(200);
      expect(w.body.redrawNeeded).toBe(true);
      expect(w.body.entry).toMatchObject({ status: 'withdrawn', drawNumber: null });
      expect((await api().get(`/api/events/${eventId}`).expect(200)).body.redrawNeeded).toBe(true);
      await api()
        .post(`/api/entries/${entryIds[0]}/withdraw`)
        .set('Authorization', organizer.auth)
        .send({ version: first.version + 1 })
        .expect(409);
      const redraw = await api().post(`/api/events/${eventId}/draw`).set('Authorization', organizer.auth).send({}).expect(201);
      expect(redraw.body.assignment).toHaveLength(8);
      expect((await api().get(`/api/events/${eventId}`).expect(200)).body.redrawNeeded).toBe(false);
    });

    it('closes entries, the draw and the tie-break chain once round 1 is paired', async () => {
      await prisma.event.update({ where: { id: eventId }, data: { round1PairedAt: new Date() } });
      const [playerId] = await addPlayers(1);
      await api().post(`/api/events/${eventId}/entries`).set('Authorization', organizer.auth).send({ playerId }).expect(409);
      await api().post(`/api/events/${eventId}/draw`).set('Authorization', organizer.auth).send({}).expect(409);
      const event = (await api().get(`/api/events/${eventId}`).expect(200)).body;
      await api()
        .patch(`/api/events/${eventId}`)
        .set('Authorization', organizer.auth)
        .send({ version: event.version, tieBreaks: ['wins'] })
        .expect(409);
      await api().patch(`/api/events/${eventId}`).set('Authorization', organizer.auth).send({ version: event.version, nameEn: 'Renamed' }).expect(200);
    });
  });

  describe('teams', () => {
    let eventId: string;
    let affiliationId: string;

    beforeAll(async () => {
      eventId = (await api().post(`/api/tournaments/${tournamentId}/events`).set('Authorization', organizer.auth).send(TEAM_EVENT).expect(201)).body.id;
      affiliationId = (
        await api()
          .post(`/api/tournaments/${tournamentId}/affiliations`)
          .set('Authorization', organizer.auth)
          .send({ nameZh: '新加坡', nameEn: 'Singapore' })
          .expect(201)
      ).body.id;
    });

    it('needs exactly the starters in board order and at most the reserves (附录1 #1)', async () => {
      const players = await addPlayers(6, 'male', affiliationId);
      const two = await api()
        .post(`/api/events/${eventId}/teams`)
        .set('Authorization', organizer.auth)
        .send({ affiliationId, nameZh: '新加坡一队', nameEn: 'Singapore 1', starters: players.slice(0, 2), reserves: players.slice(2, 4) })
        .expect(400);
      expect(two.body.errors.map((e: { field: string }) => e.field)).toEqual(['starters', 'reserves']);
      const ok = await api()
        .post(`/api/events/${eventId}/teams`)
        .set('Authorization', organizer.auth)
        .send({ affiliationId, nameZh: '新加坡一队', nameEn: 'Singapore 1', starters: players.slice(0, 3), reserves: [players[3]] })
        .expect(201);
      expect(ok.body.members.map((m: { board: number | null }) => m.board)).toEqual([1, 2, 3, null]);
      expect(ok.body.entries).toHaveLength(1);
      const again = await api()
        .post(`/api/events/${eventId}/teams`)
        .set('Authorization', organizer.auth)
        .send({ affiliationId, nameZh: '新加坡二队', nameEn: 'Singapore 2', starters: [players[0], players[4], players[5]] })
        .expect(400);
      expect(again.body.errors).toEqual([
        { field: 'starters.0', reason: 'the player is already in another team of this event', code: 'team.player_in_other_team' },
      ]);
    });

    it('imports teams from CSV all-or-nothing, reporting line and column', async () => {
      const before = await prisma.team.count({ where: { eventId } });
      const header = 'team_zh,team_en,affiliation,role,board,name_zh,name_en,gender';
      const bad = [
        header,
        '马来西亚队,Malaysia,马来西亚,starter,1,甲,A,male',
        '马来西亚队,Malaysia,马来西亚,starter,2,乙,B,male',
        '马来西亚队,Malaysia,马来西亚,captain,3,丙,C,male',
      ].join('\n');
      const res = await api().post(`/api/events/${eventId}/import/teams`).set('Authorization', organizer.auth).send({ csv: bad }).expect(400);
      expect(res.body.errors.map((e: { reason: string }) => e.reason)).toEqual([
        'line 2, column board: 马来西亚队 has 2 starter(s); the event needs 3 (boards 1–3)',
        "line 4, column role: 'captain' is not starter, reserve, 正选 or 后补",
      ]);
      expect(await prisma.team.count({ where: { eventId } })).toBe(before);
      const good = [
        header,
        '马来西亚队,Malaysia,马来西亚,正选,1,甲,A,male',
        '马来西亚队,Malaysia,马来西亚,正选,2,乙,B,male',
        '马来西亚队,Malaysia,马来西亚,正选,3,丙,C,male',
        '马来西亚队,Malaysia,马来西亚,后补,,丁,D,male',
      ].join('\n');
      const ok = await api().post(`/api/events/${eventId}/import/teams`).set('Authorization', organizer.auth).send({ csv: good }).expect(201);
      expect(ok.body.imported).toBe(1);
      expect(await prisma.team.count({ where: { eventId } })).toBe(before + 1);
    });
  });

  describe('player CSV import', () => {
    it('writes nothing when any row is bad, and everything when all are good', async () => {
      const before = await prisma.player.count({ where: { tournamentId } });
      const bad = 'name_zh,name_en,gender,affiliation,rating\n许银川,Xu Yinchuan,男,广东,2700\n,Nobody,male,,\n吕钦,Lü Qin,robot,广东,abc';
      const res = await api().post(`/api/tournaments/${tournamentId}/import/players`).set('Authorization', organizer.auth).send({ csv: bad }).expect(400);
      expect(res.body.errors.map((e: { reason: string }) => e.reason)).toEqual([
        'line 3, column name_zh: must not be empty',
        "line 4, column gender: 'robot' is not male, female, 男 or 女",
        "line 4, column rating: 'abc' is not a whole number from 0 to 4000",
      ]);
      expect(await prisma.player.count({ where: { tournamentId } })).toBe(before);
      const good = 'name_zh,name_en,gender,affiliation,rating\n许银川,Xu Yinchuan,男,广东,2700\n吕钦,Lü Qin,男,广东,2650';
      const ok = await api().post(`/api/tournaments/${tournamentId}/import/players`).set('Authorization', organizer.auth).send({ csv: good }).expect(201);
      expect(ok.body.imported).toBe(2);
      expect(await prisma.player.count({ where: { tournamentId } })).toBe(before + 2);
      const dup = await api().post(`/api/tournaments/${tournamentId}/import/players`).set('Authorization', organizer.auth).send({ csv: good }).expect(400);
      expect(dup.body.errors[0].reason).toBe('line 2, column name_zh: this player (with this affiliation) is already registered');
    });
  });
});
