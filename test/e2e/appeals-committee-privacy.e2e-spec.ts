// Issue 23 #9 and issue 22 (三章7A): the committee's private notes are the committee's — an arbiter
// reading the hearing file (GET /api/appeals/:id) does not see them, a member does; a member who
// changes their vote is audited as an update of that vote (with what it was), not a second create;
// an even panel states its tie rule and a tie dismisses the appeal (the ruling stands, 三章7C).
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { PrismaClient } from '../../apps/server/src/generated/prisma/client';
import { createPrismaClient } from '../support/database';
import { startTestApp, SWISS_EVENT } from './http-helpers';
import { drawnEvent, pairAndPublish, PlayEvent, withRole } from './rounds-helpers';

describe('appeals: private notes, changed votes, the even panel’s tie rule', () => {
  let app: INestApplication;
  let prisma: PrismaClient;
  let play: PlayEvent;
  let arbiter: { auth: string; id: string };
  const members: { auth: string; id: string; email: string }[] = [];
  const games: { id: string; blackEntry: string }[] = [];
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await startTestApp();
    prisma = createPrismaClient();
    play = await drawnEvent(app, SWISS_EVENT, 6);
    arbiter = await withRole(app, play, 'arbiter');
    const round = await pairAndPublish(app, play);
    for (const p of round.pairings) {
      const g = p.games[0];
      await http().put(`/api/games/${g.id}/result`).set('Authorization', arbiter.auth).send({ version: 1, result: 'red_win' }).expect(200);
      games.push({ id: g.id, blackEntry: p.black!.id });
    }
    // Four members, none recused: an even panel (三章7A 以单数为适合 is a preference).
    for (let i = 0; i < 4; i++) members.push(await withRole(app, play, 'appeals_member'));
  });

  afterAll(async () => {
    await prisma.$disconnect();
    await app.close();
  });

  const fileAppeal = async (gameId: string, entryId: string) =>
    (await http().post(`/api/games/${gameId}/appeals`).set('Authorization', arbiter.auth).send({ text: '书面申诉', entryId }).expect(201)).body as {
      id: string;
    };
  const vote = (auth: string, appealId: string, body: Record<string, unknown>) =>
    http().post(`/api/appeals/${appealId}/votes`).set('Authorization', auth).send(body);

  it('an arbiter reads the hearing file without the committee’s private notes; a member reads them', async () => {
    const appeal = await fileAppeal(games[0].id, games[0].blackEntry);
    await http()
      .put(`/api/appeals/${appeal.id}/notes`)
      .set('Authorization', members[0].auth)
      .send({ version: 1, publicSummary: '维持裁判判决', privateNotes: 'deliberation: the arbiter saw the chase' })
      .expect(200);
    const asArbiter = await http().get(`/api/appeals/${appeal.id}`).set('Authorization', arbiter.auth).expect(200);
    expect(asArbiter.body.appeal.publicSummary).toBe('维持裁判判决');
    expect(asArbiter.body.appeal.privateNotes).toBeNull();
    expect(JSON.stringify(asArbiter.body)).not.toContain('deliberation');
    const asMember = await http().get(`/api/appeals/${appeal.id}`).set('Authorization', members[1].auth).expect(200);
    expect(asMember.body.appeal.privateNotes).toBe('deliberation: the arbiter saw the chase');
    // The event's list of appeals: the same rule.
    const list = await http().get(`/api/events/${play.eventId}/appeals`).set('Authorization', arbiter.auth).expect(200);
    expect(JSON.stringify(list.body)).not.toContain('deliberation');
  });

  it('a changed vote is audited as an update of the vote, with what it was — not a second create', async () => {
    const appeal = await fileAppeal(games[1].id, games[1].blackEntry);
    const first = await vote(members[0].auth, appeal.id, { choice: 'uphold', result: 'draw' }).expect(201);
    expect(first.body.decided).toBe(false);
    const changed = await vote(members[0].auth, appeal.id, { choice: 'dismiss' }).expect(201);
    expect(changed.body.decided).toBe(false);
    expect(changed.body.vote.id).toBe(first.body.vote.id);
    const rows = await prisma.auditLog.findMany({ where: { entity: 'appeal_vote', entityId: first.body.vote.id }, orderBy: [{ at: 'asc' }, { id: 'asc' }] });
    expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
    expect(rows[1].before).toMatchObject({ choice: 'uphold', result: 'draw' });
    expect(rows[1].after).toMatchObject({ choice: 'dismiss', result: null });
    expect(await prisma.appealVote.count({ where: { appealId: appeal.id } })).toBe(1);
  });

  it('an even panel states its tie rule; 2–2 once all have voted dismisses the appeal and the result stands (三章7A, 三章7C)', async () => {
    const appeal = await fileAppeal(games[2].id, games[2].blackEntry);
    const hearing = await http().get(`/api/appeals/${appeal.id}`).set('Authorization', members[0].auth).expect(200);
    expect(hearing.body.committee).toMatchObject({ canDecide: true, majority: 3 });
    expect(hearing.body.committee.sitting).toHaveLength(4);
    expect(hearing.body.committee.tieRule).toMatch(/三章7A/);
    // The hearing page says it where the members vote.
    const login = await http().post('/login').type('form').send({ email: members[0].email, password: 'correct horse battery' }).expect(303);
    const cookie = ([] as string[])
      .concat(login.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('chuhe_session='))!
      .split(';')[0];
    const page = await http().get(`/staff/appeals/${appeal.id}?lang=en`).set('Cookie', cookie).expect(200);
    expect(page.text).toMatch(
      /id="tie-rule">An even number sit \(三章7A: an odd number is preferable\): if the votes tie once all have voted, the appeal is dismissed/,
    );
    const gameId = hearing.body.game.id as string;
    await vote(members[0].auth, appeal.id, { choice: 'uphold', result: 'draw' }).expect(201);
    await vote(members[1].auth, appeal.id, { choice: 'uphold', result: 'draw' }).expect(201);
    await vote(members[2].auth, appeal.id, { choice: 'dismiss' }).expect(201);
    const last = await vote(members[3].auth, appeal.id, { choice: 'dismiss' }).expect(201);
    expect(last.body.decided).toBe(true);
    expect(last.body.appeal.state).toBe('dismissed');
    expect(last.body.appeal.decision).toMatch(/tie of an even panel/);
    expect((await prisma.game.findUniqueOrThrow({ where: { id: gameId } })).result).toBe('red_win');
  });
});
