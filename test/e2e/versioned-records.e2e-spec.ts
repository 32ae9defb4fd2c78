import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { newUser, startTestApp, SWISS_EVENT, TEAM_EVENT, TOURNAMENT } from './http-helpers';

/**
 * One table over every versioned record (issue 13): a stale version is refused with 409; two
 * concurrent edits on the same version give one 200 and one 409; the audit row of an edit holds
 * the record before and after; delete succeeds when nothing refers to the record and answers 409
 * naming what refers to it otherwise. Each row builds its own records (any order, any spec order).
 * A new versioned record (lineups, sanctions, appeals …) joins the table.
 */
describe('versioned records', () => {
  let app: INestApplication;
  let auth: string;
  let tournamentId: string;
  let n = 0;
  const http = () => request(app.getHttpServer());
  const as = <T extends request.Test>(req: T) => req.set('Authorization', auth);

  beforeAll(async () => {
    app = await startTestApp();
    auth = (await newUser(app, 'versions')).auth;
    tournamentId = (await as(http().post('/api/tournaments')).send(TOURNAMENT).expect(201)).body.id;
  });

  afterAll(async () => {
    await app.close();
  });

  const player = async (affiliationId?: string) =>
    (
      await as(http().post(`/api/tournaments/${tournamentId}/players`))
        .send({ nameZh: `版${++n}`, nameEn: `V${n}`, gender: 'male', ...(affiliationId ? { affiliationId } : {}) })
        .expect(201)
    ).body as { id: string; version: number };
  const event = async (body: object = SWISS_EVENT) =>
    (
      await as(http().post(`/api/tournaments/${tournamentId}/events`))
        .send({ ...body, nameEn: `E${++n}` })
        .expect(201)
    ).body as { id: string; version: number };
  const entry = async (eventId: string) =>
    (
      await as(http().post(`/api/events/${eventId}/entries`))
        .send({ playerId: (await player()).id })
        .expect(201)
    ).body as { id: string; version: number };
  /** An individual event with 4 entries, drawn, round 1 paired (draft). */
  const pairedEvent = async () => {
    const e = await event();
    for (let i = 0; i < 4; i++) await entry(e.id);
    await as(http().post(`/api/events/${e.id}/draw`))
      .send({})
      .expect(201);
    const round = (
      await as(http().post(`/api/events/${e.id}/rounds`))
        .send({})
        .expect(201)
    ).body;
    return { eventId: e.id, round };
  };
  const publishedRound = async () => {
    const { eventId, round } = await pairedEvent();
    const published = (
      await as(http().post(`/api/rounds/${round.id}/publish`))
        .send({ version: round.version })
        .expect(200)
    ).body;
    return { eventId, round: published };
  };
  const teamEventWithTeam = async () => {
    const e = await event(TEAM_EVENT);
    const affiliation = (
      await as(http().post(`/api/tournaments/${tournamentId}/affiliations`))
        .send({ nameZh: `单位${++n}`, nameEn: `A${n}` })
        .expect(201)
    ).body.id;
    const members = [await player(affiliation), await player(affiliation), await player(affiliation)];
    const team = (
      await as(http().post(`/api/events/${e.id}/teams`))
        .send({ affiliationId: affiliation, nameZh: `队${++n}`, nameEn: `T${n}`, starters: members.map((m) => m.id) })
        .expect(201)
    ).body;
    return { eventId: e.id, team: team as { id: string; version: number } };
  };

  interface Row {
    entity: string;
    create(): Promise<{ id: string; version: number }>;
    update(id: string, version: number, k: number): request.Test;
    /** Another version-checked write (e.g. withdrawing an entry), checked for staleness too. */
    otherWrite?(id: string, version: number): request.Test;
    deleteFree?(): Promise<request.Response>;
    deleteReferenced?(): Promise<{ req: request.Test; names: RegExp }>;
    /** Why a row has no delete check. */
    noDelete?: string;
  }

  const rows: Row[] = [
    {
      entity: 'tournament',
      create: async () => (await as(http().post('/api/tournaments')).send(TOURNAMENT).expect(201)).body,
      update: (id, version, k) => as(http().patch(`/api/tournaments/${id}`)).send({ version, venue: `场地 ${k}` }),
      deleteFree: async () => as(http().delete(`/api/tournaments/${(await as(http().post('/api/tournaments')).send(TOURNAMENT).expect(201)).body.id}`)),
      noDelete: 'a tournament owns everything in it: deleting it deletes them (no record outside refers to it)',
    },
    {
      entity: 'event',
      create: () => event(),
      update: (id, version, k) => as(http().patch(`/api/events/${id}`)).send({ version, nameEn: `Event ${k}` }),
      deleteFree: async () => as(http().delete(`/api/events/${(await event()).id}`)),
      deleteReferenced: async () => ({ req: as(http().delete(`/api/events/${(await pairedEvent()).eventId}`)), names: /round 1 has been paired|Pairing/ }),
    },
    {
      entity: 'player',
      create: () => player(),
      update: (id, version, k) => as(http().patch(`/api/players/${id}`)).send({ version, rating: 1000 + k }),
      deleteFree: async () => as(http().delete(`/api/players/${(await player()).id}`)),
      deleteReferenced: async () => {
        const e = await event();
        const p = await player();
        await as(http().post(`/api/events/${e.id}/entries`))
          .send({ playerId: p.id })
          .expect(201);
        return { req: as(http().delete(`/api/players/${p.id}`)), names: /Entry/ };
      },
    },
    {
      entity: 'team',
      create: async () => (await teamEventWithTeam()).team,
      update: (id, version, k) => as(http().patch(`/api/teams/${id}`)).send({ version, nameEn: `Team ${k}` }),
      deleteFree: async () => as(http().delete(`/api/teams/${(await teamEventWithTeam()).team.id}`)),
      noDelete: "a team's members and entry go with it; once round 1 is paired the event's 409 applies (see event)",
    },
    {
      entity: 'entry',
      create: async () => entry((await event()).id),
      update: (id, version, k) => as(http().patch(`/api/entries/${id}`)).send({ version, seed: (k % 50) + 1 }),
      otherWrite: (id, version) => as(http().post(`/api/entries/${id}/withdraw`)).send({ version }),
      noDelete: 'entries are withdrawn, never deleted',
    },
    {
      entity: 'round',
      create: async () => (await pairedEvent()).round,
      update: (id, version, k) => as(http().patch(`/api/rounds/${id}`)).send({ version, scheduledAt: `2026-12-0${(k % 8) + 1}T09:00:00+08:00` }),
      deleteFree: async () => {
        const { round } = await pairedEvent();
        return as(http().delete(`/api/rounds/${round.id}`)).query({ version: round.version });
      },
      deleteReferenced: async () => {
        const { round } = await publishedRound();
        return { req: as(http().delete(`/api/rounds/${round.id}`)).query({ version: round.version }), names: /publish|draft/i };
      },
    },
    {
      entity: 'game',
      create: async () => (await publishedRound()).round.pairings.find((p: { blackEntryId?: string | null; black?: unknown }) => p.black !== null).games[0],
      update: (id, version, k) => as(http().put(`/api/games/${id}/result`)).send({ version, result: k % 2 ? 'draw' : 'red_win' }),
      noDelete: 'games go with their round (a draft round is deleted whole)',
    },
  ];

  describe.each(rows.map((r) => [r.entity, r] as const))('%s', (entity, row) => {
    it('refuses a stale version with 409 and the current version', async () => {
      const rec = await row.create();
      const first = await row.update(rec.id, rec.version, 1);
      expect(first.status).toBe(200);
      const stale = await row.update(rec.id, rec.version, 2);
      expect(stale.status).toBe(409);
      expect(stale.body.message).toMatch(/version/);
      if (row.otherWrite) {
        const again = await row.otherWrite(rec.id, rec.version);
        expect(again.status).toBe(409);
        expect(again.body.message).toMatch(/version/);
      }
    });

    it('two concurrent edits of one version: one 200, one 409', async () => {
      const rec = await row.create();
      const answers = await Promise.all([row.update(rec.id, rec.version, 3), row.update(rec.id, rec.version, 4)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    });

    it('writes the audit row of an edit with before and after', async () => {
      const rec = await row.create();
      const res = await row.update(rec.id, rec.version, 5);
      expect(res.status).toBe(200);
      const log = (
        await as(http().get(`/api/tournaments/${tournamentId}/audit`))
          .query({ entity, entityId: rec.id, action: 'update' })
          .expect(200)
      ).body;
      // A tournament created by the row is its own audit scope.
      const items = log.items.length
        ? log.items
        : (
            await as(http().get(`/api/tournaments/${rec.id}/audit`))
              .query({ entity, entityId: rec.id, action: 'update' })
              .expect(200)
          ).body.items;
      expect(items.length).toBeGreaterThanOrEqual(1);
      expect(items[0].before).toBeTruthy();
      expect(items[0].after).toBeTruthy();
      expect(items[0].after).not.toEqual(items[0].before);
      // Rows that carry the record whole show the version step (the round's carries only what changed).
      if (items[0].before.version !== undefined) {
        expect(items[0].before.version).toBe(rec.version);
        expect(items[0].after.version).toBe(rec.version + 1);
      }
    });

    it('deletes a record nothing refers to; 409 naming what refers to it otherwise', async () => {
      if (row.deleteFree) expect((await row.deleteFree()).status).toBe(204);
      if (row.deleteReferenced) {
        const { req, names } = await row.deleteReferenced();
        const res = await req;
        expect(res.status).toBe(409);
        expect(res.body.message).toMatch(names);
      }
      if (!row.deleteFree && !row.deleteReferenced) expect(row.noDelete).toBeTruthy();
    });
  });
});
