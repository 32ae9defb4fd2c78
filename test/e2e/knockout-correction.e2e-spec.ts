import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { SWISS_EVENT, startTestApp } from './http-helpers';
import { GameBody, getRound, nextRound, Play, playEvent, playRound, putResult, RoundBody } from './results-helpers';

/**
 * N1 (issue 30): a result corrected after the next knockout round is published, when the
 * correction changes who advances, is refused with the reason (三章4C: a published round is not
 * re-paired; the chief arbiter's way is to leave the result as it stands or to correct it before
 * the round is published) — never accepted into a state where the standings answer 422 and the
 * next round 409. A correction that keeps who advances is still accepted. Every knockout format:
 * a plain knockout, 5+2, 6+1 and the Swiss → knockout chain.
 */
jest.setTimeout(300_000);

describe('N1: a correction that would change who advances after the next knockout round is published', () => {
  let app: INestApplication;
  const api = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  /** The winner flipped: the refusal names its code and article; the standings, the file and the next round still work. */
  async function expectRefused(play: Play, game: GameBody, result: string) {
    const res = await putResult(app, play.organizer.auth, game, { result, reason: 'typo on the score sheet' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('result.advanced_fixed');
    expect(res.body.message).toMatch(/三章4C/);
    // Nothing changed: the game keeps its result, the standings answer.
    await api().get(`/api/events/${play.eventId}/standings`).expect(200);
    const zh = await api()
      .put(`/api/games/${game.id}/result`)
      .set('Authorization', play.organizer.auth)
      .set('Accept-Language', 'zh-CN')
      .send({ version: game.version, result, reason: '记错' });
    expect(zh.status).toBe(409);
    expect(zh.body.code).toBe('result.advanced_fixed');
  }

  async function standingsOk(play: Play) {
    await api().get(`/api/events/${play.eventId}/standings`).expect(200);
  }

  const winner = (g: GameBody) => (g.result === 'red_win' ? 'black_win' : 'red_win');
  const fresh = async (roundId: string) => getRound(app, roundId);

  it('plain knockout, 8 players: a quarter-final flipped after the semi-finals are published is refused; a same-winner correction is accepted', async () => {
    const play = await playEvent(app, { ...SWISS_EVENT, nameZh: '淘汰赛', nameEn: 'Knockout', stages: [{ type: 'knockout' }] }, 8);
    const r1 = await nextRound(app, play);
    await playRound(app, play, r1, () => 'red_win');
    const r2 = await nextRound(app, play);
    expect(r2.pairings.some((p) => p.matchKey)).toBe(true);
    const qf = (await fresh(r1.id)).pairings[0].games[0];
    await expectRefused(play, qf, winner(qf));
    // Undecided (a draw adds a tie-break game: who advances is no longer known) is refused too.
    const draw = await putResult(app, play.organizer.auth, qf, { result: 'draw', reason: 'typo' });
    expect([draw.status, draw.body.code]).toEqual([409, 'result.advanced_fixed']);
    await standingsOk(play);
    // The same winner, another result (a forfeit win): who advances stays — accepted.
    const same = await putResult(app, play.organizer.auth, qf, {
      result: qf.result === 'red_win' ? 'red_win_forfeit' : 'black_win_forfeit',
      reason: 'forfeit, not played',
    });
    expect(same.status).toBe(200);
    await standingsOk(play);
    await nextRoundStillPairs(play, r2);
  });

  it('5+2: a semi-final flipped after the final is published, and a Swiss round-5 result that changes the semi-finalists, are refused', async () => {
    const play = await playEvent(
      app,
      { ...SWISS_EVENT, nameZh: '锦标赛', nameEn: '5+2', stages: [{ type: 'championship_5_2' }], timeControl: { baseMinutes: 80, incrementSeconds: 30 } },
      12,
    );
    let last: RoundBody | undefined;
    for (let r = 1; r <= 5; r++) {
      last = await nextRound(app, play);
      await playRound(app, play, last, (_g, table) => (table % 2 === 1 ? 'red_win' : 'black_win'));
    }
    const r6 = await nextRound(app, play);
    // Round 5: a correction that changes who is in the semi-finals (the leader's game lost) is refused.
    const r5 = await fresh(last!.id);
    const leaderGame = r5.pairings[0].games[0];
    const flip5 = await putResult(app, play.organizer.auth, leaderGame, { result: winner(leaderGame), reason: 'typo' });
    if (flip5.status !== 200) expect([flip5.status, flip5.body.code]).toEqual([409, 'result.advanced_fixed']);
    await standingsOk(play);
    await playRound(app, play, await fresh(r6.id), () => 'red_win');
    const r7 = await nextRound(app, play);
    expect(r7.pairings.some((p) => p.matchKey)).toBe(true);
    const semi = (await fresh(r6.id)).pairings.find((p) => p.matchKey)!.games[0];
    await expectRefused(play, semi, winner(semi));
    await standingsOk(play);
  });

  it('6+1: a round-6 Swiss result that changes the finalists after the final is published is refused', async () => {
    const play = await playEvent(
      app,
      { ...SWISS_EVENT, nameZh: '锦标赛', nameEn: '6+1', stages: [{ type: 'championship_6_1' }], timeControl: { baseMinutes: 60, incrementSeconds: 30 } },
      10,
    );
    let last: RoundBody | undefined;
    for (let r = 1; r <= 6; r++) {
      last = await nextRound(app, play);
      await playRound(app, play, last, (_g, table) => (table % 2 === 1 ? 'red_win' : 'draw'));
    }
    const r7 = await nextRound(app, play);
    const final = r7.pairings.find((p) => p.matchKey)!;
    const finalists = new Set([final.red.id, final.black!.id]);
    // Every round-6 game with a finalist in it: flipping it either keeps the final's players (200) or is refused.
    const r6 = await fresh(last!.id);
    let refused = 0;
    for (const p of r6.pairings.filter((q) => q.black && (finalists.has(q.red.id) || finalists.has(q.black.id)))) {
      const g = (await fresh(r6.id)).pairings.find((q) => q.id === p.id)!.games[0];
      const res = await putResult(app, play.organizer.auth, g, { result: g.result === 'draw' ? 'black_win' : 'draw', reason: 'typo' });
      if (res.status === 409) {
        expect(res.body.code).toBe('result.advanced_fixed');
        refused++;
      } else expect(res.status).toBe(200);
      await standingsOk(play);
    }
    expect(refused).toBeGreaterThan(0);
  });

  it('Swiss → knockout chain: a knockout quarter-final flipped after the semi-finals are published is refused', async () => {
    const play = await playEvent(
      app,
      {
        ...SWISS_EVENT,
        nameZh: '积分转淘汰',
        nameEn: 'Chain',
        stages: [
          { type: 'swiss', rounds: 3 },
          { type: 'knockout', qualifiers: 4 },
        ],
      },
      8,
    );
    for (let r = 1; r <= 3; r++) await playRound(app, play, await nextRound(app, play), () => 'red_win');
    const semis = await nextRound(app, play);
    await playRound(app, play, semis, () => 'red_win');
    const final = await nextRound(app, play);
    expect(final.pairings.some((p) => p.matchKey)).toBe(true);
    const semi = (await fresh(semis.id)).pairings.find((p) => p.matchKey)!.games[0];
    await expectRefused(play, semi, winner(semi));
    await standingsOk(play);
  });

  /** The round after `round` can still be paired once `round` is played. */
  async function nextRoundStillPairs(play: Play, round: RoundBody) {
    await playRound(app, play, await fresh(round.id), () => 'red_win');
    const next = await nextRound(app, play);
    expect(next.number).toBe(round.number + 1);
  }
});
