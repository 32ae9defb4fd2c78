// Issue 22 #9 (二章6节1): a team knockout is the organizer's choice (team-knockout.e2e-spec.ts plays
// one). What is still refused: the championship formats for teams (附录2/附录3 are individual), and
// a decider that is not one of Chuhe's (board count-back, the lot) — each a 400 naming the field.
// The knockout rapid clock is the organizer's (pairingOptions.knockoutRapid, default 附录2 7b's).
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { newUser, startTestApp, TEAM_EVENT, TOURNAMENT } from './http-helpers';

describe('team knockouts and the knockout rapid clock (二章6节1)', () => {
  let app: INestApplication;
  let auth: string;
  let tournamentId: string;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await startTestApp();
    auth = (await newUser(app, 'organizer')).auth;
    tournamentId = (await http().post('/api/tournaments').set('Authorization', auth).send(TOURNAMENT).expect(201)).body.id;
  });
  afterAll(async () => {
    await app.close();
  });

  it('a team event with a Swiss → knockout chain is accepted, with the organizer’s decider', async () => {
    const r = await http()
      .post(`/api/tournaments/${tournamentId}/events`)
      .set('Authorization', auth)
      .send({
        ...TEAM_EVENT,
        stages: [
          { type: 'swiss', rounds: 5 },
          { type: 'knockout', qualifiers: 4 },
        ],
        pairingOptions: { teamKnockoutDecider: 'lot' },
      });
    expect(r.status).toBe(201);
    expect(r.body.pairingOptions).toMatchObject({ teamKnockoutDecider: 'lot' });
  });

  it('a decider Chuhe does not know: 400 naming pairingOptions.teamKnockoutDecider', async () => {
    const r = await http()
      .post(`/api/tournaments/${tournamentId}/events`)
      .set('Authorization', auth)
      .send({ ...TEAM_EVENT, stages: [{ type: 'knockout' }], pairingOptions: { teamKnockoutDecider: 'coin' } });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toMatch(/teamKnockoutDecider/);
  });

  it('a team event changed to a championship format: 400 naming stages.0.type (附录2/附录3 are individual)', async () => {
    const e = await http().post(`/api/tournaments/${tournamentId}/events`).set('Authorization', auth).send(TEAM_EVENT).expect(201);
    const r = await http()
      .patch(`/api/events/${e.body.id}`)
      .set('Authorization', auth)
      .send({ version: e.body.version, stages: [{ type: 'championship_5_2' }] });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([
      { field: 'stages.0.type', reason: 'championship_5_2 is an individual format (附录2/附录3)', code: 'format.individual_only' },
    ]);
  });

  it('an individual knockout takes the organizer’s rapid clock', async () => {
    const e = await http()
      .post(`/api/tournaments/${tournamentId}/events`)
      .set('Authorization', auth)
      .send({
        nameZh: '淘汰赛',
        nameEn: 'Knockout',
        kind: 'individual',
        stages: [{ type: 'knockout' }],
        timeControl: { baseMinutes: 60, incrementSeconds: 30 },
        pairingOptions: { knockoutRapid: { baseMinutes: 10, incrementSeconds: 5 } },
      })
      .expect(201);
    expect(e.body.pairingOptions).toMatchObject({ knockoutRapid: { baseMinutes: 10, incrementSeconds: 5 } });
  });
});
