import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { newUser, SWISS_EVENT, TEAM_EVENT, TOURNAMENT } from './http-helpers';

/**
 * A tournament with one of everything a page route names (issue 34's route-table tests): an
 * individual and a team event, an affiliation, players, entries, a team, a paired round, an
 * invitation. Returns the ids by route parameter name (tournament, event, player…) and the organizer.
 */
export async function networkFixture(app: INestApplication): Promise<{ ids: Record<string, string>; auth: string; email: string }> {
  const http = () => request(app.getHttpServer());
  const organizer = await newUser(app, 'net-org');
  const auth = organizer.auth;
  const ids: Record<string, string> = {};
  const t = (await http().post('/api/tournaments').set('Authorization', auth).send(TOURNAMENT).expect(201)).body.id;
  ids.tournament = t;
  ids.event = (await http().post(`/api/tournaments/${t}/events`).set('Authorization', auth).send(SWISS_EVENT).expect(201)).body.id;
  ids.teamEvent = (await http().post(`/api/tournaments/${t}/events`).set('Authorization', auth).send(TEAM_EVENT).expect(201)).body.id;
  ids.affiliation = (await http().post(`/api/tournaments/${t}/affiliations`).set('Authorization', auth).send({ nameZh: '泰国', nameEn: 'Thailand' })).body.id;
  const players: string[] = [];
  for (let i = 0; i < 8; i++)
    players.push(
      (
        await http()
          .post(`/api/tournaments/${t}/players`)
          .set('Authorization', auth)
          .send({ nameZh: `泰${i}`, nameEn: `T${i}`, gender: 'male', affiliationId: ids.affiliation })
          .expect(201)
      ).body.id,
    );
  ids.player = players[0];
  for (const p of players.slice(0, 4)) {
    const entry = (await http().post(`/api/events/${ids.event}/entries`).set('Authorization', auth).send({ playerId: p }).expect(201)).body.id;
    ids.entry ??= entry;
  }
  ids.team = (
    await http()
      .post(`/api/events/${ids.teamEvent}/teams`)
      .set('Authorization', auth)
      .send({ affiliationId: ids.affiliation, nameZh: '泰国队', nameEn: 'Thailand', starters: players.slice(4, 7), reserves: [players[7]] })
      .expect(201)
  ).body.id;
  await http().post(`/api/events/${ids.event}/draw`).set('Authorization', auth).send({}).expect(201);
  const round = (await http().post(`/api/events/${ids.event}/rounds`).set('Authorization', auth).send({}).expect(201)).body;
  ids.round = round.id;
  ids.pairing = round.pairings[0].id;
  ids.game = round.pairings[0].games[0].id;
  ids.invitation = (
    await http().post(`/api/tournaments/${t}/invitations`).set('Authorization', auth).send({ email: 'later@test.chuhe', role: 'arbiter' }).expect(201)
  ).body.id;
  return { ids, auth, email: organizer.email };
}
