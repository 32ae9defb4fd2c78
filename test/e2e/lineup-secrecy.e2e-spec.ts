// Issue 23 #3: a lineup the chief arbiter sets stays secret until release (附录1 #8) on every
// GET route — the secrecy diff. Every GET route the application serves (listed from its
// controllers, so none is forgotten) is read before and after the chief arbiter's lineup, by the
// people it must stay hidden from: anonymous, the opposing captain, an appeals committee member.
// The lineup puts the reserve on board 2; no answer may name the reserve more often afterwards.
import { INestApplication } from '@nestjs/common';
import { createHash } from 'node:crypto';
import request from 'supertest';
import { createPrismaClient, testDatabaseUrl } from '../support/database';
import { listRoutes } from './authorization-route-table';
import { grantRole, newUser, startTestApp, TEAM_EVENT } from './http-helpers';
import { drawnEvent, withRole } from './rounds-helpers';

describe('the secrecy diff: a chief arbiter’s lineup before release', () => {
  let app: INestApplication;
  const prisma = createPrismaClient(testDatabaseUrl());
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await prisma.$disconnect();
    await app.close();
  });

  it('no GET route answers differently about the lineup’s players, for anonymous, the opponent’s captain or the committee', async () => {
    const play = await drawnEvent(app, { ...TEAM_EVENT, nameZh: '排阵保密', nameEn: 'Lineup secrecy' }, 4);
    const entries = await prisma.entry.findMany({
      where: { eventId: play.eventId },
      include: { team: { include: { members: { include: { player: true } } } } },
    });
    const chief = await withRole(app, play, 'chief_arbiter');
    const appeals = await withRole(app, play, 'appeals_member');
    const scheduledAt = new Date(Date.now() + 3 * 3600_000).toISOString();
    const draft = await http().post(`/api/events/${play.eventId}/rounds`).set('Authorization', play.organizer.auth).send({ scheduledAt }).expect(201);
    const round = (
      await http().post(`/api/rounds/${draft.body.id}/publish`).set('Authorization', play.organizer.auth).send({ version: draft.body.version }).expect(200)
    ).body;
    const match = round.pairings[0] as { id: string; red: { id: string }; black: { id: string }; games: { id: string }[] };
    const red = entries.find((e) => e.id === match.red.id)!;
    const starters = red.team!.members.filter((m) => m.role === 'starter').sort((a, b) => a.board! - b.board!);
    const reserve = red.team!.members.find((m) => m.role === 'reserve')!;
    const opponent = await newUser(app, 'opponent');
    await grantRole(app, play.organizer.auth, play.tournamentId, opponent, 'team_captain', entries.find((e) => e.id === match.black.id)!.teamId!);

    const ids: Record<string, string> = {
      tournamentId: play.tournamentId,
      eventId: play.eventId,
      roundId: round.id,
      number: '1',
      pairingId: match.id,
      gameId: match.games[0].id,
      entryId: red.id,
      teamId: red.teamId!,
      playerId: reserve.playerId,
    };
    const routes = listRoutes(app)
      .filter((r) => r.method === 'get' && !/\/live$|^\/api\/docs/.test(r.path))
      .map((r) => ({ ...r, url: r.path.replace(/:([A-Za-z]+)/g, (_, name: string) => ids[name] ?? `:${name}`) }))
      .filter((r) => !r.url.includes(':'));
    expect(routes.length).toBeGreaterThan(30);
    const viewers: [string, string | undefined][] = [
      ['anonymous', undefined],
      ['opposing captain', opponent.auth],
      ['appeals member', appeals.auth],
    ];
    const needles = [reserve.playerId, reserve.player.nameZh, reserve.player.nameEn];
    const read = async () => {
      const out = new Map<string, { status: number; count: number }>();
      for (const route of routes)
        for (const [who, auth] of viewers) {
          const req = http()
            .get(route.url)
            .set('Accept', route.path.startsWith('/api') ? 'application/json' : 'text/html');
          const res = await (auth ? req.set('Authorization', auth) : req);
          const text = res.text ?? JSON.stringify(res.body);
          out.set(`${who} GET ${route.url}`, { status: res.status, count: needles.reduce((n, needle) => n + text.split(needle).length - 1, 0) });
        }
      return out;
    };

    const before = await read();
    const lineup = [starters[0].playerId, reserve.playerId, starters[2].playerId];
    await http()
      .put(`/api/pairings/${match.id}/lineups/${red.id}`)
      .set('Authorization', chief.auth)
      .send({ players: lineup, reason: 'the captain is delayed (附录1 #8)' })
      .expect(200);
    const after = await read();

    // The audit's seal is keyed (HMAC under the server secret): the committee cannot test guesses against it.
    const audit = (await http().get(`/api/tournaments/${play.tournamentId}/audit`).query({ entity: 'lineup' }).set('Authorization', appeals.auth).expect(200))
      .body.items as { after: { seal?: string } }[];
    expect(audit[0].after.seal).toMatch(/^[0-9a-f]{64}$/);
    expect(audit[0].after.seal).not.toBe(createHash('sha256').update(lineup.join(',')).digest('hex'));
    expect(JSON.stringify(audit)).not.toContain(reserve.playerId);

    const leaks = [...after]
      .filter(([key, a]) => a.count > (before.get(key)?.count ?? 0) || a.status !== before.get(key)?.status)
      .map(([key, a]) => `${key}: ${before.get(key)?.status}→${a.status}, reserve named ${before.get(key)?.count}→${a.count}`);
    expect(leaks).toEqual([]);
    // Released (the other lineup is in): now the boards show it.
    await http()
      .put(`/api/pairings/${match.id}/lineups/${match.black.id}`)
      .set('Authorization', opponent.auth)
      .send({
        players: entries
          .find((e) => e.id === match.black.id)!
          .team!.members.filter((m) => m.role === 'starter')
          .sort((a, b) => a.board! - b.board!)
          .map((m) => m.playerId),
      })
      .expect(200);
    const shown = (await http().get(`/api/rounds/${round.id}`).expect(200)).body;
    expect(JSON.stringify(shown.pairings)).toContain(reserve.playerId);
  }, 300_000);

  it('the committee’s audit log leaves out draft pairings; the chief arbiter’s has them', async () => {
    const play = await drawnEvent(app, { ...TEAM_EVENT, nameZh: '草稿', nameEn: 'Drafts' }, 4);
    const chief = await withRole(app, play, 'chief_arbiter');
    const appeals = await withRole(app, play, 'appeals_member');
    const draft = await http().post(`/api/events/${play.eventId}/rounds`).set('Authorization', play.organizer.auth).send({}).expect(201);
    const rows = async (auth: string) =>
      JSON.stringify((await http().get(`/api/tournaments/${play.tournamentId}/audit`).query({ limit: 500 }).set('Authorization', auth).expect(200)).body.items);
    expect(await rows(chief.auth)).toContain(draft.body.id);
    expect(await rows(appeals.auth)).not.toContain(draft.body.id);
    await http().post(`/api/rounds/${draft.body.id}/publish`).set('Authorization', play.organizer.auth).send({ version: draft.body.version }).expect(200);
    expect(await rows(appeals.auth)).toContain(draft.body.id);
  }, 300_000);
});
