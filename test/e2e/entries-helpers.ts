import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { newUser } from './http-helpers';

export type User = { email: string; auth: string; id: string };

/** A delegate (单位领队) of `affiliationId`: invited by the organizer like other staff, accepted by a new user. */
export async function newDelegate(app: INestApplication, organizerAuth: string, tournamentId: string, affiliationId: string, name = 'delegate'): Promise<User> {
  const user = await newUser(app, name);
  const invitation = await request(app.getHttpServer())
    .post(`/api/tournaments/${tournamentId}/invitations`)
    .set('Authorization', organizerAuth)
    .send({ email: user.email, role: 'delegate', affiliationId })
    .expect(201);
  await request(app.getHttpServer()).post('/api/invitations/accept').set('Authorization', user.auth).send({ token: invitation.body.token }).expect(201);
  return user;
}

/** A unit of the tournament. */
export async function newUnit(app: INestApplication, organizerAuth: string, tournamentId: string, nameZh: string, nameEn: string): Promise<string> {
  const res = await request(app.getHttpServer())
    .post(`/api/tournaments/${tournamentId}/affiliations`)
    .set('Authorization', organizerAuth)
    .send({ nameZh, nameEn })
    .expect(201);
  return res.body.id as string;
}

/** Open registration: a window from an hour ago to a day from now. */
export async function openRegistration(app: INestApplication, organizerAuth: string, tournamentId: string, extra: Record<string, unknown> = {}) {
  const res = await request(app.getHttpServer())
    .put(`/api/tournaments/${tournamentId}/regulations`)
    .set('Authorization', organizerAuth)
    .send({
      registrationOpensAt: new Date(Date.now() - 3600_000).toISOString(),
      registrationClosesAt: new Date(Date.now() + 86_400_000).toISOString(),
      feeCurrency: 'SGD',
      ...extra,
    })
    .expect(200);
  return res.body as { id: string; version: number };
}

/** A new player as a request carries it. */
export function person(nameZh: string, nameEn: string, extra: Record<string, unknown> = {}) {
  return { nameZh, nameEn, gender: 'male', birthYear: 1990, ...extra };
}
