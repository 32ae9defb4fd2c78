import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { newUser, startTestApp } from './http-helpers';

/** Issue 34 #3: log-ins and sign-ups from another site are refused (login CSRF); the site's own forms and scripts are not. */
const PASSWORD = 'correct horse battery';

describe('network: log-in from another site (issue 34 #3)', () => {
  let app: INestApplication;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('a cross-site log-in or sign-up is refused with 403 and no cookie; same-origin and header-less ones pass', async () => {
    const user = await newUser(app, 'xsite');
    const form = { email: user.email, password: PASSWORD, next: '/' };
    const refused = [
      http().post('/login').set('Sec-Fetch-Site', 'cross-site').type('form').send(form),
      http().post('/login').set('Sec-Fetch-Site', 'same-site').type('form').send(form),
      http().post('/login').set('Origin', 'https://evil.example').type('form').send(form),
      http().post('/login').set('Origin', 'null').type('form').send(form),
      http()
        .post('/signup')
        .set('Origin', 'https://evil.example')
        .type('form')
        .send({ email: `x-${Date.now()}@test.chuhe`, displayName: 'x', password: PASSWORD }),
    ];
    for (const res of await Promise.all(refused)) {
      expect(res.status).toBe(403);
      expect(res.headers['set-cookie'] ?? []).not.toEqual(expect.arrayContaining([expect.stringMatching(/^chuhe_session=[^;]/)]));
    }
    for (const headers of [{ 'Sec-Fetch-Site': 'same-origin' }, { 'Sec-Fetch-Site': 'none' }, {}]) {
      const res = await http().post('/login').set(headers).type('form').send(form);
      expect(res.status).toBe(303);
    }
    // An Origin equal to the Host header is this server.
    const res = await http().post('/login').set('Host', 'chess.example.org').set('Origin', 'https://chess.example.org').type('form').send(form);
    expect(res.status).toBe(303);
  });
});
