import { INestApplication } from '@nestjs/common';
import { Client, Notification } from 'pg';
import request from 'supertest';
import type { PrismaClient } from '../../apps/server/src/generated/prisma/client';
import { LIVE_CHANNEL } from '../../apps/server/src/live/notify';
import { createPrismaClient, testDatabaseUrl } from '../support/database';
import { startTestApp } from './http-helpers';
import { getRound, nextRound, Play, playEvent, playRound, putResult, RoundBody, withRole } from './results-helpers';

/**
 * An appeal decided in a knockout match (三章7C, 附录2 7b) of a 5+2 championship, 12 players: after
 * five Swiss rounds round 6 holds the two semi-finals. The committee's decision does what result
 * entry does after a changed result: a decisive regular game ruled a draw gets the rapid game
 * (colours reversed) and the round goes back to published; a drawn regular game ruled a win
 * removes the rapid game already played, and with round 7 paired the answer says which of its
 * pairings the changed result would have changed; the live notification goes out. A game after
 * the deciding one (data from before this fix) decided by appeal goes: the decision stands.
 */
describe('appeals in knockout matches (5+2 championship)', () => {
  let app: INestApplication;
  let prisma: PrismaClient;
  let play: Play;
  let arbiter: { auth: string; id: string };
  const members: { auth: string; id: string }[] = [];
  let round6: RoundBody;
  type Pairing = RoundBody['pairings'][number];
  let semi1: Pairing;
  let semi2: Pairing;
  let listener: Client;
  const heard: Notification[] = [];
  const http = () => request(app.getHttpServer());

  const fileAppeal = (gameId: string, entryId: string, text: string) =>
    http().post(`/api/games/${gameId}/appeals`).set('Authorization', arbiter.auth).send({ text, entryId }).expect(201);
  const vote = (m: { auth: string }, appealId: string, body: Record<string, unknown>) =>
    http().post(`/api/appeals/${appealId}/votes`).set('Authorization', m.auth).send(body).expect(201);
  /** Two of the three members uphold with `result`: the second vote decides (三章7C). */
  async function decide(gameId: string, entryId: string, result: string) {
    const filed = await fileAppeal(gameId, entryId, '不服裁判判决，请求改判');
    const first = await vote(members[0], filed.body.id, { choice: 'uphold', result });
    expect(first.body.decided).toBe(false);
    const second = await vote(members[1], filed.body.id, { choice: 'uphold', result });
    expect(second.body.decided).toBe(true);
    return { appealId: filed.body.id as string, body: second.body };
  }
  const heardResult = () => heard.some((n) => JSON.parse(n.payload ?? '{}').eventId === play.eventId && JSON.parse(n.payload ?? '{}').kind === 'games');

  beforeAll(async () => {
    app = await startTestApp();
    prisma = createPrismaClient();
    play = await playEvent(
      app,
      {
        nameZh: '锦标赛',
        nameEn: 'Championship',
        kind: 'individual',
        stages: [{ type: 'championship_5_2' }],
        timeControl: { baseMinutes: 80, incrementSeconds: 30 },
      },
      12,
    );
    arbiter = await withRole(app, play, 'arbiter');
    for (let i = 0; i < 3; i++) members.push(await withRole(app, play, 'appeals_member'));
    for (let r = 1; r <= 5; r++) {
      const round = await nextRound(app, play);
      await playRound(app, play, round, (_g, table) => (table % 2 === 1 ? 'red_win' : 'black_win'));
    }
    round6 = await nextRound(app, play);
    [semi1, semi2] = round6.pairings.filter((p) => p.matchKey !== null);
    // The Swiss games; semi-final 2 drawn, its rapid game won by its Red (semi-final 2's Black entry);
    // semi-final 1's regular game won by Red, the last result: round 6 completes.
    for (const p of round6.pairings.filter((q) => q.matchKey === null && q.black !== null)) {
      expect((await putResult(app, arbiter.auth, p.games[0], { result: 'red_win' })).status).toBe(200);
    }
    const drawn = await putResult(app, arbiter.auth, semi2.games[0], { result: 'draw' });
    expect(drawn.body.gamesCreated).toHaveLength(1);
    expect((await putResult(app, arbiter.auth, drawn.body.gamesCreated[0], { result: 'red_win' })).body.match).toMatchObject({
      status: 'decided',
      winner: semi2.black!.id,
      decidedBy: 'rapid',
    });
    const last = await putResult(app, arbiter.auth, semi1.games[0], { result: 'red_win' });
    expect(last.body.match).toMatchObject({ status: 'decided', winner: semi1.red.id, decidedBy: 'regular' });
    expect(last.body.round.state).toBe('completed');
    listener = new Client({ connectionString: testDatabaseUrl() });
    await listener.connect();
    listener.on('notification', (n) => heard.push(n));
    await listener.query(`LISTEN ${LIVE_CHANNEL}`);
  }, 180_000);

  afterAll(async () => {
    await listener?.end();
    await prisma.$disconnect();
    await app.close();
  });

  it('a decisive regular game ruled a draw: the rapid game appears (附录2 7b), the completed round reopens; audit; live notification', async () => {
    const regular = semi1.games[0];
    heard.length = 0;
    const { appealId, body } = await decide(regular.id, semi1.black!.id, 'draw');
    expect(body.gameChanged).toBe(true);
    expect(body.appeal).toMatchObject({ state: 'upheld', decidedResult: 'draw', gameId: regular.id });
    expect(body.game).toMatchObject({ id: regular.id, result: 'draw' });
    expect(body.match).toMatchObject({ key: semi1.matchKey, status: 'in_progress' });
    expect(body.match.next).toMatch(/rapid/);
    expect(body.gamesCreated).toHaveLength(1);
    const rapid = body.gamesCreated[0];
    expect(rapid).toMatchObject({ board: 2, kind: 'rapid', result: null, red: { id: regular.black!.id }, black: { id: regular.red!.id } });
    expect(body.gamesRemoved).toEqual([]);
    expect(body.round).toMatchObject({ id: round6.id, state: 'published', completedAt: null });
    expect(body.laterPairingsAffected).toBeUndefined(); // round 7 is not paired yet

    const view = await getRound(app, round6.id);
    expect(view.state).toBe('published');
    expect(view.pairings.find((p) => p.id === semi1.id)!.games.map((g) => [g.board, g.kind, g.result])).toEqual([
      [1, 'regular', 'draw'],
      [2, 'rapid', null],
    ]);
    const changed = await prisma.auditLog.findFirstOrThrow({ where: { entity: 'game', entityId: regular.id, action: 'update' }, orderBy: { at: 'desc' } });
    expect(changed.reason).toContain(`appeal ${appealId} upheld`);
    expect(changed.reason).toContain('三章7C');
    expect(changed.after).toMatchObject({ result: 'draw' });
    const created = await prisma.auditLog.findFirstOrThrow({ where: { entity: 'game', entityId: rapid.id, action: 'create' } });
    expect(created.reason).toMatch(/附录2 7b/);
    const reopened = await prisma.auditLog.findFirstOrThrow({ where: { entity: 'round', entityId: round6.id, action: 'update' }, orderBy: { at: 'desc' } });
    expect(reopened.before).toMatchObject({ state: 'completed' });
    expect(reopened.after).toMatchObject({ state: 'published' });
    await new Promise((r) => setTimeout(r, 200));
    expect(heardResult()).toBe(true);

    // The rapid game is played: round 6 completes again (results).
    const played = await putResult(app, arbiter.auth, rapid, { result: 'black_win' });
    expect(played.body.match).toMatchObject({ status: 'decided', winner: semi1.red.id, decidedBy: 'rapid' });
    expect(played.body.round.state).toBe('completed');
  });

  it('round 7 published, a drawn regular game ruled a win that changes the finalist: the deciding vote is refused (三章4C, N1) and nothing changes', async () => {
    const round7 = await nextRound(app, play);
    const final = round7.pairings.find((p) => p.matchKey !== null && [p.red.id, p.black?.id].includes(semi2.black!.id))!;
    expect(final).toBeDefined();
    const before = (await getRound(app, round6.id)).pairings.find((p) => p.id === semi2.id)!;
    const [regular, rapid] = before.games;
    expect(rapid).toMatchObject({ board: 2, kind: 'rapid', result: 'red_win' });

    // Issue 30 N1: accepted, the decision left a final with a player who no longer advanced —
    // the standings answered 422 and round 8 could not follow. The deciding vote is refused with the reason.
    const filed = await fileAppeal(regular.id, semi2.red.id, '不服裁判判决，请求改判');
    const first = await vote(members[0], filed.body.id, { choice: 'uphold', result: 'red_win' });
    expect(first.body.decided).toBe(false);
    const second = await http().post(`/api/appeals/${filed.body.id}/votes`).set('Authorization', members[1].auth).send({ choice: 'uphold', result: 'red_win' });
    expect([second.status, second.body.code]).toEqual([409, 'result.advanced_fixed']);
    expect(second.body.message).toMatch(/三章4C/);
    expect(await prisma.game.count({ where: { id: rapid.id } })).toBe(1);
    expect((await prisma.game.findUniqueOrThrow({ where: { id: regular.id } })).result).toBe('draw');
    expect((await prisma.appeal.findUniqueOrThrow({ where: { id: filed.body.id } })).state).not.toBe('upheld');
    await http().get(`/api/events/${play.eventId}/standings`).expect(200);
    // The committee may still dismiss it (the result stands).
    await vote(members[2], filed.body.id, { choice: 'dismiss' });
  });

  it('a plain (non-knockout) game decided by appeal after round 7 is paired: no match, laterPairingsAffected is reported; dismissal changes nothing', async () => {
    const swiss = round6.pairings.find((p) => p.matchKey === null && p.black !== null)!;
    const { body } = await decide(swiss.games[0].id, swiss.black!.id, 'draw');
    expect(body.gameChanged).toBe(true);
    expect(body.match).toBeUndefined();
    expect(body.laterPairingsAffected).toMatchObject({ round: 7 });
    const filed = await fileAppeal(swiss.games[0].id, swiss.red.id, '再申诉');
    await vote(members[0], filed.body.id, { choice: 'dismiss' });
    const dismissed = await vote(members[2], filed.body.id, { choice: 'dismiss' });
    expect(dismissed.body).toMatchObject({ decided: true, gameChanged: false, appeal: { state: 'dismissed', feeStatus: 'forfeited' } });
    expect(dismissed.body.laterPairingsAffected).toBeUndefined();
  });

  it('a game after the one that decides its match (stored before this fix) decided by appeal: the decision stands and the game goes (三章7C, 附录2 7b)', async () => {
    const round7 = (await prisma.round.findFirstOrThrow({ where: { eventId: play.eventId, number: 7 } })).id;
    const third = (await getRound(app, round7)).pairings.filter((p) => p.matchKey !== null).find((p) => ![p.red.id, p.black?.id].includes(semi1.red.id))!; // the third-place match: semi-final 1's winner is in the final
    expect(third).toBeDefined();
    const regular = third.games[0];
    expect((await putResult(app, arbiter.auth, regular, { result: 'red_win' })).body.match).toMatchObject({ status: 'decided', decidedBy: 'regular' });
    // A rapid game after the deciding regular game, as an appeal decision stored before this fix could leave.
    const stray = await prisma.game.create({
      data: {
        pairingId: third.id,
        board: 2,
        kind: 'rapid',
        redPlayerId: regular.black!.id,
        blackPlayerId: regular.red!.id,
        result: 'draw',
        resultEnteredAt: new Date(),
      },
    });
    const { appealId, body } = await decide(stray.id, third.red.id, 'black_win');
    expect(body.gameChanged).toBe(true);
    expect(body.gameRemoved).toBe(true);
    expect(body.gamesRemoved).toMatchObject([{ id: stray.id }]);
    expect(body.match).toMatchObject({ status: 'decided', winner: third.red.id, decidedBy: 'regular' });
    expect(body.appeal).toMatchObject({ state: 'upheld', feeStatus: 'refunded', decidedResult: 'black_win', gameId: null });
    expect(body.appeal.decision).toMatch(/removed: match .* is decided by an earlier game \(附录2 7b\)/);
    expect(await prisma.game.count({ where: { id: stray.id } })).toBe(0);
    const audit = await prisma.auditLog.findMany({ where: { entity: 'game', entityId: stray.id }, orderBy: { at: 'asc' } });
    // Both rows are written in the vote's transaction, at the same instant: found by action, not by order.
    expect(audit.map((a) => a.action).sort()).toEqual(['delete', 'update']);
    expect(audit.find((a) => a.action === 'update')!.reason).toContain(appealId);
    expect(audit.find((a) => a.action === 'delete')!.reason).toContain(`appeal ${appealId} upheld (三章7C)`);
  });

  it('401/403 on the vote route are unchanged', async () => {
    const swiss = round6.pairings.find((p) => p.matchKey === null && p.black !== null)!;
    const filed = await fileAppeal(swiss.games[0].id, swiss.red.id, 'x');
    expect((await http().post(`/api/appeals/${filed.body.id}/votes`).send({ choice: 'uphold' })).status).toBe(401);
    expect((await http().post(`/api/appeals/${filed.body.id}/votes`).set('Authorization', arbiter.auth).send({ choice: 'uphold' })).status).toBe(403);
    expect((await http().post(`/api/appeals/${filed.body.id}/votes`).set('Authorization', play.organizer.auth).send({ choice: 'uphold' })).status).toBe(403);
  });
});
