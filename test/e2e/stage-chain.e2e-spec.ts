import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { seededRandom } from '@chuhe/registration';
import { checkTrf } from '@chuhe/pairing';
import { startTestApp } from './http-helpers';
import { cli, cliCheckPairing, cliStandings } from './play-files';
import { drawnEvent, PlayEvent } from './rounds-helpers';

/**
 * Issue 9, formats of more than one stage (二章1节3) through HTTP on a real PostgreSQL: 16 players,
 * 5 Swiss rounds then a knockout of the best 8 to the final (libs/pairing stage-chain). Every round
 * `chuhe pair` on the exported file proposes the server's pairing and `chuhe check-pairing` accepts
 * it; after every round the server's
 * standings equal `chuhe standings`. The knockout is seeded 1–8, 4–5, 2–7, 3–6 from the standings
 * after round 5; drawn knockout games get their tie-break games by 附录2 7b (rapid, colours
 * reversed; drawn again → Black of the rapid game wins). Also: a published round whose games all
 * have results at creation (a withdrawn entry's forfeits) is completed at publication.
 */
jest.setTimeout(600_000);

interface Game {
  id: string;
  board: number;
  kind: string;
  result: string | null;
  version: number;
  red: { id: string } | null;
  black: { id: string } | null;
}
interface Round {
  id: string;
  number: number;
  state: string;
  version: number;
  stageType: string;
  stageRound: number;
  pairings: { id: string; table: number | null; matchKey: string | null; red: { id: string }; black: { id: string } | null; games: Game[] }[];
}

describe('stage chains through HTTP (二章1节3): Swiss then knockout', () => {
  let app: INestApplication;
  const api = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const file = async (play: PlayEvent) => (await api().get(`/api/events/${play.eventId}/tournament-file`).expect(200)).body;

  async function pairSameAsCli(play: PlayEvent): Promise<Round> {
    const proposed = await cli(['pair'], await file(play));
    const res = await api().post(`/api/events/${play.eventId}/rounds`).set('Authorization', play.organizer.auth).send({});
    if (res.status !== 201) throw new Error(`pairing: ${res.status} ${JSON.stringify(res.body)}`);
    const draft = res.body as Round;
    expect(proposed.code).toBe(0);
    const cliRound = JSON.parse(proposed.out) as { round: number; pairings: { red: string; black: string }[]; byes: string[] };
    expect({
      round: draft.number,
      pairings: draft.pairings.filter((p) => p.black !== null).map((p) => [p.red.id, p.black!.id]),
      byes: draft.pairings.filter((p) => p.black === null).map((p) => p.red.id),
    }).toEqual({ round: cliRound.round, pairings: cliRound.pairings.map((p) => [p.red, p.black]), byes: cliRound.byes });
    const published = await api().post(`/api/rounds/${draft.id}/publish`).set('Authorization', play.organizer.auth).send({ version: draft.version });
    if (published.status !== 200) throw new Error(`publish: ${published.status} ${JSON.stringify(published.body)}`);
    // chuhe check-pairing accepts the round as published (the stage's view: outsiders not unpaired, knockout pairs no rematch).
    const check = await cliCheckPairing(await file(play), draft.number);
    expect({ round: draft.number, errors: check.findings.filter((x) => x.severity === 'error') }).toEqual({ round: draft.number, errors: [] });
    return published.body as Round;
  }

  async function standingsAgree(play: PlayEvent, n: number) {
    const server = (await api().get(`/api/events/${play.eventId}/standings`).expect(200)).body;
    expect(server.afterRound).toBe(n);
    expect(server.report).toEqual(await cliStandings(await file(play)));
    return server;
  }

  /**
   * Issue 30: the event's TRF (or rounds 1…afterRound) passes bbpPairings' reading rules
   * (libs/pairing trf-checker.ts) and holds `rounds` round blocks on every player line.
   */
  async function trfPasses(play: PlayEvent, rounds: number, afterRound?: number): Promise<string[]> {
    const res = await api()
      .get(`/api/events/${play.eventId}/trf${afterRound !== undefined ? `?afterRound=${afterRound}` : ''}`)
      .expect(200);
    expect(checkTrf(res.text)).toEqual([]);
    const lines = res.text.split('\n').filter((l) => l.startsWith('001 '));
    expect(new Set(lines.map((l) => ([...l].length - 89) / 10))).toEqual(new Set([rounds]));
    return lines;
  }

  /** Results for every open game, again while tie-break games appear, until the round completes. */
  async function playOut(play: PlayEvent, round: Round, pick: (g: Game, matchKey: string | null) => string): Promise<Round> {
    for (let pass = 0; pass < 5; pass++) {
      const current = (await api().get(`/api/rounds/${round.id}`).set('Authorization', play.organizer.auth).expect(200)).body as Round;
      if (current.state === 'completed') return current;
      for (const p of current.pairings) {
        for (const g of p.games) {
          if (g.result !== null) continue;
          const res = await api()
            .put(`/api/games/${g.id}/result`)
            .set('Authorization', play.organizer.auth)
            .send({ version: g.version, result: pick(g, p.matchKey) });
          if (res.status !== 200) throw new Error(`result: ${res.status} ${JSON.stringify(res.body)}`);
        }
      }
    }
    throw new Error(`round ${round.number} did not complete`);
  }

  it('16 players: 5 Swiss rounds, then quarter-finals, semi-finals and the final of the best 8, with tie-break games', async () => {
    const play = await drawnEvent(
      app,
      {
        nameZh: '积分编排加淘汰',
        nameEn: 'Swiss then knockout',
        kind: 'individual',
        stages: [
          { type: 'swiss', rounds: 5 },
          { type: 'knockout', qualifiers: 8 },
        ],
        timeControl: { baseMinutes: 60, incrementSeconds: 30 },
      },
      16,
    );
    const random = seededRandom('stage-chain-e2e');
    const swissPick = () => {
      const y = random();
      return y < 0.42 ? 'red_win' : y < 0.8 ? 'black_win' : 'draw';
    };
    let standings: { report: { standings: { rows: { entry: string; score: number }[] } } } | undefined;
    for (let r = 1; r <= 5; r++) {
      const round = await pairSameAsCli(play);
      expect([round.stageType, round.stageRound]).toEqual(['swiss', r]);
      expect(round.pairings).toHaveLength(8);
      await playOut(play, round, swissPick);
      standings = await standingsAgree(play, r);
    }
    const seeds = standings!.report.standings.rows.slice(0, 8).map((row) => row.entry);

    // Quarter-finals: the bracket of 8 seeded from the standings after round 5.
    const qf = await pairSameAsCli(play);
    expect([qf.number, qf.stageType, qf.stageRound]).toEqual([6, 'knockout', 1]);
    const pairOf = (p: Round['pairings'][number]) => [p.red.id, p.black!.id].sort();
    expect(qf.pairings.map(pairOf)).toEqual(
      [
        [1, 8],
        [4, 5],
        [2, 7],
        [3, 6],
      ].map(([a, b]) => [seeds[a - 1], seeds[b - 1]].sort()),
    );
    expect(qf.pairings.every((p) => p.matchKey !== null && p.games.length === 1)).toBe(true);
    // Nobody else plays: the other 8 are outside the stage.
    expect(new Set(qf.pairings.flatMap(pairOf))).toEqual(new Set(seeds));
    // Issue 30: round 6 is paired without results: the TRF holds the 5 finished rounds; ?afterRound works.
    await trfPasses(play, 5);
    await trfPasses(play, 3, 3);
    const open = await api().get(`/api/events/${play.eventId}/trf?afterRound=6`).expect(400);
    expect(open.body.errors[0]).toMatchObject({ field: 'afterRound', reason: expect.stringContaining('round 6 has pairings without a result') });
    await api().get(`/api/events/${play.eventId}/trf?afterRound=x`).expect(400);

    // Match 1: slow drawn, rapid drawn → Black of the rapid game wins (附录2 7b). Match 2: slow drawn, rapid won by Red.
    const m1 = qf.pairings[0].matchKey;
    const m2 = qf.pairings[1].matchKey;
    const done = await playOut(play, qf, (g, key) => (key === m1 ? 'draw' : key === m2 ? (g.board === 1 ? 'draw' : 'red_win') : 'red_win'));
    const match1 = done.pairings.find((p) => p.matchKey === m1)!;
    expect(match1.games.map((g) => [g.board, g.kind, g.red!.id === match1.games[0].black!.id])).toEqual([
      [1, 'regular', false],
      [2, 'rapid', true], // colours reversed
    ]);
    expect(done.pairings.find((p) => p.matchKey === m2)!.games.map((g) => g.kind)).toEqual(['regular', 'rapid']);
    // The tie-break games decide the match, not the score: match 1's players score one draw in round 6.
    const after6 = (await standingsAgree(play, 6)) as typeof standings;
    const score = (st: typeof standings, id: string) => st!.report.standings.rows.find((row) => row.entry === id)!.score;
    for (const id of [qf.pairings[0].red.id, qf.pairings[0].black!.id]) expect(score(after6, id) - score(standings, id)).toBe(1);
    // Game sides are players; the winners (player ids) of the quarter-finals in bracket order.
    const winners = [
      match1.games[1].black!.id, // drew the rapid game with Black
      done.pairings[1].games[1].red!.id,
      ...done.pairings.slice(2).map((p) => p.games[0].red!.id),
    ];

    // Issue 30: the quarter-finals with their tie-break games pass bbpPairings' rules, each match written as the bracket decided it.
    const drawOf = new Map(
      ((await api().get(`/api/events/${play.eventId}/entries`).expect(200)).body as { id: string; playerId: string; drawNumber: number }[]).map((e) => [
        e.playerId,
        e.drawNumber,
      ]),
    );
    const lines6 = await trfPasses(play, 6);
    const winner1 = drawOf.get(match1.games[1].black!.id)!;
    const loser1 = drawOf.get(match1.games[1].red!.id)!;
    const lineOf = (n: number) => lines6.find((l) => l.startsWith(`001 ${String(n).padStart(4)}`))!;
    expect(lineOf(winner1).slice(-8)).toMatch(new RegExp(`^${String(loser1).padStart(4)} [wb] 1$`));
    expect(lineOf(loser1).slice(-8)).toMatch(new RegExp(`^${String(winner1).padStart(4)} [wb] 0$`));

    // Semi-finals: the winners, in bracket order (1/8 v 4/5, 2/7 v 3/6).
    const sf = await pairSameAsCli(play);
    expect([sf.stageType, sf.stageRound]).toEqual(['knockout', 2]);
    expect(sf.pairings).toHaveLength(2);
    const entryOfPlayer = async () => {
      const entries = (await api().get(`/api/events/${play.eventId}/entries`).expect(200)).body as { id: string; playerId: string }[];
      return new Map(entries.map((e) => [e.playerId, e.id]));
    };
    const ofPlayer = await entryOfPlayer();
    const w = winners.map((pid) => ofPlayer.get(pid) ?? pid);
    expect(sf.pairings.map(pairOf)).toEqual([[w[0], w[1]].sort(), [w[2], w[3]].sort()]);
    await playOut(play, sf, () => 'black_win');
    await standingsAgree(play, 7);

    const final = await pairSameAsCli(play);
    expect([final.stageType, final.stageRound, final.pairings.length]).toEqual(['knockout', 3, 1]);
    await playOut(play, final, () => 'red_win');
    const placed = await standingsAgree(play, 8);
    for (let n = 0; n <= 8; n++) await trfPasses(play, n, n);
    await trfPasses(play, 8);

    // Issue 22: the event is placed by its last stage — the final's winner 1st and loser 2nd, the
    // semi-final losers shared 3rd, the quarter-final losers shared 5th, then the Swiss order — on
    // the API (= `chuhe standings --json`, checked above), the CSV and the page alike.
    expect(placed.kind).toBe('stages');
    const places = placed.report.places as { entry: string; place: number; shared: boolean; status: string }[];
    expect(places.slice(0, 2).map((p) => [p.entry, p.place])).toEqual([
      [final.pairings[0].red.id, 1],
      [final.pairings[0].black!.id, 2],
    ]);
    expect(places.slice(2, 4).map((p) => [p.place, p.shared])).toEqual([
      [3, true],
      [3, true],
    ]);
    expect(places.slice(4, 8).every((p) => p.place === 5 && p.shared)).toBe(true);
    expect(places.slice(8).map((p) => p.place)).toEqual([9, 10, 11, 12, 13, 14, 15, 16]);
    expect(places.every((p) => p.status === 'final')).toBe(true);
    const entries = (await api().get(`/api/events/${play.eventId}/entries`).expect(200)).body as { id: string; drawNumber: number }[];
    const numberOf = new Map(entries.map((e) => [e.id, String(e.drawNumber)]));
    const csv = (await api().get(`/api/events/${play.eventId}/standings.csv`).expect(200)).text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(csv[0]).toMatch(/^Place,No,/);
    expect(csv.slice(1).map((l) => l.split(',')[1])).toEqual(places.map((p) => numberOf.get(p.entry)));
    const t = (await api().get(`/api/tournaments/${play.tournamentId}`).expect(200)).body;
    await api()
      .patch(`/api/tournaments/${play.tournamentId}`)
      .set('Authorization', play.organizer.auth)
      .send({ version: t.version, published: true })
      .expect(200);
    const page = (await api().get(`/events/${play.eventId}/standings?lang=en`).expect(200)).text;
    const placeCells = [
      ...page
        .split('class="standings places"')[1]
        .split('</table>')[0]
        .matchAll(/<tr><td class="num">([^<]*)<\/td>/g),
    ].map((m) => m[1].replace(/&#x3D;/g, '='));
    expect(placeCells.slice(0, 5)).toEqual(['1', '2', '=3', '=3', '=5']);
    // The page words the library's reasons (no ranks of its own): the final's winner and loser, then the Swiss places.
    const whys = [
      ...page
        .split('class="standings places"')[1]
        .split('</table>')[0]
        .matchAll(/<td class="why">([^<]*)<\/td>/g),
    ].map((m) => m[1]);
    expect(whys[0]).toBe('won the final of the knockout');
    expect(whys[1]).toBe('lost in the knockout: Final');
    expect(whys.slice(8)).toEqual([9, 10, 11, 12, 13, 14, 15, 16].map((n) => `place ${n} of stage 1 (Swiss); did not reach stage 2`));
    const zh = (await api().get(`/events/${play.eventId}/standings?lang=zh`).expect(200)).text;
    expect(zh).toContain('第1阶段（积分编排）第 9 名，未进入第2阶段');

    // The format is finished.
    const more = await api().post(`/api/events/${play.eventId}/rounds`).set('Authorization', play.organizer.auth).send({});
    expect(more.status).toBe(409);
    expect(more.body.message).toContain('finished');
  });

  it('8 players: a group round-robin of 2 snake groups, then a knockout of the first two of each group (A1–B2, B1–A2) to the final', async () => {
    const play = await drawnEvent(
      app,
      {
        nameZh: '分组循环加淘汰',
        nameEn: 'Groups then knockout',
        kind: 'individual',
        stages: [
          { type: 'group_round_robin', groups: 2 },
          { type: 'knockout', qualifiers: 4 },
        ],
        timeControl: { baseMinutes: 60 },
      },
      8,
    );
    const random = seededRandom('stage-chain-groups');
    const pick = () => (random() < 0.5 ? 'red_win' : random() < 0.5 ? 'black_win' : 'draw');
    const met = new Map<string, Set<string>>();
    for (let r = 1; r <= 3; r++) {
      const round = await pairSameAsCli(play);
      expect([round.stageType, round.stageRound, round.pairings.length]).toEqual(['group_round_robin', r, 4]);
      for (const p of round.pairings) {
        for (const [a, b] of [
          [p.red.id, p.black!.id],
          [p.black!.id, p.red.id],
        ])
          met.set(a, new Set([...(met.get(a) ?? []), b]));
      }
      await playOut(play, round, () => pick());
      await standingsAgree(play, r);
    }
    // Two groups of four: each player met exactly the three others of its group.
    const groups = new Set([...met.entries()].map(([a, others]) => [a, ...others].sort().join()));
    expect(groups.size).toBe(2);
    const sf = await pairSameAsCli(play);
    expect([sf.stageType, sf.stageRound, sf.pairings.length]).toEqual(['knockout', 1, 2]);
    // Cross-group semi-finals: nobody meets a player of its own group.
    for (const p of sf.pairings) expect(met.get(p.red.id)!.has(p.black!.id)).toBe(false);
    await playOut(play, sf, (g) => (g.kind === 'regular' ? 'draw' : 'red_win'));
    await standingsAgree(play, 4);
    const final = await pairSameAsCli(play);
    expect([final.stageType, final.stageRound, final.pairings.length]).toEqual(['knockout', 2, 1]);
    await playOut(play, final, () => 'black_win');
    await standingsAgree(play, 5);
  });

  it('a knockout after another stage needs its qualifiers (400 naming the field); team events with two games per board are accepted (二章5节4)', async () => {
    const play = await drawnEvent(
      app,
      { nameZh: '单淘汰', nameEn: 'Knockout', kind: 'individual', stages: [{ type: 'knockout' }], timeControl: { baseMinutes: 60 } },
      2,
    );
    const bad = await api()
      .post(`/api/tournaments/${play.tournamentId}/events`)
      .set('Authorization', play.organizer.auth)
      .send({
        nameZh: '积分加淘汰',
        nameEn: 'S+K',
        kind: 'individual',
        stages: [{ type: 'swiss', rounds: 5 }, { type: 'knockout' }],
        timeControl: { baseMinutes: 60 },
      });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('stages.1.qualifiers');
    const team = await api()
      .post(`/api/tournaments/${play.tournamentId}/events`)
      .set('Authorization', play.organizer.auth)
      .send({
        nameZh: '团体双局',
        nameEn: 'Team 2 games',
        kind: 'team',
        gamesPerPairing: 2,
        stages: [{ type: 'swiss', rounds: 5 }],
        timeControl: { baseMinutes: 60 },
      });
    expect(team.status).toBe(201);
    expect(team.body).toMatchObject({ kind: 'team', gamesPerPairing: 2 });
    // A standalone knockout of 2 is one round: the final.
    const final = await pairSameAsCli(play);
    expect([final.stageType, final.pairings.length, final.pairings[0].matchKey]).toEqual(['knockout', 1, 'knockout round 1 match 1']);
  });

  it('a round whose games all got their result at creation (a withdrawn entry’s forfeits, 二章7节3–4) is completed when published', async () => {
    const play = await drawnEvent(
      app,
      { nameZh: '三人循环', nameEn: 'RR of 3', kind: 'individual', stages: [{ type: 'round_robin' }], timeControl: { baseMinutes: 60 } },
      3,
    );
    const r1 = await pairSameAsCli(play);
    await playOut(play, r1, () => 'draw');
    // The entry that has no bye in rounds 2 and 3 leaves; every later pairing of the 3-player table holds it.
    const byeOf = r1.pairings.find((p) => p.black === null)!.red.id;
    const entries = (await api().get(`/api/events/${play.eventId}/entries`).expect(200)).body as { id: string; version: number }[];
    const leaver = entries.find((e) => e.id === byeOf)!;
    const res = await api()
      .post(`/api/entries/${leaver.id}/withdraw`)
      .set('Authorization', play.organizer.auth)
      .send({ version: leaver.version, afterRound: 1, reason: 'ill (e2e)' });
    expect(res.status).toBe(200);
    for (const n of [2, 3]) {
      const round = await pairSameAsCli(play);
      const games = round.pairings.flatMap((p) => p.games);
      expect(games.length).toBeGreaterThan(0);
      expect(games.every((g) => g.result !== null)).toBe(true);
      expect([round.number, round.state]).toEqual([n, 'completed']);
      await standingsAgree(play, n);
    }
  });
});
