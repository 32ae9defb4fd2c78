// Team lineups (排阵表, 附录1 #1, #6, #8) over HTTP on a real PostgreSQL: captains hand them in,
// they stay secret until both are in or the deadline passes, late teams play their starters.
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createPrismaClient, testDatabaseUrl } from '../support/database';
import { grantRole, newUser, startTestApp, TEAM_EVENT } from './http-helpers';
import { drawnEvent, PlayEvent, withRole } from './rounds-helpers';

describe('team lineups (附录1 #8) and match cards', () => {
  let app: INestApplication;
  let play: PlayEvent;
  const prisma = createPrismaClient(testDatabaseUrl());
  const http = () => request(app.getHttpServer());
  const captains = new Map<string, { auth: string; id: string }>(); // team entry id → captain
  let roundId: string;
  let roundVersion: number;
  let matches: { id: string; red: { id: string }; black: { id: string } }[];
  const members = new Map<string, { starters: string[]; reserve: string }>(); // entry id → players
  let arbiter: { auth: string };
  let chief: { auth: string };
  let appeals: { auth: string };

  beforeAll(async () => {
    app = await startTestApp();
    play = await drawnEvent(app, { ...TEAM_EVENT, nameZh: '团体排阵', nameEn: 'Lineups' }, 4);
    const entries = await prisma.entry.findMany({ where: { eventId: play.eventId }, include: { team: { include: { members: true } } } });
    for (const e of entries) {
      const captain = await newUser(app, 'captain');
      await grantRole(app, play.organizer.auth, play.tournamentId, captain, 'team_captain', e.teamId!);
      captains.set(e.id, captain);
      const starters = e
        .team!.members.filter((m) => m.role === 'starter')
        .sort((a, b) => a.board! - b.board!)
        .map((m) => m.playerId);
      members.set(e.id, { starters, reserve: e.team!.members.find((m) => m.role === 'reserve')!.playerId });
    }
    arbiter = await withRole(app, play, 'arbiter');
    chief = await withRole(app, play, 'chief_arbiter');
    appeals = await withRole(app, play, 'appeals_member');
    const scheduledAt = new Date(Date.now() + 3 * 3600_000).toISOString();
    const draft = await http().post(`/api/events/${play.eventId}/rounds`).set('Authorization', play.organizer.auth).send({ scheduledAt }).expect(201);
    const pub = await http()
      .post(`/api/rounds/${draft.body.id}/publish`)
      .set('Authorization', play.organizer.auth)
      .send({ version: draft.body.version })
      .expect(200);
    roundId = pub.body.id;
    roundVersion = pub.body.version;
    matches = pub.body.pairings;
    expect(matches).toHaveLength(2);
  });

  afterAll(async () => {
    await prisma.$disconnect();
    await app.close();
  });

  const card = (pairingId: string, auth?: string) => {
    const r = http().get(`/api/pairings/${pairingId}/match-card`);
    return auth ? r.set('Authorization', auth) : r;
  };

  it('a captain hands in a lineup with the reserve on board 2 (附录1 #6); only they and the arbiters see it', async () => {
    const m = matches[0];
    const team = members.get(m.red.id)!;
    const players = [team.starters[0], team.reserve, team.starters[2]];
    const res = await http().put(`/api/pairings/${m.id}/lineups/${m.red.id}`).set('Authorization', captains.get(m.red.id)!.auth).send({ players }).expect(200);
    expect(res.body.released).toBe(false);
    expect(res.body.red.lineup.players.map((p: { id: string }) => p.id)).toEqual(players);

    const own = await card(m.id, captains.get(m.red.id)!.auth).expect(200);
    expect(own.body.red.lineup.players).toHaveLength(3);
    const staff = await card(m.id, arbiter.auth).expect(200);
    expect(staff.body.red.lineup.players.map((p: { id: string }) => p.id)).toEqual(players);
    for (const auth of [undefined, captains.get(m.black.id)!.auth, appeals.auth, captains.get(matches[1].red.id)!.auth]) {
      const other = await card(m.id, auth).expect(200);
      expect(other.body.red.submitted).toBe(true);
      expect(other.body.red.lineup).toBeNull();
      expect(other.body.boards.every((b: { red: unknown; black: unknown }) => b.red === null && b.black === null)).toBe(true);
      expect(JSON.stringify(other.body)).not.toContain(team.reserve);
    }
    // No other route leaks it: the round's and the tournament file's games still name the
    // registered starters (the reserve is on the public roster, not on a board); the audit, which
    // appeals members read, holds a seal of the lineup, not its players.
    const round = (await http().get(`/api/rounds/${roundId}`).expect(200)).body;
    expect(JSON.stringify(round.pairings)).not.toContain(team.reserve);
    const file = (await http().get(`/api/events/${play.eventId}/tournament-file`).expect(200)).body;
    expect(JSON.stringify(file.rounds)).not.toContain(team.reserve);
    const audit = await http().get(`/api/tournaments/${play.tournamentId}/audit`).query({ entity: 'lineup' }).set('Authorization', appeals.auth).expect(200);
    const rows = Array.isArray(audit.body) ? audit.body : (audit.body.items ?? audit.body.rows ?? audit.body.data);
    expect(JSON.stringify(rows)).toContain('"seal"');
    expect(JSON.stringify(rows)).not.toContain(team.reserve);
  });

  it("a board's result before both lineups are in: 409 naming the missing lineup; the chief arbiter only with a reason (issue 22)", async () => {
    const m = matches[0];
    const round = (await http().get(`/api/rounds/${roundId}`).expect(200)).body;
    const game = round.pairings.find((p: { id: string }) => p.id === m.id).games[0];
    const black = await prisma.entry.findUniqueOrThrow({ where: { id: m.black.id }, include: { team: true } });
    const red = await prisma.entry.findUniqueOrThrow({ where: { id: m.red.id }, include: { team: true } });
    const early = await http()
      .put(`/api/games/${game.id}/result`)
      .set('Authorization', arbiter.auth)
      .send({ version: game.version, result: 'red_win' })
      .expect(409);
    expect(early.body.message).toContain(black.team!.nameEn);
    expect(early.body.message).not.toContain(red.team!.nameEn); // red's lineup is in
    expect(early.body.message).toContain('附录1 #8');
    const noReason = await http()
      .put(`/api/games/${game.id}/result`)
      .set('Authorization', chief.auth)
      .send({ version: game.version, result: 'red_win' })
      .expect(409);
    expect(noReason.body.message).toContain('with a reason');
    expect((await prisma.game.findUniqueOrThrow({ where: { id: game.id } })).result).toBeNull();
    // The other match: neither lineup in — both named.
    const other = round.pairings.find((p: { id: string }) => p.id === matches[1].id).games[0];
    const both = await http()
      .put(`/api/games/${other.id}/result`)
      .set('Authorization', arbiter.auth)
      .send({ version: other.version, result: 'draw' })
      .expect(409);
    expect(both.body.message).toMatch(/the lineups of .+ and .+ are not in yet/);
  });

  it('the chief arbiter enters a result before the lineups with a reason (issue 22)', async () => {
    // A match of its own: round 1's matches go on below. A fresh 2-team event, lineups due in 3 hours.
    const solo = await drawnEvent(app, { ...TEAM_EVENT, nameZh: '团体排阵二', nameEn: 'Lineups 2' }, 2);
    const chiefSolo = await withRole(app, solo, 'chief_arbiter');
    const draft = await http()
      .post(`/api/events/${solo.eventId}/rounds`)
      .set('Authorization', solo.organizer.auth)
      .send({ scheduledAt: new Date(Date.now() + 3 * 3600_000).toISOString() })
      .expect(201);
    const pub = await http()
      .post(`/api/rounds/${draft.body.id}/publish`)
      .set('Authorization', solo.organizer.auth)
      .send({ version: draft.body.version })
      .expect(200);
    const g = pub.body.pairings[0].games[0];
    const ok = await http()
      .put(`/api/games/${g.id}/result`)
      .set('Authorization', chiefSolo.auth)
      .send({ version: g.version, result: 'black_win', reason: 'both teams agreed the board-1 players before the lineups were typed in' })
      .expect(200);
    expect(ok.body.game.result).toBe('black_win');
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { entity: 'game', entityId: g.id } });
    expect(audit.reason).toContain('both teams agreed');
  });

  it("refuses another team's captain (403), strangers (401) and bad lineups (400 naming the field)", async () => {
    const m = matches[0];
    const team = members.get(m.black.id)!;
    const body = { players: team.starters };
    await http().put(`/api/pairings/${m.id}/lineups/${m.black.id}`).send(body).expect(401);
    await http().put(`/api/pairings/${m.id}/lineups/${m.black.id}`).set('Authorization', captains.get(m.red.id)!.auth).send(body).expect(403);
    await http().put(`/api/pairings/${m.id}/lineups/${m.black.id}`).set('Authorization', captains.get(matches[1].red.id)!.auth).send(body).expect(403);
    await http().put(`/api/pairings/${m.id}/lineups/${m.black.id}`).set('Authorization', arbiter.auth).send(body).expect(403);
    const captain = captains.get(m.black.id)!.auth;
    const stranger = members.get(m.red.id)!.starters[0];
    const bad = await http()
      .put(`/api/pairings/${m.id}/lineups/${m.black.id}`)
      .set('Authorization', captain)
      .send({ players: [team.starters[0], stranger, team.starters[2]] })
      .expect(400);
    expect(bad.body.errors).toEqual([{ field: 'players.1', reason: expect.stringContaining('not a registered member'), code: 'lineup.not_member' }]);
    const twice = await http()
      .put(`/api/pairings/${m.id}/lineups/${m.black.id}`)
      .set('Authorization', captain)
      .send({ players: [team.starters[0], team.starters[0], team.starters[2]] })
      .expect(400);
    expect(twice.body.errors[0].field).toBe('players.1');
    const short = await http()
      .put(`/api/pairings/${m.id}/lineups/${m.black.id}`)
      .set('Authorization', captain)
      .send({ players: team.starters.slice(0, 2) })
      .expect(400);
    expect(short.body.errors[0].field).toBe('players');
    await http()
      .put(`/api/pairings/${m.id}/lineups/${m.black.id}`)
      .set('Authorization', captain)
      .send({ players: ['nope'] })
      .expect(400);
  });

  it('once both are in, both are public and the boards take them: first-listed team Red on boards 1 and 3 (附录6 用法2)', async () => {
    const m = matches[0];
    const red = members.get(m.red.id)!;
    const black = members.get(m.black.id)!;
    await http()
      .put(`/api/pairings/${m.id}/lineups/${m.black.id}`)
      .set('Authorization', captains.get(m.black.id)!.auth)
      .send({ players: black.starters })
      .expect(200);
    const pub = await card(m.id).expect(200);
    expect(pub.body.released).toBe(true);
    const boards = pub.body.boards.map((b: { board: number; red: { id: string }; black: { id: string } }) => [b.board, b.red.id, b.black.id]);
    expect(boards).toEqual([
      [1, red.starters[0], black.starters[0]],
      [2, black.starters[1], red.reserve],
      [3, red.starters[2], black.starters[2]],
    ]);
    // Too late to change for a captain; the version is checked for the chief arbiter.
    const again = await http()
      .put(`/api/pairings/${m.id}/lineups/${m.red.id}`)
      .set('Authorization', captains.get(m.red.id)!.auth)
      .send({ players: red.starters, version: 1 })
      .expect(409);
    expect(again.body.message).toContain('both lineups are in');
    await http().put(`/api/pairings/${m.id}/lineups/${m.red.id}`).set('Authorization', chief.auth).send({ players: red.starters, version: 1 }).expect(400);
    await http()
      .put(`/api/pairings/${m.id}/lineups/${m.red.id}`)
      .set('Authorization', chief.auth)
      .send({ players: red.starters, version: 7, reason: 'reserve ill' })
      .expect(409);
    const fixed = await http()
      .put(`/api/pairings/${m.id}/lineups/${m.red.id}`)
      .set('Authorization', chief.auth)
      .send({ players: red.starters, version: 1, reason: 'reserve ill (三章4)' })
      .expect(200);
    expect(fixed.body.red.lineup.source).toBe('arbiter');
    expect(fixed.body.boards[1].black.id).toBe(red.starters[1]);
  });

  it('after the deadline a team without a lineup plays its starters in board order, and the audit says so (附录1 #8)', async () => {
    const m = matches[1];
    // The round starts in 20 minutes: the 30-minute deadline has passed.
    const soon = new Date(Date.now() + 20 * 60_000).toISOString();
    const patched = await http()
      .patch(`/api/rounds/${roundId}`)
      .set('Authorization', play.organizer.auth)
      .send({ version: roundVersion, scheduledAt: soon })
      .expect(200);
    roundVersion = patched.body.version;
    const late = await http()
      .put(`/api/pairings/${m.id}/lineups/${m.red.id}`)
      .set('Authorization', captains.get(m.red.id)!.auth)
      .send({ players: members.get(m.red.id)!.starters })
      .expect(409);
    expect(late.body.message).toContain('附录1 #8');
    const pub = await card(m.id).expect(200);
    expect(pub.body.released).toBe(true);
    expect(pub.body.red.lineup.source).toBe('default_starters');
    expect(pub.body.black.lineup.players.map((p: { id: string }) => p.id)).toEqual(members.get(m.black.id)!.starters);
    const rows = await prisma.auditLog.findMany({ where: { tournamentId: play.tournamentId, entity: 'lineup', reason: { contains: '附录1 #8' } } });
    expect(rows).toHaveLength(2);
    // Applied once, however often it is asked for.
    await card(m.id).expect(200);
    expect(await prisma.lineup.count({ where: { pairingId: m.id } })).toBe(2);
  });

  it('the match card scores the match by 附录1 #7 once every board has a result', async () => {
    const m = matches[0];
    const games = (await card(m.id, arbiter.auth).expect(200)).body.boards as { id: string; version: number }[];
    const results = ['red_win', 'draw', 'red_win'];
    for (const [i, g] of games.entries())
      await http().put(`/api/games/${g.id}/result`).set('Authorization', arbiter.auth).send({ result: results[i], version: g.version }).expect(200);
    const done = await card(m.id).expect(200);
    // Board 2's Red is the second-listed team: red_win 2 + draw 1 + red_win 2 = 5 of 6 for the first team.
    expect(done.body.score.gamePoints).toEqual({ red: 5, black: 1 });
    expect(done.body.score.matchPoints).toEqual({ red: 2, black: 0 });
  });

  it('a whole team absent at the start loses every board by forfeit (零迟到, 二章7节1), and the round completes', async () => {
    const m = matches[1];
    const body = { absent: [m.red.id], reason: 'team did not arrive' };
    await http().post(`/api/pairings/${m.id}/team-forfeit`).send(body).expect(401);
    await http().post(`/api/pairings/${m.id}/team-forfeit`).set('Authorization', captains.get(m.black.id)!.auth).send(body).expect(403);
    await http()
      .post(`/api/pairings/${m.id}/team-forfeit`)
      .set('Authorization', arbiter.auth)
      .send({ absent: [matches[0].red.id] })
      .expect(400);
    const res = await http().post(`/api/pairings/${m.id}/team-forfeit`).set('Authorization', arbiter.auth).send(body).expect(200);
    expect(res.body.boards.map((b: { result: string }) => b.result)).toEqual(['black_win_forfeit', 'red_win_forfeit', 'black_win_forfeit']);
    expect(res.body.score.matchPoints).toEqual({ red: 0, black: 2 });
    await http().post(`/api/pairings/${m.id}/team-forfeit`).set('Authorization', arbiter.auth).send(body).expect(409);
    const round = await http().get(`/api/rounds/${roundId}`).expect(200);
    expect(round.body.state).toBe('completed');
    // The one way a result changes (issue 22): each forfeit's audit row is result entry's (round, table, board), with the article.
    const audits = await prisma.auditLog.findMany({
      where: { entity: 'game', entityId: { in: res.body.boards.map((b: { gameId?: string; id?: string }) => b.gameId ?? b.id) } },
    });
    expect(audits.length).toBeGreaterThanOrEqual(3);
    for (const a of audits.filter((x) => x.reason?.includes('二章7节1')))
      expect(a.after).toMatchObject({ round: 1, table: expect.any(Number), result: expect.stringMatching(/forfeit/) });
    expect(audits.filter((x) => x.reason?.includes('二章7节1'))).toHaveLength(3);
  });

  it('the team report: records round by round, players across boards (附录1 #6), board prizes', async () => {
    const report = await http().get(`/api/events/${play.eventId}/team-report`).expect(200);
    expect(report.body.teams).toHaveLength(4);
    const winner = report.body.teams.find((t: { entry: string }) => t.entry === matches[1].black.id);
    expect(winner.rounds).toEqual([expect.objectContaining({ round: 1, opponent: matches[1].red.id, colour: 'black', kind: 'forfeit', matchPoints: [2, 0] })]);
    expect(report.body.boardPrizes.map((b: { board: number }) => b.board)).toEqual([1, 2, 3]);
    const reserve = members.get(matches[0].red.id)!.reserve;
    expect(report.body.players.find((p: { player: string }) => p.player === reserve)).toMatchObject({ starterBoard: null, countedBoard: null });
    await http().get(`/api/events/${play.eventId}/team-report`).query({ afterRound: 'x' }).expect(400);
  });
});
