// Team events with two games per board (二章5节4) over HTTP on a real PostgreSQL: a 6-team
// round-robin with gamesPerPairing 2. Each board has two games (Game.leg 1 and 2, the second with
// the colours reversed); 大分 per board 2/1/0 decides the match, then 小分. After every round the
// server's standings equal `chuhe standings --json` on the exported tournament file.
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { seededRandom } from '@chuhe/registration';
import { createPrismaClient, testDatabaseUrl } from '../support/database';
import { grantRole, newUser, startTestApp } from './http-helpers';
import { cliStandings } from './play-files';
import { drawnEvent, pairAndPublish, PlayEvent, withRole } from './rounds-helpers';

jest.setTimeout(300_000);

interface Game {
  id: string;
  board: number;
  leg: number;
  kind: string;
  red: { id: string } | null;
  black: { id: string } | null;
  result: string | null;
  version: number;
}
interface Match {
  id: string;
  table: number | null;
  red: { id: string };
  black: { id: string } | null;
  games: Game[];
}

describe('team events with two games per board (二章5节4)', () => {
  let app: INestApplication;
  let play: PlayEvent;
  const prisma = createPrismaClient(testDatabaseUrl());
  const http = () => request(app.getHttpServer());
  const members = new Map<string, { starters: string[]; reserve: string }>(); // entry id → players
  const captains = new Map<string, { auth: string }>();
  let arbiter: { auth: string };
  /** The last round's matches (round 5): board 1 of the first match is drawn twice, for the sanctions below. */
  let lastRound: Match[] = [];

  beforeAll(async () => {
    app = await startTestApp();
    play = await drawnEvent(
      app,
      {
        nameZh: '团体双局循环',
        nameEn: 'Team RR, 2 games',
        kind: 'team',
        gamesPerPairing: 2,
        stages: [{ type: 'round_robin' }],
        timeControl: { baseMinutes: 60, incrementSeconds: 30 },
      },
      6,
    );
    const entries = await prisma.entry.findMany({ where: { eventId: play.eventId }, include: { team: { include: { members: true } } } });
    for (const e of entries) {
      const starters = e
        .team!.members.filter((m) => m.role === 'starter')
        .sort((a, b) => a.board! - b.board!)
        .map((m) => m.playerId);
      members.set(e.id, { starters, reserve: e.team!.members.find((m) => m.role === 'reserve')!.playerId });
      const captain = await newUser(app, 'captain');
      await grantRole(app, play.organizer.auth, play.tournamentId, captain, 'team_captain', e.teamId!);
      captains.set(e.id, captain);
    }
    arbiter = await withRole(app, play, 'arbiter');
  });

  afterAll(async () => {
    await prisma.$disconnect();
    await app.close();
  });

  /** The match card as an arbiter sees it (a match without both lineups is secret to the public until the deadline, 附录1 #8). */
  const card = (pairingId: string) => http().get(`/api/pairings/${pairingId}/match-card`).set('Authorization', arbiter.auth).expect(200);
  /** The first-listed team (pairing red) plays Red on odd boards in leg 1 (附录6 用法2), reversed in leg 2 (二章5节4). */
  const firstIsRed = (g: { board: number; leg: number }) => (g.board % 2 === 1) === (g.leg === 1);

  async function put(g: Game, result: string) {
    const res = await http().put(`/api/games/${g.id}/result`).set('Authorization', arbiter.auth).send({ version: g.version, result });
    if (res.status !== 200) throw new Error(`result: ${res.status} ${JSON.stringify(res.body)}`);
  }

  async function standingsAgree(n: number) {
    const file = (await http().get(`/api/events/${play.eventId}/tournament-file`).expect(200)).body;
    expect(file.options).toMatchObject({ eventKind: 'team', gamesPerPairing: 2, boards: 3 });
    for (const r of file.rounds) for (const p of r.pairings) expect(p.games.map((g: { board: number }) => g.board)).toEqual([1, 1, 2, 2, 3, 3]);
    const server = (await http().get(`/api/events/${play.eventId}/standings`).expect(200)).body;
    expect(server.afterRound).toBe(n);
    expect(server.report).toEqual(await cliStandings(file));
    return server;
  }

  it('a 6-team round-robin: six games per match, leg 2 reversed, 大分 then 小分, standings equal to chuhe standings after every round', async () => {
    const random = seededRandom('team-two-games');
    const results = ['red_win', 'black_win', 'draw', 'red_win', 'black_win', 'draw', 'red_win_forfeit'];
    for (let r = 1; r <= 5; r++) {
      // Round 1: lineups due in 3 hours (match 1's captains hand theirs in), then the round starts (the deadline passes).
      const round = await pairAndPublish(app, play, undefined, r === 1 ? { scheduledAt: new Date(Date.now() + 3 * 3600_000).toISOString() } : undefined);
      const matches = round.pairings as unknown as Match[];
      expect(matches).toHaveLength(3);
      for (const m of matches) {
        expect(m.games.map((g) => [g.board, g.leg])).toEqual([
          [1, 1],
          [1, 2],
          [2, 1],
          [2, 2],
          [3, 1],
          [3, 2],
        ]);
        const a = members.get(m.red.id)!.starters;
        const b = members.get(m.black!.id)!.starters;
        for (const g of m.games) {
          // The starters in board order; leg 2 swaps the colours of leg 1.
          const [red, black] = firstIsRed(g) ? [a[g.board - 1], b[g.board - 1]] : [b[g.board - 1], a[g.board - 1]];
          expect([g.red?.id, g.black?.id]).toEqual([red, black]);
        }
      }

      if (r === 1) {
        // Both captains of match 1 hand in lineups (the red team's reserve on board 2, 附录1 #6): both legs of every board take them.
        const m = matches[0];
        const redPlayers = [members.get(m.red.id)!.starters[0], members.get(m.red.id)!.reserve, members.get(m.red.id)!.starters[2]];
        const blackPlayers = [...members.get(m.black!.id)!.starters].reverse();
        await http()
          .put(`/api/pairings/${m.id}/lineups/${m.red.id}`)
          .set('Authorization', captains.get(m.red.id)!.auth)
          .send({ players: redPlayers })
          .expect(200);
        const both = await http()
          .put(`/api/pairings/${m.id}/lineups/${m.black!.id}`)
          .set('Authorization', captains.get(m.black!.id)!.auth)
          .send({ players: blackPlayers })
          .expect(200);
        expect(both.body.released).toBe(true);
        const current = (await http().get(`/api/rounds/${round.id}`).expect(200)).body;
        await http()
          .patch(`/api/rounds/${round.id}`)
          .set('Authorization', play.organizer.auth)
          .send({ version: current.version, scheduledAt: new Date(Date.now() - 3600_000).toISOString() })
          .expect(200);
        const filled = (await card(m.id)).body;
        expect(filled.boards).toHaveLength(6);
        for (const g of filled.boards as Game[]) {
          const [red, black] = firstIsRed(g) ? [redPlayers[g.board - 1], blackPlayers[g.board - 1]] : [blackPlayers[g.board - 1], redPlayers[g.board - 1]];
          expect([g.board, g.leg, g.red?.id, g.black?.id]).toEqual([g.board, g.leg, red, black]);
        }

        // Match 1: the first team wins both games on board 1 (大分 2:0, 小分 4:0) and loses board 2
        // and board 3 by a win and a draw (大分 0:2, 小分 1:3 each): 大分 2:4 decides although 小分 is 6:6.
        // Match 2: board 1 won twice, board 2 lost as above, board 3 two draws: 大分 3:3, 小分 7:5 decides.
        const plan: Record<number, string[][]> = {
          0: [
            ['A', 'A'],
            ['B', 'D'],
            ['B', 'D'],
          ],
          1: [
            ['A', 'A'],
            ['B', 'D'],
            ['D', 'D'],
          ],
        };
        for (const [i, boards] of Object.entries(plan)) {
          const match = (await card(matches[Number(i)].id)).body;
          for (const g of match.boards as Game[]) {
            const who = boards[g.board - 1][g.leg - 1];
            await put(g, who === 'D' ? 'draw' : (who === 'A') === firstIsRed(g) ? 'red_win' : 'black_win');
          }
        }
        const decidedByBig = (await card(matches[0].id)).body;
        expect(decidedByBig.boards).toHaveLength(6);
        expect(decidedByBig.score).toEqual({
          scoring: expect.any(String),
          bigPoints: { red: 2, black: 4 },
          gamePoints: { red: 6, black: 6 },
          matchPoints: { red: 0, black: 2 },
        });
        // The public match card page (both lineups in: released) shows the six games and 大分 / 小分.
        const t = (await http().get(`/api/tournaments/${play.tournamentId}`).set('Authorization', play.organizer.auth).expect(200)).body;
        await http()
          .patch(`/api/tournaments/${play.tournamentId}`)
          .set('Authorization', play.organizer.auth)
          .send({ version: t.version, published: true })
          .expect(200);
        const page = await http().get(`/pairings/${matches[0].id}?lang=en`).expect(200);
        expect(page.text).toContain('MP 0 : 2 · big points 2 : 4 · GP 6 : 6'); // match points, 大分, then the game points (小分)
        const decidedBySmall = (await card(matches[1].id)).body;
        expect(decidedBySmall.score).toEqual({
          scoring: expect.any(String),
          bigPoints: { red: 3, black: 3 },
          gamePoints: { red: 7, black: 5 },
          matchPoints: { red: 2, black: 0 },
        });
        for (const m2 of matches.slice(2)) for (const g of m2.games) await put(g, results[Math.floor(random() * results.length)]);
      } else if (r === 2) {
        // A whole team absent (零迟到, 二章7节1): it loses all six games, whatever its colour in each leg.
        const m = matches[0];
        const forfeit = await http()
          .post(`/api/pairings/${m.id}/team-forfeit`)
          .set('Authorization', arbiter.auth)
          .send({ absent: [m.black!.id], reason: 'bus late' })
          .expect(200);
        expect((forfeit.body.boards as Game[]).map((g) => [g.board, g.leg, g.result])).toEqual(
          m.games.map((g) => [g.board, g.leg, firstIsRed(g) ? 'red_win_forfeit' : 'black_win_forfeit']),
        );
        expect(forfeit.body.score).toMatchObject({ bigPoints: { red: 6, black: 0 }, gamePoints: { red: 12, black: 0 }, matchPoints: { red: 2, black: 0 } });
        for (const m2 of matches.slice(1)) for (const g of m2.games) await put(g, results[Math.floor(random() * results.length)]);
      } else {
        if (r === 5) lastRound = matches;
        for (const m of matches) {
          for (const g of m.games) {
            const result = results[Math.floor(random() * results.length)];
            // Round 5, match 1, board 1: both games drawn over the board, so that a sanction can decide either.
            await put(g, r === 5 && m === matches[0] && g.board === 1 ? 'draw' : result);
          }
        }
      }

      const done = (await http().get(`/api/rounds/${round.id}`).expect(200)).body;
      expect(done.state).toBe('completed');
      const s = await standingsAgree(r);
      expect(s.report.teamMatches).toHaveLength(3 * r);
      if (r === 1) {
        // The standings count match 1 as the card does: 大分 2:4 decides, 小分 6:6.
        const rec = s.report.teamMatches.find(
          (x: { round: number; red: string; black: string }) => x.round === 1 && x.red === matches[0].red.id && x.black === matches[0].black!.id,
        );
        expect(rec).toMatchObject({ matchPoints: [0, 2], gamePoints: [6, 6], bigPoints: [2, 4] });
        expect(rec.games.map((g: { board: number }) => g.board)).toEqual([1, 1, 2, 2, 3, 3]);
      }
    }
    // Round-robin of 6: five rounds, then the format is finished.
    const sixth = await http().post(`/api/events/${play.eventId}/rounds`).set('Authorization', play.organizer.auth).send({});
    expect(sixth.status).toBe(409);
  });

  it('a foul recorded on leg 2 of a board counts against leg 2 in the standings, not leg 1 (二章5节4, 一章3节6)', async () => {
    expect(lastRound).toHaveLength(3);
    const m = lastRound[0];
    const boards = (await card(m.id)).body.boards as Game[];
    const leg1 = boards.find((g) => g.board === 1 && g.leg === 1)!;
    const leg2 = boards.find((g) => g.board === 1 && g.leg === 2)!;
    // The first team's board-1 player: Red in leg 1, Black in leg 2 (colours reversed).
    const player = members.get(m.red.id)!.starters[0];
    const opponent = members.get(m.black!.id)!.starters[0];
    expect([leg1.red?.id, leg1.black?.id, leg1.result]).toEqual([player, opponent, 'draw']);
    expect([leg2.red?.id, leg2.black?.id, leg2.result]).toEqual([opponent, player, 'draw']);

    // One technical foul in leg 1, two in leg 2: leg 2 is lost (一章3节6), leg 1 stays drawn — the
    // fouls of the two games of a board do not add up.
    const foul = (g: Game) =>
      http().post(`/api/games/${g.id}/sanctions`).set('Authorization', arbiter.auth).send({ playerId: player, kind: 'technical_foul' }).expect(201);
    await foul(leg1);
    await foul(leg2);
    await foul(leg2);

    // The tournament file names the game of each sanction by board and leg; leg 2's game carries `leg`.
    const file = (await http().get(`/api/events/${play.eventId}/tournament-file`).expect(200)).body;
    const games = file.rounds[4].pairings.find((p: { red: string }) => p.red === m.red.id).games as { board: number; leg?: number; red: string }[];
    expect(games.filter((g) => g.board === 1).map((g) => [g.red, g.leg])).toEqual([
      [player, undefined],
      [opponent, 2],
    ]);
    const mine = (file.sanctions as { round: number; player: string; game?: number; leg?: number }[]).filter((x) => x.player === player && x.round === 5);
    expect(mine.map((x) => [x.game, x.leg])).toEqual([
      [1, 1],
      [1, 2],
      [1, 2],
    ]);

    // The standings (server and `chuhe standings` on the exported file) lose leg 2 for the player, not leg 1.
    const server = (await http().get(`/api/events/${play.eventId}/standings`).expect(200)).body;
    expect(server.report).toEqual(await cliStandings(file));
    const rec = server.report.teamMatches.find((x: { round: number; red: string }) => x.round === 5 && x.red === m.red.id);
    const boardOne = (rec.games as { board: number; leg?: number; red: string; black: string; result: string }[]).filter((g) => g.board === 1);
    expect(boardOne.map((g) => [g.leg, g.red, g.black, g.result])).toEqual([
      [undefined, player, opponent, 'draw'],
      [2, opponent, player, 'red_win_penalty'],
    ]);
    expect(server.report.discipline.penalties).toContainEqual({
      round: 5,
      board: 1,
      leg: 2,
      red: opponent,
      black: player,
      result: 'red_win_penalty',
      reason: 'technical_fouls',
    });
    expect(
      server.report.discipline.penalties.filter((x: { round: number; board: number; leg?: number; red: string }) => x.round === 5 && x.red === player),
    ).toEqual([]);
    expect(server.report.discipline.fouls).toContainEqual({ player, technical: 3, violations: 0 });
    // As stored: leg 2 is lost by the penalty (the sanction's consequence is entered on that game), leg 1 is still drawn.
    const after = (await card(m.id)).body.boards as Game[];
    expect(after.find((g) => g.board === 1 && g.leg === 1)!.result).toBe('draw');
    expect(after.find((g) => g.board === 1 && g.leg === 2)!.result).toBe('red_win_penalty');
  });
});
