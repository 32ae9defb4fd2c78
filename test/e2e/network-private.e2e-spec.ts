import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { listRoutes } from './authorization-route-table';
import { grantRole, newUser, startTestApp } from './http-helpers';
import { networkFixture } from './network-fixture';

/**
 * Issue 34 #10: private pages are not cached (no-store on every signed-in page of the route table);
 * the CSRF token counts only from the form field and the header, never the query string (upload
 * forms carry it in their multipart body); the QR slips build their addresses from CHUHE_PUBLIC_URL
 * and are refused behind a proxy without it.
 */
const PASSWORD = 'correct horse battery';

describe('network: private pages, CSRF outside the URL, slips from the public address (issue 34 #10)', () => {
  let app: INestApplication;
  let ids: Record<string, string>;
  let email: string;
  let cookie: string;
  let csrf: string;
  const http = () => request(app.getHttpServer());

  async function logIn(address: string): Promise<{ cookie: string; csrf: string }> {
    const res = await http().post('/login').type('form').send({ email: address, password: PASSWORD, next: '/account' }).expect(303);
    const c = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((x) => x.startsWith('chuhe_session='))!
      .split(';')[0];
    const page = await http().get('/account').set('Cookie', c).expect(200);
    return { cookie: c, csrf: /name="_csrf" value="([^"]+)"/.exec(page.text)![1] };
  }

  beforeAll(async () => {
    app = await startTestApp();
    ({ ids, email } = await networkFixture(app));
    ({ cookie, csrf } = await logIn(email));
  });
  afterAll(async () => {
    delete process.env.CHUHE_PUBLIC_URL;
    await app.close();
  });

  it('every page a signed-in user gets (GET routes of the route table) says no-store; a static file stays cacheable', async () => {
    const pages = listRoutes(app).filter((r) => r.method === 'get' && !r.path.startsWith('/api') && !r.path.includes('/stream'));
    expect(pages.length).toBeGreaterThan(40);
    const cacheable: string[] = [];
    for (const route of pages) {
      const url = route.path.replace(/:(\w+)Id\b/g, (_m, name: string) => ids[name] ?? '00000000-0000-4000-8000-000000000000').replace(/:(\w+)\b/g, 'x');
      const res = await http().get(url).set('Cookie', cookie).set('Accept', 'text/html');
      if (!/no-store/.test(String(res.headers['cache-control']))) cacheable.push(`${route.key}: ${res.status} ${res.headers['cache-control'] ?? '(none)'}`);
    }
    expect(cacheable).toEqual([]);
    // Bearer-authenticated API reads too; anonymous public pages are not touched.
    const api = await http().get(`/api/tournaments/${ids.tournament}`).set('Cookie', cookie).expect(200);
    expect(api.headers['cache-control']).toBe('no-store');
    const css = await http().get('/').expect(200);
    const asset = /href="(\/static\/[^"]+\.css)"/.exec(css.text)?.[1];
    if (asset) expect(String((await http().get(asset).set('Cookie', cookie)).headers['cache-control'])).toMatch(/max-age/);
  });

  it('the CSRF token in the query string is refused; the form field and the header are accepted', async () => {
    const url = `/tournaments/${ids.tournament}/manage/players/new`;
    const player = { nameZh: '钱五', nameEn: 'Qian Wu', gender: 'male' };
    const q = await http()
      .post(`${url}?_csrf=${encodeURIComponent(csrf)}`)
      .set('Cookie', cookie)
      .set('Accept', 'application/json')
      .type('form')
      .send(player);
    expect(q.status).toBe(403);
    expect(q.body.code).toBe('auth.csrf');
    await http()
      .post(url)
      .set('Cookie', cookie)
      .type('form')
      .send({ ...player, _csrf: csrf })
      .expect(303);
    await http().post(url).set('Cookie', cookie).set('X-CSRF-Token', csrf).type('form').send(player).expect(303);
  });

  it('an upload form carries its token in the multipart body; without it (or in the URL) it is refused and nothing is read', async () => {
    const url = `/tournaments/${ids.tournament}/manage/players/import`;
    const csv = 'name_zh,name_en,gender\n孙六,Sun Liu,男\n';
    const upload = (path: string, token?: string) => {
      const r = http().post(path).set('Cookie', cookie).set('Accept', 'application/json').field('step', 'preview');
      if (token) r.field('_csrf', token);
      return r.attach('csvFile', Buffer.from(csv), 'players.csv');
    };
    const ok = await upload(url, csrf).set('Accept', 'text/html').expect(200);
    expect(ok.text).toContain('孙六');
    expect((await upload(url)).status).toBe(403);
    expect((await upload(`${url}?_csrf=${encodeURIComponent(csrf)}`)).status).toBe(403);
    expect((await upload(url, 'forged-token-000000000000000000000000000')).status).toBe(403);
  });

  it('slips: the QR addresses come from CHUHE_PUBLIC_URL whatever the Host header says; behind a proxy without it, no slips and no links revoked', async () => {
    const arbiter = await newUser(app, 'slip-arbiter');
    await grantRole(app, (await logInBearer(email)).auth, ids.tournament, arbiter, 'chief_arbiter');
    const path = `/rounds/${ids.round}/print/record-slips`;
    const print = () => http().post(path).set('Authorization', arbiter.auth).set('Accept', 'text/html');
    const urls = (html: string) => [...html.matchAll(/<span class="qr-url">([^<]+)<\/span>/g)].map((m) => m[1]);

    // No proxy, no configuration: the address the browser used.
    const direct = await print().set('Host', 'hall.local:3000').expect(200);
    expect(urls(direct.text).every((u) => u.startsWith('http://hall.local:3000/records/'))).toBe(true);
    // Behind a proxy that does not say where it is: refused, the printed links still work.
    const before = urls(direct.text)[0].split('/records/')[1];
    const refused = await print().set('X-Forwarded-For', '203.0.113.9').set('X-Forwarded-Host', 'evil.example');
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('CHUHE_PUBLIC_URL');
    await http().get(`/api/record-links/${before}`).expect(200);
    // Configured: the public address, whatever Host says.
    process.env.CHUHE_PUBLIC_URL = 'https://chess.example.org/';
    const configured = await print().set('Host', 'evil.example').set('X-Forwarded-For', '203.0.113.9').expect(200);
    const addresses = urls(configured.text);
    expect(addresses.length).toBeGreaterThan(0);
    expect(addresses.every((u) => /^https:\/\/chess\.example\.org\/records\/[A-Za-z0-9_-]{43}$/.test(u))).toBe(true);
    delete process.env.CHUHE_PUBLIC_URL;
  });

  async function logInBearer(address: string): Promise<{ auth: string }> {
    const res = await http().post('/api/auth/login').send({ email: address, password: PASSWORD }).expect(200);
    return { auth: `Bearer ${res.body.token}` };
  }
});
