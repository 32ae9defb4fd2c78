// Issue 22 #9 (二章6节1): the knockout rapid clock is the organizer's setting (pairingOptions.knockoutRapid,
// default 附录2 7b's); a team knockout is not run — Chuhe decides knockout matches game by game and does
// not model a team match's winner — so it is refused with a 400 that names the stage and says what is
// not supported, when the event is created and when its stages are changed, the same words the
// library's stage chain uses (libs/pairing event-format.ts).
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { TEAM_KNOCKOUT_UNSUPPORTED } from '@chuhe/pairing';
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

  it('a team event with a knockout stage: 400 naming stages.1.type and what is not supported', async () => {
    const r = await http()
      .post(`/api/tournaments/${tournamentId}/events`)
      .set('Authorization', auth)
      .send({
        ...TEAM_EVENT,
        stages: [
          { type: 'swiss', rounds: 5 },
          { type: 'knockout', qualifiers: 4 },
        ],
      });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ field: 'stages.1.type', reason: TEAM_KNOCKOUT_UNSUPPORTED }]);
    expect(r.body.message).toMatch(/team knockouts are not supported/);
  });

  it('changing a team event’s stages to a knockout: the same 400', async () => {
    const e = await http().post(`/api/tournaments/${tournamentId}/events`).set('Authorization', auth).send(TEAM_EVENT).expect(201);
    const r = await http()
      .patch(`/api/events/${e.body.id}`)
      .set('Authorization', auth)
      .send({ version: e.body.version, stages: [{ type: 'knockout' }] });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ field: 'stages.0.type', reason: TEAM_KNOCKOUT_UNSUPPORTED }]);
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
