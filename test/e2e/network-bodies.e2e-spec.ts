import { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { listRoutes, RouteInfo } from './authorization-route-table';
import { startTestApp } from './http-helpers';
import { networkFixture } from './network-fixture';

/**
 * Issue 34 #8: a body the form parser does not read (none at all, text, a JSON array, broken JSON,
 * broken urlencoding) answers 400 with the reason on every page route of the route table — never a
 * 500. Anonymous callers of a protected page still get 401 first.
 */
describe('network: unreadable bodies on every page route (issue 34 #8)', () => {
  let app: INestApplication;
  let pageRoutes: RouteInfo[];
  let ids: Record<string, string> = {};
  let auth = '';
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await startTestApp();
    pageRoutes = listRoutes(app).filter((r) => r.method !== 'get' && !r.path.startsWith('/api'));
    ({ ids, auth } = await networkFixture(app));
  });
  afterAll(async () => {
    await app.close();
  });

  const fill = (path: string) => path.replace(/:(\w+)Id\b/g, (_m, name: string) => ids[name] ?? randomUUID()).replace(/:token\b/, 'x'.repeat(43));

  // The unreadable ones first: an empty form on a log-out route ends the session.
  const BODIES: { name: string; send: (r: request.Test) => request.Test; unreadable: boolean }[] = [
    { name: 'text/plain', send: (r) => r.set('Content-Type', 'text/plain').send('hello there'), unreadable: true },
    { name: 'a JSON array', send: (r) => r.set('Content-Type', 'application/json').send('[1,2,3]'), unreadable: true },
    { name: 'broken JSON', send: (r) => r.set('Content-Type', 'application/json').send('{"a":'), unreadable: true },
    { name: 'an unknown type', send: (r) => r.set('Content-Type', 'application/x-garbage').send('\u0000\u0001'), unreadable: true },
    { name: 'no body', send: (r) => r, unreadable: false },
    { name: 'broken urlencoding', send: (r) => r.set('Content-Type', 'application/x-www-form-urlencoded').send('%zz=%&&=&a[b]=%E0%A4%A'), unreadable: false },
    { name: 'an empty form', send: (r) => r.set('Content-Type', 'application/x-www-form-urlencoded').send(''), unreadable: false },
  ];

  it(`the route table has page forms (${'≥'}30)`, () => {
    expect(pageRoutes.length).toBeGreaterThanOrEqual(30);
  });

  it('anonymous, no body (`curl -X POST /login`): the form again with its reasons (400) on the log-in and sign-up, 401 on protected pages, never 5xx', async () => {
    const wrong: string[] = [];
    for (const route of pageRoutes) {
      const res = await http()[route.method](fill(route.path)).set('Accept', 'text/html');
      if (res.status >= 500) wrong.push(`${route.key}: ${res.status}`);
      if (route.access !== 'public' && res.status !== 401) wrong.push(`${route.key}: ${res.status}, not 401`);
    }
    for (const path of ['/login', '/signup']) {
      const res = await http().post(path).set('Accept', 'text/html');
      if (res.status !== 400 || !/field-error/.test(res.text)) wrong.push(`${path} without a body: ${res.status}`);
      // Text instead of a form: 400 saying so, in the page's language.
      const text = await http().post(path).set('Accept', 'text/html').set('Content-Type', 'text/plain').send('email=x');
      if (text.status !== 400 || !/form|表单/.test(text.text)) wrong.push(`${path} with text: ${text.status}`);
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  it('the organizer, every unreadable body: 400 with the reason (JSON names the body); an empty or broken form is never a 5xx', async () => {
    const wrong: string[] = [];
    // The log-outs last: an empty form there ends the organizer's session.
    const ordered = [...pageRoutes].sort((a, b) => Number(a.path.includes('logout')) - Number(b.path.includes('logout')));
    for (const route of ordered) {
      for (const body of BODIES) {
        const res = await body.send(http()[route.method](fill(route.path)).set('Authorization', auth).set('Accept', 'application/json'));
        if (res.status >= 500) wrong.push(`${route.key} with ${body.name}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        // Routes whose ids the fixture lacks (404), or that refuse the caller first (403: no slips behind an unknown address), answer before the body matters.
        else if (body.unreadable && ![400, 403, 404].includes(res.status)) wrong.push(`${route.key} with ${body.name}: ${res.status}`);
        else if (body.unreadable && res.status === 400 && !(typeof res.body.message === 'string' && res.body.message.length > 10))
          wrong.push(`${route.key} with ${body.name}: no reason ${JSON.stringify(res.body)}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);
});
