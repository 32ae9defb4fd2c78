import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createApp } from '../../apps/server/src/create-app';
import { testDatabaseUrl } from '../support/database';

/** A running app on the run's fresh test database, with helpers to make users. */
export async function startTestApp(): Promise<INestApplication> {
  const app = await createApp(testDatabaseUrl(), { logger: false });
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
