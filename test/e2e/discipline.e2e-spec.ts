import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { PrismaClient } from '../../apps/server/src/generated/prisma/client';
import { createPrismaClient } from '../support/database';
import { newUser, startTestApp, TEAM_EVENT } from './http-helpers';
import { drawnEvent, pairAndPublish } from './rounds-helpers';
import { cliStandings } from './play-files';
import { getRound, nextRound, Play, putResult, RoundBody, withRole } from './results-helpers';
import { scenario } from './scenario';

/**
 * Fouls and penalties (一章3节, 二章8–9节, 三章6): thresholds change the stored result and the
 * standings; proposals wait for the chief arbiter (三章6M); an undo is a new entry and restores
 * the result; adjournment no-show is a forfeit (三章6K); draw offers, early draws; 401/403.
 */
describe('discipline', () => {
  let app: INestApplication;
  let prisma: PrismaClient;
  let play: Play;
  let round1: RoundBody;
  const users: Record<string, string> = {};
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await startTestApp();
    prisma = createPrismaClient();
    const s = await scenario(app, { seed: 'results', roles: ['chief_arbiter', 'arbiter', 'appeals_member'] });
    play = s;
    users.chief = s.users.chief_arbiter.auth;
    users.arbiter = s.users.arbiter.auth;
    users.appeals = s.users.appeals_member.auth;
    users.stranger = (await newUser(app, 'stranger')).auth;
    round1 = await nextRound(app, play);
  });

  afterAll(async () => {
    await prisma.$disconnect();
    await app.close();
  });

  const game = (round: RoundBody, table: number) => round.pairings.find((p) => p.table === table)!.games[0];
  const sanction = (auth: string | null, gameId: string, body: Record<string, unknown>) => {
    const req = http().post(`/api/games/${gameId}/sanctions`);
    if (auth) req.set('Authorization', auth);
    return req.send(body);
  };
  const standings = async () => (await http().get(`/api/events/${play.eventId}/standings`).expect(200)).body;

  it('401 anonymous, 403 for an appeals member and a stranger, on every discipline route', async () => {
    const g = game(round1, 1);
    const body = { playerId: g.red!.id, kind: 'technical_foul' };
    expect((await sanction(null, g.id, body)).status).toBe(401);
    for (const who of ['appeals', 'stranger']) expect((await sanction(users[who], g.id, body)).status).toBe(403);
    const routes: [string, string][] = [
      ['get', `/api/games/${g.id}/sanctions`],
      ['get', `/api/events/${play.eventId}/sanctions`],
      ['get', `/api/events/${play.eventId}/early-draws`],
      ['post', `/api/games/${g.id}/draw-offers`],
      ['post', `/api/games/${g.id}/early-draw`],
      ['post', `/api/games/${g.id}/early-draw/decision`],
      ['post', `/api/games/${g.id}/adjournment`],
      ['get', `/api/games/${g.id}/adjournment`],
    ];
    for (const [method, url] of routes) {
      expect((await (http() as unknown as Record<string, (u: string) => request.Test>)[method](url).send({})).status).toBe(401);
      const r = await (http() as unknown as Record<string, (u: string) => request.Test>)[method](url).set('Authorization', users.stranger).send({});
      expect(r.status).toBe(403);
    }
    // confirm needs the chief arbiter: an arbiter gets 403.
    const proposed = await sanction(users.arbiter, g.id, { playerId: g.red!.id, kind: 'misconduct', note: 'talking to spectators' }).expect(201);
    const confirmAsArbiter = await http().post(`/api/sanctions/${proposed.body.sanction.id}/confirm`).set('Authorization', users.arbiter).send({ version: 1 });
    expect(confirmAsArbiter.status).toBe(403);
    expect((await http().post(`/api/sanctions/${proposed.body.sanction.id}/confirm`).send({ version: 1 })).status).toBe(401);
    expect(
      (await http().post(`/api/sanctions/${proposed.body.sanction.id}/revoke`).set('Authorization', users.appeals).send({ version: 1, reason: 'x' })).status,
    ).toBe(403);
    expect((await http().post(`/api/sanctions/${proposed.body.sanction.id}/revoke`).send({ version: 1, reason: 'x' })).status).toBe(401);
    expect((await http().post(`/api/sanctions/${proposed.body.sanction.id}/confirm`).set('Authorization', users.stranger).send({ version: 1 })).status).toBe(
      403,
    );
    // Clean up: the arbiter withdraws the proposal (an undo entry).
    await http()
      .post(`/api/sanctions/${proposed.body.sanction.id}/revoke`)
      .set('Authorization', users.arbiter)
      .send({ version: 1, reason: 'recorded on the wrong game' })
      .expect(200);
  });

  it('400 naming the field: a player not in the game, a bad kind, fields of another kind', async () => {
    const g = game(round1, 1);
    const other = game(round1, 2);
    const r1 = await sanction(users.arbiter, g.id, { playerId: other.red!.id, kind: 'technical_foul' });
    expect(r1.status).toBe(400);
    expect(r1.body.message).toMatch(/^playerId/);
    const r2 = await sanction(users.arbiter, g.id, { playerId: g.red!.id, kind: 'slap' });
    expect(r2.status).toBe(400);
    expect(r2.body.message).toMatch(/kind/);
    const r3 = await sanction(users.arbiter, g.id, { playerId: g.red!.id, kind: 'technical_foul', minutesLate: 3 });
    expect(r3.status).toBe(400);
    expect(r3.body.message).toMatch(/^minutesLate/);
  });

  it('two technical fouls lose the game (一章3节6): stored result, audit with the article, standings and the tournament file agree', async () => {
    const g = game(round1, 1);
    const first = await sanction(users.arbiter, g.id, { playerId: g.red!.id, kind: 'technical_foul', detail: 'leaving_seat' }).expect(201);
    expect(first.body.sanction).toMatchObject({ state: 'confirmed', article: '二章9节1' });
    expect(first.body.consequence.applied).toBe(false);
    const second = await sanction(users.arbiter, g.id, { playerId: g.red!.id, kind: 'technical_foul', detail: 'touch_move' }).expect(201);
    expect(second.body.consequence).toMatchObject({ result: 'black_win_penalty', penaltyReason: 'technical_fouls', applied: true });
    const stored = await prisma.game.findUniqueOrThrow({ where: { id: g.id } });
    expect(stored.result).toBe('black_win_penalty');
    expect(stored.penaltyReason).toBe('technical_fouls');
    const audit = await prisma.auditLog.findFirst({ where: { entity: 'game', entityId: g.id }, orderBy: { at: 'desc' } });
    expect(audit!.reason).toContain('一章3节6');
    const file = (await http().get(`/api/events/${play.eventId}/tournament-file`).expect(200)).body;
    const redEntry = round1.pairings.find((p) => p.table === 1)!.red.id;
    expect(file.sanctions.filter((s: { kind: string; player: string }) => s.kind === 'technical_foul' && s.player === redEntry)).toHaveLength(2);
  });

  it('four violations lose (一章3节7); a device loses at once (二章8节10); 16 unrecorded moves lose (二章3节6)', async () => {
    const g2 = game(round1, 2);
    for (let i = 0; i < 3; i++) await sanction(users.arbiter, g2.id, { playerId: g2.black!.id, kind: 'violation' }).expect(201);
    expect((await prisma.game.findUniqueOrThrow({ where: { id: g2.id } })).result).toBeNull();
    const fourth = await sanction(users.arbiter, g2.id, { playerId: g2.black!.id, kind: 'violation' }).expect(201);
    expect(fourth.body.consequence).toMatchObject({ result: 'red_win_penalty', penaltyReason: 'violations', applied: true });
    const g3 = game(round1, 3);
    const device = await sanction(users.arbiter, g3.id, { playerId: g3.black!.id, kind: 'device', note: 'phone rang' }).expect(201);
    expect(device.body.consequence).toMatchObject({ result: 'red_win_penalty', penaltyReason: 'device' });
    const g4 = game(round1, 4);
    await sanction(users.arbiter, g4.id, { playerId: g4.red!.id, kind: 'unrecorded_moves', count: 10 }).expect(201);
    const more = await sanction(users.arbiter, g4.id, { playerId: g4.red!.id, kind: 'unrecorded_moves', count: 6 }).expect(201);
    expect(more.body.consequence).toMatchObject({ result: 'black_win_penalty', penaltyReason: 'unrecorded_moves' });
    const round = await getRound(app, round1.id);
    expect(round.state).toBe('completed');
    const table = await standings();
    // libs/standings read the same sanctions: the fouls are counted for the 犯规少 tie-break, the ladder is empty.
    const fouls = table.report.discipline.fouls as { player: string; technical: number; violations: number }[];
    const blackOf = (t: number) => round1.pairings.find((p) => p.table === t)!.black!.id;
    expect(fouls.find((f) => f.player === blackOf(2))).toMatchObject({ violations: 4 });
    expect(fouls.find((f) => f.player === round1.pairings.find((p) => p.table === 1)!.red.id)).toMatchObject({ technical: 2 });
    // `chuhe standings --json` on the exported file (sanctions included) gives the server's table.
    const exported = (await http().get(`/api/events/${play.eventId}/tournament-file`).expect(200)).body;
    expect(exported.sanctions.length).toBeGreaterThanOrEqual(9);
    expect(table.report).toEqual(await cliStandings(exported));
  });

  it('an undo is a new entry (revokesId): the chief arbiter revokes a foul and the result from before is restored', async () => {
    const g = game(round1, 1);
    const list = (await http().get(`/api/games/${g.id}/sanctions`).set('Authorization', users.arbiter).expect(200)).body as {
      id: string;
      kind: string;
      state: string;
      version: number;
    }[];
    const foul = list.find((s) => s.kind === 'technical_foul' && s.state === 'confirmed')!;
    const byArbiter = await http()
      .post(`/api/sanctions/${foul.id}/revoke`)
      .set('Authorization', users.arbiter)
      .send({ version: foul.version, reason: 'wrong player' });
    expect(byArbiter.status).toBe(403);
    const undo = await http()
      .post(`/api/sanctions/${foul.id}/revoke`)
      .set('Authorization', users.chief)
      .send({ version: foul.version, reason: 'the video shows the opponent touched the piece' })
      .expect(200);
    expect(undo.body.undo.revokesId).toBe(foul.id);
    expect(undo.body.consequence.applied).toBe(false); // the game had no result before the fouls
    const stale = await http().post(`/api/sanctions/${foul.id}/revoke`).set('Authorization', users.chief).send({ version: foul.version, reason: 'again' });
    expect(stale.status).toBe(409);
    const after = (await http().get(`/api/games/${g.id}/sanctions`).set('Authorization', users.arbiter).expect(200)).body as {
      state: string;
      revokesId: string | null;
    }[];
    expect(after.filter((s) => s.state === 'revoked')).toHaveLength(2); // the misconduct proposal and this foul
    expect(after.some((s) => s.revokesId === foul.id)).toBe(true);
    const file = (await http().get(`/api/events/${play.eventId}/tournament-file`).expect(200)).body;
    const redEntry = round1.pairings.find((p) => p.table === 1)!.red.id;
    expect(file.sanctions.filter((s: { kind: string; player: string }) => s.kind === 'technical_foul' && s.player === redEntry)).toHaveLength(1);
  });

  it('a revoked foul on a game with a played result restores it (round 2)', async () => {
    const round2 = await nextRound(app, play);
    const g = game(round2, 1);
    const put = await putResult(app, users.arbiter, g, { result: 'draw' });
    expect(put.status).toBe(200);
    await sanction(users.arbiter, g.id, { playerId: g.black!.id, kind: 'knocked_over_pieces' }).expect(201);
    const two = await sanction(users.arbiter, g.id, { playerId: g.black!.id, kind: 'technical_foul', detail: 'distracting' }).expect(201);
    expect(two.body.consequence).toMatchObject({ result: 'red_win_penalty', applied: true });
    const undo = await http()
      .post(`/api/sanctions/${two.body.sanction.id}/revoke`)
      .set('Authorization', users.chief)
      .send({ version: two.body.sanction.version, reason: 'mistaken' })
      .expect(200);
    expect(undo.body.consequence).toMatchObject({ result: 'draw', applied: true });
    expect((await prisma.game.findUniqueOrThrow({ where: { id: g.id } })).result).toBe('draw');
  });

  it('misconduct ladder (二章8节11): proposals wait for the chief arbiter; the third offence loses once confirmed', async () => {
    const round2 = await getRound(app, (await prisma.round.findFirstOrThrow({ where: { eventId: play.eventId, number: 2 } })).id);
    const g = game(round2, 2);
    const ids: { id: string; version: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await sanction(users.arbiter, g.id, { playerId: g.red!.id, kind: 'misconduct', ...(i === 2 ? { decision: 'loss' } : {}) }).expect(201);
      expect(r.body.sanction.state).toBe('proposed');
      expect(r.body.consequence).toBeNull();
      ids.push(r.body.sanction);
    }
    expect((await prisma.game.findUniqueOrThrow({ where: { id: g.id } })).result).toBeNull();
    let last: request.Response | undefined;
    for (const s of ids) last = await http().post(`/api/sanctions/${s.id}/confirm`).set('Authorization', users.chief).send({ version: s.version }).expect(200);
    expect(last!.body.consequence).toMatchObject({ result: 'black_win_penalty', penaltyReason: 'warning_ladder', applied: true });
    const again = await http().post(`/api/sanctions/${ids[0].id}/confirm`).set('Authorization', users.chief).send({ version: 2 });
    expect(again.status).toBe(409);
  });

  it('collusion (二章8节3) annuls the game, recorded by the chief arbiter', async () => {
    const round2 = await getRound(app, (await prisma.round.findFirstOrThrow({ where: { eventId: play.eventId, number: 2 } })).id);
    const g = game(round2, 3);
    const redEntry = round2.pairings.find((p) => p.table === 3)!.red.id;
    const r = await sanction(users.chief, g.id, {
      playerId: g.red!.id,
      kind: 'collusion',
      note: 'agreed result before the game',
      disqualify: [redEntry],
    }).expect(201);
    expect(r.body.sanction.state).toBe('confirmed');
    expect(r.body.consequence).toMatchObject({ result: 'annulled', applied: true });
    // 二章8节3: the entry's right to compete is cancelled — it leaves the event after round 2.
    expect(r.body.consequence.withdrawn).toEqual([expect.objectContaining({ entryId: redEntry, afterRound: 2, applied: true })]);
    const entry = await prisma.entry.findUniqueOrThrow({ where: { id: redEntry } });
    expect(entry).toMatchObject({ status: 'withdrawn', withdrawnAfterRound: 2 });
    // 取消其比赛权利及积分: the standings drop the colluder (its points are cancelled), not rank it as
    // an ordinary withdrawal (issue 22 #1).
    const s = await standings();
    expect(s.report.rows.map((r: { entry: string }) => r.entry)).not.toContain(redEntry);
    expect(s.report.excluded).toContainEqual({ entry: redEntry, reason: 'disqualified' });
  });

  it('adjournment (三章6K): diagram and sealed move; more than 15 minutes late for the resumption is a forfeit', async () => {
    const round2 = await getRound(app, (await prisma.round.findFirstOrThrow({ where: { eventId: play.eventId, number: 2 } })).id);
    const g = game(round2, 4);
    const bad = await http().post(`/api/games/${g.id}/adjournment`).set('Authorization', users.arbiter).send({
      fen: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1',
      sealedMove: 'h2h8',
      redMinutesUsed: 50,
      blackMinutesUsed: 40,
      resumeAt: '2026-12-02T09:00:00Z',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^sealedMove/);
    // Red seals (二章2节4, 三章6K): a diagram with Black to move is refused, naming the diagram (issue 22 #6).
    const blackToMove = await http().post(`/api/games/${g.id}/adjournment`).set('Authorization', users.arbiter).send({
      fen: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1',
      sealedMove: '马8进7',
      redMinutesUsed: 50,
      blackMinutesUsed: 40,
      resumeAt: '2026-12-02T09:00:00Z',
    });
    expect(blackToMove.status).toBe(400);
    expect(blackToMove.body.message).toMatch(/^fen.*Red seals/);
    await http()
      .post(`/api/games/${g.id}/adjournment`)
      .set('Authorization', users.arbiter)
      .send({
        fen: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1',
        sealedMove: '炮二平五',
        redMinutesUsed: 50,
        blackMinutesUsed: 40,
        resumeAt: '2026-12-02T09:00:00Z',
      })
      .expect(201);
    const view = await http().get(`/api/games/${g.id}/adjournment`).set('Authorization', users.arbiter).expect(200);
    expect(view.body.diagram).toMatch(/^<svg/);
    expect(view.body.sealedMove).toBe('炮二平五');
    const onTime = await sanction(users.arbiter, g.id, { playerId: g.black!.id, kind: 'adjournment_no_show', minutesLate: 10 }).expect(201);
    expect(onTime.body.consequence.applied).toBe(false);
    const late = await sanction(users.arbiter, g.id, { playerId: g.black!.id, kind: 'adjournment_no_show', minutesLate: 20 }).expect(201);
    expect(late.body.consequence).toMatchObject({ result: 'red_win_forfeit', applied: true });
  });

  it('draw offers are logged, a repeat after a refusal flagged; an early draw waits for the chief arbiter (二章8节12)', async () => {
    const round2 = await getRound(app, (await prisma.round.findFirstOrThrow({ where: { eventId: play.eventId, number: 2 } })).id);
    const g = round2.pairings.find((p) => p.table === 2)!.games[0];
    const g1 = await http()
      .post(`/api/games/${g.id}/draw-offers`)
      .set('Authorization', users.arbiter)
      .send({ playerId: g.red!.id, ply: 21, response: 'declined' })
      .expect(201);
    expect(g1.body.repeated).toBe(false);
    const g2 = await http().post(`/api/games/${g.id}/draw-offers`).set('Authorization', users.arbiter).send({ playerId: g.red!.id, ply: 23 }).expect(201);
    expect(g2.body.repeated).toBe(true);
    expect(g2.body.warning).toContain('二章9节5');
    expect(g2.body.outOfTurn).toBe(false);
    // 三章6I: Black offers at ply 23 — after Red's move, before its own: flagged (issue 22 #8).
    const g3 = await http().post(`/api/games/${g.id}/draw-offers`).set('Authorization', users.arbiter).send({ playerId: g.black!.id, ply: 23 }).expect(201);
    expect(g3.body).toMatchObject({ repeated: false, outOfTurn: true });
    expect(g3.body.warning).toContain('三章6I');
    const notEarly = await http().post(`/api/games/${g.id}/early-draw`).set('Authorization', users.arbiter).send({ plies: 60 }).expect(201);
    expect(notEarly.body.flagged).toBe(false);
    const early = await http().post(`/api/games/${g.id}/early-draw`).set('Authorization', users.arbiter).send({ plies: 24 }).expect(201);
    expect(early.body).toMatchObject({ flagged: true, article: '二章8节12' });
    const list = (await http().get(`/api/events/${play.eventId}/early-draws`).set('Authorization', users.arbiter).expect(200)).body;
    expect(list.find((x: { gameId: string }) => x.gameId === g.id).state).toBe('pending');
    expect(
      (await http().post(`/api/games/${g.id}/early-draw/decision`).set('Authorization', users.arbiter).send({ version: 1, decision: 'confirmed' })).status,
    ).toBe(403);
    const ok = await http()
      .post(`/api/games/${g.id}/early-draw/decision`)
      .set('Authorization', users.chief)
      .send({ version: 1, decision: 'confirmed' })
      .expect(200);
    expect(ok.body.state).toBe('confirmed');
  });

  it('after round 3 is paired an arbiter’s foul cannot change a round-2 result; the chief arbiter applies it', async () => {
    const round2 = await getRound(app, (await prisma.round.findFirstOrThrow({ where: { eventId: play.eventId, number: 2 } })).id);
    const g = game(round2, 1);
    await prisma.round.update({ where: { id: round2.id }, data: { state: 'completed' } });
    await prisma.game.updateMany({ where: { pairing: { roundId: round2.id }, result: null }, data: { result: 'draw', resultEnteredAt: new Date() } });
    await nextRound(app, play);
    await sanction(users.arbiter, g.id, { playerId: g.red!.id, kind: 'technical_foul' }).expect(201);
    const second = await sanction(users.arbiter, g.id, { playerId: g.red!.id, kind: 'technical_foul' }).expect(201);
    expect(second.body.consequence).toMatchObject({ result: 'black_win_penalty', applied: false });
    expect(second.body.consequence.message).toMatch(/round 3 is already paired/);
    expect(second.body.consequence).toMatchObject({ pending: true, code: 'result.correction_pairers_only' });
    expect((await http().post(`/api/games/${g.id}/sanctions/apply`).set('Authorization', users.arbiter).send({ reason: 'x' })).status).toBe(403);
    expect((await http().post(`/api/games/${g.id}/sanctions/apply`).send({ reason: 'x' })).status).toBe(401);
    const applied = await http()
      .post(`/api/games/${g.id}/sanctions/apply`)
      .set('Authorization', users.chief)
      .send({ reason: 'two technical fouls stand (一章3节6)' })
      .expect(200);
    expect(applied.body.consequence).toMatchObject({ result: 'black_win_penalty', applied: true });
  });
});

describe('discipline in a team event', () => {
  let app: INestApplication;
  let prisma: PrismaClient;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await startTestApp();
    prisma = createPrismaClient();
  });

  afterAll(async () => {
    await prisma.$disconnect();
    await app.close();
  });

  it('fouls name the member and the board: two technical fouls on board 2 lose that game; the file and the standings agree', async () => {
    const play = await drawnEvent(app, TEAM_EVENT, 4);
    const arbiter = await withRole(app, play, 'arbiter');
    const round = await pairAndPublish(app, play);
    const pairing = round.pairings.find((p) => p.table === 1)!;
    const board2 = pairing.games.find((g) => g.board === 2)!;
    await http()
      .post(`/api/games/${board2.id}/sanctions`)
      .set('Authorization', arbiter.auth)
      .send({ playerId: board2.red!.id, kind: 'technical_foul', detail: 'reading' })
      .expect(201);
    const second = await http()
      .post(`/api/games/${board2.id}/sanctions`)
      .set('Authorization', arbiter.auth)
      .send({ playerId: board2.red!.id, kind: 'technical_foul', detail: 'stopping_clock' })
      .expect(201);
    expect(second.body.consequence).toMatchObject({ result: 'black_win_penalty', penaltyReason: 'technical_fouls', applied: true });
    const file = (await http().get(`/api/events/${play.eventId}/tournament-file`).expect(200)).body;
    expect(file.sanctions).toEqual([
      expect.objectContaining({ kind: 'technical_foul', round: 1, player: board2.red!.id, game: 2 }),
      expect.objectContaining({ kind: 'technical_foul', round: 1, player: board2.red!.id, game: 2 }),
    ]);
    const fileGame = file.rounds[0].pairings
      .flatMap((p: { games: { board: number; red: string; result: string }[] }) => p.games)
      .find((g: { board: number; red: string }) => g.board === 2 && g.red === board2.red!.id);
    expect(fileGame.result).toBe('black_win_penalty');
    await http().get(`/api/events/${play.eventId}/standings`).expect(200);
    // 二章8节12: a drawn game with a record of fewer than 40 plies is flagged from the record.
    const board1 = pairing.games.find((g) => g.board === 1)!;
    await http().put(`/api/games/${board1.id}/result`).set('Authorization', arbiter.auth).send({ version: 1, result: 'draw' }).expect(200);
    const rec = await http()
      .put(`/api/games/${board1.id}/record`)
      .set('Authorization', arbiter.auth)
      .send({ text: '1. 炮二平五 马8进7 2. 马二进三 车9平8' })
      .expect(200);
    expect(rec.body).toMatchObject({ earlyDrawFlagged: true, article: '二章8节12' });
    // The other order: the record first, then the draw — flagged by the results path.
    const board3 = pairing.games.find((g) => g.board === 3)!;
    await http().put(`/api/games/${board3.id}/record`).set('Authorization', arbiter.auth).send({ text: 'h2e2 h9g7 h0g2 i9h9' }).expect(200);
    const drawn = await http().put(`/api/games/${board3.id}/result`).set('Authorization', arbiter.auth).send({ version: 1, result: 'draw' }).expect(200);
    expect(drawn.body.earlyDraw).toEqual({ plies: 4, article: '二章8节12' });
    const flags = (await http().get(`/api/events/${play.eventId}/early-draws`).set('Authorization', arbiter.auth).expect(200)).body;
    expect(flags.find((f: { gameId: string }) => f.gameId === board1.id)).toMatchObject({ state: 'pending', recordPlies: 4 });
  });
});
