import { INestApplication } from '@nestjs/common';
import type { PrismaClient } from '../../apps/server/src/generated/prisma/client';
import { createPrismaClient } from '../support/database';
import { startTestApp } from './http-helpers';
import { getRound, nextRound, pairDraft, Play, playEvent, playRound, putResult, RoundBody, withRole } from './results-helpers';

/**
 * Knockout matches of a 5+2 championship (附录2), 12 players: after five Swiss rounds, round 6 holds the two
 * semi-finals. A drawn regular game gets the rapid game with colours reversed (附录2 7b); the rapid
 * game drawn too, the player who had Black in it wins — no third game (libs/pairing 2e75d9c). A
 * correction that decides a match removes its unplayed tie-break game; one that undecides it
 * adds the game again, and the round goes back to published until it is played.
 */
describe('results: knockout matches (5+2 championship)', () => {
  let app: INestApplication;
  let prisma: PrismaClient;
  let play: Play;
  let arbiter: string;
  let round6: RoundBody;

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
    arbiter = (await withRole(app, play, 'arbiter')).auth;
    for (let r = 1; r <= 5; r++) {
      const round = await nextRound(app, play);
      await playRound(app, play, round, (_g, table) => (table % 2 === 1 ? 'red_win' : 'black_win'));
    }
    round6 = await nextRound(app, play);
  }, 300_000);

  afterAll(async () => {
    await prisma.$disconnect();
    await app.close();
  });

  it('round 6 has the two semi-finals as matches', () => {
    expect(round6.pairings.filter((p) => p.matchKey !== null)).toHaveLength(2);
  });

  it('drawn regular game → rapid game, colours reversed; both drawn → the rapid game’s Black wins, no third game; the round completes', async () => {
    const [semi1, semi2] = round6.pairings.filter((p) => p.matchKey !== null);
    // The others' Swiss games and semi-final 2 first.
    for (const p of round6.pairings.filter((q) => q.matchKey === null && q.black !== null)) {
      expect((await putResult(app, arbiter, p.games[0], { result: 'red_win' })).status).toBe(200);
    }
    const s2 = await putResult(app, arbiter, semi2.games[0], { result: 'red_win' });
    expect(s2.body.match).toMatchObject({ key: semi2.matchKey, status: 'decided', winner: semi2.red.id, decidedBy: 'regular' });
    expect(s2.body.gamesCreated).toEqual([]);

    // Semi-final 1: the last regular game of the round, drawn.
    const regular = semi1.games[0];
    const drawn = await putResult(app, arbiter, regular, { result: 'draw' });
    expect(drawn.status).toBe(200);
    expect(drawn.body.gamesCreated).toHaveLength(1);
    const rapid = drawn.body.gamesCreated[0];
    expect(rapid).toMatchObject({ board: 2, kind: 'rapid', result: null, red: { id: regular.black!.id }, black: { id: regular.red!.id } });
    expect(drawn.body.match).toMatchObject({ key: semi1.matchKey, status: 'in_progress' });
    expect(drawn.body.match.next).toMatch(/rapid/);
    expect(drawn.body.round.state).toBe('published'); // the rapid game is still to play

    const audit = await prisma.auditLog.findFirst({ where: { entity: 'game', entityId: rapid.id, action: 'create' } });
    expect(audit?.reason).toMatch(/附录2 7b/);

    const bothDrawn = await putResult(app, arbiter, rapid, { result: 'draw' });
    expect(bothDrawn.status).toBe(200);
    // 附录2 7b: 正赛及快棋赛均和再和则以执后手者为胜 — Black of the rapid game (Red of the regular game) wins.
    expect(bothDrawn.body.match).toMatchObject({ status: 'decided', winner: semi1.red.id, decidedBy: 'rapid' });
    expect(bothDrawn.body.gamesCreated).toEqual([]);
    expect(bothDrawn.body.round.state).toBe('completed');
    const view = await getRound(app, round6.id);
    expect(view.pairings.find((p) => p.id === semi1.id)!.games.map((g) => [g.board, g.kind, g.result])).toEqual([
      [1, 'regular', 'draw'],
      [2, 'rapid', 'draw'],
    ]);
  });

  it('a correction that undecides a match adds the tie-break game (round back to published); one that decides it removes the unplayed game', async () => {
    const semi2 = (await getRound(app, round6.id)).pairings.filter((p) => p.matchKey !== null)[1];
    const regular = semi2.games[0];
    const undecided = await putResult(app, arbiter, regular, { result: 'draw', reason: 'score sheet: a draw was agreed' });
    expect(undecided.status).toBe(200);
    expect(undecided.body.gamesCreated).toMatchObject([{ board: 2, kind: 'rapid' }]);
    expect(undecided.body.round.state).toBe('published');
    const rapidId = undecided.body.gamesCreated[0].id;

    const decided = await putResult(app, arbiter, undecided.body.game, { result: 'black_win', reason: 'the arbiter misread: Black won' });
    expect(decided.status).toBe(200);
    expect(decided.body.match).toMatchObject({ status: 'decided', winner: semi2.black!.id, decidedBy: 'regular' });
    expect(decided.body.gamesRemoved).toMatchObject([{ id: rapidId, kind: 'rapid', result: null }]);
    expect(decided.body.round.state).toBe('completed');
    expect(await prisma.game.count({ where: { id: rapidId } })).toBe(0);
    const removal = await prisma.auditLog.findFirst({ where: { entity: 'game', entityId: rapidId, action: 'delete' } });
    expect(removal?.reason).toMatch(/the arbiter misread: Black won/);
  });

  it('the rounds module pairs round 7 (final, third place) from these matches', async () => {
    const round7 = await pairDraft(app, play);
    const matches = round7.pairings.filter((p) => p.matchKey !== null);
    expect(matches).toHaveLength(2);
    const semis = (await getRound(app, round6.id)).pairings.filter((p) => p.matchKey !== null);
    const winners = new Set([semis[0].red.id, semis[1].black!.id]);
    const final = matches.find((p) => winners.has(p.red.id) && winners.has(p.black!.id));
    expect(final).toBeDefined();
  });
});

/**
 * The 6+1 final (附录3 #6): slow game drawn → rapid game with colours reversed; rapid drawn → the
 * last game (armageddon: Red 15'+5", Black 10'+5", a draw counts as a win for Black).
 */
describe('results: the 6+1 final', () => {
  let app: INestApplication;
  let play: Play;

  beforeAll(async () => {
    app = await startTestApp();
    play = await playEvent(
      app,
      {
        nameZh: '锦标赛',
        nameEn: 'Championship 6+1',
        kind: 'individual',
        stages: [{ type: 'championship_6_1' }],
        timeControl: { baseMinutes: 60, incrementSeconds: 30 },
      },
      10,
    );
    for (let r = 1; r <= 6; r++) {
      const round = await nextRound(app, play);
      await playRound(app, play, round, (_g, table) => (table % 2 === 1 ? 'red_win' : 'draw'));
    }
  }, 300_000);

  afterAll(async () => {
    await app.close();
  });

  it('slow drawn → rapid reversed; rapid drawn → armageddon; armageddon drawn → Black wins', async () => {
    const round7 = await nextRound(app, play);
    const final = round7.pairings.find((p) => p.matchKey !== null)!;
    expect(final).toBeDefined();
    const slow = final.games[0];
    const a = await putResult(app, play.organizer.auth, slow, { result: 'draw' });
    expect(a.body.gamesCreated).toMatchObject([{ board: 2, kind: 'rapid', red: { id: slow.black!.id }, black: { id: slow.red!.id } }]);
    const b = await putResult(app, play.organizer.auth, a.body.gamesCreated[0], { result: 'draw' });
    expect(b.body.gamesCreated).toHaveLength(1);
    const last = b.body.gamesCreated[0];
    expect(last).toMatchObject({ board: 3, kind: 'armageddon', result: null });
    expect(b.body.match.next).toMatch(/a draw counts as a win for Black/);
    const c = await putResult(app, play.organizer.auth, last, { result: 'draw' });
    expect(c.body.match).toMatchObject({ status: 'decided', decidedBy: 'armageddon' });
    const blackEntry = [final.red, final.black!].find((e) => (e.id === final.red.id ? slow.red!.id : slow.black!.id) === last.black.id)!;
    expect(c.body.match.winner).toBe(blackEntry.id);
    expect(c.body.gamesCreated).toEqual([]);
  });
});
