import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { startTestApp } from './http-helpers';
import { pairAndPublish } from './rounds-helpers';
import { scenario } from './scenario';

/**
 * N2 (issue 30), 二章8节3 取消其比赛权利: colluders found after a later round was played leave the
 * event from the next round on — their withdrawal is applied after the last round they played
 * (not refused because they played after the colluded game), and the next round does not pair
 * them against honest players.
 */
jest.setTimeout(180_000);

describe('N2: colluders found after a later round', () => {
  let app: INestApplication;
  const api = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('collusion in round 1 found after round 2: both leave after round 2, round 3 pairs neither', async () => {
    const play = await scenario(app, { roles: ['chief_arbiter'], players: 8, rounds: 2 });
    const chief = play.users.chief_arbiter.auth;
    const colluded = play.rounds[0].pairings.find((p) => p.black !== null)!;
    const entries = [colluded.red.id, colluded.black!.id];
    const g = colluded.games[0];
    const res = await api()
      .post(`/api/games/${g.id}/sanctions`)
      .set('Authorization', chief)
      .send({ playerId: g.red!.id, kind: 'collusion', note: 'agreed result', disqualify: entries })
      .expect(201);
    expect(res.body.consequence).toMatchObject({ result: 'annulled', applied: true });
    // Both withdrawn, after round 2 (the last they played), applied; the why names the article.
    expect(res.body.consequence.withdrawn).toHaveLength(2);
    for (const w of res.body.consequence.withdrawn) {
      expect(w).toMatchObject({ applied: true, afterRound: 2 });
      expect(w.reason).toMatch(/二章8节3/);
    }
    const list = (await api().get(`/api/events/${play.eventId}/entries`).set('Authorization', chief).expect(200)).body as { id: string }[];
    for (const id of entries) expect(list.find((e) => e.id === id)).toMatchObject({ status: 'withdrawn', withdrawnAfterRound: 2 });
    const r3 = await pairAndPublish(app, play);
    const paired = r3.pairings.flatMap((p) => [p.red.id, p.black?.id]);
    for (const id of entries) expect(paired).not.toContain(id);
    const standings = (await api().get(`/api/events/${play.eventId}/standings`).expect(200)).body;
    for (const id of entries) expect(standings.report.excluded).toContainEqual({ entry: id, reason: 'disqualified' });
  });
});
