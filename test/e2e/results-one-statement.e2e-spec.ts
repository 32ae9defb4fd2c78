import { INestApplication } from '@nestjs/common';
import { Client, Notification } from 'pg';
import request from 'supertest';
import type { PrismaClient } from '../../apps/server/src/generated/prisma/client';
import { TournamentScopeService } from '../../apps/server/src/auth/tournament-scope.service';
import { GuardedClient } from '../../apps/server/src/prisma/guarded-client';
import { LIVE_CHANNEL } from '../../apps/server/src/live/notify';
import { gameAudit } from '../../apps/server/src/results/play-effects';
import { createPrismaClient, testDatabaseUrl } from '../support/database';
import { newUser, startTestApp, SWISS_EVENT } from './http-helpers';
import { getRound, nextRound, Play, playEvent, playRound, putResult, RoundBody, withRole } from './results-helpers';

/**
 * Issue 13's hot path, written out: a plain result (published round, no round N+1, no knockout
 * match) is read, updated, audited and announced in one statement, and the access guard asks
 * session, tournament and role in one. These pin down that the short way writes exactly what the
 * long way did — the game row, AuditService's row with gameAudit's pictures, the NOTIFY — and that
 * nothing is cached: a logout or a revoked role counts at the very next request.
 */
describe('result entry in one statement', () => {
  let app: INestApplication;
  let prisma: PrismaClient;
  let play: Play;
  let round1: RoundBody;
  let arbiter: { auth: string; id: string };
  let listener: Client;
  const heard: Notification[] = [];

  beforeAll(async () => {
    app = await startTestApp();
    prisma = createPrismaClient();
    play = await playEvent(app, SWISS_EVENT, 8);
    arbiter = await withRole(app, play, 'arbiter');
    round1 = await nextRound(app, play);
    listener = new Client({ connectionString: testDatabaseUrl() });
    await listener.connect();
    listener.on('notification', (n) => heard.push(n));
    await listener.query(`LISTEN ${LIVE_CHANNEL}`);
  });

  afterAll(async () => {
    await listener.end();
    await prisma.$disconnect();
    await app.close();
  });

  const gameAt = (table: number) => round1.pairings.find((p) => p.table === table)!.games[0];

  /** What the long way's AuditService.record stored: gameAudit of the row before and after. */
  async function expectedAudit(gameId: string, after: { result: string; penaltyReason: string | null }) {
    const g = await prisma.game.findUniqueOrThrow({ where: { id: gameId }, include: { pairing: { include: { round: true } } } });
    const where = { round: g.pairing.round.number, table: g.pairing.table };
    return {
      before: JSON.parse(JSON.stringify(gameAudit(g, where))),
      after: JSON.parse(
        JSON.stringify(
          gameAudit(
            { ...g, ...after, result: after.result as typeof g.result, penaltyReason: after.penaltyReason as typeof g.penaltyReason, version: g.version + 1 },
            where,
          ),
        ),
      ),
    };
  }

  async function heardFor(eventId: string, since: number): Promise<string[]> {
    for (let i = 0; i < 40 && heard.length === since; i++) await new Promise((r) => setTimeout(r, 50));
    return heard
      .slice(since)
      .filter((n) => n.channel === LIVE_CHANNEL && n.payload?.includes(eventId))
      .map((n) => n.payload!);
  }

  it('writes the game, the audit row of gameAudit before and after, and one NOTIFY, as the long way did', async () => {
    const g = gameAt(1);
    const expected = await expectedAudit(g.id, { result: 'red_win', penaltyReason: null });
    const since = heard.length;
    const res = await putResult(app, arbiter.auth, g, { result: 'red_win' });
    expect(res.status).toBe(200);
    expect(res.body.game).toMatchObject({ id: g.id, result: 'red_win', penaltyReason: null, version: g.version + 1 });

    const stored = await prisma.game.findUniqueOrThrow({ where: { id: g.id } });
    expect(stored).toMatchObject({ result: 'red_win', penaltyReason: null, resultEnteredById: arbiter.id, version: g.version + 1 });
    // The response's time is the stored one (UTC, milliseconds), and updatedAt moved with it.
    expect(stored.resultEnteredAt!.toISOString()).toBe(res.body.game.resultEnteredAt);
    expect(stored.updatedAt.toISOString()).toBe(res.body.game.resultEnteredAt);

    const audit = await prisma.auditLog.findMany({ where: { entity: 'game', entityId: g.id } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: arbiter.id, tournamentId: play.tournamentId, action: 'update', reason: null });
    expect(audit[0].before).toEqual(expected.before);
    expect(audit[0].after).toEqual(expected.after);

    // From the EventChange trigger (live/notify.ts): the game's statement changed the 'games' part.
    expect((await heardFor(play.eventId, since)).map((p) => JSON.parse(p))).toEqual([{ eventId: play.eventId, kind: 'games' }]);
  });

  it('a penalty with its reason and a trimmed comment; a stale version is a 409 that writes nothing', async () => {
    const g = gameAt(2);
    const expected = await expectedAudit(g.id, { result: 'black_win_penalty', penaltyReason: 'device' });
    const res = await putResult(app, arbiter.auth, g, { result: 'black_win_penalty', penaltyReason: 'device', reason: '  phone rang  ' });
    expect(res.status).toBe(200);
    const [audit] = await prisma.auditLog.findMany({ where: { entity: 'game', entityId: g.id } });
    expect(audit).toMatchObject({ reason: 'phone rang', before: expected.before, after: expected.after });

    const stale = await putResult(app, arbiter.auth, g, { result: 'draw' });
    expect(stale.status).toBe(409);
    expect(stale.body.currentVersion).toBe(g.version + 1);
    expect(await prisma.auditLog.count({ where: { entity: 'game', entityId: g.id } })).toBe(1);
    expect(await prisma.game.findUniqueOrThrow({ where: { id: g.id } })).toMatchObject({ result: 'black_win_penalty', version: g.version + 1 });
  });

  it('the guard asks at every request: a logout is a 401 and a revoked role a 403 at once; no such game is a 404', async () => {
    const who = await withRole(app, play, 'arbiter');
    const g = gameAt(3);
    expect((await putResult(app, who.auth, { id: '00000000-0000-4000-8000-000000000000', version: 1 }, { result: 'draw' })).body).toMatchObject({
      statusCode: 404,
      code: 'resource.missing',
      field: 'gameId',
      message: 'no such game',
    });
    const ok = await putResult(app, who.auth, g, { result: 'draw' });
    expect(ok.status).toBe(200);

    const role = await prisma.tournamentRole.findFirstOrThrow({ where: { tournamentId: play.tournamentId, userId: who.id, role: 'arbiter' } });
    await request(app.getHttpServer()).delete(`/api/tournaments/${play.tournamentId}/roles/${role.id}`).set('Authorization', play.organizer.auth).expect(204);
    const revoked = await putResult(app, who.auth, ok.body.game, { result: 'red_win' });
    expect(revoked.status).toBe(403);

    const other = await newUser(app, 'arbiter-out');
    await request(app.getHttpServer()).post('/api/auth/logout').set('Authorization', arbiter.auth).expect(204);
    expect((await putResult(app, arbiter.auth, ok.body.game, { result: 'red_win' })).status).toBe(401);
    expect((await putResult(app, other.auth, ok.body.game, { result: 'red_win' })).status).toBe(403);
    expect(await prisma.game.findUniqueOrThrow({ where: { id: g.id } })).toMatchObject({ result: 'draw', version: g.version + 1 });
  });

  it("the guard's one statement finds the same tournament as the scope lookup, for each kind of id", async () => {
    const scope = app.get(TournamentScopeService);
    const organizerToken = play.organizer.auth.slice('Bearer '.length);
    const pairing = round1.pairings[0];
    const player = await prisma.player.findFirstOrThrow({ where: { tournamentId: play.tournamentId } });
    const ids: Record<string, string> = {
      tournamentId: play.tournamentId,
      eventId: play.eventId,
      entryId: play.entryIds[0],
      playerId: player.id,
      roundId: round1.id,
      pairingId: pairing.id,
      gameId: pairing.games[0].id,
    };
    for (const [param, id] of Object.entries(ids)) {
      const resource = scope.resourceOf({ [param]: id })!;
      expect(await scope.tournamentIdFor({ [param]: id })).toBe(play.tournamentId);
      const access = await scope.access(organizerToken, resource);
      expect(access).toMatchObject({ user: { id: play.organizer.id }, tournamentId: play.tournamentId });
      expect(access!.roles).toContain('organizer');
      expect(access!.roles).not.toContain('appeals_member');
      const missing = scope.resourceOf({ [param]: '00000000-0000-4000-8000-000000000000' })!;
      expect(await scope.access(organizerToken, missing)).toMatchObject({ tournamentId: null, roles: [] });
      await expect(scope.tournamentIdFor({ [param]: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({ status: 404 });
    }
    expect(await scope.access('not a token', scope.resourceOf(ids)!)).toBeNull();
  });

  // Issue 29 #4: the result sheet reads the round from the one event model (EventCache), not a
  // second way. A result typed on the sheet costs what the API's write costs, plus the one
  // statement that checks the held event is current (the overwrite question must see a result
  // entered a moment ago). Before: 17 statements against the API's 6. Counted where every
  // statement of the server passes (GuardedClient, as bigopen-cached-page does); each page figure
  // is the least of two tries, so a background job's statement cannot fail it.
  it('a result typed on the result sheet costs the API write path and one statement more (the held event checked)', async () => {
    await playRound(app, play, await getRound(app, round1.id, play.organizer.auth));
    const round2 = await nextRound(app, play);
    const who = await withRole(app, play, 'arbiter');
    const login = await request(app.getHttpServer()).post('/login').type('form').send({ email: who.email, password: 'correct horse battery' }).expect(303);
    const cookie = ([] as string[])
      .concat(login.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('chuhe_session='))!
      .split(';')[0];
    const sheet = `/rounds/${round2.id}/results?lang=en`;
    let statements = 0;
    const proto = GuardedClient.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
    const original = proto.inTurn;
    const spy = jest.spyOn(proto, 'inTurn').mockImplementation(function (this: unknown, ...args: unknown[]) {
      statements++;
      return original.apply(this, args);
    });
    const counted = async (f: () => PromiseLike<request.Response>, status: number) => {
      const before = statements;
      expect((await f()).status).toBe(status);
      return statements - before;
    };
    try {
      const page: number[] = [];
      for (const p of round2.pairings.slice(0, 2)) {
        const html = await request(app.getHttpServer()).get(sheet).set('Cookie', cookie).expect(200);
        const csrf = /name="_csrf" value="([^"]+)"/.exec(html.text)![1];
        page.push(
          await counted(
            () =>
              request(app.getHttpServer())
                .post(sheet)
                .set('Cookie', cookie)
                .type('form')
                .send({ _csrf: csrf, entry: `${p.table} 1` }),
            303,
          ),
        );
      }
      const api = await counted(() => putResult(app, who.auth, round2.pairings[2].games[0], { result: 'draw' }), 200);
      expect(Math.min(...page)).toBeLessThanOrEqual(api + 1);
    } finally {
      spy.mockRestore();
    }
    // The sheet's two results were written (the count measured real writes).
    for (const p of round2.pairings.slice(0, 2))
      expect(await prisma.game.findUniqueOrThrow({ where: { id: p.games[0].id } })).toMatchObject({ result: 'red_win' });
  });
});
