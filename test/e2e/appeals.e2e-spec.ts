import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { PrismaClient } from '../../apps/server/src/generated/prisma/client';
import { createPrismaClient } from '../support/database';
import { newUser, startTestApp, TEAM_EVENT } from './http-helpers';
import { drawnEvent, pairAndPublish, PlayEvent, RoundViewBody, withRole } from './rounds-helpers';

/**
 * Appeals (二章8节4, 三章4F, 三章7) on a 4-team event: no committee → the chief's ruling is final;
 * a late appeal refused with the deadline; fewer than three sitting (a recused majority) cannot decide;
 * an upheld appeal changes the result (standings follow) and refunds the fee; a dismissed one
 * forfeits it; public decisions without private notes; the committee file; 401/403.
 */
describe('appeals', () => {
  let app: INestApplication;
  let prisma: PrismaClient;
  let play: PlayEvent;
  let round1: RoundViewBody;
  const users: Record<string, { auth: string; id: string; email: string }> = {};
  const http = () => request(app.getHttpServer());
  const members: { auth: string; id: string; roleId: string }[] = [];
  let gameA: { id: string; version: number; redTeamAff: string; blackTeamAff: string; redEntry: string; blackEntry: string };
  let gameB: { id: string; redEntry: string };

  async function addMember() {
    const u = await withRole(app, play, 'appeals_member');
    const role = await prisma.tournamentRole.findFirstOrThrow({ where: { tournamentId: play.tournamentId, userId: u.id, role: 'appeals_member' } });
    const m = { auth: u.auth, id: u.id, roleId: role.id };
    members.push(m);
    return m;
  }

  beforeAll(async () => {
    app = await startTestApp();
    prisma = createPrismaClient();
    play = await drawnEvent(app, TEAM_EVENT, 4);
    users.chief = await withRole(app, play, 'chief_arbiter');
    users.arbiter = await withRole(app, play, 'arbiter');
    users.stranger = await newUser(app, 'stranger');
    round1 = await pairAndPublish(app, play);
    const pA = round1.pairings.find((p) => p.table === 1)!;
    const pB = round1.pairings.find((p) => p.table === 2)!;
    // Results: every board played, Red wins.
    for (const p of [pA, pB]) {
      for (const g of p.games) {
        const r = await http().put(`/api/games/${g.id}/result`).set('Authorization', users.arbiter.auth).send({ version: 1, result: 'red_win' });
        expect(r.status).toBe(200);
      }
    }
    const entry = (id: string) => prisma.entry.findUniqueOrThrow({ where: { id }, include: { team: true } });
    const redA = await entry(pA.red.id);
    const blackA = await entry(pA.black!.id);
    const gA = await prisma.game.findUniqueOrThrow({ where: { id: pA.games[0].id } });
    gameA = {
      id: gA.id,
      version: gA.version,
      redTeamAff: redA.team!.affiliationId!,
      blackTeamAff: blackA.team!.affiliationId!,
      redEntry: redA.id,
      blackEntry: blackA.id,
    };
    gameB = { id: pB.games[1].id, redEntry: pB.red.id };
    users.captainA = await withRole(app, play, 'team_captain', { teamId: blackA.teamId });
    const otherTeam = await entry(pB.red.id);
    users.captainOther = await withRole(app, play, 'team_captain', { teamId: otherTeam.teamId });
  });

  afterAll(async () => {
    await prisma.$disconnect();
    await app.close();
  });

  const file = (auth: string | null, gameId: string, body: Record<string, unknown>) => {
    const req = http().post(`/api/games/${gameId}/appeals`);
    if (auth) req.set('Authorization', auth);
    return req.send(body);
  };

  it('no committee: 409 — the chief arbiter’s ruling is final (三章4F)', async () => {
    const r = await file(users.captainA.auth, gameA.id, { text: '不服裁判判决' });
    expect(r.status).toBe(409);
    expect(r.body.message).toContain('三章4F');
  });

  it('401/403 on filing: anonymous, a stranger, a captain of a team not in the game, an appeals member', async () => {
    const m = await addMember();
    expect((await file(null, gameA.id, { text: 'x' })).status).toBe(401);
    expect((await file(users.stranger.auth, gameA.id, { text: 'x' })).status).toBe(403);
    expect((await file(users.captainOther.auth, gameA.id, { text: 'x' })).status).toBe(403);
    expect((await file(m.auth, gameA.id, { text: 'x' })).status).toBe(403);
  });

  it('a late appeal is refused with the deadline in the message (二章8节4: 2 hours, server clock)', async () => {
    const ended = new Date(Date.now() - 3 * 3600_000);
    await prisma.game.update({ where: { id: gameB.id }, data: { resultEnteredAt: ended } });
    const r = await file(users.arbiter.auth, gameB.id, { text: 'late', entryId: gameB.redEntry });
    expect(r.status).toBe(409);
    const deadline = new Date(ended.getTime() + 120 * 60_000).toISOString();
    expect(r.body.message).toContain(deadline);
    expect(r.body.message).toMatch(/late/);
  });

  let appealId: string;
  it('a captain files for the team in time; the fee is recorded as paid (S$50)', async () => {
    const bad = await file(users.captainA.auth, gameA.id, { text: 'x', entryId: gameA.redEntry });
    expect(bad.status).toBe(403); // a captain appeals for their own team
    const r = await file(users.captainA.auth, gameA.id, { text: '裁判判我方第 1 台负，对方长捉在先，请求改判和棋。' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ entryId: gameA.blackEntry, feeAmount: 5000, feeCurrency: 'CNY', feeStatus: 'paid', state: 'filed' });
    appealId = r.body.id;
  });

  const vote = (auth: string | null, body: Record<string, unknown>, id = appealId) => {
    const req = http().post(`/api/appeals/${id}/votes`);
    if (auth) req.set('Authorization', auth);
    return req.send(body);
  };

  it('401/403 on the committee routes', async () => {
    expect((await vote(null, { choice: 'uphold' })).status).toBe(401);
    expect((await vote(users.arbiter.auth, { choice: 'uphold' })).status).toBe(403);
    expect((await vote(users.captainA.auth, { choice: 'uphold' })).status).toBe(403);
    expect((await http().get(`/api/appeals/${appealId}`)).status).toBe(401);
    expect((await http().get(`/api/appeals/${appealId}`).set('Authorization', users.captainA.auth)).status).toBe(403);
    expect((await http().get(`/api/events/${play.eventId}/appeals`).set('Authorization', users.stranger.auth)).status).toBe(403);
    expect((await http().get(`/api/events/${play.eventId}/appeals`)).status).toBe(401);
    expect((await http().put(`/api/appeals/${appealId}/notes`).send({ version: 1 })).status).toBe(401);
    expect((await http().get(`/api/events/${play.eventId}/appeals/file`).set('Authorization', users.arbiter.auth)).status).toBe(403);
    expect((await http().get(`/api/events/${play.eventId}/appeals/file`)).status).toBe(401);
    expect((await http().put(`/api/appeals/${appealId}/notes`).set('Authorization', users.arbiter.auth).send({ version: 1 })).status).toBe(403);
    expect((await http().put(`/api/roles/${members[0].roleId}/affiliation`).set('Authorization', users.chief.auth).send({ affiliationId: null })).status).toBe(
      403,
    );
    expect((await http().put(`/api/roles/${members[0].roleId}/affiliation`).send({ affiliationId: null })).status).toBe(401);
  });

  it('one member (fewer than 3) cannot decide; four (even) sit — 以单数为适合 is a preference, not a bar (三章7A, issue 22)', async () => {
    const one = await vote(members[0].auth, { choice: 'uphold' });
    expect(one.status).toBe(409);
    expect(one.body.message).toMatch(/at least 3/);
    await addMember();
    await addMember();
    await addMember();
    const even = await vote(members[0].auth, { choice: 'uphold' });
    expect(even.status).toBe(201);
    expect(even.body.decided).toBe(false);
  });

  it('a recused majority cannot decide (三章7D): two of four members belong to the teams of the game', async () => {
    await http()
      .put(`/api/roles/${members[0].roleId}/affiliation`)
      .set('Authorization', play.organizer.auth)
      .send({ affiliationId: gameA.redTeamAff })
      .expect(200);
    await http()
      .put(`/api/roles/${members[1].roleId}/affiliation`)
      .set('Authorization', play.organizer.auth)
      .send({ affiliationId: gameA.blackTeamAff })
      .expect(200);
    const recusedVote = await vote(members[0].auth, { choice: 'uphold' });
    expect(recusedVote.status).toBe(403);
    expect(recusedVote.body.message).toContain('三章7D');
    const r = await vote(members[2].auth, { choice: 'uphold' });
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(/2 member\(s\) can sit \(2 recused/);
    const hearing = await http().get(`/api/appeals/${appealId}`).set('Authorization', members[2].auth).expect(200);
    expect(hearing.body.committee).toMatchObject({ canDecide: false });
    expect(hearing.body.committee.recused).toHaveLength(2);
  });

  it('an upheld appeal changes the result at once, refunds the fee; standings follow; audit', async () => {
    await addMember(); // members[4]: sitting 2, 3, 4 — three, odd
    const hearing = await http().get(`/api/appeals/${appealId}`).set('Authorization', members[2].auth).expect(200);
    expect(hearing.body.committee.canDecide).toBe(true);
    expect(hearing.body.game.result).toBe('red_win');
    const before = (await http().get(`/api/events/${play.eventId}/tournament-file`).expect(200)).body;
    const standingsBefore = (await http().get(`/api/events/${play.eventId}/standings`).expect(200)).body;
    const enteredBefore = (await prisma.game.findUniqueOrThrow({ where: { id: gameA.id } })).resultEnteredAt!;
    const first = await vote(members[2].auth, { choice: 'uphold', result: 'draw', note: '对方长捉在先' }).expect(201);
    expect(first.body.decided).toBe(false);
    expect(first.body.vote).toMatchObject({ result: 'draw', note: '对方长捉在先' });
    const second = await vote(members[3].auth, { choice: 'uphold', result: 'draw' }).expect(201);
    expect(second.body.decided).toBe(true);
    expect(second.body.gameChanged).toBe(true);
    expect(second.body.appeal).toMatchObject({ state: 'upheld', feeStatus: 'refunded', decidedResult: 'draw' });
    expect((await prisma.game.findUniqueOrThrow({ where: { id: gameA.id } })).result).toBe('draw');
    const audit = await prisma.auditLog.findFirst({ where: { entity: 'game', entityId: gameA.id }, orderBy: { at: 'desc' } });
    expect(audit!.reason).toContain('三章7C');
    // The one way a result changes (issue 22): the decision moves resultEnteredAt and is audited as result entry is.
    const changed = await prisma.game.findUniqueOrThrow({ where: { id: gameA.id } });
    expect(changed.resultEnteredAt!.getTime()).toBeGreaterThan(enteredBefore.getTime());
    expect(changed.resultEnteredById).toBe(members[3].id);
    expect(audit!.after).toMatchObject({ round: 1, table: 1, result: 'draw' });
    const after = (await http().get(`/api/events/${play.eventId}/tournament-file`).expect(200)).body;
    const results = (f: { rounds: { pairings: { games: { result: string }[] }[] }[] }) => f.rounds[0].pairings.flatMap((p) => p.games.map((g) => g.result));
    expect(results(after).filter((r: string) => r === 'draw').length).toBe(results(before).filter((r: string) => r === 'draw').length + 1);
    const standingsAfter = (await http().get(`/api/events/${play.eventId}/standings`).expect(200)).body;
    expect(JSON.stringify(standingsAfter.report)).not.toBe(JSON.stringify(standingsBefore.report));
    const late = await vote(members[4].auth, { choice: 'dismiss' });
    expect(late.status).toBe(409);
  });

  it('a dismissed appeal forfeits the fee; decisions listed publicly without private notes; the committee file', async () => {
    const g = round1.pairings.find((p) => p.table === 1)!.games[1];
    const filed = await file(users.arbiter.auth, g.id, { text: '书面申诉', entryId: gameA.blackEntry }).expect(201);
    const notes = await http()
      .put(`/api/appeals/${filed.body.id}/notes`)
      .set('Authorization', members[2].auth)
      .send({ version: 1, publicSummary: '维持裁判判决', privateNotes: 'secret deliberation' })
      .expect(200);
    expect(notes.body.version).toBe(2);
    await vote(members[2].auth, { choice: 'dismiss' }, filed.body.id).expect(201);
    const d = await vote(members[4].auth, { choice: 'dismiss' }, filed.body.id).expect(201);
    expect(d.body.appeal).toMatchObject({ state: 'dismissed', feeStatus: 'forfeited' });
    const pub = await http().get(`/api/events/${play.eventId}/appeal-decisions`).expect(200);
    expect(pub.body).toHaveLength(2);
    expect(JSON.stringify(pub.body)).not.toContain('secret deliberation');
    expect(pub.body.find((x: { id: string }) => x.id === filed.body.id).publicSummary).toBe('维持裁判判决');
    const page = await http().get(`/events/${play.eventId}/appeal-decisions?lang=zh`).expect(200);
    expect(page.text).toContain('维持裁判判决');
    expect(page.text).toContain('申诉得直');
    expect(page.text).not.toContain('secret deliberation');
    const cf = await http().get(`/api/events/${play.eventId}/appeals/file`).set('Authorization', members[2].auth).expect(200);
    expect(cf.body.article).toBe('三章7G');
    expect(cf.body.appeals).toHaveLength(2);
    expect(JSON.stringify(cf.body)).toContain('secret deliberation');
    // 三章7E: the party persists after the decision — the committee sanctions it.
    const sUrl = `/api/appeals/${filed.body.id}/sanctions`;
    expect((await http().post(sUrl).send({ entryId: gameA.blackEntry, level: 'warning', note: 'x' })).status).toBe(401);
    expect((await http().post(sUrl).set('Authorization', users.arbiter.auth).send({ entryId: gameA.blackEntry, level: 'warning', note: 'x' })).status).toBe(
      403,
    );
    expect(
      (
        await http()
          .post(`/api/appeals/${appealId}/sanctions`)
          .set('Authorization', members[2].auth)
          .send({ entryId: gameA.blackEntry, level: 'warning', note: 'x' })
      ).status,
    ).toBe(409);
    const warned = await http()
      .post(sUrl)
      .set('Authorization', members[2].auth)
      .send({ entryId: gameA.blackEntry, level: 'warning', note: '复审后仍纠缠不休' })
      .expect(201);
    expect(warned.body.log).toMatchObject({ kind: 'committee_sanction', state: 'warning' });
    const dq = await http()
      .post(sUrl)
      .set('Authorization', members[2].auth)
      .send({ entryId: gameA.blackEntry, level: 'disqualification', note: '再次纠缠' })
      .expect(201);
    expect(dq.body.withdrawn).toEqual({ applied: true });
    expect(await prisma.entry.findUniqueOrThrow({ where: { id: gameA.blackEntry } })).toMatchObject({ status: 'withdrawn', withdrawnAfterRound: 1 });
  });

  it('a note that begins with [draw] is only a note: the vote’s result is a field of its own (issue 22)', async () => {
    const gameId = round1.pairings.find((p) => p.table === 2)!.games[0].id;
    expect((await prisma.game.findUniqueOrThrow({ where: { id: gameId } })).result).toBe('red_win');
    const filed = await file(users.arbiter.auth, gameId, { text: '书面申诉', entryId: gameB.redEntry }).expect(201);
    const hearing = await http().get(`/api/appeals/${filed.body.id}`).set('Authorization', members[2].auth).expect(200);
    const sitting = hearing.body.committee.sitting as { userId: string }[];
    const voters = members.filter((m) => sitting.some((s) => s.userId === m.id)).slice(0, hearing.body.committee.majority);
    let last: request.Response | undefined;
    for (const m of voters) last = await vote(m.auth, { choice: 'uphold', note: '[draw] 双方均有过失' }, filed.body.id).expect(201);
    expect(last!.body.decided).toBe(true);
    expect(last!.body.vote).toMatchObject({ result: null, note: '[draw] 双方均有过失' });
    expect(last!.body.appeal).toMatchObject({ state: 'upheld', decidedResult: null });
    expect(last!.body.gameChanged).toBe(false);
    expect((await prisma.game.findUniqueOrThrow({ where: { id: gameId } })).result).toBe('red_win');
  });

  it('the appellant withdraws before the decision: fee refunded; 401/403/409', async () => {
    const g = round1.pairings.find((p) => p.table === 1)!.games[2];
    const filed = await file(users.captainA.auth, g.id, { text: '申诉' }).expect(201);
    const url = `/api/appeals/${filed.body.id}/withdraw`;
    expect((await http().post(url).send({ version: 1 })).status).toBe(401);
    expect((await http().post(url).set('Authorization', users.captainOther.auth).send({ version: 1 })).status).toBe(403);
    expect((await http().post(url).set('Authorization', members[2].auth).send({ version: 1 })).status).toBe(403);
    const w = await http().post(url).set('Authorization', users.captainA.auth).send({ version: 1 }).expect(200);
    expect(w.body).toMatchObject({ state: 'withdrawn', feeStatus: 'refunded' });
    expect((await http().post(url).set('Authorization', users.captainA.auth).send({ version: 2 })).status).toBe(409);
    expect((await vote(members[2].auth, { choice: 'uphold' }, filed.body.id)).status).toBe(409);
  });
});
