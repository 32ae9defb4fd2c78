import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { Tournament } from '@chuhe/tournament';
import { seededRandom } from '@chuhe/registration';
import { eventFile } from '../../apps/server/src/play/event-file';
import { loadEventByInclude } from '../support/event-by-include';
import { loadEventPlay } from '../../apps/server/src/play/event-loader';
import { createPrismaClient, testDatabaseUrl } from '../support/database';
import { newUser, startTestApp, TOURNAMENT } from './http-helpers';
import { cli, cliCheckPairing, cliStandings, playFile } from './play-files';

/**
 * Issue 9, standings and exchange: an event run elsewhere is imported from its tournament file;
 * after every round the server's standings equal `chuhe standings --json` on the exported file,
 * and `chuhe check-pairing` accepts every round of it.
 */
describe('tournament file, standings, CSV and TRF (real HTTP, real PostgreSQL)', () => {
  let app: INestApplication;
  let organizer: { auth: string; email: string };
  let arbiter: { auth: string; email: string };
  let tournamentId: string;
  const prisma = createPrismaClient(testDatabaseUrl());
  const api = () => request(app.getHttpServer());

  const swissBase: Tournament = {
    name: '公开赛 Open',
    options: { eventKind: 'individual', scoring: '2-1-0', gamesPerPairing: 1, boards: 1, pairingSystem: 'swiss-individual', totalRounds: 5 },
    entries: Array.from({ length: 15 }, (_, i) => ({
      id: `p${i + 1}`,
      drawNumber: i + 1,
      name: `棋手${i + 1} Player ${i + 1}`,
      rating: 2400 - i * 20,
      affiliation: ['北京', '上海', '广东'][i % 3],
    })),
    rounds: [],
  };
  const swiss = playFile(swissBase, 5, 'exchange-swiss', { entry: 'p7', afterRound: 3 });
  const swissFile = { ...swiss, standings: { counting: { byeInOpponentCriteria: 'zero' } }, sanctions: [], withdrawals: [] };

  beforeAll(async () => {
    app = await startTestApp();
    organizer = await newUser(app, 'organizer');
    arbiter = await newUser(app, 'arbiter');
    tournamentId = (await api().post('/api/tournaments').set('Authorization', organizer.auth).send(TOURNAMENT).expect(201)).body.id;
    await api().post(`/api/tournaments/${tournamentId}/roles`).set('Authorization', organizer.auth).send({ email: arbiter.email, role: 'arbiter' }).expect(201);
  });

  afterAll(async () => {
    await prisma.$disconnect();
    await app.close();
  });

  async function importFile(file: unknown, extra: Record<string, unknown> = {}): Promise<string> {
    const res = await api()
      .post(`/api/tournaments/${tournamentId}/tournament-file`)
      .set('Authorization', organizer.auth)
      .send({ file, ...extra });
    if (res.status !== 201) throw new Error(`import ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.event.id;
  }

  /** The fast loader (play/event-loader.ts, behind the event cache) reads exactly what play/event-file's loadEvent reads. */
  async function sameFileAsLoadEvent(eventId: string, throughRound?: number) {
    const options = throughRound === undefined ? {} : { throughRound };
    const slow = await loadEventByInclude(prisma, eventId);
    const fast = await loadEventPlay(prisma, eventId);
    expect(eventFile(fast!, options)).toEqual(eventFile(slow!, options));
  }

  /** After every round: server standings = chuhe standings --json on the exported file; check-pairing accepts the round. */
  async function sameAsCliAfterEveryRound(eventId: string, rounds: number, off: string[] = []) {
    await sameFileAsLoadEvent(eventId);
    for (let n = 0; n <= rounds; n++) {
      await sameFileAsLoadEvent(eventId, n);
      const file = (await api().get(`/api/events/${eventId}/tournament-file?afterRound=${n}`).expect(200)).body;
      expect(file.rounds).toHaveLength(n);
      const server = (await api().get(`/api/events/${eventId}/standings?afterRound=${n}`).expect(200)).body;
      expect(server.afterRound).toBe(n);
      expect(server.report).toEqual(await cliStandings(file));
      if (n > 0) {
        const check = await cliCheckPairing(file, n, off);
        expect({ round: n, errors: check.findings.filter((f) => f.severity === 'error') }).toEqual({ round: n, errors: [] });
        expect(check.code).toBe(0);
      }
    }
  }

  it('imports a Swiss run elsewhere (forfeits, a withdrawal) and gives the CLI standings after every round', async () => {
    const res = await api().post(`/api/tournaments/${tournamentId}/tournament-file`).set('Authorization', organizer.auth).send({ file: swissFile }).expect(201);
    expect(res.body.imported).toMatchObject({ entries: 15, players: 15, rounds: 5 });
    expect(res.body.event).toMatchObject({ nameZh: '公开赛', nameEn: 'Open', kind: 'individual', stages: [{ type: 'swiss', rounds: 5 }] });
    expect(res.body.newAffiliations.map((a: { nameZh: string }) => a.nameZh).sort()).toEqual(['上海', '北京', '广东']);
    const eventId = res.body.event.id;
    await sameAsCliAfterEveryRound(eventId, 5);
    const full = (await api().get(`/api/events/${eventId}/standings`).expect(200)).body;
    expect(full.kind).toBe('standings');
    const rows = full.report.rows as {
      entry: string;
      rank: number;
      score: number;
      values: Record<string, unknown>;
      decidedBy: unknown;
      withdrawn?: { afterRound: number };
    }[];
    expect(rows).toHaveLength(15);
    expect(full.report.progressive).toHaveLength(15);
    expect(full.report.chain.length).toBeGreaterThan(1);
    expect(full.report.chain[0]).toEqual(expect.objectContaining({ label: expect.any(String), rule: expect.any(String), definition: expect.any(String) }));
    // The withdrawn player keeps the results of rounds 1–3 (二章7节4) and is marked.
    const file = (await api().get(`/api/events/${eventId}/tournament-file`).expect(200)).body;
    const p7 = file.entries.find((e: { drawNumber: number }) => e.drawNumber === 7);
    expect(p7.withdrawnAfterRound).toBe(3);
    // Standings after round 2 show the event as it stood then: p7 had not left yet.
    const before = (await api().get(`/api/events/${eventId}/tournament-file?afterRound=2`).expect(200)).body;
    expect(before.entries.find((e: { drawNumber: number }) => e.drawNumber === 7).withdrawnAfterRound).toBeUndefined();
    const atThree = (await api().get(`/api/events/${eventId}/tournament-file?afterRound=3`).expect(200)).body;
    expect(atThree.entries.find((e: { drawNumber: number }) => e.drawNumber === 7).withdrawnAfterRound).toBe(3);
    expect(rows.find((r) => r.entry === p7.id)?.withdrawn).toMatchObject({ afterRound: 3 });
    // Results round-trip: every game of the source file is in the export.
    const results = (t: { rounds: { pairings: { games: { result: string | null }[] }[] }[] }) =>
      t.rounds.flatMap((r) => r.pairings.flatMap((p) => p.games.map((g) => g.result)));
    expect(results(file)).toEqual(results(swiss));
  });

  it('exports CSV and TRF; public; 400 on a bad afterRound; 404 for no event', async () => {
    const eventId = await importFile(swissFile, { nameZh: '再导入', nameEn: 'Again' });
    const csv = await api().get(`/api/events/${eventId}/standings.csv`).expect(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(16);
    expect(lines[0]).toMatch(/^Rank,No,Player,Affiliation,Rating,Points,/);
    expect(lines[0]).toContain('Why this rank');
    // Issue 22: named after the event (UTF-8 by filename*), affiliation and rating columns, headers in ?lang=.
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="Again_standings.csv"; filename*=UTF-8''${encodeURIComponent('Again standings.csv')}`,
    );
    const zh = await api().get(`/api/events/${eventId}/standings.csv?lang=zh`).expect(200);
    expect(zh.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('再导入 成绩.csv')}`);
    const zhLines = zh.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(zhLines[0]).toMatch(/^名次,编号,棋手,单位,等级分,积分,/);
    const source = new Map((swissFile.entries as { drawNumber: number; affiliation?: string; rating?: number }[]).map((e) => [e.drawNumber, e]));
    for (const line of zhLines.slice(1)) {
      const [, no, , affiliation, rating] = line.split(',');
      const e = source.get(Number(no))!;
      expect([affiliation, rating]).toEqual([e.affiliation ?? '', e.rating === undefined ? '' : String(e.rating)]);
    }
    expect((await api().get(`/api/events/${eventId}/standings.csv?lang=fr`).expect(400)).body.errors[0].field).toBe('lang');
    // Issue 22: the TRF header records from the tournament and the event.
    const chief = await newUser(app, 'chief');
    await api()
      .post(`/api/tournaments/${tournamentId}/roles`)
      .set('Authorization', organizer.auth)
      .send({ email: chief.email, role: 'chief_arbiter' })
      .expect(201);
    const version = (await api().get(`/api/events/${eventId}`).expect(200)).body.version;
    await api()
      .patch(`/api/events/${eventId}`)
      .set('Authorization', organizer.auth)
      .send({ version, timeControl: { baseMinutes: 60, incrementSeconds: 30 } })
      .expect(200);
    const trf = await api().get(`/api/events/${eventId}/trf`).expect(200);
    expect(trf.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('再导入.trf')}`);
    expect(trf.text.split('\n').filter((l) => /^\d\d2 /.test(l))).toEqual([
      `012 ${TOURNAMENT.nameZh} 再导入 / ${TOURNAMENT.nameEn} Again`,
      `022 ${TOURNAMENT.venue}`,
      `032 ${TOURNAMENT.organizer}`,
      '042 2026/12/01',
      '052 2026/12/03',
      '062 15',
      '092 Individual: swiss (5 rounds) (xiangqi, Chuhe)',
      '102 chief',
      `122 60' + 30"`,
    ]);
    // The tournament file is named after the event too (shown in place: inline).
    const json = await api().get(`/api/events/${eventId}/tournament-file`).expect(200);
    expect(json.headers['content-disposition']).toBe(`inline; filename="Again.json"; filename*=UTF-8''${encodeURIComponent('再导入.json')}`);
    expect(trf.text.split(/\r?\n/).filter((l) => l.startsWith('001 '))).toHaveLength(15);
    expect(trf.text).toMatch(/^XXR 5/m);
    const badCsv = await api().get(`/api/events/${eventId}/standings.csv?afterRound=x`).expect(400);
    expect(badCsv.body.errors[0].field).toBe('afterRound');
    for (const q of ['-1', 'x', '1.5']) {
      const bad = await api().get(`/api/events/${eventId}/standings?afterRound=${q}`).expect(400);
      expect(bad.body.message).toContain('afterRound');
    }
    await api().get('/api/events/00000000-0000-4000-8000-000000000000/standings').expect(404);
    await api().get('/api/events/00000000-0000-4000-8000-000000000000/tournament-file').expect(404);
    await api().get('/api/events/not-a-uuid/standings').expect(400);
  });

  it('round-trips: the exported file imported again gives the same standings, and keeps the federation IDs', async () => {
    // Issue 33: three players come with federation IDs (the registry's sure key on another server).
    const fid = (i: number) => (i < 3 ? `XF-${i + 1}` : undefined);
    const withIds = { ...swissFile, entries: swissFile.entries.map((e, i) => (fid(i) ? { ...e, federationId: fid(i) } : e)) };
    // A tournament of its own: in this one the same names are players already, found and reused as they are.
    const own = (await api().post('/api/tournaments').set('Authorization', organizer.auth).send(TOURNAMENT).expect(201)).body.id;
    const first = (
      await api()
        .post(`/api/tournaments/${own}/tournament-file`)
        .set('Authorization', organizer.auth)
        .send({ file: withIds, nameZh: '第一', nameEn: 'First' })
        .expect(201)
    ).body.event.id;
    const exported = (await api().get(`/api/events/${first}/tournament-file`).expect(200)).body;
    const ids = (file: { entries: { drawNumber: number; federationId?: string }[] }) =>
      file.entries.filter((e) => e.federationId).map((e) => [e.drawNumber, e.federationId]);
    expect(ids(exported)).toEqual([
      [1, 'XF-1'],
      [2, 'XF-2'],
      [3, 'XF-3'],
    ]);
    const second = await importFile(exported, { nameZh: '第二', nameEn: 'Second' });
    const a = (await api().get(`/api/events/${first}/standings`).expect(200)).body.report;
    const b = (await api().get(`/api/events/${second}/standings`).expect(200)).body.report;
    const view = (r: { rows: { drawNumber: number; rank: number; score: number; values: unknown }[] }) =>
      r.rows.map((x) => [x.drawNumber, x.rank, x.score, x.values]);
    expect(view(b)).toEqual(view(a));
    // Into another tournament (new player rows): the players keep the IDs, and its export carries them again.
    const other = (await api().post('/api/tournaments').set('Authorization', organizer.auth).send(TOURNAMENT).expect(201)).body.id;
    const res = await api().post(`/api/tournaments/${other}/tournament-file`).set('Authorization', organizer.auth).send({ file: exported }).expect(201);
    const players = await prisma.player.findMany({ where: { tournamentId: other, federationId: { not: null } }, orderBy: { federationId: 'asc' } });
    expect(players.map((p) => [p.nameZh, p.federationId])).toEqual([
      ['棋手1', 'XF-1'],
      ['棋手2', 'XF-2'],
      ['棋手3', 'XF-3'],
    ]);
    expect(ids((await api().get(`/api/events/${res.body.event.id}/tournament-file`).expect(200)).body)).toEqual(ids(exported));
  });

  it('an imported event goes on: the server pairs its next round as chuhe pair does on the exported file', async () => {
    const five = playFile({ ...swissBase, options: { ...swissBase.options, totalRounds: 7 } }, 5, 'exchange-continue');
    const eventId = await importFile({ ...five, standings: {}, sanctions: [], withdrawals: [] }, { nameZh: '续赛', nameEn: 'Continued' });
    const exported = (await api().get(`/api/events/${eventId}/tournament-file`).expect(200)).body;
    const proposed = JSON.parse((await cli(['pair'], exported)).out) as { round: number; pairings: { red: string; black: string }[]; byes: string[] };
    const draft = await api().post(`/api/events/${eventId}/rounds`).set('Authorization', organizer.auth).send({}).expect(201);
    expect(draft.body.number).toBe(6);
    const pairs = draft.body.pairings as { red: { id: string }; black: { id: string } | null }[];
    expect(pairs.filter((p) => p.black).map((p) => [p.red.id, p.black!.id])).toEqual(proposed.pairings.map((p) => [p.red, p.black]));
    expect(pairs.filter((p) => !p.black).map((p) => p.red.id)).toEqual(proposed.byes);
  });

  it('imports a team round-robin (odd field, rest rounds) standings as the CLI gives them', async () => {
    const teams: Tournament = {
      name: '团体循环 Team RR',
      options: { eventKind: 'team', scoring: '2-1-0', gamesPerPairing: 1, boards: 3, pairingSystem: 'round-robin' },
      entries: Array.from({ length: 5 }, (_, i) => ({
        id: `T${i + 1}`,
        drawNumber: i + 1,
        name: `队${i + 1} Team ${i + 1}`,
        affiliation: `单位${i + 1}`,
        members: [1, 2, 3, 4].map((b) => ({ id: `T${i + 1}m${b}`, name: `队员${i + 1}${b} M${b}`, ...(b <= 3 ? { board: b } : {}) })),
      })),
      rounds: [],
    };
    const played = playFile(teams, 5, 'exchange-team-rr');
    const eventId = await importFile({ ...played, standings: {}, sanctions: [], withdrawals: [] });
    await sameAsCliAfterEveryRound(eventId, 5);
    const s = (await api().get(`/api/events/${eventId}/standings`).expect(200)).body.report;
    expect(s.teamMatches.length).toBe(10);
    // TRF covers individual events only: a 400 naming the event and saying why.
    const trf = await api().get(`/api/events/${eventId}/trf`).expect(400);
    expect(trf.body.errors[0]).toEqual({
      field: 'eventId',
      code: 'trf.team_event',
      reason: expect.stringMatching(/team event has no TRF export.*bbpPairings refuses TRF's team records \(013\)/),
    });
    // Board points: every member's points per board (附录1 #6), with the team's 场分 and 局分 per match.
    expect(s.members.filter((m: { starterBoard: number | null }) => m.starterBoard !== null)).toHaveLength(15);
    expect(s.members[0]).toEqual(expect.objectContaining({ team: expect.any(String), boards: expect.any(Array), countedPoints: expect.any(Number) }));
    // A rest round (轮空) counts 0 in every criterion (附录6 #3–4): board 1 points are the board-1 games only.
    const file = (await api().get(`/api/events/${eventId}/tournament-file`).expect(200)).body as Tournament;
    const board1 = new Map<string, number>();
    const teamOf = new Map(file.entries.flatMap((e) => (e.members ?? []).map((m) => [m.id, e.id] as const)));
    const points: Record<string, [number, number]> = {
      red_win: [2, 0],
      black_win: [0, 2],
      draw: [1, 1],
      red_win_forfeit: [2, 0],
      black_win_forfeit: [0, 2],
      double_forfeit: [0, 0],
    };
    for (const g of file.rounds.flatMap((r) => r.pairings.flatMap((p) => p.games.filter((x) => x.board === 1)))) {
      const [red, black] = points[g.result!];
      board1.set(teamOf.get(g.red)!, (board1.get(teamOf.get(g.red)!) ?? 0) + red);
      board1.set(teamOf.get(g.black)!, (board1.get(teamOf.get(g.black)!) ?? 0) + black);
    }
    const chain = await api().get(`/api/events/${eventId}/standings`).expect(200);
    expect(chain.body.report.chain.map((c: { criterion: string }) => c.criterion)).toContain('board1Points');
    for (const row of s.rows) expect([row.entry, row.values.board1Points]).toEqual([row.entry, board1.get(row.entry) ?? 0]);
  });

  it('standings follow every change of what they read (the table is reused only while nothing changed)', async () => {
    const eventId = await importFile(swissFile, { nameZh: '缓存', nameEn: 'Cache' });
    const first = (await api().get(`/api/events/${eventId}/standings`).expect(200)).body;
    expect((await api().get(`/api/events/${eventId}/standings`).expect(200)).body).toEqual(first);
    // A player's name.
    const row = first.report.rows[0];
    const entry = await prisma.entry.findUniqueOrThrow({ where: { id: row.entry }, include: { player: true } });
    await api()
      .patch(`/api/players/${entry.playerId}`)
      .set('Authorization', organizer.auth)
      .send({ version: entry.player!.version, nameEn: 'Renamed Player' })
      .expect(200);
    const renamed = (await api().get(`/api/events/${eventId}/standings`).expect(200)).body;
    expect(renamed.report.rows[0].name).toMatch(/Renamed Player$/);
    // A result (changed behind the API's back, as a correction would): the table follows.
    const game = await prisma.game.findFirstOrThrow({ where: { pairing: { round: { eventId, number: 1 } }, result: 'red_win' } });
    await prisma.game.update({ where: { id: game.id }, data: { result: 'black_win' } });
    const corrected = (await api().get(`/api/events/${eventId}/standings`).expect(200)).body;
    expect(corrected.report).toEqual(await cliStandings((await api().get(`/api/events/${eventId}/tournament-file`).expect(200)).body));
    expect(corrected.report.rows.map((r: { score: number }) => r.score)).not.toEqual(renamed.report.rows.map((r: { score: number }) => r.score));
    // A confirmed sanction (the file's `sanctions`): a technical foul is counted.
    const fouled = await prisma.game.findFirstOrThrow({ where: { pairing: { round: { eventId, number: 2 } }, redPlayerId: { not: null } } });
    await prisma.sanction.create({ data: { gameId: fouled.id, playerId: fouled.redPlayerId!, kind: 'technical_foul', state: 'confirmed' } });
    const sanctioned = (await api().get(`/api/events/${eventId}/standings`).expect(200)).body;
    expect(sanctioned.report.discipline.fouls).toHaveLength(1);
    expect(sanctioned.report).toEqual(await cliStandings((await api().get(`/api/events/${eventId}/tournament-file`).expect(200)).body));
    // The chain.
    const event = (await api().get(`/api/events/${eventId}`).expect(200)).body;
    await prisma.event.update({ where: { id: eventId }, data: { tieBreaks: ['score', 'wins'] } });
    const chain = (await api().get(`/api/events/${eventId}/standings`).expect(200)).body;
    expect(chain.report.chain.map((c: { criterion: string }) => c.criterion)).toEqual(['score', 'wins']);
    expect(event.id).toBe(eventId);
  });

  it('refuses a bad file with 400 naming the JSON path, writing nothing', async () => {
    const before = await prisma.event.count({ where: { tournamentId } });
    const players = await prisma.player.count({ where: { tournamentId } });
    const cases: [unknown, string][] = [
      [{ ...swissFile, entries: [{ id: 'p1', name: 'x' }, ...swissFile.entries.slice(1)] }, 'file.entries.0.drawNumber'],
      [{ ...swissFile, sanctions: [{ kind: 'technical_foul', round: 1, player: 'p1', game: 2 }] }, 'file.sanctions.0'],
      [{ ...swissFile, withdrawals: [{ entry: 'nobody' }] }, 'file.withdrawals.0.afterRound'],
      [{ ...swissFile, options: { ...swissFile.options, pairingSystem: 'lottery' } }, 'file.options.pairingSystem'],
    ];
    for (const [file, field] of cases) {
      const res = await api().post(`/api/tournaments/${tournamentId}/tournament-file`).set('Authorization', organizer.auth).send({ file }).expect(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    await api().post(`/api/tournaments/${tournamentId}/tournament-file`).set('Authorization', organizer.auth).send({ file: 'text' }).expect(400);
    await api().post(`/api/tournaments/${tournamentId}/tournament-file`).set('Authorization', organizer.auth).send({}).expect(400);
    expect(await prisma.event.count({ where: { tournamentId } })).toBe(before);
    expect(await prisma.player.count({ where: { tournamentId } })).toBe(players);
  });

  it('random damage to a file: always 201 or a 400, never a 500', async () => {
    const random = seededRandom('exchange-fuzz');
    const junk = [null, -1, 0, 1e12, 'x', '', [], {}, true, 2.5];
    const paths = (v: unknown, at: (string | number)[] = []): (string | number)[][] =>
      v && typeof v === 'object' ? [at, ...Object.entries(v).flatMap(([k, x]) => paths(x, [...at, Array.isArray(v) ? Number(k) : k]))] : [at];
    const all = paths(swissFile).filter((p) => p.length > 0);
    for (let i = 0; i < 40; i++) {
      const file = JSON.parse(JSON.stringify(swissFile));
      const at = all[Math.floor(random() * all.length)];
      let node = file;
      for (const k of at.slice(0, -1)) node = node[k];
      const last = at[at.length - 1];
      if (random() < 0.3) delete node[last];
      else node[last] = junk[Math.floor(random() * junk.length)];
      const res = await api().post(`/api/tournaments/${tournamentId}/tournament-file`).set('Authorization', organizer.auth).send({ file });
      expect([at.join('.'), [201, 400].includes(res.status)]).toEqual([at.join('.'), true]);
    }
  });

  it('import: 401 anonymous, 403 for an arbiter and for a stranger', async () => {
    const stranger = await newUser(app, 'stranger');
    const url = `/api/tournaments/${tournamentId}/tournament-file`;
    await api().post(url).send({ file: swissFile }).expect(401);
    await api().post(url).set('Authorization', arbiter.auth).send({ file: swissFile }).expect(403);
    await api().post(url).set('Authorization', stranger.auth).send({ file: swissFile }).expect(403);
  });
});
