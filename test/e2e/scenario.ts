// The e2e specs' one fixture: a tournament with an event whose field is entered and drawn, users
// with the roles a spec needs, and rounds already played — through the HTTP API, as people do it.
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { PrismaClient } from '../../apps/server/src/generated/prisma/client';
import { grantRole, newUser, roundBody, SWISS_EVENT, TEAM_EVENT, TOURNAMENT } from './http-helpers';

export type User = { email: string; auth: string; id: string };

export interface PlayEvent {
  tournamentId: string;
  eventId: string;
  entryIds: string[];
  organizer: User;
}

export interface ScenarioOptions {
  /** The event as POST /api/tournaments/:id/events takes it (default: SWISS_EVENT). */
  event?: Record<string, unknown>;
  /** Players (teams of four in a team event) entered; default 8. */
  players?: number;
  /** Draw the numbers (default true); the draw's seed (default 'rounds'). */
  draw?: boolean;
  seed?: string;
  /** Each role given to a new user, who accepts the invitation (`users[role]`). */
  roles?: readonly string[];
  /** Rounds paired, published and played to the end before the spec starts (default 0). */
  rounds?: number;
  /** The result of each game of those rounds (default: Red wins). */
  pick?: PickResult;
  organizer?: User;
}

export type PickResult = (game: { id: string; board: number; kind: string; matchKey: string | null }) => 'red_win' | 'black_win' | 'draw';

export interface Scenario extends PlayEvent {
  users: Record<string, User>;
  /** The rounds played for the scenario, as GET /api/rounds/:id answers after the last result. */
  rounds: RoundViewBody[];
}

/** `scenario({ roles, players, rounds })`: the tournament, the drawn field, the staff and the rounds played. */
export async function scenario(app: INestApplication, options: ScenarioOptions = {}): Promise<Scenario> {
  const play = await drawnEvent(app, options.event ?? SWISS_EVENT, options.players ?? 8, options);
  const users: Record<string, User> = {};
  for (const role of options.roles ?? []) users[role] = await withRole(app, play, role);
  const rounds: RoundViewBody[] = [];
  for (let n = 0; n < (options.rounds ?? 0); n++) {
    const round = await pairAndPublish(app, play);
    await playRound(app, play.organizer.auth, round.id, options.pick);
    rounds.push((await request(app.getHttpServer()).get(`/api/rounds/${round.id}`).set('Authorization', play.organizer.auth).expect(200)).body);
  }
  return { ...play, users, rounds };
}

/** A tournament with one event of `n` players (or teams of four), entered and drawn. */
export async function drawnEvent(
  app: INestApplication,
  event: Record<string, unknown>,
  n: number,
  options: { draw?: boolean; seed?: string; organizer?: User } = {},
): Promise<PlayEvent> {
  const http = () => request(app.getHttpServer());
  const organizer = options.organizer ?? (await newUser(app, 'organizer'));
  const t = await http().post('/api/tournaments').set('Authorization', organizer.auth).send(TOURNAMENT).expect(201);
  const tournamentId = t.body.id as string;
  const e = await http().post(`/api/tournaments/${tournamentId}/events`).set('Authorization', organizer.auth).send(event).expect(201);
  const eventId = e.body.id as string;
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  if (event.kind === 'team') {
    for (let i = 0; i < n; i++) {
      const aff = await http()
        .post(`/api/tournaments/${tournamentId}/affiliations`)
        .set('Authorization', organizer.auth)
        .send({ nameZh: `单位${i}-${stamp}`, nameEn: `Club ${i}` })
        .expect(201);
      const members: string[] = [];
      for (let k = 0; k < 4; k++) {
        const p = await http()
          .post(`/api/tournaments/${tournamentId}/players`)
          .set('Authorization', organizer.auth)
          .send({ nameZh: `队员${i}-${k}-${stamp}`, nameEn: `Member ${i}-${k}`, gender: 'male', affiliationId: aff.body.id })
          .expect(201);
        members.push(p.body.id);
      }
      await http()
        .post(`/api/events/${eventId}/teams`)
        .set('Authorization', organizer.auth)
        .send({ affiliationId: aff.body.id, nameZh: `队${i}-${stamp}`, nameEn: `Team ${i}`, starters: members.slice(0, 3), reserves: members.slice(3) })
        .expect(201);
    }
  } else {
    const playerIds: string[] = [];
    for (let i = 0; i < n; i++) {
      const p = await http()
        .post(`/api/tournaments/${tournamentId}/players`)
        .set('Authorization', organizer.auth)
        .send({ nameZh: `棋手${i}-${stamp}`, nameEn: `Player ${i}`, gender: 'male', rating: 2400 - i * 10 })
        .expect(201);
      playerIds.push(p.body.id);
    }
    await http().post(`/api/events/${eventId}/entries/bulk`).set('Authorization', organizer.auth).send({ playerIds }).expect(201);
  }
  if (options.draw !== false)
    await http()
      .post(`/api/events/${eventId}/draw`)
      .set('Authorization', organizer.auth)
      .send({ seed: options.seed ?? 'rounds' })
      .expect(201);
  const entries = await http().get(`/api/events/${eventId}/entries`).expect(200);
  return { tournamentId, eventId, organizer, entryIds: (entries.body as { id: string }[]).map((x) => x.id) };
}

/** A new user with `role` in the tournament (a team captain needs `teamId` in `extra`); the invitation is accepted. */
export async function withRole(app: INestApplication, play: Pick<PlayEvent, 'tournamentId' | 'organizer'>, role: string, extra: Record<string, unknown> = {}) {
  const user = await newUser(app, role);
  const offered = await request(app.getHttpServer())
    .post(`/api/tournaments/${play.tournamentId}/roles`)
    .set('Authorization', play.organizer.auth)
    .send({ email: user.email, role, ...extra })
    .expect(201);
  // Roles are offered as invitations the user accepts (issue 13).
  if (offered.body.token)
    await request(app.getHttpServer()).post('/api/invitations/accept').set('Authorization', user.auth).send({ token: offered.body.token }).expect(201);
  return user;
}

/**
 * Enters a result into every game of a published round through the results module's route
 * (PUT /api/games/:gameId/result), again while games appear (a drawn knockout game makes the
 * module add the tie-break game, 附录2 7b); the module completes the round with its last result.
 */
export async function playRound(app: INestApplication, auth: string, roundId: string, pick: PickResult = () => 'red_win'): Promise<void> {
  const http = () => request(app.getHttpServer());
  for (let pass = 0; pass < 6; pass++) {
    const round = (await http().get(`/api/rounds/${roundId}`).set('Authorization', auth).expect(200)).body as RoundViewBody;
    const open = round.pairings.flatMap((p) => p.games.filter((g) => g.result === null).map((g) => ({ g, p })));
    if (!open.length) return;
    for (const { g, p } of open) {
      const res = await http()
        .put(`/api/games/${g.id}/result`)
        .set('Authorization', auth)
        .send({ result: pick({ id: g.id, board: g.board, kind: g.kind, matchKey: p.matchKey }), version: g.version });
      if (res.status !== 200) throw new Error(`result: ${res.status} ${JSON.stringify(res.body)}`);
    }
  }
  throw new Error(`round ${roundId}: games keep appearing`);
}

/** Pair (201), publish (200) and return the published round. */
export async function pairAndPublish(app: INestApplication, play: PlayEvent, auth = play.organizer.auth, body?: { scheduledAt?: string }) {
  const http = () => request(app.getHttpServer());
  const draft = await http()
    .post(`/api/events/${play.eventId}/rounds`)
    .set('Authorization', auth)
    .send(body ?? (await roundBody(app, play.eventId)));
  if (draft.status !== 201) throw new Error(`pairing failed: ${draft.status} ${JSON.stringify(draft.body)}`);
  const published = await http().post(`/api/rounds/${draft.body.id}/publish`).set('Authorization', auth).send({ version: draft.body.version });
  if (published.status !== 200) throw new Error(`publishing failed: ${published.status} ${JSON.stringify(published.body)}`);
  return published.body as RoundViewBody;
}

export interface RoundViewBody {
  id: string;
  number: number;
  state: string;
  version: number;
  stageType: string;
  findings: { severity: string; code: string; entries: string[]; message: string }[];
  warnings: { severity: string; code: string; entries: string[]; message: string }[];
  pairings: {
    id: string;
    table: number | null;
    matchKey: string | null;
    version: number;
    red: { id: string; drawNumber: number };
    black: { id: string; drawNumber: number } | null;
    games: { id: string; board: number; kind: string; result: string | null; version: number; red: { id: string } | null; black: { id: string } | null }[];
  }[];
}

/**
 * A drawn team event of 4 whose captains each hold an account, and its first round published so
 * that the lineup deadline (30 minutes before the round, 附录1 #8) comes `leadMs` from now on this
 * machine's clock — the clock the database runs on. For the lineup deadline's race tests.
 */
export async function teamRoundBeforeDeadline(app: INestApplication, prisma: PrismaClient, names: { nameZh: string; nameEn: string }, leadMs: number) {
  const http = () => request(app.getHttpServer());
  const play = await drawnEvent(app, { ...TEAM_EVENT, ...names }, 4);
  const entries = await prisma.entry.findMany({ where: { eventId: play.eventId }, include: { team: { include: { members: true } } } });
  const captains = new Map<string, string>();
  for (const e of entries) {
    const captain = await newUser(app, 'captain');
    await grantRole(app, play.organizer.auth, play.tournamentId, captain, 'team_captain', e.teamId!);
    captains.set(e.id, captain.auth);
  }
  const deadline = Date.now() + leadMs;
  const draft = await http()
    .post(`/api/events/${play.eventId}/rounds`)
    .set('Authorization', play.organizer.auth)
    .send({ scheduledAt: new Date(deadline + 30 * 60_000).toISOString() })
    .expect(201);
  const round = (
    await http().post(`/api/rounds/${draft.body.id}/publish`).set('Authorization', play.organizer.auth).send({ version: draft.body.version }).expect(200)
  ).body;
  const matches = round.pairings as { id: string; red: { id: string }; black: { id: string } }[];
  return { play, entries, captains, deadline, round, matches };
}
