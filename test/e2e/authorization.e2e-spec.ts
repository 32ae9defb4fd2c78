import { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { listRoutes, RouteInfo } from './authorization-route-table';
import { grantRole, newUser, startTestApp, SWISS_EVENT, TEAM_EVENT, TOURNAMENT } from './http-helpers';

const PUBLIC = 'public';
const AUTH = 'authenticated';
const ORG = 'organizer';
const REG = 'chief_arbiter|organizer';
const RESULTS = 'arbiter|chief_arbiter|organizer';
const AUDIT = 'appeals_member|chief_arbiter|organizer';
const STAFF = RESULTS;
/** Disputes and appeals (issue 11): staff and the appeals committee read; the committee decides; parties file. */
const CASE_READERS = 'appeals_member|arbiter|chief_arbiter|organizer';
const COMMITTEE = 'appeals_member';
const APPELLANTS = 'arbiter|chief_arbiter|organizer|team_captain';
const LINEUP = 'chief_arbiter|organizer|team_captain';

/**
 * THE AUTHORIZATION MATRIX: who may call every route the server serves. The routes are read from
 * the controllers (authorization-route-table.ts): a route missing here fails the first test, so a
 * new route cannot ship without deciding who may call it; a route whose @RequireRole/@Authenticated
 * differs from its entry fails the second. Then each protected route is called by 9 kinds of
 * caller: anonymous and a logged-out token (401), a stranger, another tournament's organizer and
 * every role outside the entry (403), and the organizer (neither 401 nor 403).
 */
const MATRIX: Record<string, string> = {
  // Staff pages (issue 20, pages 8–11): server-rendered forms, each behind the roles of the API it calls.
  'GET /events/:eventId/console': REG,
  'POST /events/:eventId/console/pair': REG,
  'POST /events/:eventId/console/forbidden-pairs': REG,
  'POST /rounds/:roundId/console/swap': REG,
  'POST /rounds/:roundId/console/colours': REG,
  'POST /rounds/:roundId/console/bye': REG,
  'POST /rounds/:roundId/console/repair': REG,
  'POST /rounds/:roundId/console/publish': REG,
  'POST /rounds/:roundId/console/delete': REG,
  'POST /rounds/:roundId/console/schedule': REG,
  'POST /games/:gameId/console/early-draw': REG,
  'POST /sanctions/:sanctionId/console/confirm': REG,
  'POST /pairings/:pairingId/console/team-forfeit': REG,
  'GET /tournaments/:tournamentId/import-event': REG,
  'POST /tournaments/:tournamentId/import-event': REG,
  'GET /rounds/:roundId/results': RESULTS,
  'POST /rounds/:roundId/results': RESULTS,
  'GET /games/:gameId/record': RESULTS,
  'POST /games/:gameId/record': RESULTS,
  'POST /games/:gameId/record/lock': RESULTS,
  // Issue 25: the slips with the secret record links' QR codes — the arbiters who hand them out, not the organizer.
  'GET /rounds/:roundId/print/record-slips': 'arbiter|chief_arbiter',
  'POST /rounds/:roundId/print/record-slips': 'arbiter|chief_arbiter',
  'GET /games/:gameId/foul': RESULTS,
  'POST /games/:gameId/foul': RESULTS,
  'GET /staff/games/:gameId/dispute': RESULTS,
  'POST /staff/games/:gameId/dispute': RESULTS,
  'GET /staff/disputes/:disputeId': CASE_READERS,
  'POST /staff/disputes/:disputeId/ruling': RESULTS,
  'GET /tournaments/:tournamentId/my-team': 'team_captain',
  'GET /pairings/:pairingId/lineup': LINEUP,
  'POST /pairings/:pairingId/lineup/:entryId': LINEUP,
  'GET /games/:gameId/appeal': APPELLANTS,
  'POST /games/:gameId/appeal': APPELLANTS,
  'GET /tournaments/:tournamentId/appeals': CASE_READERS,
  'GET /staff/appeals/:appealId': CASE_READERS,
  'POST /staff/appeals/:appealId/vote': COMMITTEE,
  'DELETE /api/affiliations/:affiliationId': REG,
  'DELETE /api/entries/:entryId': REG, // an entry made by mistake, before round 1 (issue 20)
  'DELETE /api/events/:eventId': REG,
  'DELETE /api/players/:playerId': REG,
  'DELETE /api/rounds/:roundId': REG,
  'DELETE /api/teams/:teamId': REG,
  'DELETE /api/tournaments/:tournamentId': ORG,
  'DELETE /api/tournaments/:tournamentId/invitations/:invitationId': ORG,
  'DELETE /api/tournaments/:tournamentId/roles/:roleId': ORG,
  'GET /': PUBLIC,
  'GET /api/auth/me': AUTH,
  'GET /api/events/:eventId': PUBLIC,
  'GET /api/events/:eventId/draws': PUBLIC,
  'GET /api/events/:eventId/entries': PUBLIC,
  'GET /api/events/:eventId/live': PUBLIC, // Server-Sent Events of the public pages (issue 12)
  'GET /login': PUBLIC,
  // Account pages (issue 20): the browser's cookie session.
  'POST /login': PUBLIC,
  'GET /signup': PUBLIC,
  'POST /signup': PUBLIC,
  'POST /logout': PUBLIC,
  'GET /account': AUTH,
  'POST /account/password': AUTH,
  'POST /account/logout-everywhere': AUTH,
  'GET /api/events/:eventId/rounds': PUBLIC,
  'GET /api/events/:eventId/standings': PUBLIC,
  'GET /api/events/:eventId/standings.csv': PUBLIC,
  'GET /api/events/:eventId/team-report': PUBLIC,
  'GET /api/events/:eventId/teams': PUBLIC,
  'GET /api/events/:eventId/tournament-file': PUBLIC,
  'GET /api/events/:eventId/trf': PUBLIC,
  'GET /api/health': PUBLIC,
  'GET /api/pairings/:pairingId/match-card': PUBLIC,
  'GET /api/players/:playerId': PUBLIC,
  'GET /api/rounds/:roundId': PUBLIC,
  'GET /api/teams/:teamId': PUBLIC,
  'GET /api/tie-breaks': PUBLIC,
  'GET /api/tournaments': PUBLIC,
  'GET /api/tournaments/:tournamentId': PUBLIC,
  'GET /api/tournaments/:tournamentId/affiliations': PUBLIC,
  'GET /api/tournaments/:tournamentId/audit': AUDIT,
  'GET /api/tournaments/:tournamentId/events': PUBLIC,
  'GET /api/tournaments/:tournamentId/invitations': ORG,
  'GET /api/tournaments/:tournamentId/players': PUBLIC,
  'GET /api/tournaments/:tournamentId/roles': REG,
  'GET /tournaments/:tournamentId': PUBLIC,
  'PATCH /api/affiliations/:affiliationId': REG,
  'PATCH /api/entries/:entryId': REG,
  'PATCH /api/events/:eventId': REG,
  'PATCH /api/players/:playerId': REG,
  'PATCH /api/rounds/:roundId': REG,
  'PATCH /api/teams/:teamId': REG,
  'PATCH /api/tournaments/:tournamentId': ORG,
  'POST /api/auth/login': PUBLIC,
  'POST /api/auth/logout': AUTH,
  'POST /api/auth/logout-everywhere': AUTH,
  'POST /api/auth/password': AUTH,
  'POST /api/auth/register': PUBLIC,
  'POST /api/entries/:entryId/undo-withdrawal': REG, // a mistaken withdrawal, until the next round is paired (issue 20)
  'POST /api/entries/:entryId/withdraw': REG,
  'POST /api/events/:eventId/draw': REG,
  'POST /api/events/:eventId/entries': REG,
  'POST /api/events/:eventId/entries/bulk': REG,
  'POST /api/events/:eventId/forbidden-pairs': REG,
  'POST /api/events/:eventId/import/teams': REG,
  'POST /api/events/:eventId/rounds': REG,
  'POST /api/events/:eventId/teams': REG,
  'POST /api/invitations/accept': AUTH,
  'POST /api/pairings/:pairingId/team-forfeit': RESULTS,
  'POST /api/rounds/:roundId/bye': REG,
  'POST /api/rounds/:roundId/colours': REG,
  'POST /api/rounds/:roundId/publish': REG,
  'POST /api/rounds/:roundId/repair': REG,
  'POST /api/rounds/:roundId/swap': REG,
  'POST /api/tournaments': AUTH,
  'POST /api/tournaments/:tournamentId/affiliations': REG,
  'POST /api/tournaments/:tournamentId/events': REG,
  'POST /api/tournaments/:tournamentId/import/players': REG,
  'POST /api/tournaments/:tournamentId/invitations': ORG,
  'POST /api/tournaments/:tournamentId/players': REG,
  'POST /api/tournaments/:tournamentId/roles': ORG,
  'POST /api/tournaments/:tournamentId/tournament-file': REG,
  'PUT /api/games/:gameId/result': RESULTS,
  'PUT /api/pairings/:pairingId/lineups/:entryId': LINEUP,
  // Discipline and game log (issue 11): staff see and record, the chief arbiter decides.
  'GET /api/events/:eventId/early-draws': STAFF,
  'GET /api/events/:eventId/sanctions': STAFF,
  'GET /api/games/:gameId/adjournment': STAFF,
  'GET /api/games/:gameId/sanctions': STAFF,
  'POST /api/games/:gameId/adjournment': STAFF,
  'POST /api/games/:gameId/draw-offers': STAFF,
  'POST /api/games/:gameId/early-draw': STAFF,
  'POST /api/games/:gameId/early-draw/decision': REG,
  'POST /api/games/:gameId/sanctions': STAFF,
  'POST /api/sanctions/:sanctionId/confirm': REG,
  'POST /api/sanctions/:sanctionId/revoke': STAFF,
  // Disputes, appeals, game records, discipline settings, event pages (issues 11, 12).
  'GET /api/appeals/:appealId': CASE_READERS,
  'GET /api/disputes/:disputeId': CASE_READERS,
  'GET /api/disputes/:disputeId/diagrams/:index.svg': CASE_READERS,
  'GET /api/events/:eventId/appeal-decisions': PUBLIC,
  'GET /api/events/:eventId/appeals': CASE_READERS,
  'GET /api/events/:eventId/appeals/file': AUDIT,
  'GET /api/events/:eventId/discipline-settings': PUBLIC,
  'GET /api/events/:eventId/disputes': CASE_READERS,
  'GET /api/games/:gameId/disputes': CASE_READERS,
  'GET /api/games/:gameId/record': PUBLIC,
  'GET /api/games/:gameId/record.pgn': PUBLIC,
  // Records on the board (issue 25): the links are capabilities (the token), issued and revoked by arbiters.
  'DELETE /api/games/:gameId/record-links': RESULTS,
  'GET /api/events/:eventId/records.pgn': PUBLIC,
  'GET /api/record-links/:token': PUBLIC,
  'GET /api/rounds/:roundId/records': STAFF,
  'GET /api/rounds/:roundId/records.pgn': PUBLIC,
  'POST /api/games/:gameId/record-links': RESULTS,
  'POST /api/rounds/:roundId/record-links': RESULTS,
  'PUT /api/games/:gameId/record/lock': RESULTS,
  'PUT /api/record-links/:token/record': PUBLIC,
  'GET /records/:token': PUBLIC, // the entry page a record link opens
  'GET /games/:gameId': PUBLIC, // the public game viewer
  'GET /games/:gameId/diagrams': PUBLIC,
  'GET /events/:eventId': PUBLIC,
  'GET /events/:eventId/appeal-decisions': PUBLIC,
  'GET /events/:eventId/crosstable': PUBLIC,
  'GET /events/:eventId/bracket': PUBLIC,
  'GET /events/:eventId/players': PUBLIC,
  'GET /events/:eventId/print/standings': PUBLIC,
  'GET /events/:eventId/rounds/:number/names': PUBLIC,
  'GET /events/:eventId/rounds/:number/print/pairings': PUBLIC,
  'GET /events/:eventId/rounds/:number/print/slips': PUBLIC,
  'GET /events/:eventId/rounds/:number/print/match-cards': PUBLIC,
  'GET /events/:eventId/entries/:entryId': PUBLIC,
  'GET /events/:eventId/rounds/:number': PUBLIC,
  'GET /events/:eventId/standings': PUBLIC,
  'GET /events/:eventId/teams': PUBLIC,
  'GET /pairings/:pairingId': PUBLIC,
  'PATCH /api/events/:eventId/discipline-settings': REG,
  'POST /api/appeals/:appealId/sanctions': COMMITTEE,
  'POST /api/appeals/:appealId/votes': COMMITTEE,
  'POST /api/appeals/:appealId/withdraw': APPELLANTS,
  'POST /api/disputes/:disputeId/ruling': STAFF,
  'POST /api/games/:gameId/appeals': APPELLANTS,
  'POST /api/games/:gameId/disputes': STAFF,
  'POST /api/games/:gameId/record/move-limit-claim': STAFF,
  'POST /api/games/:gameId/sanctions/apply': REG,
  'PUT /api/appeals/:appealId/notes': COMMITTEE,
  'PUT /api/games/:gameId/record': STAFF,
  'PUT /api/roles/:roleId/affiliation': ORG,
  // The organizer's setup pages and My tournaments (issue 20 #2–7): the same roles as their API routes.
  'GET /my': AUTH,
  'GET /my/new-tournament': AUTH,
  'POST /my/new-tournament': AUTH,
  'GET /invitations/:token': PUBLIC,
  'POST /invitations/:token': AUTH,
  'GET /tournaments/:tournamentId/manage': REG,
  'GET /tournaments/:tournamentId/manage/edit': ORG,
  'POST /tournaments/:tournamentId/manage/edit': ORG,
  'POST /tournaments/:tournamentId/manage/publish': ORG,
  'GET /tournaments/:tournamentId/manage/delete': ORG,
  'POST /tournaments/:tournamentId/manage/delete': ORG,
  'GET /tournaments/:tournamentId/manage/affiliations': REG,
  'POST /tournaments/:tournamentId/manage/affiliations': REG,
  'GET /manage/affiliations/:affiliationId/edit': REG,
  'POST /manage/affiliations/:affiliationId/edit': REG,
  'POST /manage/affiliations/:affiliationId/delete': REG,
  'GET /tournaments/:tournamentId/manage/staff': ORG,
  'POST /tournaments/:tournamentId/manage/staff': ORG,
  'POST /tournaments/:tournamentId/manage/invitations/:invitationId/revoke': ORG,
  'POST /tournaments/:tournamentId/manage/roles/:roleId/remove': ORG,
  'GET /tournaments/:tournamentId/manage/players': REG,
  'GET /tournaments/:tournamentId/manage/players/new': REG,
  'POST /tournaments/:tournamentId/manage/players/new': REG,
  'GET /tournaments/:tournamentId/manage/players/import': REG,
  'POST /tournaments/:tournamentId/manage/players/import': REG,
  'GET /manage/players/:playerId/edit': REG,
  'POST /manage/players/:playerId/edit': REG,
  'POST /manage/players/:playerId/delete': REG,
  'GET /tournaments/:tournamentId/manage/events/new': REG,
  'POST /tournaments/:tournamentId/manage/events/new': REG,
  'GET /manage/events/:eventId': REG,
  'GET /manage/events/:eventId/edit': REG,
  'POST /manage/events/:eventId/edit': REG,
  'GET /manage/events/:eventId/tie-breaks': REG,
  'POST /manage/events/:eventId/tie-breaks': REG,
  'GET /manage/events/:eventId/forbidden-pairs': REG,
  'POST /manage/events/:eventId/forbidden-pairs': REG,
  'GET /manage/events/:eventId/discipline': REG,
  'POST /manage/events/:eventId/discipline': REG,
  'POST /manage/events/:eventId/delete': REG,
  'GET /manage/events/:eventId/entries': REG,
  'POST /manage/events/:eventId/entries': REG,
  'POST /manage/entries/:entryId/seed': REG,
  'POST /manage/entries/:entryId/remove': REG,
  'GET /manage/entries/:entryId/withdraw': REG,
  'POST /manage/entries/:entryId/withdraw': REG,
  'GET /manage/entries/:entryId/undo-withdrawal': REG,
  'POST /manage/entries/:entryId/undo-withdrawal': REG,
  'GET /manage/events/:eventId/draw': REG,
  'POST /manage/events/:eventId/draw': REG,
  'GET /manage/events/:eventId/teams': REG,
  'GET /manage/events/:eventId/teams/new': REG,
  'POST /manage/events/:eventId/teams/new': REG,
  'GET /manage/events/:eventId/teams/import': REG,
  'POST /manage/events/:eventId/teams/import': REG,
  'GET /manage/teams/:teamId/edit': REG,
  'POST /manage/teams/:teamId/edit': REG,
  'POST /manage/teams/:teamId/delete': REG,
};

/** Route parameters the fixture has no record for: their routes get the 401 checks only. Add a fixture rather than a name here. */
const NO_FIXTURE = ['sanction', 'appeal', 'dispute'];

const ROLE_KINDS = ['organizer', 'chief_arbiter', 'arbiter', 'team_captain', 'appeals_member'] as const;

describe('authorization of every route (generated from the controllers)', () => {
  let app: INestApplication;
  let routes: RouteInfo[];
  const ids: Record<string, string> = {};
  const auth: Record<string, string> = {};

  beforeAll(async () => {
    app = await startTestApp();
    routes = listRoutes(app);
    const http = () => request(app.getHttpServer());
    const organizer = await newUser(app, 'org');
    auth.organizer = organizer.auth;
    ids.organizer = organizer.auth;
    ids.tournament = (await http().post('/api/tournaments').set('Authorization', organizer.auth).send(TOURNAMENT).expect(201)).body.id;
    const t = ids.tournament;
    const other = await newUser(app, 'other-org');
    auth.otherOrganizer = other.auth;
    await http().post('/api/tournaments').set('Authorization', other.auth).send(TOURNAMENT).expect(201);
    auth.stranger = (await newUser(app, 'str')).auth;
    ids.stranger = auth.stranger;
    const gone = await newUser(app, 'gone');
    await http().post('/api/auth/logout').set('Authorization', gone.auth).expect(204);
    auth.loggedOut = gone.auth;

    ids.event = (await http().post(`/api/tournaments/${t}/events`).set('Authorization', organizer.auth).send(SWISS_EVENT).expect(201)).body.id;
    ids.teamEvent = (await http().post(`/api/tournaments/${t}/events`).set('Authorization', organizer.auth).send(TEAM_EVENT).expect(201)).body.id;
    ids.affiliation = (
      await http().post(`/api/tournaments/${t}/affiliations`).set('Authorization', organizer.auth).send({ nameZh: '泰国', nameEn: 'Thailand' }).expect(201)
    ).body.id;
    const players: string[] = [];
    for (let i = 0; i < 8; i++)
      players.push(
        (
          await http()
            .post(`/api/tournaments/${t}/players`)
            .set('Authorization', organizer.auth)
            .send({ nameZh: `泰${i}`, nameEn: `T${i}`, gender: 'male', affiliationId: ids.affiliation })
            .expect(201)
        ).body.id,
      );
    ids.player = players[0];
    for (const p of players.slice(0, 4)) {
      const entry = (await http().post(`/api/events/${ids.event}/entries`).set('Authorization', organizer.auth).send({ playerId: p }).expect(201)).body.id;
      ids.entry ??= entry;
    }
    ids.team = (
      await http()
        .post(`/api/events/${ids.teamEvent}/teams`)
        .set('Authorization', organizer.auth)
        .send({ affiliationId: ids.affiliation, nameZh: '泰国队', nameEn: 'Thailand', starters: players.slice(4, 7), reserves: [players[7]] })
        .expect(201)
    ).body.id;
    await http().post(`/api/events/${ids.event}/draw`).set('Authorization', organizer.auth).send({}).expect(201);
    const round = (await http().post(`/api/events/${ids.event}/rounds`).set('Authorization', organizer.auth).send({}).expect(201)).body;
    ids.round = round.id;
    ids.pairing = round.pairings[0].id;
    ids.game = round.pairings[0].games[0].id;

    for (const role of ROLE_KINDS.slice(1)) {
      const user = await newUser(app, role);
      const granted = await grantRole(app, organizer.auth, t, user, role, role === 'team_captain' ? ids.team : undefined);
      auth[role] = user.auth;
      if (role === 'arbiter') ids.role = granted.id;
    }
    ids.invitation = (
      await http()
        .post(`/api/tournaments/${t}/invitations`)
        .set('Authorization', organizer.auth)
        .send({ email: 'later@test.chuhe', role: 'arbiter' })
        .expect(201)
    ).body.id;
  });

  afterAll(async () => {
    await app.close();
  });

  /** The route's path with the fixture's ids, or random UUIDs where the fixture has none (then only 401 can be checked). */
  const fill = (path: string): { url: string; complete: boolean } => {
    let complete = true;
    const url = path.replace(/:(\w+)Id\b/g, (_m, name: string) => {
      const id = ids[name];
      if (!id) complete = false;
      return id ?? randomUUID();
    });
    return { url, complete };
  };
  const call = (route: RouteInfo, who?: string) => {
    const req = request(app.getHttpServer())[route.method](fill(route.path).url);
    if (who) req.set('Authorization', auth[who]);
    return route.method === 'get' || route.method === 'delete' ? req : req.send({ '@probe': 1 });
  };

  it('every route the server serves has an entry in the matrix, and every entry is served', () => {
    // A failure here lists the routes to add (decide who may call them) or to remove.
    const served = routes.map((r) => r.key);
    expect(served.filter((k) => !(k in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((k) => !served.includes(k))).toEqual([]);
  });

  it("every route's declared access is the matrix's", () => {
    const wrong = routes.filter((r) => r.access !== MATRIX[r.key]).map((r) => `${r.key}: declares ${r.access}, matrix says ${MATRIX[r.key]}`);
    expect(wrong).toEqual([]);
  });

  it('anonymous callers and logged-out tokens get 401 from every protected route', async () => {
    const violations: string[] = [];
    for (const route of routes.filter((r) => MATRIX[r.key] !== PUBLIC)) {
      for (const who of [undefined, 'loggedOut']) {
        const res = await call(route, who);
        if (res.status !== 401) violations.push(`${route.key} as ${who ?? 'anonymous'}: ${res.status}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('a stranger, another organizer and every role outside the entry get 403; a holder of an allowed role gets through', async () => {
    const violations: string[] = [];
    for (const route of routes.filter((r) => MATRIX[r.key] !== PUBLIC && MATRIX[r.key] !== AUTH)) {
      if (!fill(route.path).complete) {
        const missing = [...route.path.matchAll(/:(\w+)Id\b/g)].map((m) => m[1]).filter((name) => !ids[name]);
        if (missing.some((name) => !NO_FIXTURE.includes(name))) violations.push(`${route.key}: the fixture has no ${missing.join(', ')}`);
        continue;
      }
      const allowed = MATRIX[route.key].split('|');
      const denied = ['stranger', 'otherOrganizer', ...ROLE_KINDS.filter((r) => !allowed.includes(r))];
      for (const who of denied) {
        const res = await call(route, who);
        if (res.status !== 403) violations.push(`${route.key} as ${who}: ${res.status}`);
      }
      // A holder of an allowed role passes the guard (the probe body is refused, or the read answers); deletes are not run.
      const holder = allowed.includes('organizer') ? 'organizer' : allowed[0];
      if (route.method !== 'delete') {
        const res = await call(route, holder);
        if (res.status === 401 || res.status === 403) violations.push(`${route.key} as ${holder}: ${res.status}`);
      }
    }
    expect(violations).toEqual([]);
  }, 300_000); // every protected route × 9 callers: the page routes (issue 20) more than doubled them

  it('POST /api/tournaments needs a login (401) and any user may create one', async () => {
    await request(app.getHttpServer()).post('/api/tournaments').send(TOURNAMENT).expect(401);
    await request(app.getHttpServer()).post('/api/tournaments').set('Authorization', 'Bearer forged').send(TOURNAMENT).expect(401);
    await request(app.getHttpServer()).post('/api/tournaments').set('Authorization', ids.stranger).send(TOURNAMENT).expect(201);
  });

  it('POST /api/auth/logout needs a login and ends the session', async () => {
    const user = await newUser(app, 'leaving');
    await request(app.getHttpServer()).post('/api/auth/logout').expect(401);
    await request(app.getHttpServer()).get('/api/auth/me').set('Authorization', user.auth).expect(200);
    await request(app.getHttpServer()).post('/api/auth/logout').set('Authorization', user.auth).expect(204);
    await request(app.getHttpServer()).get('/api/auth/me').set('Authorization', user.auth).expect(401);
  });

  it('refuses wrong passwords; a second registration of an email answers like the first and changes nothing', async () => {
    const user = await newUser(app, 'dup');
    await request(app.getHttpServer()).post('/api/auth/login').send({ email: user.email, password: 'wrong password!' }).expect(401);
    const again = await request(app.getHttpServer())
      .post('/api/auth/register')
      .send({ email: user.email, displayName: 'again', password: 'long enough pw' })
      .expect(201);
    const fresh = await request(app.getHttpServer())
      .post('/api/auth/register')
      .send({ email: `fresh-${Date.now()}@test.chuhe`, displayName: 'fresh', password: 'long enough pw' })
      .expect(201);
    expect(again.body.message).toBe(fresh.body.message);
    await request(app.getHttpServer()).post('/api/auth/login').send({ email: user.email, password: 'long enough pw' }).expect(401);
    const short = await request(app.getHttpServer()).post('/api/auth/register').send({ email: 'x@y.zz', displayName: 'x', password: 'short' }).expect(400);
    expect(short.body.errors[0].field).toBe('password');
  });

  it('lets a chief arbiter register but not manage roles', async () => {
    const chief = await newUser(app, 'chief');
    await request(app.getHttpServer())
      .post(`/api/tournaments/${ids.tournament}/roles`)
      .set('Authorization', ids.organizer)
      .send({ email: chief.email, role: 'chief_arbiter' })
      .expect(201);
    await request(app.getHttpServer())
      .post(`/api/tournaments/${ids.tournament}/players`)
      .set('Authorization', chief.auth)
      .send({ nameZh: '丙', nameEn: 'C', gender: 'female' })
      .expect(201);
    await request(app.getHttpServer())
      .post(`/api/tournaments/${ids.tournament}/roles`)
      .set('Authorization', chief.auth)
      .send({ email: chief.email, role: 'organizer' })
      .expect(403);
  });
});
