import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createApp } from '../../apps/server/src/create-app';
import { testDatabaseUrl } from '../support/database';

/** A running app on the run's fresh test database, with helpers to make users. */
export async function startTestApp(): Promise<INestApplication> {
  // Any logged-in user may create tournaments in tests (the server's default lets only its admins),
  // and POST …/roles grants at once to a registered email (production: an invitation, see grantRole).
  // Every spec logs in from 127.0.0.1, each its users' first login an unknown address's, while
  // some specs fail logins on purpose: the address throttle (50 free failures for all accounts of
  // an address) would slow the whole run. login-throttle.e2e-spec.ts tests the real policies.
  const app = await createApp(testDatabaseUrl(), {
    logger: false,
    tournamentCreators: 'anyone',
    directRoleGrants: true,
    loginThrottle: { address: { free: 1_000_000, baseSeconds: 1, capSeconds: 60 } },
  });
  await app.init();
  return app;
}

let counter = 0;

/** Registers and logs in a new user; returns the bearer header value and the email. */
export async function newUser(app: INestApplication, name = 'user'): Promise<{ email: string; auth: string; id: string }> {
  counter += 1;
  const email = `${name}-${process.pid}-${Date.now()}-${counter}@test.chuhe`;
  const password = 'correct horse battery';
  await request(app.getHttpServer()).post('/api/auth/register').send({ email, displayName: name, password }).expect(201);
  const login = await request(app.getHttpServer()).post('/api/auth/login').send({ email, password }).expect(200);
  return { email, auth: `Bearer ${login.body.token}`, id: login.body.user.id };
}

/**
 * Gives `user` a role in the tournament the way people do it: the organizer invites (POST roles
 * answers the invitation with its token), the user accepts. Returns the role (its id is the roleId).
 */
export async function grantRole(
  app: INestApplication,
  organizerAuth: string,
  tournamentId: string,
  user: { email: string; auth: string },
  role: string,
  teamId?: string,
): Promise<{ id: string; role: string; userId: string }> {
  const invitation = await request(app.getHttpServer())
    .post(`/api/tournaments/${tournamentId}/invitations`)
    .set('Authorization', organizerAuth)
    .send({ email: user.email, role, ...(teamId ? { teamId } : {}) })
    .expect(201);
  const accepted = await request(app.getHttpServer())
    .post('/api/invitations/accept')
    .set('Authorization', user.auth)
    .send({ token: invitation.body.token })
    .expect(201);
  return accepted.body;
}

export const TOURNAMENT = {
  nameZh: '测试赛',
  nameEn: 'Test tournament',
  venue: '吉隆坡 Kuala Lumpur',
  startDate: '2026-12-01',
  endDate: '2026-12-03',
  organizer: 'AXF',
};

export const SWISS_EVENT = {
  nameZh: '个人赛',
  nameEn: 'Individual',
  kind: 'individual',
  stages: [{ type: 'swiss', rounds: 7 }],
  timeControl: { baseMinutes: 60, incrementSeconds: 30 },
};

export const TEAM_EVENT = {
  nameZh: '团体赛',
  nameEn: 'Team',
  kind: 'team',
  stages: [{ type: 'swiss', rounds: 7 }],
  timeControl: { baseMinutes: 60, incrementSeconds: 30 },
};

/**
 * The body for pairing a round: a team event's round "started an hour ago", so that every lineup
 * deadline has passed and the starters play (附录1 #8) — results on its boards are entered then
 * (issue 22: not before both lineups are in). Specs about lineups schedule their rounds themselves.
 */
export async function roundBody(app: INestApplication, eventId: string): Promise<{ scheduledAt?: string }> {
  const event = await request(app.getHttpServer()).get(`/api/events/${eventId}`);
  return event.body?.kind === 'team' ? { scheduledAt: new Date(Date.now() - 3600_000).toISOString() } : {};
}
