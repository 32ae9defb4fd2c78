import { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { listRoutes, RouteInfo } from './authorization-route-table';
import { newDelegate, openRegistration, person } from './entries-helpers';
import { grantRole, newUser, startTestApp, SWISS_EVENT, TEAM_EVENT, TOURNAMENT } from './http-helpers';

const PUBLIC = 'public';
const AUTH = 'authenticated';
const ORG = 'organizer';
/** The chief's rights, delegated to the deputy (三章5, libs/tournament staff-rights.ts). */
const REG = 'chief_arbiter|deputy_chief_arbiter|organizer';
/** Appointing: the organizer any role (三章3A), the chief arbiter deputies (三章5). */
const APPOINT = 'chief_arbiter|organizer';
const RESULTS = 'arbiter|chief_arbiter|deputy_chief_arbiter|organizer';
const AUDIT = 'appeals_member|chief_arbiter|organizer';
const STAFF = RESULTS;
/** Disputes and appeals (issue 11): staff and the appeals committee read; the committee decides; parties file. */
const CASE_READERS = 'appeals_member|arbiter|chief_arbiter|deputy_chief_arbiter|organizer';
const COMMITTEE = 'appeals_member';
const APPELLANTS = 'arbiter|chief_arbiter|deputy_chief_arbiter|organizer|team_captain';
const LINEUP = 'chief_arbiter|deputy_chief_arbiter|organizer|team_captain';
/** A unit's delegate (单位领队, issue 31): their unit's page and entries only. */
const DELEGATE = 'delegate';
/** Check-in (issue 32): the stewards, and the arbiters and organizer who may stand in for them. */
const CHECK = 'arbiter|chief_arbiter|deputy_chief_arbiter|organizer|steward';
/** The start signal (二章7节1): the chief arbiter, the deputy, the organizer. */
const START = 'chief_arbiter|deputy_chief_arbiter|organizer';

/**
 * THE AUTHORIZATION MATRIX: who may call every route the server serves. The routes are read from
 * the controllers (authorization-route-table.ts): a route missing here fails the first test, so a
 * new route cannot ship without deciding who may call it; a route whose @RequireRole/@Authenticated
 * differs from its entry fails the second. Then each protected route is called by 9 kinds of
 * caller: anonymous and a logged-out token (401), a stranger, another tournament's organizer and
 * every role outside the entry (403), and the organizer (neither 401 nor 403).
 */
const MATRIX: Record<string, string> = {
  // Issue 30, rules found missing: suspension (三章4E), the readings (三章4C), the printouts of 三章6B.
  'POST /api/rounds/:roundId/suspend': REG,
  'POST /api/rounds/:roundId/resume': REG,
  'POST /rounds/:roundId/console/suspend': REG,
  'POST /rounds/:roundId/console/resume': REG,
  'GET /api/events/:eventId/readings': PUBLIC,
  'PUT /api/events/:eventId/readings': REG,
  'GET /events/:eventId/readings': REG,
  'POST /events/:eventId/readings': REG,
  'GET /events/:eventId/print/name-cards': RESULTS,
  'GET /events/:eventId/print/score-table': RESULTS,
  'GET /rounds/:roundId/print/record-forms': RESULTS,
  // Arbiters' sections of tables (issue 35, 三章4B; main's routes, missing from the matrix).
  'GET /api/events/:eventId/arbiter-sections': RESULTS,
  'PUT /api/events/:eventId/arbiter-sections/:userId': REG,
  'DELETE /api/events/:eventId/arbiter-sections/:userId': REG,
  'GET /events/:eventId/arbiter-sections': RESULTS,
  'POST /events/:eventId/arbiter-sections/:userId': REG,
  'POST /events/:eventId/arbiter-sections/:userId/remove': REG,
  // At the venue (issue 32): credentials, the personal links (capabilities: public), check-in, the start signal.
  'POST /api/events/:eventId/credentials': REG,
  'POST /api/tournaments/:tournamentId/credentials/:credentialId/reprint': REG,
  'POST /api/tournaments/:tournamentId/credentials/:credentialId/revoke': REG,
  'GET /events/:eventId/print/credentials': REG,
  'GET /events/:eventId/print/credentials/:credentialId/reprint': REG,
  'POST /events/:eventId/print/credentials/:credentialId/reprint': REG,
  'GET /api/credentials/:token': PUBLIC, // the holder's page as JSON: the token is the capability
  'GET /p/sw.js': PUBLIC,
  'GET /p/:token': PUBLIC, // the holder's own page the credential's QR code opens
  'GET /p/:token/manifest.webmanifest': PUBLIC,
  'GET /p/:token/calendar.ics': PUBLIC,
  'POST /api/tournaments/:tournamentId/check-ins/lookup': CHECK,
  'POST /api/tournaments/:tournamentId/check-ins': CHECK,
  'GET /api/events/:eventId/presence': CHECK,
  'GET /tournaments/:tournamentId/check-in': CHECK,
  'POST /tournaments/:tournamentId/check-in': CHECK,
  'POST /api/rounds/:roundId/start': START,
  'POST /api/rounds/:roundId/absences': START,
  'GET /events/:eventId/venue-desk': START,
  'GET /events/:eventId/venue-desk/section': START,
  'POST /events/:eventId/venue-desk/start': START,
  'POST /events/:eventId/venue-desk/absences': START,
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
  'GET /rounds/:roundId/print/record-slips': 'arbiter|chief_arbiter|deputy_chief_arbiter',
  'POST /rounds/:roundId/print/record-slips': 'arbiter|chief_arbiter|deputy_chief_arbiter',
  'GET /games/:gameId/foul': RESULTS,
  'POST /games/:gameId/foul': RESULTS,
  'POST /games/:gameId/foul/apply': REG,
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
  'DELETE /api/tournaments/:tournamentId/roles/:roleId': APPOINT,
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
  // The person registry, ratings, titles and bans (issue 33): registry-wide writes are the server
  // administrators' (checked in the service: 403 admin.required), a tournament's matching its registrars'.
  'GET /api/persons/:personId': PUBLIC,
  'GET /persons/:personId': PUBLIC,
  'GET /rating-lists/:listId': PUBLIC,
  'GET /events/:eventId/rating-report': PUBLIC,
  'GET /api/persons/:personId/head-to-head/:opponentId': PUBLIC,
  'GET /api/persons/:personId/bans': PUBLIC,
  'GET /api/persons/:personId/merges': PUBLIC,
  'POST /api/persons/:personId/merge': AUTH,
  'POST /api/person-merges/:mergeId/undo': AUTH,
  'GET /api/tournaments/:tournamentId/person-matches': REG,
  'POST /api/tournaments/:tournamentId/person-matches/accept-proposals': REG,
  'POST /api/players/:playerId/person': REG,
  'POST /api/players/:playerId/bans': AUDIT,
  // Server administrators only (the service's requireAdmin: 403 admin.required for anyone else).
  'GET /api/bans/:banId': AUTH,
  'POST /api/bans/:banId/lift': AUTH,
  'GET /admin': AUTH,
  'GET /bans/:banId': AUTH,
  'POST /bans/:banId/lift': AUTH,
  'GET /api/events/:eventId/title-rules': PUBLIC,
  'POST /api/events/:eventId/title-rules': ORG,
  'POST /api/events/:eventId/titles': ORG,
  'GET /api/rating-lists': PUBLIC,
  'POST /api/rating-lists': AUTH,
  'GET /api/rating-lists/:listId': PUBLIC,
  'PUT /api/rating-lists/:listId/method': AUTH,
  'POST /api/rating-lists/:listId/import': AUTH,
  'GET /api/rating-lists/:listId/ratings': PUBLIC,
  'GET /api/rating-lists/:listId/ratings.csv': PUBLIC,
  'PUT /api/events/:eventId/rating-list': ORG,
  'POST /api/events/:eventId/rating': REG,
  'GET /api/events/:eventId/rating-report': PUBLIC,
  'POST /api/events/:eventId/ratings-to-players': REG,
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
  'GET /api/tournaments/:tournamentId/roles': APPOINT,
  'GET /tournaments/:tournamentId': PUBLIC,
  'PATCH /api/affiliations/:affiliationId': REG,
  'PATCH /api/entries/:entryId': REG,
  'PATCH /api/events/:eventId': REG,
  'PATCH /api/players/:playerId': REG,
  'PATCH /api/rounds/:roundId': REG,
  'PATCH /api/teams/:teamId': REG,
  'PATCH /api/tournaments/:tournamentId': ORG,
  'PUT /api/events/:eventId/seeds': REG, // seeds in bulk (issue 30 #6)
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
  'POST /api/tournaments/:tournamentId/invitations': APPOINT,
  'POST /api/tournaments/:tournamentId/players': REG,
  'POST /api/tournaments/:tournamentId/roles': APPOINT,
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
  'GET /api/events/:eventId/appeals/file': 'appeals_member|chief_arbiter|deputy_chief_arbiter|organizer',
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
  'GET /manage/events/:eventId/seeds': REG,
  'POST /manage/events/:eventId/seeds': REG,
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
  // Entries from the units and the players (issue 31). Submitting and reading requests need a login:
  // the service scopes a delegate to their unit (auth.other_unit) and a person to their own requests.
  'GET /api/tournaments/:tournamentId/regulations': PUBLIC, // published ones; the draft to registrars
  'PUT /api/tournaments/:tournamentId/regulations': ORG,
  'POST /api/tournaments/:tournamentId/regulations/publish': ORG,
  'PUT /api/events/:eventId/regulations': REG,
  'GET /api/events/:eventId/quotas': PUBLIC,
  'PUT /api/events/:eventId/quotas/:affiliationId': REG,
  'POST /api/events/:eventId/quotas/invitation-rule': REG,
  'POST /api/events/:eventId/entry-requests': AUTH,
  'GET /api/events/:eventId/entry-requests': AUTH,
  'GET /api/events/:eventId/places': PUBLIC,
  'POST /api/entry-requests/:entryRequestId/approve': REG,
  'POST /api/entry-requests/:entryRequestId/refuse': REG,
  'POST /api/entry-requests/:entryRequestId/wait': REG,
  'POST /api/entry-requests/:entryRequestId/withdraw': AUTH,
  'POST /api/events/:eventId/entry-requests/promote': REG,
  'GET /api/tournaments/:tournamentId/fees': REG,
  'POST /api/fees/:feeId/mark': REG,
  'GET /tournaments/:tournamentId/regulations': PUBLIC,
  'GET /tournaments/:tournamentId/manage/regulations': ORG,
  'POST /tournaments/:tournamentId/manage/regulations': ORG,
  'POST /tournaments/:tournamentId/manage/regulations/publish': ORG,
  'POST /manage/events/:eventId/regulations': REG,
  'GET /tournaments/:tournamentId/manage/units': REG,
  'POST /manage/events/:eventId/quotas': REG,
  'POST /manage/events/:eventId/quotas/rule': REG,
  'POST /tournaments/:tournamentId/manage/units/delegates': ORG,
  'GET /manage/events/:eventId/requests': REG,
  'POST /manage/entry-requests/:entryRequestId/decide': REG,
  'POST /manage/events/:eventId/requests/promote': REG,
  'GET /tournaments/:tournamentId/unit': DELEGATE,
  'POST /events/:eventId/unit-entries': DELEGATE,
  'POST /entry-requests/:entryRequestId/take-back': AUTH,
  'GET /events/:eventId/enter': PUBLIC,
  'POST /events/:eventId/enter': AUTH,
  // Without an account (issue 31 #4): the request waits for its mailed link; the token is the capability.
  'POST /api/events/:eventId/entry-requests/by-mail': PUBLIC,
  'POST /api/entry-requests/confirm': PUBLIC,
  'POST /events/:eventId/enter-by-mail': PUBLIC,
  'GET /entry-requests/confirm/:token': PUBLIC,
  // The submitter changes a request (issue 31 #3): the service lets only its submitter or the unit's delegate.
  'PATCH /api/entry-requests/:entryRequestId': AUTH,
  'GET /entry-requests/:entryRequestId/edit': AUTH,
  'POST /entry-requests/:entryRequestId/edit': AUTH,
  // An account-free request changed through its mailed link: the token is the capability (no account).
  'GET /api/entry-requests/by-link/:token': PUBLIC,
  'PATCH /api/entry-requests/by-link/:token': PUBLIC,
  'GET /entry-requests/by-link/:token/edit': PUBLIC,
  'POST /entry-requests/by-link/:token/edit': PUBLIC,
  'POST /api/tournaments/:tournamentId/units/import': REG,
  'POST /tournaments/:tournamentId/manage/units/import': REG,
  // A signed-in player's own page (issue 32 #2): the account's person's players only (403 auth.not_yours).
  'GET /my/players/:playerId': AUTH,
  'GET /tournaments/:tournamentId/manage/fees': REG,
  'POST /manage/fees/:feeId/mark': REG,
  'GET /manage/fees/:feeId/receipt': REG,
};

/** Route parameters the fixture has no record for: their routes get the 401 checks only. Add a fixture rather than a name here. */
const NO_FIXTURE = ['sanction', 'appeal', 'dispute'];

const ROLE_KINDS = ['organizer', 'chief_arbiter', 'arbiter', 'team_captain', 'appeals_member', 'delegate', 'steward'] as const;

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
      if (role === 'delegate') {
        auth.delegate = (await newDelegate(app, organizer.auth, t, ids.affiliation)).auth;
        continue;
      }
      const user = await newUser(app, role);
      const granted = await grantRole(app, organizer.auth, t, user, role, role === 'team_captain' ? ids.team : undefined);
      auth[role] = user.auth;
      if (role === 'arbiter') {
        ids.role = granted.id;
        // Issue 35: the arbiter whose section of tables the arbiter-sections routes name.
        ids.user = granted.userId;
      }
    }
    // Issue 31: a request and a fee, in an open event of their own (the others are drawn and paired).
    const open = (
      await http()
        .post(`/api/tournaments/${t}/events`)
        .set('Authorization', organizer.auth)
        .send({ ...SWISS_EVENT, nameZh: '公开赛', nameEn: 'Open' })
        .expect(201)
    ).body;
    await http()
      .put(`/api/events/${open.id}/regulations`)
      .set('Authorization', organizer.auth)
      .send({ version: open.version, selfRegistration: true, feePerPlayer: 1000 })
      .expect(200);
    await openRegistration(app, organizer.auth, t);
    const asked = async (zh: string, en: string) =>
      (
        await http()
          .post(`/api/events/${open.id}/entry-requests`)
          .set('Authorization', auth.stranger)
          .send({ player: person(zh, en) })
          .expect(201)
      ).body.id as string;
    ids.entryRequest = await asked('自报', 'Self');
    const paid = await asked('付费', 'Fee');
    await http().post(`/api/entry-requests/${paid}/approve`).set('Authorization', organizer.auth).send({ version: 1 }).expect(200);
    ids.fee = (await http().get(`/api/tournaments/${t}/fees`).set('Authorization', organizer.auth).expect(200)).body[0].id;
    // A credential (issue 32) for the credential routes.
    ids.credential = (
      await http().post(`/api/events/${ids.event}/credentials`).set('Authorization', organizer.auth).expect(201)
    ).body.credentials[0].credentialId;
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
