// Issue 35: the chief arbiter gives each arbiter a section of tables (三章4B); the arbiter's result
// sheet opens on it and every other table stays reachable. Rights, refusals and a race, over HTTP.
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { startTestApp } from './http-helpers';
import { pairAndPublish, scenario, withRole, type Scenario } from './scenario';

describe('arbiters’ sections of tables (issue 35, 三章4B)', () => {
  let app: INestApplication;
  let play: Scenario;
  let roundId: string;
  const http = () => request(app.getHttpServer());
  const url = (userId: string) => `/api/events/${play.eventId}/arbiter-sections/${userId}`;

  beforeAll(async () => {
    app = await startTestApp();
    // 12 players: six tables a round.
    play = await scenario(app, { players: 12, roles: ['chief_arbiter', 'arbiter', 'appeals_member', 'steward'] });
    roundId = (await pairAndPublish(app, play)).id;
  }, 300_000);
  afterAll(() => app?.close());

  it('401 without a login, 403 for roles that do not divide the work', async () => {
    const arbiter = play.users.arbiter;
    await http().get(`/api/events/${play.eventId}/arbiter-sections`).expect(401);
    await http().put(url(arbiter.id)).send({ firstTable: 1, lastTable: 3 }).expect(401);
    await http().get(`/api/events/${play.eventId}/arbiter-sections`).set('Authorization', play.users.appeals_member.auth).expect(403);
    await http().get(`/events/${play.eventId}/arbiter-sections`).set('Authorization', play.users.steward.auth).expect(403);
    // An arbiter reads the sections but does not give them, not even to themselves.
    const put = await http().put(url(arbiter.id)).set('Authorization', arbiter.auth).send({ firstTable: 1, lastTable: 3 }).expect(403);
    expect(put.body.code).toBe('auth.lacks_role');
    await http()
      .delete(`${url(arbiter.id)}?version=1`)
      .set('Authorization', arbiter.auth)
      .expect(403);
  });

  it('the chief arbiter gives tables 1–3; the list names the rest of the round as unwatched', async () => {
    const chief = play.users.chief_arbiter;
    const arbiter = play.users.arbiter;
    const given = await http().put(url(arbiter.id)).set('Authorization', chief.auth).send({ firstTable: 1, lastTable: 3 }).expect(200);
    expect(given.body).toMatchObject({ firstTable: 1, lastTable: 3, version: 1, assignedById: chief.id });
    const list = (await http().get(`/api/events/${play.eventId}/arbiter-sections`).set('Authorization', arbiter.auth).expect(200)).body;
    expect(list.arbiters).toEqual([expect.objectContaining({ userId: arbiter.id, section: { firstTable: 1, lastTable: 3, version: 1 } })]);
    expect(list.round).toEqual({ number: 1, tables: 6 });
    expect(list.unassigned).toEqual([{ firstTable: 4, lastTable: 6 }]);
    const audit = await http().get(`/api/tournaments/${play.tournamentId}/audit?entity=arbiter_section`).set('Authorization', play.organizer.auth).expect(200);
    expect(audit.body.items.map((i: { action: string }) => i.action)).toEqual(['create']);
  });

  it("the arbiter's result sheet opens on their tables, with links to every other table", async () => {
    const sheet = (await http().get(`/rounds/${roundId}/results?lang=en`).set('Authorization', play.users.arbiter.auth).expect(200)).text;
    expect(sheet).toContain('Yours: tables 1–3');
    expect(sheet).toContain(`href="/rounds/${roundId}/results?tables&#x3D;all"`);
    const rows = sheet.match(/<tr[^>]*data-game=/g) ?? [];
    const all =
      (await http().get(`/rounds/${roundId}/results?tables=all`).set('Authorization', play.users.arbiter.auth).expect(200)).text.match(/<tr[^>]*data-game=/g) ??
      [];
    expect(rows.length).toBe(3);
    expect(all.length).toBe(6);
    // Someone without a section sees the whole (small) round.
    const chiefSheet = (await http().get(`/rounds/${roundId}/results`).set('Authorization', play.users.chief_arbiter.auth).expect(200)).text;
    expect(chiefSheet.match(/<tr[^>]*data-game=/g)?.length).toBe(6);
  });

  it('refuses a reversed run and table 0 with the field; a stale version is 409; nothing changes', async () => {
    const chief = play.users.chief_arbiter;
    const arbiter = play.users.arbiter;
    const reversed = await http().put(url(arbiter.id)).set('Authorization', chief.auth).send({ firstTable: 5, lastTable: 2, version: 1 }).expect(400);
    expect(reversed.body).toMatchObject({ code: 'section.order', field: 'lastTable' });
    const zero = await http().put(url(arbiter.id)).set('Authorization', chief.auth).send({ firstTable: 0, lastTable: 2, version: 1 }).expect(400);
    expect(zero.body.errors).toEqual([expect.objectContaining({ field: 'firstTable' })]);
    const stale = await http().put(url(arbiter.id)).set('Authorization', chief.auth).send({ firstTable: 4, lastTable: 6 }).expect(409);
    expect(stale.body.code).toBe('edit.stale');
    const list = (await http().get(`/api/events/${play.eventId}/arbiter-sections`).set('Authorization', chief.auth).expect(200)).body;
    expect(list.arbiters[0].section).toEqual({ firstTable: 1, lastTable: 3, version: 1 });
  });

  it('a user who is not an arbiter of the tournament cannot be given tables (409 with the name)', async () => {
    const res = await http()
      .put(url(play.users.steward.id))
      .set('Authorization', play.users.chief_arbiter.auth)
      .send({ firstTable: 4, lastTable: 6 })
      .expect(409);
    expect(res.body).toMatchObject({ code: 'section.not_arbiter', field: 'userId' });
    expect(res.body.message).toContain('steward');
  });

  it('two assigners creating the same section at once: one wins, the other is told (409), one row', async () => {
    const second = await withRole(app, play, 'arbiter');
    const [a, b] = await Promise.all([
      http().put(url(second.id)).set('Authorization', play.users.chief_arbiter.auth).send({ firstTable: 4, lastTable: 5 }),
      http().put(url(second.id)).set('Authorization', play.organizer.auth).send({ firstTable: 4, lastTable: 6 }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const list = (await http().get(`/api/events/${play.eventId}/arbiter-sections`).set('Authorization', play.organizer.auth).expect(200)).body;
    expect(list.arbiters.filter((x: { section: unknown }) => x.section)).toHaveLength(2);
  });

  it('removing a section needs its version and gives the arbiter the whole sheet again', async () => {
    const chief = play.users.chief_arbiter;
    const arbiter = play.users.arbiter;
    await http().delete(url(arbiter.id)).set('Authorization', chief.auth).expect(400);
    await http()
      .delete(`${url(arbiter.id)}?version=7`)
      .set('Authorization', chief.auth)
      .expect(409);
    await http()
      .delete(`${url(arbiter.id)}?version=1`)
      .set('Authorization', chief.auth)
      .expect(200);
    const sheet = (await http().get(`/rounds/${roundId}/results`).set('Authorization', arbiter.auth).expect(200)).text;
    expect(sheet.match(/<tr[^>]*data-game=/g)?.length).toBe(6);
    await http()
      .delete(`${url(arbiter.id)}?version=1`)
      .set('Authorization', chief.auth)
      .expect(404);
  });
});
