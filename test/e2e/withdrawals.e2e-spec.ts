import { INestApplication } from '@nestjs/common';
import fc from 'fast-check';
import request from 'supertest';
import type { PrismaClient } from '../../apps/server/src/generated/prisma/client';
import { createPrismaClient } from '../support/database';
import { newUser, startTestApp, SWISS_EVENT, TEAM_EVENT, TOURNAMENT } from './http-helpers';
import { getRound, nextRound, pairDraft, Play, playEvent, playRound, putResult, RoundBody, withRole } from './results-helpers';

/**
 * POST /api/entries/:entryId/withdraw during the event (二章7节2–4): a 10-player round-robin
 * before half-way (the standings annul the entry's results, 二章7节3), a Swiss (the entry is not
 * paired again, its unplayed game is a forfeit win for the opponent, 二章7节4), and the refusals.
 */
describe('withdrawals during the event', () => {
  let app: INestApplication;
  let prisma: PrismaClient;

  beforeAll(async () => {
    app = await startTestApp();
    prisma = createPrismaClient();
  });

  afterAll(async () => {
    await prisma.$disconnect();
    await app.close();
  });

  const http = () => request(app.getHttpServer());
  async function entry(play: Play, id: string) {
    const list = await http().get(`/api/events/${play.eventId}/entries`).expect(200);
    return (
      list.body as {
        id: string;
        version: number;
        status: string;
        drawNumber: number | null;
        withdrawnAfterRound: number | null;
        withdrawalReason: string | null;
      }[]
    ).find((e) => e.id === id)!;
  }
  async function withdraw(play: Play, id: string, body: Record<string, unknown> = {}, auth = play.organizer.auth) {
    const e = await entry(play, id);
    return http()
      .post(`/api/entries/${id}/withdraw`)
      .set('Authorization', auth)
      .send({ version: e.version, ...body });
  }
  const pairingOf = (round: RoundBody, id: string) => round.pairings.find((p) => p.red.id === id || p.black?.id === id);

  it('round-robin, 10 players, withdrawal after round 2 (before half-way): the round-3 game is a forfeit, the round completes, the standings annul the entry (二章7节3)', async () => {
    const play = await playEvent(
      app,
      {
        nameZh: '循环赛',
        nameEn: 'Round robin',
        kind: 'individual',
        stages: [{ type: 'round_robin' }],
        timeControl: { baseMinutes: 60, incrementSeconds: 30 },
      },
      10,
    );
    for (let r = 1; r <= 2; r++) await playRound(app, play, await nextRound(app, play), (_g, t) => (t % 3 === 0 ? 'draw' : 'red_win'));
    const round3 = await nextRound(app, play);
    const opponent = round3.pairings[0].black!.id;
    // Every game of round 3 but table 1's.
    for (const p of round3.pairings.slice(1)) expect((await putResult(app, play.organizer.auth, p.games[0], { result: 'black_win' })).status).toBe(200);

    // An entry that played round 3 cannot leave after round 2 (its result is over the board).
    const refused = await withdraw(play, round3.pairings[1].red.id, { afterRound: 2 });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ field: 'afterRound', reason: expect.stringMatching(/played in round 3/) });
    expect((await getRound(app, round3.id)).state).toBe('published');

    // Table 1's Black leaves after round 2, its round-3 game unplayed.
    const before = await entry(play, opponent);
    const gone = await http()
      .post(`/api/entries/${opponent}/withdraw`)
      .set('Authorization', play.organizer.auth)
      .send({ version: before.version, afterRound: 2, reason: 'left the venue' });
    expect(gone.status).toBe(200);
    expect(gone.body.entry).toMatchObject({ status: 'withdrawn', withdrawnAfterRound: 2, withdrawalReason: 'left the venue' });
    // Table 1: Red against `opponent` (Black, gone after round 2): a forfeit win for Red.
    expect(gone.body.forfeits).toEqual([expect.objectContaining({ round: 3, table: round3.pairings[0].table, board: 1, result: 'red_win_forfeit' })]);
    expect(gone.body.rounds).toEqual([expect.objectContaining({ id: round3.id, state: 'completed' })]);
    const audit = await prisma.auditLog.findFirst({ where: { entity: 'game', entityId: round3.pairings[0].games[0].id }, orderBy: { at: 'desc' } });
    expect(audit?.reason).toMatch(/二章7节3.*left the venue/);
    expect((await withdraw(play, opponent, { afterRound: 2 })).status).toBe(409); // already withdrawn

    // Standings: `opponent` played 2 of 9 rounds — fewer than half: all its results annulled (二章7节3).
    const standings = await http().get(`/api/events/${play.eventId}/standings`).expect(200);
    expect(standings.body.report.excluded).toContainEqual({ entry: opponent, reason: 'results_annulled' });
    expect(standings.body.report.withdrawals).toContainEqual(
      expect.objectContaining({ entry: opponent, afterRound: 2, annulled: true, played: 2, scheduled: 9 }),
    );
    // The stored results are not rewritten: round 1's game of `opponent` keeps its result.
    const round1 = (await http().get(`/api/events/${play.eventId}/rounds`).expect(200)).body.find((r: RoundBody) => r.number === 1) as RoundBody;
    expect(pairingOf(round1, opponent)!.games[0].result).not.toBeNull();
    expect(pairingOf(round1, opponent)!.games[0].result).not.toBe('annulled');

    // Round 4: the round-robin table still lists `opponent`; its game comes with the forfeit.
    const round4 = await pairDraft(app, play);
    const p4 = pairingOf(round4, opponent)!;
    expect(p4.games[0].result).toBe(p4.red.id === opponent ? 'black_win_forfeit' : 'red_win_forfeit');
  });

  it('round-robin, 10 players, withdrawal after round 5 (half-way or more): results stand, the rest are forfeit wins (二章7节3)', async () => {
    const play = await playEvent(
      app,
      {
        nameZh: '循环赛',
        nameEn: 'Round robin',
        kind: 'individual',
        stages: [{ type: 'round_robin' }],
        timeControl: { baseMinutes: 60, incrementSeconds: 30 },
      },
      10,
    );
    for (let r = 1; r <= 5; r++) await playRound(app, play, await nextRound(app, play), (_g, t) => (t % 2 === 0 ? 'draw' : 'black_win'));
    const leaver = play.entryIds[4];
    const out = await withdraw(play, leaver, { reason: 'injury' });
    expect(out.status).toBe(200);
    expect(out.body.afterRound).toBe(5);
    const standings = await http().get(`/api/events/${play.eventId}/standings`).expect(200);
    expect(standings.body.report.excluded).toEqual([]);
    expect(standings.body.report.withdrawals).toContainEqual(
      expect.objectContaining({ entry: leaver, afterRound: 5, annulled: false, played: 5, scheduled: 9 }),
    );
    // Round 6: the table still pairs the leaver; its game comes with the forfeit (the rounds module, 二章7节3).
    const round6 = await nextRound(app, play);
    const p6 = pairingOf(round6, leaver)!;
    expect(p6.games[0].result).toBe(p6.red.id === leaver ? 'black_win_forfeit' : 'red_win_forfeit');
  });

  it('Swiss: withdrawn after round 1 (default), not paired in round 2; an unplayed round-2 game becomes a forfeit win (二章7节4); refusals', async () => {
    const play = await playEvent(app, SWISS_EVENT, 8);
    const arbiter = (await withRole(app, play, 'arbiter')).auth;
    const stranger = (await newUser(app, 'stranger')).auth;
    const round1 = await nextRound(app, play);

    const x = round1.pairings[0].red.id;
    // 401 / 403 (arbiter, stranger): withdrawals are the chief arbiter's and the organizer's.
    const v = (await entry(play, x)).version;
    expect((await http().post(`/api/entries/${x}/withdraw`).send({ version: v })).status).toBe(401);
    expect((await withdraw(play, x, {}, arbiter)).status).toBe(403);
    expect((await withdraw(play, x, {}, stranger)).status).toBe(403);
    // 400: beyond the last published round, negative; 409: stale version.
    const beyond = await withdraw(play, x, { afterRound: 2 });
    expect(beyond.status).toBe(400);
    expect(beyond.body.errors[0].field).toBe('afterRound');
    expect((await withdraw(play, x, { afterRound: -1 })).status).toBe(400);
    expect(
      (
        await http()
          .post(`/api/entries/${x}/withdraw`)
          .set('Authorization', play.organizer.auth)
          .send({ version: v + 5 })
      ).status,
    ).toBe(409);
    // afterRound 0 once the entry is paired in round 1: 400.
    expect((await withdraw(play, x, { afterRound: 0 })).status).toBe(400);

    await playRound(app, play, round1);
    const out = await withdraw(play, x, { reason: 'family emergency' });
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ afterRound: 1, forfeits: [], warnings: [] });
    expect(out.body.entry).toMatchObject({ status: 'withdrawn', withdrawnAfterRound: 1, withdrawalReason: 'family emergency' });
    expect(out.body.entry.drawNumber).not.toBeNull(); // keeps its number and its results

    // Round 2: seven players, `x` not paired; one bye.
    const round2 = await nextRound(app, play);
    expect(pairingOf(round2, x)).toBeUndefined();
    expect(round2.pairings.filter((p) => p.black === null)).toHaveLength(1);
    // The bye of round 2 cannot be taken back by a withdrawal after round 1.
    const byeHolder = round2.pairings.find((p) => p.black === null)!.red.id;
    const byeRefused = await withdraw(play, byeHolder, { afterRound: 1 });
    expect(byeRefused.status).toBe(400);
    expect(byeRefused.body.errors[0]).toMatchObject({ field: 'afterRound', reason: expect.stringMatching(/bye in round 2/) });

    // `y` leaves during round 2, before playing: its round-2 game is a forfeit win for the opponent.
    const pY = round2.pairings.find((p) => p.black !== null)!;
    const y = pY.black!.id;
    for (const p of round2.pairings.filter((q) => q !== pY && q.black !== null)) await putResult(app, arbiter, p.games[0], { result: 'draw' });
    const outY = await withdraw(play, y, { afterRound: 1, reason: 'did not come back' });
    expect(outY.status).toBe(200);
    expect(outY.body.forfeits).toEqual([expect.objectContaining({ gameId: pY.games[0].id, round: 2, result: 'red_win_forfeit' })]);
    expect(outY.body.rounds).toEqual([expect.objectContaining({ number: 2, state: 'completed' })]);
    const audit = await prisma.auditLog.findFirst({ where: { entity: 'game', entityId: pY.games[0].id }, orderBy: { at: 'desc' } });
    expect(audit?.reason).toMatch(/二章7节4.*did not come back/);

    // A player who played round 2 cannot be withdrawn after round 1.
    const z = round2.pairings.find((p) => p !== pY && p.black !== null)!.red.id;
    const refused = await withdraw(play, z, { afterRound: 1 });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].field).toBe('afterRound');

    // Round 3: six players, neither `x` nor `y`; the standings keep their results (二章7节4).
    const round3 = await nextRound(app, play);
    expect(pairingOf(round3, x)).toBeUndefined();
    expect(pairingOf(round3, y)).toBeUndefined();
    expect(round3.pairings).toHaveLength(3);
    const standings = await http().get(`/api/events/${play.eventId}/standings`).expect(200);
    expect(standings.body.report.excluded).toEqual([]);
  });

  it('before round 1 is published: as before the start (二章7节2) — the number is freed and a new draw is needed; afterRound > 0 is a 400', async () => {
    const play = await playEvent(app, SWISS_EVENT, 6);
    const x = play.entryIds[0];
    const bad = await withdraw(play, x, { afterRound: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('afterRound');
    const res = await withdraw(play, x, { reason: 'visa refused' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ redrawNeeded: true, afterRound: 0 });
    expect(res.body.entry).toMatchObject({ status: 'withdrawn', drawNumber: null, withdrawalReason: 'visa refused' });
  });

  it('team round-robin: a team leaving after round 1 loses every board of its round-2 match by forfeit (二章7节3)', async () => {
    const organizer = await newUser(app, 'organizer');
    const t = await http().post('/api/tournaments').set('Authorization', organizer.auth).send(TOURNAMENT).expect(201);
    const tournamentId = t.body.id as string;
    const event = { ...TEAM_EVENT, stages: [{ type: 'round_robin' }] };
    const eventId = (await http().post(`/api/tournaments/${tournamentId}/events`).set('Authorization', organizer.auth).send(event).expect(201)).body
      .id as string;
    const members = new Map<string, Set<string>>();
    for (let i = 0; i < 4; i++) {
      const aff = await http()
        .post(`/api/tournaments/${tournamentId}/affiliations`)
        .set('Authorization', organizer.auth)
        .send({ nameZh: `单位${i}`, nameEn: `Club ${i}` })
        .expect(201);
      const ids: string[] = [];
      for (let k = 0; k < 4; k++) {
        const p = await http()
          .post(`/api/tournaments/${tournamentId}/players`)
          .set('Authorization', organizer.auth)
          .send({ nameZh: `队员${i}-${k}`, nameEn: `M ${i}-${k}`, gender: 'male', affiliationId: aff.body.id })
          .expect(201);
        ids.push(p.body.id);
      }
      await http()
        .post(`/api/events/${eventId}/teams`)
        .set('Authorization', organizer.auth)
        .send({ affiliationId: aff.body.id, nameZh: `队${i}`, nameEn: `Team ${i}`, starters: ids.slice(0, 3), reserves: ids.slice(3) })
        .expect(201);
    }
    await http().post(`/api/events/${eventId}/draw`).set('Authorization', organizer.auth).send({ seed: 'teams' }).expect(201);
    const entries = (await http().get(`/api/events/${eventId}/entries`).expect(200)).body as { id: string; team: { members: { playerId: string }[] } }[];
    for (const e of entries) members.set(e.id, new Set(e.team.members.map((m) => m.playerId)));
    const play: Play = { tournamentId, eventId, organizer, entryIds: entries.map((e) => e.id) };

    const round1 = await nextRound(app, play);
    expect(round1.pairings[0].games).toHaveLength(3);
    const last = await playRound(app, play, round1, (g) => (g.board === 2 ? 'draw' : 'red_win'));
    expect(last.round.state).toBe('completed'); // the sixth board result completes the round
    const round2 = await nextRound(app, play);
    const match = round2.pairings.find((p) => p.black !== null)!;
    const leaving = match.black!.id;
    const out = await withdraw(play, leaving, { afterRound: 1, reason: 'team went home' });
    expect(out.status).toBe(200);
    expect(out.body.forfeits).toHaveLength(3);
    for (const f of out.body.forfeits as { gameId: string; board: number; result: string }[]) {
      const game = match.games.find((g) => g.id === f.gameId)!;
      // The leaving team's player had Red on this board → Black wins by forfeit, and vice versa (附录6 用法2).
      const leavingRed = members.get(leaving)!.has(game.red!.id);
      expect(f.result).toBe(leavingRed ? 'black_win_forfeit' : 'red_win_forfeit');
    }
    expect(out.body.forfeits.map((f: { board: number }) => f.board).sort()).toEqual([1, 2, 3]);
  });

  it('random bodies: always a 4xx, never a 500, and nothing written', async () => {
    const play = await playEvent(app, SWISS_EVENT, 6);
    await nextRound(app, play);
    const x = play.entryIds[1];
    const before = await prisma.entry.findUniqueOrThrow({ where: { id: x } });
    const body = fc.record(
      {
        // Never the entry's version (1): a well-formed body is then a 409.
        version: fc.oneof(fc.constant(0), fc.constant(3), fc.double(), fc.string(), fc.anything()).filter((v) => v !== 1),
        afterRound: fc.oneof(fc.constant(-1), fc.constant(0), fc.constant(1), fc.constant(2), fc.constant(2 ** 40), fc.double(), fc.anything()),
        reason: fc.oneof(fc.string({ maxLength: 600 }), fc.anything()),
        extra: fc.anything(),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const res = await http()
          .post(`/api/entries/${x}/withdraw`)
          .set('Authorization', play.organizer.auth)
          .send(b as object);
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 60, seed: 11 },
    );
    expect(await prisma.entry.findUniqueOrThrow({ where: { id: x } })).toEqual(before);
  });
});
