import { INestApplication } from '@nestjs/common';
import { AddressInfo } from 'node:net';
import request from 'supertest';
import { createPrismaClient, testDatabaseUrl } from '../support/database';
import { grantRole, newUser, startTestApp, SWISS_EVENT, TEAM_EVENT } from './http-helpers';
import { openStream, publishTournament } from './live-helpers';
import { getRound, nextRound, pairDraft, Play, playEvent, publish, putResult, RoundBody } from './results-helpers';
import { drawnEvent, PlayEvent } from './rounds-helpers';

/**
 * Issue 22, "every change reaches live viewers": the live notification comes from the EventChange
 * trigger (migration event_change_notify), not from calls placed by hand in some services, so each
 * kind of change — a result, a reschedule, a sanction that changes no result, a name edit, an
 * import, a publication, a lineup — reaches the event's viewers, and as exactly one frame.
 */
describe('every change reaches live viewers as one frame', () => {
  let app: INestApplication;
  let port: number;
  let play: Play;
  let round: RoundBody;
  const prisma = createPrismaClient(testDatabaseUrl());
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await startTestApp();
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as AddressInfo).port;
    play = await playEvent(app, SWISS_EVENT, 6);
    round = await nextRound(app, play);
  }, 300_000);

  afterAll(async () => {
    await prisma.$disconnect();
    await app.close();
  });

  /** Watches `eventId`, makes the change, and returns the change frames heard until a second after it. */
  async function framesOf(eventId: string, change: () => Promise<unknown>): Promise<{ kinds: string[] }[]> {
    const viewer = openStream(port, `/api/events/${eventId}/live`);
    await viewer.ready;
    await viewer.next((f) => f.event === 'hello');
    await change();
    await viewer.next((f) => f.event === 'change', 5000).catch(() => undefined);
    // Longer than the coalescing window (200 ms) several times over: a second frame would be here.
    await new Promise((r) => setTimeout(r, 1000));
    viewer.close();
    return viewer.frames.filter((f) => f.event === 'change').map((f) => JSON.parse(f.data) as { kinds: string[] });
  }

  it('a result', async () => {
    const game = round.pairings[0].games[0];
    const frames = await framesOf(play.eventId, async () => expect((await putResult(app, play.organizer.auth, game, { result: 'red_win' })).status).toBe(200));
    expect(frames).toEqual([{ version: expect.any(String), kinds: ['games'] }]);
  });

  it('a reschedule', async () => {
    const now = await getRound(app, round.id);
    const frames = await framesOf(play.eventId, () =>
      http()
        .patch(`/api/rounds/${round.id}`)
        .set('Authorization', play.organizer.auth)
        .send({ version: now.version, scheduledAt: '2026-12-02T09:30:00.000Z' })
        .expect(200),
    );
    expect(frames).toEqual([{ version: expect.any(String), kinds: ['rounds'] }]);
  });

  it('a sanction that changes no result (one technical foul)', async () => {
    const game = round.pairings[1].games[0];
    const frames = await framesOf(play.eventId, async () => {
      const res = await http()
        .post(`/api/games/${game.id}/sanctions`)
        .set('Authorization', play.organizer.auth)
        .send({ playerId: game.red!.id, kind: 'technical_foul' });
      expect(res.status).toBe(201);
      expect((await prisma.game.findUniqueOrThrow({ where: { id: game.id } })).result).toBeNull();
    });
    expect(frames).toHaveLength(1);
    expect(frames[0].kinds).toContain('sanctions');
  });

  it('a player’s name edited', async () => {
    const entry = await prisma.entry.findUniqueOrThrow({ where: { id: play.entryIds[0] }, include: { player: true } });
    const frames = await framesOf(play.eventId, () =>
      http()
        .patch(`/api/players/${entry.playerId}`)
        .set('Authorization', play.organizer.auth)
        .send({ version: entry.player!.version, nameEn: 'Renamed Player' })
        .expect(200),
    );
    expect(frames).toEqual([{ version: expect.any(String), kinds: ['entries'] }]);
  });

  it('a CSV import of players into the tournament', async () => {
    const frames = await framesOf(play.eventId, () =>
      http()
        .post(`/api/tournaments/${play.tournamentId}/import/players`)
        .set('Authorization', play.organizer.auth)
        .send({ csv: 'name_zh,name_en,gender\n甲,Jia,male\n乙,Yi,female' })
        .expect(201),
    );
    expect(frames).toHaveLength(1);
    expect(frames[0].kinds).toContain('entries');
  });

  it('a publication (the draft before it is a change of its own)', async () => {
    for (const p of (await getRound(app, round.id)).pairings)
      for (const g of p.games) if (g.result === null && g.black) expect((await putResult(app, play.organizer.auth, g, { result: 'draw' })).status).toBe(200);
    const draft = await pairDraft(app, play);
    await new Promise((r) => setTimeout(r, 400));
    const frames = await framesOf(play.eventId, () => publish(app, play, draft));
    expect(frames).toEqual([{ version: expect.any(String), kinds: ['rounds'] }]);
  });

  it('a rolled-back change: none', async () => {
    const game = round.pairings[2].games[0];
    const frames = await framesOf(play.eventId, async () =>
      expect((await putResult(app, play.organizer.auth, { id: game.id, version: game.version + 7 }, { result: 'draw' })).status).toBe(409),
    );
    expect(frames).toEqual([]);
  });

  it('lineups: the first one is secret (附录1 #8: nothing public changes, no frame), the second releases both — one frame', async () => {
    const team: PlayEvent = await drawnEvent(app, { ...TEAM_EVENT, nameZh: '团体直播', nameEn: 'Live teams' }, 2);
    const scheduledAt = new Date(Date.now() + 3 * 3600_000).toISOString();
    const draft = await http().post(`/api/events/${team.eventId}/rounds`).set('Authorization', team.organizer.auth).send({ scheduledAt }).expect(201);
    const pub = await http()
      .post(`/api/rounds/${draft.body.id}/publish`)
      .set('Authorization', team.organizer.auth)
      .send({ version: draft.body.version })
      .expect(200);
    const match = pub.body.pairings[0] as { id: string; red: { id: string }; black: { id: string } };
    const handIn = async (entryId: string) => {
      const entry = await prisma.entry.findUniqueOrThrow({ where: { id: entryId }, include: { team: { include: { members: true } } } });
      const captain = await newUser(app, 'captain');
      await grantRole(app, team.organizer.auth, team.tournamentId, captain, 'team_captain', entry.teamId!);
      const starters = entry
        .team!.members.filter((m) => m.role === 'starter')
        .sort((a, b) => a.board! - b.board!)
        .map((m) => m.playerId);
      return () => http().put(`/api/pairings/${match.id}/lineups/${entryId}`).set('Authorization', captain.auth).send({ players: starters }).expect(200);
    };
    const red = await handIn(match.red.id);
    const black = await handIn(match.black.id);
    await publishTournament(app, team);
    await new Promise((r) => setTimeout(r, 400));
    const card = async () => (await http().get(`/pairings/${match.id}`).expect(200)).headers.etag as string;
    const secret = await card();
    expect(await framesOf(team.eventId, red)).toEqual([]);
    expect(await card()).toBe(secret);
    const released = await framesOf(team.eventId, black);
    expect(released).toHaveLength(1);
    expect(released[0].kinds).toEqual(['games']);
    // The match card moved on with it (its ETag counts the release, not only changed players).
    expect(await card()).not.toBe(secret);
  }, 300_000);
});
