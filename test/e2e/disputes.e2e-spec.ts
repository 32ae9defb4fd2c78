import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { PrismaClient } from '../../apps/server/src/generated/prisma/client';
import { XIZE_01_05 } from '@chuhe/xiangqi/testing';
import { XIZE_11_15 } from '@chuhe/xiangqi/testing';
import type { RepetitionCase } from '@chuhe/xiangqi/testing';
import { createPrismaClient } from '../support/database';
import { caseRecord } from './dispute-helpers';
import { newUser, startTestApp } from './http-helpers';
import { nextRound, Play, RoundBody } from './results-helpers';
import { scenario } from './scenario';

/**
 * Game records (二章3节) and disputed positions (三章6G): records in every notation, the first
 * illegal move named, PGN out, the move-limit claim; disputes from stored records of rulebook
 * examples (细则 1 图1, 细则 2 图4, 细则 15 图42) give the rulebook's verdicts with SVG diagrams;
 * the ruling becomes the result; 401/403 on every route.
 */
describe('records and disputes', () => {
  let app: INestApplication;
  let prisma: PrismaClient;
  let play: Play;
  let round1: RoundBody;
  const users: Record<string, string> = {};
  const http = () => request(app.getHttpServer());
  const game = (table: number) => round1.pairings.find((p) => p.table === table)!.games[0];

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

  it('records: Chinese (simplified and traditional), ICCS; the first illegal move is a 400 with its number; PGN download; versions', async () => {
    const g = game(4);
    const put = (auth: string | null, body: Record<string, unknown>) => {
      const req = http().put(`/api/games/${g.id}/record`);
      if (auth) req.set('Authorization', auth);
      return req.send(body);
    };
    expect((await put(null, { text: '1. 炮二平五' })).status).toBe(401);
    expect((await put(users.stranger, { text: '1. 炮二平五' })).status).toBe(403);
    expect((await put(users.appeals, { text: '1. 炮二平五' })).status).toBe(403);
    const illegal = await put(users.arbiter, { text: '1. 炮二平五 马8进7 2. 马二进三 车9进5' });
    expect(illegal.status).toBe(400);
    expect(illegal.body.message).toMatch(/^text: .*move 2/);
    expect(illegal.body.message).toMatch(/ply 4/);
    const first = await put(users.arbiter, { text: '1. 炮二平五 馬8進7 2. 馬二進三 車9平8' }).expect(200);
    expect(first.body).toMatchObject({ format: 'chinese-traditional', plies: 4, version: 1 });
    expect(first.body.moves).toEqual(['h2e2', 'h9g7', 'h0g2', 'i9h9']);
    expect((await put(users.arbiter, { text: 'h2e2 h9g7' })).status).toBe(400); // replacing needs the version
    const iccs = await put(users.arbiter, { text: 'h2e2 h9g7 b0c2', version: 1 }).expect(200);
    expect(iccs.body).toMatchObject({ format: 'iccs', plies: 3, version: 2 });
    expect((await put(users.arbiter, { text: 'h2e2', version: 1 })).status).toBe(409);
    const pgn = await http().get(`/api/games/${g.id}/record.pgn`).expect(200);
    expect(pgn.headers['content-type']).toMatch(/pgn/);
    expect(pgn.text).toContain('[Round "1"]');
    expect(pgn.text).toContain('炮二平五');
    const claim = await http()
      .post(`/api/games/${g.id}/record/move-limit-claim`)
      .set('Authorization', users.arbiter)
      .send({ afterPly: 3, claimant: 'red' })
      .expect(200);
    expect(claim.body).toMatchObject({ valid: false, article: '二章4节' });
    expect((await http().post(`/api/games/${g.id}/record/move-limit-claim`).send({ afterPly: 3, claimant: 'red' })).status).toBe(401);
    expect(
      (await http().post(`/api/games/${g.id}/record/move-limit-claim`).set('Authorization', users.stranger).send({ afterPly: 3, claimant: 'red' })).status,
    ).toBe(403);
  });

  const cases: [number, string, RepetitionCase, string][] = [
    [1, '细则 1 图1', XIZE_01_05.find((c) => c.id === '细则 1 图1')!, 'red_loses'],
    [2, '细则 2 图4', XIZE_01_05.find((c) => c.id === '细则 2 图4')!, 'draw'],
    [3, '细则 15 图42', XIZE_11_15.find((c) => c.id === '细则 15 图42')!, 'black_loses'],
  ];

  it.each(cases)('a dispute from the stored record of table %i (%s) gives the rulebook verdict with SVG diagrams', async (table, _id, c, verdict) => {
    const g = game(table);
    await http()
      .put(`/api/games/${g.id}/record`)
      .set('Authorization', users.arbiter)
      .send({ text: caseRecord(c) })
      .expect(200);
    const opened = await http().post(`/api/games/${g.id}/disputes`).set('Authorization', users.arbiter).send({ fromRecord: true }).expect(201);
    const report = opened.body.report;
    expect(report.verdict).toBe(verdict);
    expect(report.rules).toBe('axf');
    expect(report.articles.length).toBeGreaterThan(0);
    expect(report.explanation.zh.length).toBeGreaterThan(0);
    expect(report.diagrams.length).toBe(report.cycle.plies);
    expect(report.cycleMoves.every((m: { zh: string }) => /^[\u4e00-\u9fff1-9]+$/.test(m.zh))).toBe(true);
    for (const d of report.diagrams) expect(d.svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    if (verdict === 'red_loses') {
      expect(report.procedure.instruction).toBe('perpetual_check_loses');
      expect(report.diagrams.some((d: { svg: string }) => d.svg.includes('class="arrow check"'))).toBe(true);
    }
    if (verdict === 'black_loses') expect(report.diagrams.some((d: { svg: string }) => d.svg.includes('class="arrow chase"'))).toBe(true);
    const svg = await http().get(`/api/disputes/${opened.body.id}/diagrams/0.svg`).set('Authorization', users.appeals).expect(200);
    expect(svg.headers['content-type']).toMatch(/image\/svg\+xml/);
  });

  it('a dispute from a FEN and the cycle’s moves; bad input names the move', async () => {
    const c = XIZE_01_05[0];
    const g = game(1);
    const r = await http()
      .post(`/api/games/${g.id}/disputes`)
      .set('Authorization', users.arbiter)
      .send({ fen: c.fen, moves: [...c.moves.slice(0, 4), ...c.moves.slice(0, 4), ...c.moves.slice(0, 4)], cyclesAfterInstruction: 1 })
      .expect(201);
    expect(r.body.report.procedure).toMatchObject({ pending: true, result: 'red_loses' });
    const typed = '5k3/7R1/9/9/9/9/9/9/2P6/3K5 w - - 0 1'; // a red pawn on c1, as typed from the board
    const strict = await http().post(`/api/games/${g.id}/disputes`).set('Authorization', users.arbiter).send({ fen: typed, moves: c.moves });
    expect(strict.status).toBe(400);
    expect(strict.body.message).toMatch(/^fen/);
    const lenient = await http()
      .post(`/api/games/${g.id}/disputes`)
      .set('Authorization', users.arbiter)
      .send({ fen: typed, moves: c.moves, lenient: true })
      .expect(201);
    expect(lenient.body.report.verdict).toBe('red_loses');
    expect(lenient.body.report.warnings.length).toBeGreaterThan(0);
    const bad = await http()
      .post(`/api/games/${g.id}/disputes`)
      .set('Authorization', users.arbiter)
      .send({ fen: c.fen, moves: ['h8h9', 'a1a2'] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^moves\[1\]/);
    const noRecord = await http()
      .post(`/api/games/${round1.pairings.find((p) => p.table === 4)!.games[0].id}/disputes`)
      .set('Authorization', users.arbiter)
      .send({ fromRecord: true, uptoPly: 99 });
    expect(noRecord.status).toBe(400);
    expect(noRecord.body.message).toMatch(/^uptoPly/);
  });

  it('401/403 on the dispute routes; the ruling becomes the game result with an audit row', async () => {
    const g = game(1);
    const list = (await http().get(`/api/games/${g.id}/disputes`).set('Authorization', users.appeals).expect(200)).body;
    const d = list[0];
    expect((await http().post(`/api/games/${g.id}/disputes`).send({ fromRecord: true })).status).toBe(401);
    expect((await http().post(`/api/games/${g.id}/disputes`).set('Authorization', users.appeals).send({ fromRecord: true })).status).toBe(403);
    expect((await http().get(`/api/disputes/${d.id}`)).status).toBe(401);
    expect((await http().get(`/api/disputes/${d.id}`).set('Authorization', users.stranger)).status).toBe(403);
    expect((await http().get(`/api/events/${play.eventId}/disputes`).set('Authorization', users.stranger)).status).toBe(403);
    expect((await http().get(`/api/disputes/${d.id}/diagrams/0.svg`)).status).toBe(401);
    expect((await http().get(`/api/disputes/${d.id}/diagrams/0.svg`).set('Authorization', users.stranger)).status).toBe(403);
    expect((await http().get(`/api/events/${play.eventId}/disputes`)).status).toBe(401);
    expect((await http().get(`/api/games/${g.id}/disputes`)).status).toBe(401);
    expect((await http().get(`/api/games/${g.id}/disputes`).set('Authorization', users.stranger)).status).toBe(403);
    expect((await http().post(`/api/disputes/${d.id}/ruling`).send({ version: 1, ruling: 'x' })).status).toBe(401);
    expect((await http().post(`/api/disputes/${d.id}/ruling`).set('Authorization', users.appeals).send({ version: 1, ruling: 'x' })).status).toBe(403);
    const ruled = await http()
      .post(`/api/disputes/${d.id}/ruling`)
      .set('Authorization', users.arbiter)
      .send({ version: d.version, ruling: '红方长将，再走一循环，判负（三章6G，棋例细则 1）' })
      .expect(200);
    expect(ruled.body).toMatchObject({ state: 'ruled', rulingResult: 'black_win' });
    expect((await prisma.game.findUniqueOrThrow({ where: { id: g.id } })).result).toBe('black_win');
    const audit = await prisma.auditLog.findFirst({ where: { entity: 'game', entityId: g.id }, orderBy: { at: 'desc' } });
    expect(audit!.reason).toContain('三章6G');
    expect(
      (await http().post(`/api/disputes/${d.id}/ruling`).set('Authorization', users.arbiter).send({ version: ruled.body.version, ruling: 'again' })).status,
    ).toBe(409);
  });

  it('the event’s 棋例 rule set, appeal deadline and fee are settable (PAIRERS); a dispute then judges by the CXA set', async () => {
    const url = `/api/events/${play.eventId}/discipline-settings`;
    const current = (await http().get(url).expect(200)).body;
    expect(current).toMatchObject({ appealDeadlineMinutes: 120, appealFeeAmount: 5000, appealFeeCurrency: 'CNY', repetitionRules: 'axf_2017' });
    expect((await http().patch(url).send({ version: current.version, repetitionRules: 'cxa' })).status).toBe(401);
    expect((await http().patch(url).set('Authorization', users.arbiter).send({ version: current.version, repetitionRules: 'cxa' })).status).toBe(403);
    const bad = await http().patch(url).set('Authorization', users.chief).send({ version: current.version, appealFeeCurrency: 'dollars' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^appealFeeCurrency/);
    const set = await http()
      .patch(url)
      .set('Authorization', users.chief)
      .send({ version: current.version, repetitionRules: 'cxa', appealDeadlineMinutes: 60, appealFeeAmount: 10000, appealFeeCurrency: 'MYR' })
      .expect(200);
    expect(set.body).toMatchObject({ repetitionRules: 'cxa', appealDeadlineMinutes: 60, appealFeeAmount: 10000, appealFeeCurrency: 'MYR' });
    expect((await http().patch(url).set('Authorization', users.chief).send({ version: current.version, appealDeadlineMinutes: 30 })).status).toBe(409);
    const c = XIZE_01_05[0];
    const r = await http()
      .post(`/api/games/${game(2).id}/disputes`)
      .set('Authorization', users.arbiter)
      .send({ fen: c.fen, moves: c.moves })
      .expect(201);
    expect(r.body.ruleSet).toBe('cxa');
    expect(r.body.report.rules).toBe('cxa');
    expect(r.body.report.verdict).toBe('red_loses');
  });
});
