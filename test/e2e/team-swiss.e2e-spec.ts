// Issue 10's proof: a 12-team, 7-round team Swiss (附录1's format) through HTTP on a real
// PostgreSQL — captains hand in lineups (some late: their teams play the starters, one reserve on
// board 2), arbiters enter the board results, one whole team forfeits; after every round the
// server's standings equal `chuhe standings --json` on the exported tournament file.
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { seededRandom } from '@chuhe/registration';
import { createPrismaClient, testDatabaseUrl } from '../support/database';
import { grantRole, newUser, startTestApp, TEAM_EVENT } from './http-helpers';
import { cliStandings } from './play-files';
import { drawnEvent, PlayEvent, withRole } from './rounds-helpers';

jest.setTimeout(600_000);

interface Board {
  id: string;
  board: number;
  kind: string;
  red: { id: string } | null;
  black: { id: string } | null;
  result: string | null;
  version: number;
}

describe('issue 10 proof: a 12-team, 7-round team Swiss with lineups', () => {
  let app: INestApplication;
  let play: PlayEvent;
  const prisma = createPrismaClient(testDatabaseUrl());
  const api = () => request(app.getHttpServer());
  const captains = new Map<string, string>(); // entry id → auth
  const roster = new Map<string, { starters: string[]; reserve: string }>();
  let arbiter: { auth: string };

  beforeAll(async () => {
    app = await startTestApp();
    play = await drawnEvent(app, { ...TEAM_EVENT, nameZh: '团体积分编排', nameEn: 'Team Swiss' }, 12);
    const entries = await prisma.entry.findMany({ where: { eventId: play.eventId }, include: { team: { include: { members: true } } } });
    for (const e of entries) {
      const captain = await newUser(app, 'captain');
      await grantRole(app, play.organizer.auth, play.tournamentId, captain, 'team_captain', e.teamId!);
      captains.set(e.id, captain.auth);
      const starters = e
        .team!.members.filter((m) => m.role === 'starter')
        .sort((a, b) => a.board! - b.board!)
        .map((m) => m.playerId);
      roster.set(e.id, { starters, reserve: e.team!.members.find((m) => m.role === 'reserve')!.playerId });
    }
    arbiter = await withRole(app, play, 'arbiter');
  });

  afterAll(async () => {
    await prisma.$disconnect();
    await app.close();
  });

  it('runs to the end; lineups, defaults and a team forfeit show in the boards; standings = chuhe standings', async () => {
    const random = seededRandom('team-swiss-issue-10');
    let reserveOnBoard2 = 0;
    let defaults = 0;
    for (let r = 1; r <= 7; r++) {
      const draft = await api()
        .post(`/api/events/${play.eventId}/rounds`)
        .set('Authorization', play.organizer.auth)
        .send({ scheduledAt: new Date(Date.now() + 3 * 3600_000).toISOString() })
        .expect(201);
      const published = (
        await api().post(`/api/rounds/${draft.body.id}/publish`).set('Authorization', play.organizer.auth).send({ version: draft.body.version }).expect(200)
      ).body;
      const expected = new Map<string, string[]>(); // entry id → lineup handed in
      for (const p of published.pairings as { id: string; red: { id: string }; black: { id: string } | null }[]) {
        if (!p.black) continue;
        for (const entry of [p.red.id, p.black.id]) {
          if (random() < 0.25) continue; // late: plays the starters after the deadline
          const { starters, reserve } = roster.get(entry)!;
          const players = random() < 0.3 ? [starters[0], reserve, starters[2]] : [...starters];
          await api().put(`/api/pairings/${p.id}/lineups/${entry}`).set('Authorization', captains.get(entry)!).send({ players }).expect(200);
          expected.set(entry, players);
        }
      }
      // The round starts in 10 minutes: the 30-minute deadline (附录1 #8) has passed.
      const round = (await api().get(`/api/rounds/${published.id}`).expect(200)).body;
      await api()
        .patch(`/api/rounds/${published.id}`)
        .set('Authorization', play.organizer.auth)
        .send({ version: round.version, scheduledAt: new Date(Date.now() + 10 * 60_000).toISOString() })
        .expect(200);

      for (const [k, p] of (published.pairings as { id: string; red: { id: string }; black: { id: string } | null }[]).entries()) {
        if (!p.black) continue;
        const card = (await api().get(`/api/pairings/${p.id}/match-card`).expect(200)).body;
        expect(card.released).toBe(true);
        for (const [side, entry] of [
          ['red', p.red.id],
          ['black', p.black.id],
        ] as const) {
          const lineup = card[side].lineup;
          const players = lineup.players.map((x: { id: string }) => x.id);
          if (expected.has(entry)) expect(players).toEqual(expected.get(entry));
          else {
            expect(lineup.source).toBe('default_starters');
            expect(players).toEqual(roster.get(entry)!.starters);
            defaults++;
          }
          // 附录6 用法2: the first-listed team is Red on boards 1 and 3, Black on board 2.
          const onBoard = (b: number) => (card.boards as Board[]).find((g) => g.board === b)!;
          const first = side === 'red';
          expect(onBoard(1)[first ? 'red' : 'black']!.id).toBe(players[0]);
          expect(onBoard(2)[first ? 'black' : 'red']!.id).toBe(players[1]);
          expect(onBoard(3)[first ? 'red' : 'black']!.id).toBe(players[2]);
          if (players[1] === roster.get(entry)!.reserve) reserveOnBoard2++;
        }
        if (r === 3 && k === 0) {
          await api()
            .post(`/api/pairings/${p.id}/team-forfeit`)
            .set('Authorization', arbiter.auth)
            .send({ absent: [p.black.id], reason: 'bus broke down' })
            .expect(200);
          continue;
        }
        for (const g of card.boards as Board[]) {
          const x = random();
          const result = x < 0.04 ? 'red_win_forfeit' : x < 0.45 ? 'red_win' : x < 0.75 ? 'black_win' : 'draw';
          await api().put(`/api/games/${g.id}/result`).set('Authorization', arbiter.auth).send({ result, version: g.version }).expect(200);
        }
      }
      expect((await api().get(`/api/rounds/${published.id}`).expect(200)).body.state).toBe('completed');
      const file = (await api().get(`/api/events/${play.eventId}/tournament-file`).expect(200)).body;
      const server = (await api().get(`/api/events/${play.eventId}/standings`).expect(200)).body;
      expect(server.afterRound).toBe(r);
      expect(server.report).toEqual(await cliStandings(file));
    }
    expect(reserveOnBoard2).toBeGreaterThan(0);
    expect(defaults).toBeGreaterThan(0);
    const final = (await api().get(`/api/events/${play.eventId}/standings`).expect(200)).body.report;
    // 附录1 #12 chain on 场分: every team's 7 matches are in, with 场分 and 局分.
    expect(final.rows).toHaveLength(12);
    expect(final.teamMatches.some((m: { kind: string }) => m.kind === 'forfeit')).toBe(true);
    const report = (await api().get(`/api/events/${play.eventId}/team-report`).expect(200)).body;
    expect(report.teams.every((t: { rounds: unknown[] }) => t.rounds.length === 7)).toBe(true);
    expect(report.boardPrizes[0].rows.length).toBeGreaterThan(0);
    const reserves = (report.players as { starterBoard: number | null; countedBoard: number | null; boards: unknown[] }[]).filter(
      (p) => p.starterBoard === null && p.boards.length > 0,
    );
    expect(reserves.length).toBeGreaterThan(0);
    expect(reserves.every((p) => p.countedBoard !== null)).toBe(true);
  });
});
