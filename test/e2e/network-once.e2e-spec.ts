import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createApp } from '../../apps/server/src/create-app';
import { testDatabaseUrl } from '../support/database';
import { newUser, startTestApp, TOURNAMENT } from './http-helpers';

/**
 * Issue 34 #7: a double submit creates once. Page forms carry a one-time key (`_once`, written by
 * {{csrfField}}); the API honours `Idempotency-Key`. The second identical post — at the same time,
 * or on a second server instance on the same database — is answered with the first one's answer.
 */
const PASSWORD = 'correct horse battery';

function field(html: string, name: string): string {
  const m = new RegExp(`name="${name}" value="([^"]+)"`).exec(html);
  if (!m) throw new Error(`no ${name} field on the page`);
  return m[1];
}

describe('network: one-time form keys (issue 34 #7)', () => {
  let app: INestApplication;
  let second: INestApplication;
  const http = (a: INestApplication = app) => request(a.getHttpServer());

  beforeAll(async () => {
    app = await startTestApp();
    second = await createApp(testDatabaseUrl(), { logger: false, tournamentCreators: 'anyone', directRoleGrants: true });
    await second.init();
  });
  afterAll(async () => {
    await second.close();
    await app.close();
  });

  async function organizerWithTournament(): Promise<{ auth: string; tournamentId: string; cookie: string }> {
    const user = await newUser(app, 'once');
    const t = await http().post('/api/tournaments').set('Authorization', user.auth).send(TOURNAMENT).expect(201);
    const login = await http().post('/login').type('form').send({ email: user.email, password: PASSWORD, next: '/' }).expect(303);
    const cookie = ([] as string[])
      .concat(login.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('chuhe_session='))!
      .split(';')[0];
    return { auth: user.auth, tournamentId: t.body.id, cookie };
  }

  async function playerCount(auth: string, tournamentId: string): Promise<number> {
    const res = await http().get(`/api/tournaments/${tournamentId}/players`).set('Authorization', auth).expect(200);
    return (Array.isArray(res.body) ? res.body : res.body.items).length;
  }

  it('every posting form carries a fresh one-time key', async () => {
    const { tournamentId, cookie } = await organizerWithTournament();
    const a = await http().get(`/tournaments/${tournamentId}/manage/players/new`).set('Cookie', cookie).expect(200);
    const b = await http().get(`/tournaments/${tournamentId}/manage/players/new`).set('Cookie', cookie).expect(200);
    expect(field(a.text, '_once')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(field(a.text, '_once')).not.toBe(field(b.text, '_once'));
    // The log-in form too (no session yet: no CSRF field, but a key).
    const login = await http().get('/login').expect(200);
    expect(field(login.text, '_once')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it('"add player" posted twice at once, on two instances, stores one player and answers both with the same redirect', async () => {
    const { auth, tournamentId, cookie } = await organizerWithTournament();
    const page = await http().get(`/tournaments/${tournamentId}/manage/players/new`).set('Cookie', cookie).expect(200);
    const form = { _csrf: field(page.text, '_csrf'), _once: field(page.text, '_once'), nameZh: '王一', nameEn: 'Wang Yi', gender: 'male' };
    const url = `/tournaments/${tournamentId}/manage/players/new`;
    const answers = await Promise.all([
      http().post(url).set('Cookie', cookie).type('form').send(form),
      http(second).post(url).set('Cookie', cookie).type('form').send(form),
      http().post(url).set('Cookie', cookie).type('form').send(form),
    ]);
    expect(answers.map((a) => a.status)).toEqual([303, 303, 303]);
    expect(new Set(answers.map((a) => a.headers.location))).toEqual(new Set([`/tournaments/${tournamentId}/manage/players`]));
    expect(answers.filter((a) => a.headers['idempotent-replay'] === 'true')).toHaveLength(2);
    // Each answer carries the first one's message ("saved 王一"): the browser shows the last answer of a double click.
    const flashes = answers.map((a) => ([] as string[]).concat(a.headers['set-cookie'] ?? []).find((c) => c.startsWith('chuhe_flash=')));
    expect(flashes.every((c) => c !== undefined && decodeURIComponent(c.split(';')[0]).includes('王一'))).toBe(true);
    expect(await playerCount(auth, tournamentId)).toBe(1);
    // Later, the same post again (a browser's back and resend): the same answer, still one player.
    const again = await http(second).post(url).set('Cookie', cookie).type('form').send(form).expect(303);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(await playerCount(auth, tournamentId)).toBe(1);
    // A new render's key is a new post.
    const next = await http().get(url).set('Cookie', cookie).expect(200);
    await http()
      .post(url)
      .set('Cookie', cookie)
      .type('form')
      .send({ ...form, _once: field(next.text, '_once'), nameEn: 'Wang Er', nameZh: '王二' })
      .expect(303);
    expect(await playerCount(auth, tournamentId)).toBe(2);
  });

  it('the same key with other values is another post; a refused post may be sent again', async () => {
    const { auth, tournamentId, cookie } = await organizerWithTournament();
    const page = await http().get(`/tournaments/${tournamentId}/manage/players/new`).set('Cookie', cookie).expect(200);
    const url = `/tournaments/${tournamentId}/manage/players/new`;
    const base = { _csrf: field(page.text, '_csrf'), _once: field(page.text, '_once'), gender: 'male' };
    // Refused (no names): 400, nothing kept.
    await http().post(url).set('Cookie', cookie).type('form').send(base).expect(400);
    await http()
      .post(url)
      .set('Cookie', cookie)
      .type('form')
      .send({ ...base, nameZh: '李三', nameEn: 'Li San' })
      .expect(303);
    expect(await playerCount(auth, tournamentId)).toBe(1);
  });

  it('the API: two POSTs with one Idempotency-Key create one player and both answer its id', async () => {
    const { auth, tournamentId } = await organizerWithTournament();
    const body = { nameZh: '张四', nameEn: 'Zhang Si', gender: 'female' };
    const post = (a: INestApplication) =>
      http(a).post(`/api/tournaments/${tournamentId}/players`).set('Authorization', auth).set('Idempotency-Key', 'api-key-0001-abcdef').send(body);
    const [x, y] = await Promise.all([post(app), post(second)]);
    expect([x.status, y.status]).toEqual([201, 201]);
    expect(x.body.id).toBeDefined();
    expect(y.body.id).toBe(x.body.id);
    expect(await playerCount(auth, tournamentId)).toBe(1);
    // Another user's identical key is another scope.
    const other = await newUser(app, 'once-other');
    await http().post('/api/tournaments').set('Authorization', other.auth).set('Idempotency-Key', 'api-key-0001-abcdef').send(TOURNAMENT).expect(201);
    // Without a key nothing changes for scripts: each POST creates.
    await http().post(`/api/tournaments/${tournamentId}/players`).set('Authorization', auth).send(body).expect(201);
    await http().post(`/api/tournaments/${tournamentId}/players`).set('Authorization', auth).send(body).expect(201);
    expect(await playerCount(auth, tournamentId)).toBe(3);
  });
});
