import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createApp } from '../../apps/server/src/create-app';
import { testDatabaseUrl } from '../support/database';
import { newUser, startTestApp, TOURNAMENT } from './http-helpers';

/**
 * The browser's session (issue 20, DESIGN.md "The web front end"): the cookie's flags, CSRF on every
 * unsafe request the cookie authenticates, the account pages, 401 → the login page, errors as pages.
 */
const PASSWORD = 'correct horse battery';

function sessionCookie(res: request.Response): string | undefined {
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  return cookies.find((c) => c.startsWith('chuhe_session='));
}

function cookiePair(setCookie: string): string {
  return setCookie.split(';')[0];
}

function csrfOf(html: string): string {
  const m = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!m) throw new Error('no CSRF field on the page');
  return m[1];
}

describe('web session: cookie, CSRF, account pages', () => {
  let app: INestApplication;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  async function logIn(email: string, password = PASSWORD): Promise<{ cookie: string; csrf: string }> {
    const res = await http().post('/login').type('form').send({ email, password, next: '/account' }).expect(303);
    const cookie = cookiePair(sessionCookie(res)!);
    const page = await http().get('/account').set('Cookie', cookie).set('Accept', 'text/html').expect(200);
    return { cookie, csrf: csrfOf(page.text) };
  }

  it('log-in sets an HttpOnly, SameSite=Lax session cookie (not Secure over plain HTTP) and goes where it was asked', async () => {
    const user = await newUser(app, 'cookie');
    const res = await http().post('/login').type('form').send({ email: user.email, password: PASSWORD, next: '/account' }).expect(303);
    expect(res.headers.location).toBe('/account');
    const cookie = sessionCookie(res)!;
    expect(cookie).toMatch(/^chuhe_session=[A-Za-z0-9_-]{40,}; /);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).not.toContain('Secure');
    // The cookie is a session like a bearer token: the API knows the user by it.
    const me = await http().get('/api/auth/me').set('Cookie', cookiePair(cookie)).expect(200);
    expect(me.body.email).toBe(user.email);
  });

  it('the cookie is Secure when the request came over HTTPS through a trusted proxy', async () => {
    const before = process.env.CHUHE_TRUST_PROXY;
    process.env.CHUHE_TRUST_PROXY = '1';
    const proxied = await createApp(testDatabaseUrl(), { logger: false, tournamentCreators: 'anyone' });
    await proxied.init();
    try {
      const user = await newUser(app, 'https');
      const res = await request(proxied.getHttpServer())
        .post('/login')
        .set('X-Forwarded-Proto', 'https')
        .type('form')
        .send({ email: user.email, password: PASSWORD })
        .expect(303);
      expect(sessionCookie(res)).toContain('Secure');
      const plain = await request(proxied.getHttpServer()).post('/login').type('form').send({ email: user.email, password: PASSWORD }).expect(303);
      expect(sessionCookie(plain)).not.toContain('Secure');
    } finally {
      await proxied.close();
      if (before === undefined) delete process.env.CHUHE_TRUST_PROXY;
      else process.env.CHUHE_TRUST_PROXY = before;
    }
  });

  it('a wrong password shows the login form again with the email kept and no cookie', async () => {
    const user = await newUser(app, 'wrong');
    const res = await http()
      .post('/login')
      .set('Accept', 'text/html')
      .type('form')
      .send({ email: user.email, password: 'not the password at all' })
      .expect(401);
    expect(sessionCookie(res)).toBeUndefined();
    expect(res.text).toContain('class="form-error"');
    expect(res.text).toContain(`value="${user.email}"`);
  });

  it('never redirects off the site after log-in (next=//evil.example → My tournaments)', async () => {
    const user = await newUser(app, 'next');
    for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      const res = await http().post('/login').type('form').send({ email: user.email, password: PASSWORD, next }).expect(303);
      expect(res.headers.location).toBe('/my');
    }
  });

  it('CSRF: a form posted from another site with the cookie is refused (403) and writes nothing; the same post with the token passes', async () => {
    const user = await newUser(app, 'csrf');
    const { cookie, csrf } = await logIn(user.email);
    // Other suites create tournaments of the same name in the same database: compare counts, not zero.
    const countMine = async () =>
      (await http().get('/api/tournaments').set('Cookie', cookie).expect(200)).body.filter(
        (t: { nameEn: string; organizer: string }) => t.nameEn === TOURNAMENT.nameEn && t.organizer === TOURNAMENT.organizer,
      ).length as number;
    const before = await countMine();
    // What a hostile page's auto-submitting form sends: the cookie (if the browser attached it), no token.
    const hostile = await http()
      .post('/api/tournaments')
      .set('Cookie', cookie)
      .set('Origin', 'https://evil.example')
      .set('Referer', 'https://evil.example/page')
      .type('form')
      .send(TOURNAMENT)
      .expect(403);
    expect(hostile.body.message).toMatch(/CSRF/);
    const wrong = await http()
      .post('/api/tournaments')
      .set('Cookie', cookie)
      .set('X-CSRF-Token', csrf.replace(/.$/, csrf.endsWith('A') ? 'B' : 'A'))
      .send(TOURNAMENT)
      .expect(403);
    expect(wrong.body.message).toMatch(/CSRF/);
    expect(await countMine()).toBe(before);
    // With the session's token (htmx sends the header; a form sends _csrf) the same request passes.
    await http().post('/api/tournaments').set('Cookie', cookie).set('X-CSRF-Token', csrf).send(TOURNAMENT).expect(201);
    await http()
      .post('/api/tournaments')
      .set('Cookie', cookie)
      .type('form')
      .send({ ...TOURNAMENT, _csrf: csrf })
      .expect(400); // the API's DTO forbids unknown fields: the token is the page routes' field
    // A bearer token (scripts, the CLI) needs no CSRF token.
    await http().post('/api/tournaments').set('Authorization', user.auth).send(TOURNAMENT).expect(201);
  });

  it('a stale cookie is no credential and does not block logging in again', async () => {
    const user = await newUser(app, 'stale');
    const { cookie, csrf } = await logIn(user.email);
    await http().post('/logout').set('Cookie', cookie).type('form').send({ _csrf: csrf }).expect(303);
    await http().get('/api/auth/me').set('Cookie', cookie).expect(401);
    const again = await http().post('/login').set('Cookie', cookie).type('form').send({ email: user.email, password: PASSWORD }).expect(303);
    expect(sessionCookie(again)).toBeDefined();
  });

  it('log out ends the session and clears the cookie; without the token it is refused', async () => {
    const user = await newUser(app, 'logout');
    const { cookie, csrf } = await logIn(user.email);
    await http().post('/logout').set('Cookie', cookie).type('form').send({}).expect(403);
    await http().get('/api/auth/me').set('Cookie', cookie).expect(200);
    const res = await http().post('/logout').set('Cookie', cookie).type('form').send({ _csrf: csrf }).expect(303);
    expect(sessionCookie(res)).toMatch(/^chuhe_session=; .*Max-Age=0/);
    await http().get('/api/auth/me').set('Cookie', cookie).expect(401);
  });

  it('log out everywhere ends every session of the user, cookie and bearer alike', async () => {
    const user = await newUser(app, 'everywhere');
    const one = await logIn(user.email);
    const two = await logIn(user.email);
    await http().post('/account/logout-everywhere').set('Cookie', one.cookie).type('form').send({ _csrf: one.csrf }).expect(303);
    await http().get('/api/auth/me').set('Cookie', one.cookie).expect(401);
    await http().get('/api/auth/me').set('Cookie', two.cookie).expect(401);
    await http().get('/api/auth/me').set('Authorization', user.auth).expect(401);
  });

  it('sign up by the form logs the new account in; a bad password is refused beside its field with the values kept', async () => {
    const email = `signup-${Date.now()}@test.chuhe`;
    const bad = await http().post('/signup').set('Accept', 'text/html').type('form').send({ email, displayName: '新裁判', password: 'short' }).expect(400);
    expect(bad.text).toMatch(/id="f-password-error"/);
    expect(bad.text).toContain(`value="${email}"`);
    expect(bad.text).toContain('value="新裁判"');
    expect(bad.text).toMatch(/aria-invalid="true"[^>]*aria-describedby="f-password-error/);
    const ok = await http().post('/signup').type('form').send({ email, displayName: '新裁判', password: PASSWORD }).expect(303);
    expect(ok.headers.location).toBe('/my');
    const me = await http()
      .get('/api/auth/me')
      .set('Cookie', cookiePair(sessionCookie(ok)!))
      .expect(200);
    expect(me.body.displayName).toBe('新裁判');
  });

  it('change password by the form: the current one is checked beside its field; success ends the other sessions', async () => {
    const user = await newUser(app, 'password');
    const { cookie, csrf } = await logIn(user.email);
    const wrong = await http()
      .post('/account/password')
      .set('Cookie', cookie)
      .set('Accept', 'text/html')
      .type('form')
      .send({ _csrf: csrf, currentPassword: 'not it at all', newPassword: 'another fine passphrase' })
      .expect(400);
    expect(wrong.text).toMatch(/id="f-currentPassword-error"/);
    await http()
      .post('/account/password')
      .set('Cookie', cookie)
      .type('form')
      .send({ _csrf: csrf, currentPassword: PASSWORD, newPassword: 'another fine passphrase' })
      .expect(303);
    await http().get('/api/auth/me').set('Cookie', cookie).expect(200);
    await http().get('/api/auth/me').set('Authorization', user.auth).expect(401);
  });

  it('a page that needs a login sends the browser to the login page and back (401 → 303 /login?next=)', async () => {
    const res = await http().get('/account?lang=en').set('Accept', 'text/html').expect(303);
    expect(res.headers.location).toBe('/login?next=%2Faccount%3Flang%3Den');
    // The API keeps answering 401 in JSON.
    await http().get('/api/auth/me').set('Accept', 'text/html').expect(401);
  });

  it('errors are pages in the layout, in the chosen language', async () => {
    const res = await http().get('/tournaments/00000000-0000-4000-8000-000000000000?lang=en').set('Accept', 'text/html').expect(404);
    expect(res.text).toContain('<header class="site">');
    expect(res.text).toContain('Not found');
    const user = await newUser(app, 'page403');
    const { cookie } = await logIn(user.email);
    const logged = await http().get('/tournaments/00000000-0000-4000-8000-000000000000').set('Cookie', cookie).set('Accept', 'text/html').expect(404);
    expect(logged.text).toContain('href="/my"');
  });

  it('the layout: a logged-in user sees My tournaments, their name and Log out (a form with the token); anonymous sees Log in', async () => {
    const anonymous = await http().get('/?lang=en').set('Accept', 'text/html').expect(200);
    expect(anonymous.text).toContain('href="/login"');
    expect(anonymous.text).not.toContain('href="/my"');
    const user = await newUser(app, 'layout');
    const { cookie, csrf } = await logIn(user.email);
    const page = await http().get('/?lang=en').set('Cookie', cookie).set('Accept', 'text/html').expect(200);
    expect(page.text).toContain('href="/my"');
    expect(page.text).toContain('action="/logout"');
    expect(page.text).toContain(`value="${csrf}"`);
    expect(page.text).toContain(`hx-headers='{"X-CSRF-Token":"${csrf}"}'`);
    expect(page.text).toMatch(/\/static\/vendor\/htmx\.min\.(?:[\w-]+\.)?js/);
  });

  it('the language chosen once is kept for the pages that follow (cookie), and every page links the other language', async () => {
    const first = await http().get('/?lang=en').set('Accept', 'text/html').expect(200);
    const lang = ([] as string[]).concat(first.headers['set-cookie'] ?? []).find((c) => c.startsWith('chuhe_lang='))!;
    expect(lang).toContain('chuhe_lang=en');
    const next = await http().get('/login').set('Cookie', cookiePair(lang)).set('Accept', 'text/html').expect(200);
    expect(next.text).toContain('<html lang="en">');
    expect(next.text.replace(/&#x3D;/g, '=')).toContain('href="/login?lang=zh"');
  });

  it('htmx is served by the app from its npm package; the one live client is ours (client/live.ts), no SSE extension', async () => {
    const htmx = await http().get('/static/vendor/htmx.min.js').expect(200);
    expect(htmx.text).toContain('htmx');
    await http().get('/static/vendor/htmx-ext-sse.js').expect(404);
    const live = await http().get('/static/js/live.js').expect(200);
    expect(live.text).toContain('EventSource');
  });
});
