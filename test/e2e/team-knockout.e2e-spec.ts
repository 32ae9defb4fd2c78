// Issue 22 #9 (二章6节1): a team knockout is the organizer's choice. 4 teams, a standalone knockout
// through HTTP on a real PostgreSQL: the semi-finals are team matches (boards as any team match,
// 附录6 用法2 colours); one is won on 场分 (附录1 #7), the other drawn → the rapid rematch appears on
// every board, colours reversed, at the organizer's clock, and decides it; the final pairs the
// winners; the standings place the event by the knockout (winner 1st, finalist 2nd, the semi-final
// losers share 3rd — the chain's knockout has no third-place match, as for individuals) and equal
// `chuhe standings` on the exported tournament file.
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { startTestApp } from './http-helpers';
import { cli, cliStandings, withoutIds } from './play-files';
import { drawnEvent, pairAndPublish, PlayEvent } from './rounds-helpers';

jest.setTimeout(300_000);

interface Game {
  id: string;
  board: number;
  kind: string;
  result: string | null;
  version: number;
}
interface Round {
  id: string;
  state: string;
  stageType: string;
  pairings: { id: string; matchKey: string | null; red: { id: string }; black: { id: string } | null; games: Game[] }[];
}
type Outcome = 'first' | 'second' | 'draw';
describe('team knockouts through HTTP (二章6节1, 附录1 #7)', () => {
  let app: INestApplication;
  let play: PlayEvent;
  const api = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await startTestApp();
    play = await drawnEvent(
      app,
      {
        nameZh: '团体淘汰赛',
        nameEn: 'Team knockout',
        kind: 'team',
        stages: [{ type: 'knockout' }],
        timeControl: { baseMinutes: 60, incrementSeconds: 30 },
        pairingOptions: { knockoutRapid: { baseMinutes: 10, incrementSeconds: 5 }, teamKnockoutDecider: 'board_count_back' },
      },
      4,
    );
  });
  afterAll(async () => {
    await app.close();
  });

  const roundOf = async (id: string) => (await api().get(`/api/rounds/${id}`).set('Authorization', play.organizer.auth).expect(200)).body as Round;

  /** A board's result for the first-listed team: it is Red on odd boards, reversed in the rapid rematch. */
  async function enter(g: Game, outcome: Outcome) {
    const firstRed = (g.board % 2 === 1) === (g.kind === 'regular');
    const result = outcome === 'draw' ? 'draw' : (outcome === 'first') === firstRed ? 'red_win' : 'black_win';
    const res = await api().put(`/api/games/${g.id}/result`).set('Authorization', play.organizer.auth).send({ version: g.version, result });
    if (res.status !== 200) throw new Error(`result: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }
  const boards = (p: Round['pairings'][number], kind: string) => p.games.filter((g) => g.kind === kind).sort((a, b) => a.board - b.board);

  it('semi-finals (one drawn → rapid rematch → decided), the final, the places = chuhe standings', async () => {
    const sf = (await pairAndPublish(app, play)) as unknown as Round;
    expect(sf.stageType).toBe('knockout');
    expect(sf.pairings).toHaveLength(2);
    expect(sf.pairings.every((p) => p.matchKey !== null && p.games.length === 3)).toBe(true);
    const [won, drawn] = sf.pairings;

    // Semi-final 1: the first team wins on 场分 (2 wins and a draw: 局分 5 : 1).
    for (const [g, o] of boards(won, 'regular').map((g, i) => [g, (['first', 'first', 'draw'] as const)[i]] as const)) await enter(g, o);
    // Semi-final 2: 局分 3 : 3 — drawn; the last result adds the rapid rematch on every board.
    const plan: Outcome[] = ['first', 'second', 'draw'];
    let last: Record<string, unknown> = {};
    for (const [i, g] of boards(drawn, 'regular').entries()) last = await enter(g, plan[i]);
    expect(last.gamesCreated).toHaveLength(3);
    expect((last.gamesCreated as Game[]).every((g) => g.kind === 'rapid')).toBe(true);
    expect(last.match).toMatchObject({ status: 'in_progress', next: expect.stringContaining(`10'+5"`) }); // the organizer's rapid clock
    // A correction that leaves the match undrawn removes the rematch; corrected back, it returns.
    const board3 = last.game as Game;
    const undrawn = await enter(board3, 'first');
    expect(undrawn.gamesRemoved).toHaveLength(3);
    expect(undrawn.match).toMatchObject({ status: 'decided', decidedBy: 'regular', winner: drawn.red.id });
    const redrawn = await enter(undrawn.game as Game, 'draw');
    expect(redrawn.gamesCreated).toHaveLength(3);
    let round = await roundOf(sf.id);
    expect(round.state).toBe('published');
    const again = round.pairings.find((p) => p.id === drawn.id)!;
    const rapid = boards(again, 'rapid');
    expect(rapid.map((g) => g.board)).toEqual([1, 2, 3]);
    // Colours reversed: the first team's board-1 player now has Black.
    const regular1 = boards(again, 'regular')[0] as Game & { red: { id: string }; black: { id: string } };
    const rapid1 = rapid[0] as Game & { red: { id: string }; black: { id: string } };
    expect([rapid1.red.id, rapid1.black.id]).toEqual([regular1.black.id, regular1.red.id]);
    // The final cannot be paired while the rematch is open.
    const early = await api().post(`/api/events/${play.eventId}/rounds`).set('Authorization', play.organizer.auth).send({});
    expect(early.status).toBeGreaterThanOrEqual(400);
    // The rematch: the second team wins board 1, the rest drawn → the second team goes through.
    for (const [i, g] of rapid.entries()) await enter(g, i === 0 ? 'second' : 'draw');
    round = await roundOf(sf.id);
    expect(round.state).toBe('completed');
    const file1 = (await api().get(`/api/events/${play.eventId}/tournament-file`).expect(200)).body;
    const after1 = (await api().get(`/api/events/${play.eventId}/standings`).expect(200)).body;
    expect(after1.report).toEqual(await cliStandings(file1));

    const finalists = [won.red.id, drawn.black!.id].sort();
    // `chuhe pair` on the exported file proposes the same final.
    const proposed = await cli(['pair'], file1);
    expect(proposed.code).toBe(0);
    const cliFinal = JSON.parse(proposed.out) as { pairings: { red: string; black: string }[] };
    const final = (await pairAndPublish(app, play)) as unknown as Round;
    expect(cliFinal.pairings.map((p) => [p.red, p.black])).toEqual(final.pairings.map((p) => [p.red.id, p.black!.id]));
    expect(final.pairings).toHaveLength(1);
    const f = final.pairings[0];
    expect([f.red.id, f.black!.id].sort()).toEqual(finalists);
    for (const [i, g] of boards(f, 'regular').entries()) await enter(g, i === 1 ? 'second' : 'first');
    expect((await roundOf(final.id)).state).toBe('completed');

    const file = (await api().get(`/api/events/${play.eventId}/tournament-file`).expect(200)).body;
    const server = (await api().get(`/api/events/${play.eventId}/standings`).expect(200)).body;
    expect(server.report).toEqual(await cliStandings(file));
    expect(server.kind).toBe('stages');
    const places = server.report.places as { entry: string; place: number; shared: boolean; status: string }[];
    expect(places.map((p) => [p.entry, p.place])).toEqual([[f.red.id, 1], [f.black!.id, 2], ...places.slice(2).map((p) => [p.entry, 3])]);
    expect(
      places
        .slice(2)
        .map((p) => p.entry)
        .sort(),
    ).toEqual([won.black!.id, drawn.red.id].sort());
    expect(places.every((p) => p.status === 'final' && (p.place !== 3 || p.shared))).toBe(true);
    // The semi-final drawn on its boards scores 场分 1 each: the rematch decides, it does not score.
    // (Counting the rematch's boards too would give the semi-final's loser 0.)
    const loser = (server.report.places as { entry: string; row: { score: number } }[]).find((p) => p.entry === drawn.red.id)!;
    expect(loser.row.score).toBe(1);

    // The public bracket page shows the matches (the rematch's boards as rapid games).
    const bracket = await api().get(`/events/${play.eventId}/bracket?lang=en`).expect(200);
    expect(bracket.text).toMatch(/Final/);
    expect(bracket.text).toMatch(/rapid game/);
    await api().get(`/events/${play.eventId}/rounds/1?lang=en`).expect(200);

    // Lossless exchange (issue 22): the file imports into a new event and exports the same, the
    // rematch boards stored as rapid games again (not as regular games of board 2, 3).
    const res = await api().post(`/api/tournaments/${play.tournamentId}/tournament-file`).set('Authorization', play.organizer.auth).send({ file });
    if (res.status !== 201) throw new Error(`import ${res.status}: ${JSON.stringify(res.body)}`);
    const copy = res.body.event.id as string;
    // Ids and the event's name aside: the copy is a second event of the same tournament.
    const copied = (await api().get(`/api/events/${copy}/tournament-file`).expect(200)).body;
    expect(withoutIds({ ...copied, name: undefined })).toEqual(withoutIds({ ...file, name: undefined }));
    const rounds = (await api().get(`/api/events/${copy}/rounds`).set('Authorization', play.organizer.auth).expect(200)).body as {
      id: string;
      number: number;
    }[];
    const semis = await roundOf(rounds.find((r) => r.number === 1)!.id);
    expect(semis.pairings.map((p) => p.games.map((g) => g.kind).sort())).toEqual(
      expect.arrayContaining([
        ['regular', 'regular', 'regular'],
        ['rapid', 'rapid', 'rapid', 'regular', 'regular', 'regular'],
      ]),
    );
  });
});
