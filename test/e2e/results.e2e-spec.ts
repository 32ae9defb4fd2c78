import { INestApplication } from '@nestjs/common';
import fc from 'fast-check';
import request from 'supertest';
import type { PrismaClient } from '../../apps/server/src/generated/prisma/client';
import { createPrismaClient } from '../support/database';
import { newUser, startTestApp, TEAM_EVENT } from './http-helpers';
import { getRound, nextRound, pairDraft, Play, publish, putResult, RoundBody, withRole } from './results-helpers';
import { scenario } from './scenario';

/**
 * PUT /api/games/:gameId/result on an 8-player Swiss: every result kind, 400/401/403/404/409,
 * round completion (also when the last two results race), and corrections after the next round
 * was paired (chief arbiter only, with a reason, laterPairingsAffected).
 */
describe('results', () => {
  let app: INestApplication;
  let prisma: PrismaClient;
  let play: Play;
  let round1: RoundBody;
  const users: Record<string, string> = {};

  beforeAll(async () => {
    app = await startTestApp();
    prisma = createPrismaClient();
    const s = await scenario(app, { seed: 'results', roles: ['chief_arbiter', 'arbiter', 'appeals_member'] });
    play = s;
    users.chief = s.users.chief_arbiter.auth;
    users.arbiter = s.users.arbiter.auth;
    users.appeals = s.users.appeals_member.auth;
    users.stranger = (await newUser(app, 'stranger')).auth;
    // A team captain of the same tournament (a team in its team event).
    const http = () => request(app.getHttpServer());
    const teamEvent = await http().post(`/api/tournaments/${play.tournamentId}/events`).set('Authorization', play.organizer.auth).send(TEAM_EVENT).expect(201);
    const aff = await http()
      .post(`/api/tournaments/${play.tournamentId}/affiliations`)
      .set('Authorization', play.organizer.auth)
      .send({ nameZh: '新加坡', nameEn: 'Singapore' })
      .expect(201);
    const members: string[] = [];
    for (let i = 0; i < 3; i++) {
      const p = await http()
        .post(`/api/tournaments/${play.tournamentId}/players`)
        .set('Authorization', play.organizer.auth)
        .send({ nameZh: `队员${i}`, nameEn: `M${i}`, gender: 'male', affiliationId: aff.body.id })
        .expect(201);
      members.push(p.body.id);
    }
    const team = await http()
      .post(`/api/events/${teamEvent.body.id}/teams`)
      .set('Authorization', play.organizer.auth)
      .send({ affiliationId: aff.body.id, nameZh: '新加坡队', nameEn: 'Singapore', starters: members })
      .expect(201);
    users.captain = (await withRole(app, play, 'team_captain', { teamId: team.body.id })).auth;
    round1 = await nextRound(app, play);
  });

  afterAll(async () => {
    await prisma.$disconnect();
    await app.close();
  });

  const game = (round: RoundBody, table: number) => round.pairings.find((p) => p.table === table)!.games[0];

  it('401 anonymous; 403 for a team captain, an appeals member and a stranger; 404 for no such game or a malformed id', async () => {
    const g = game(round1, 1);
    expect((await putResult(app, null, g, { result: 'red_win' })).status).toBe(401);
    for (const who of ['captain', 'appeals', 'stranger']) {
      const res = await putResult(app, users[who], g, { result: 'red_win' });
      expect(res.status).toBe(403);
    }
    expect((await putResult(app, users.arbiter, { id: '00000000-0000-4000-8000-000000000000', version: 1 }, { result: 'red_win' })).status).toBe(404);
    const bad = await request(app.getHttpServer()).put('/api/games/not-a-uuid/result').set('Authorization', users.arbiter).send({ version: 1, result: 'draw' });
    // The access guard resolves the tournament from the id before the pipe: not a game → 404 naming it.
    expect(bad.status).toBe(404);
    expect([bad.body.code, bad.body.field]).toEqual(['resource.missing', 'gameId']);
  });

  it('400 names the field: unknown result, penalty without its reason, a reason with a non-penalty result, no version', async () => {
    const g = game(round1, 1);
    const cases: [Record<string, unknown>, string][] = [
      [{ result: 'red_wins' }, 'result'],
      [{ result: 'red_win_penalty' }, 'penaltyReason'],
      [{ result: 'draw', penaltyReason: 'device' }, 'penaltyReason'],
      [{ result: 'black_win_penalty', penaltyReason: 'phone' }, 'penaltyReason'],
      [{ result: 'draw', reason: '' }, 'reason'],
    ];
    for (const [body, field] of cases) {
      const res = await putResult(app, users.arbiter, g, body);
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const noVersion = await request(app.getHttpServer()).put(`/api/games/${g.id}/result`).set('Authorization', users.arbiter).send({ result: 'draw' });
    expect(noVersion.status).toBe(400);
    expect(noVersion.body.errors[0].field).toBe('version');
  });

  it('random bodies: always a 4xx naming a field, never a 500, and nothing written', async () => {
    const g = game(round1, 2);
    const before = await prisma.game.findUniqueOrThrow({ where: { id: g.id } });
    const body = fc.record(
      {
        result: fc.oneof(fc.constantFrom('red_win_penalty', 'black_win_penalty', 'draw', 'RED_WIN', ''), fc.anything()),
        // Never the game's version (1): a well-formed body is then a 409, still nothing written.
        version: fc
          .oneof(fc.constant(-1), fc.constant(0), fc.constant(7), fc.double(), fc.string(), fc.constant(2 ** 31), fc.anything())
          .filter((v) => v !== 1),
        penaltyReason: fc.oneof(fc.constantFrom('other', 'device', 'x'), fc.anything()),
        reason: fc.oneof(fc.string({ maxLength: 600 }), fc.anything()),
        extra: fc.anything(),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const res = await request(app.getHttpServer())
          .put(`/api/games/${g.id}/result`)
          .set('Authorization', users.arbiter)
          .send(b as object);
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        if (res.status === 400) expect(res.body.errors?.[0]?.field ?? res.body.message).toBeTruthy();
      }),
      { numRuns: 60, seed: 9 },
    );
    expect(await prisma.game.findUniqueOrThrow({ where: { id: g.id } })).toEqual(before);
  });

  it('every result kind of libs/tournament, entered by an arbiter; each change bumps the version and is audited', async () => {
    let g = { id: game(round1, 1).id, version: game(round1, 1).version };
    const kinds: Record<string, unknown>[] = [
      { result: 'red_win' },
      { result: 'black_win' },
      { result: 'draw' },
      { result: 'red_win_forfeit' }, // 零迟到, 二章7节1
      { result: 'black_win_forfeit' },
      { result: 'double_forfeit' },
      { result: 'annulled' }, // 二章7节3, 二章8节3
      { result: 'red_win_penalty', penaltyReason: 'technical_fouls' }, // 一章3节6
      { result: 'black_win_penalty', penaltyReason: 'device' }, // 二章8节10
      { result: 'red_win', reason: 'score sheet checked' },
    ];
    for (const body of kinds) {
      const res = await putResult(app, users.arbiter, g, body);
      expect(res.status).toBe(200);
      expect(res.body.game).toMatchObject({ id: g.id, result: body.result, penaltyReason: body.penaltyReason ?? null, version: g.version + 1 });
      expect(res.body.round).toMatchObject({ number: 1, state: 'published' });
      g = { id: g.id, version: res.body.game.version };
    }
    const audit = await prisma.auditLog.findMany({ where: { entity: 'game', entityId: g.id }, orderBy: { at: 'asc' } });
    expect(audit).toHaveLength(kinds.length);
    expect(audit[0]).toMatchObject({
      action: 'update',
      before: expect.objectContaining({ result: null, round: 1, table: 1 }),
      after: expect.objectContaining({ result: 'red_win' }),
    });
    expect(audit[8].after).toMatchObject({ result: 'black_win_penalty', penaltyReason: 'device' });
    expect(audit[9].reason).toBe('score sheet checked');
    const view = await getRound(app, round1.id);
    expect(view.pairings.find((p) => p.table === 1)!.games[0]).toMatchObject({ result: 'red_win', version: g.version });
  });

  it('409 on a stale version, with the current version', async () => {
    const g = (await getRound(app, round1.id)).pairings.find((p) => p.table === 1)!.games[0];
    const stale = await putResult(app, users.arbiter, { id: g.id, version: g.version - 1 }, { result: 'draw' });
    expect(stale.status).toBe(409);
    expect(stale.body.currentVersion).toBe(g.version);
    expect(stale.body.message).toMatch(/^version:/);
  });

  it('the last result completes the round (two last results entered at once: exactly one completes it)', async () => {
    const r = await getRound(app, round1.id);
    const open = r.pairings.map((p) => p.games[0]).filter((g) => g.result === null);
    expect(open.length).toBe(3);
    const first = await putResult(app, users.arbiter, open[0], { result: 'black_win' });
    expect(first.body.round.state).toBe('published');
    const [a, b] = await Promise.all([putResult(app, users.arbiter, open[1], { result: 'red_win' }), putResult(app, users.chief, open[2], { result: 'draw' })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.round.state, b.body.round.state]).toContain('completed');
    const done = await getRound(app, round1.id);
    expect(done.state).toBe('completed');
    const completed = await prisma.round.findUniqueOrThrow({ where: { id: round1.id } });
    expect(completed.completedAt).not.toBeNull();
    expect(await prisma.auditLog.count({ where: { entity: 'round', entityId: round1.id, reason: 'the last result of the round was entered' } })).toBe(1);
  });

  it('a draft round takes no results (409); a correction after the next round is paired: 403 for an arbiter, 400 without a reason, 200 with laterPairingsAffected', async () => {
    const draft = await pairDraft(app, play);
    const draftGame = draft.pairings.find((p) => p.black !== null)!.games[0];
    const refused = await putResult(app, play.organizer.auth, draftGame, { result: 'draw' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/draft/);
    // A draft round 2 already counts as "the next round is paired".
    const r1game = (await getRound(app, round1.id)).pairings[0].games[0];
    expect((await putResult(app, users.arbiter, r1game, { result: r1game.result === 'draw' ? 'red_win' : 'draw', reason: 'x' })).status).toBe(403);
    const round2 = await publish(app, play, draft);

    // Table 2 of round 1 was a win for Red; turn it round: the score groups of round 2 change.
    const r1 = await getRound(app, round1.id);
    const t = r1.pairings.find((p) => p.games[0].result === 'red_win' && p.table !== 1)!;
    const g = t.games[0];
    const arbiter = await putResult(app, users.arbiter, g, { result: 'black_win', reason: 'misread' });
    expect(arbiter.status).toBe(403);
    const noReason = await putResult(app, users.chief, g, { result: 'black_win' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors[0].field).toBe('reason');
    const blank = await putResult(app, users.chief, g, { result: 'black_win', reason: '   ' });
    expect(blank.status).toBe(400);

    const corrected = await putResult(app, users.chief, g, { result: 'black_win', reason: 'score sheet: Black won on time' });
    expect(corrected.status).toBe(200);
    expect(corrected.body.game.result).toBe('black_win');
    const later = corrected.body.laterPairingsAffected;
    expect(later).toMatchObject({ round: 2, roundId: round2.id, changed: true });
    expect(later.problem).toBeUndefined();
    expect(later.pairings.length).toBeGreaterThan(0);
    // The two players of the corrected game changed score groups: their round-2 pairings differ.
    const involved = new Set([t.red.id, t.black!.id]);
    const touched = later.pairings.filter(
      (p: { red: { id: string }; black: { id: string } | null }) => involved.has(p.red.id) || (p.black !== null && involved.has(p.black.id)),
    );
    expect(touched.length).toBeGreaterThan(0);
    for (const p of later.pairings) {
      expect(round2.pairings.some((q) => q.id === p.pairingId && q.table === p.table)).toBe(true);
      expect(['colours', 'opponents', 'bye']).toContain(p.change);
    }
    // Stored round 2 is unchanged; the correction is audited with its reason.
    expect((await getRound(app, round2.id)).pairings.map((p) => [p.red.id, p.black?.id])).toEqual(round2.pairings.map((p) => [p.red.id, p.black?.id]));
    const audit = await prisma.auditLog.findFirst({ where: { entity: 'game', entityId: g.id }, orderBy: { at: 'desc' } });
    expect(audit).toMatchObject({
      reason: 'score sheet: Black won on time',
      before: expect.objectContaining({ result: 'red_win' }),
      after: expect.objectContaining({ result: 'black_win' }),
    });

    // The same result back: nothing would have changed.
    const back = await putResult(app, play.organizer.auth, corrected.body.game, { result: 'red_win', reason: 'the first reading was right' });
    expect(back.status).toBe(200);
    expect(back.body.laterPairingsAffected).toMatchObject({ round: 2, changed: false, pairings: [] });

    // Results of round 2 itself are ordinary results again (round 3 is not paired).
    const r2game = round2.pairings.find((p) => p.black !== null)!.games[0];
    const ordinary = await putResult(app, users.arbiter, r2game, { result: 'draw' });
    expect(ordinary.status).toBe(200);
    expect(ordinary.body.laterPairingsAffected).toBeUndefined();
  });
});
