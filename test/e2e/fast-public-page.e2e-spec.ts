import { INestApplication } from '@nestjs/common';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { FAST_PUBLIC_PAGES } from '../../apps/server/src/create-app';
import type { FastPublicPages } from '../../apps/server/src/live/fast-page';
import { startTestApp, SWISS_EVENT } from './http-helpers';
import { publishTournament } from './live-helpers';
import { nextRound, Play, playEvent, putResult, RoundBody } from './results-helpers';
import { countStatements, StatementCounter } from './statement-counter';

/**
 * Issue 35 #2: the fast path of the public pages (live/fast-page.ts) answers a stranger's reload of
 * a rendered page, or its 304, before Express — with the same answer the full path gives. For each
 * request below, the full path's answer (fast path off, the page served from the rendered pages)
 * and the fast path's are compared byte for byte: the status, every header line in its order (the
 * Date and the CSP nonce, new for every answer, masked) and the body. The fast path sends no SQL statement.
 */
describe('the fast path of the public pages answers as the full path does', () => {
  let app: INestApplication;
  let fast: FastPublicPages;
  let port: number;
  let play: Play;
  let round: RoundBody;
  let statements: StatementCounter;

  beforeAll(async () => {
    app = await startTestApp();
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as AddressInfo).port;
    fast = (app.getHttpAdapter().getInstance() as { get(name: string): FastPublicPages }).get(FAST_PUBLIC_PAGES);
    play = await playEvent(app, SWISS_EVENT, 8);
    round = await nextRound(app, play);
    await publishTournament(app, play);
    statements = countStatements();
  }, 300_000);

  afterAll(async () => {
    statements?.restore();
    await app?.close();
  });

  interface Answer {
    status: number;
    head: string[];
    body: Buffer;
  }

  /** One request on its own connection; the answer as it came (header lines in order, Date and nonce masked). */
  function ask(method: string, path: string, headers: Record<string, string>): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path, method, headers, agent: false }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () => {
          const head: string[] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            const [name, value] = [res.rawHeaders[i], res.rawHeaders[i + 1]];
            head.push(`${name}: ${name.toLowerCase() === 'date' ? '…' : value.replace(/'nonce-[^']*'/g, "'nonce-…'")}`);
          }
          resolve({ status: res.statusCode ?? 0, head, body: Buffer.concat(parts) });
        });
      });
      req.on('error', reject);
      req.end();
    });
  }

  /** The full path's answer (asked twice: the first may render the page) and the fast path's; and whether the fast path took it. */
  async function both(method: string, path: string, headers: Record<string, string> = {}) {
    fast.enabled = false;
    await ask(method, path, headers);
    const full = await ask(method, path, headers);
    fast.enabled = true;
    const served = fast.served;
    const { value: quick, statements: sent } = await statements.during(() => ask(method, path, headers));
    return { full, quick, byFastPath: fast.served - served, statements: sent };
  }

  it('the same status, headers and bytes for a page in every language, encoding and cookie, a 304 and a HEAD', async () => {
    const standings = `/events/${play.eventId}/standings`;
    const tag = String((await ask('GET', standings, {})).head.find((h) => h.startsWith('ETag: '))).slice(6);
    const card = `/pairings/${round.pairings[0].id}`;
    const cases: [string, string, Record<string, string>][] = [
      ['GET', standings, {}],
      ['GET', standings, { 'Accept-Encoding': 'br, gzip' }],
      ['GET', standings, { 'Accept-Encoding': 'gzip, deflate' }],
      ['GET', standings, { 'Accept-Language': 'en-GB,en;q=0.9', 'Accept-Encoding': 'gzip, deflate, br' }],
      ['GET', standings, { 'Accept-Language': 'zh-TW' }],
      ['GET', `${standings}?lang=en`, { 'Accept-Encoding': 'br' }],
      ['GET', `${standings}?lang=zh-Hant`, {}],
      ['GET', standings, { Cookie: 'chuhe_lang=en', 'Accept-Encoding': 'br, gzip' }],
      ['GET', `/events/${play.eventId}/rounds/1?lang=en`, { 'Accept-Encoding': 'br, gzip' }],
      ['GET', card, { 'Accept-Encoding': 'gzip' }],
      ['GET', standings, { 'If-None-Match': tag }],
      ['HEAD', standings, { 'If-None-Match': tag }],
    ];
    for (const [method, path, headers] of cases) {
      const { full, quick, byFastPath, statements: sent } = await both(method, path, headers);
      const what = `${method} ${path} ${JSON.stringify(headers)}`;
      expect({ what, status: quick.status, head: quick.head }).toEqual({ what, status: full.status, head: full.head });
      expect(quick.body.equals(full.body)).toBe(true);
      expect({ what, byFastPath, sent }).toEqual({ what, byFastPath: 1, sent: 0 });
      expect(quick.status).toBe(headers['If-None-Match'] ? 304 : 200);
    }
    // The same ETag answered with the page in another language does not match: a 200, not a 304.
    const other = await both('GET', `${standings}?lang=en`, { 'If-None-Match': tag });
    expect(other.quick.status).toBe(200);
    // A HEAD without If-None-Match, and a signed-in viewer, go on to Express (and get what they got before).
    const head = await both('HEAD', standings, {});
    expect(head).toMatchObject({ byFastPath: 0 });
    expect(head.quick.head).toEqual(head.full.head);
    const token = play.organizer.auth.replace(/^Bearer /, '');
    const signedIn = await both('GET', standings, { Cookie: `chuhe_session=${token}` });
    expect(signedIn.byFastPath).toBe(0);
    expect(signedIn.quick.head).toContain('Cache-Control: no-store');
    expect(signedIn.full.head).toContain('Cache-Control: no-store');
  }, 300_000);

  it('a result moves the page on: the crowd after it waits for one render and is served from it by the fast path', async () => {
    const standings = `/events/${play.eventId}/standings?lang=en`;
    const headers = { 'Accept-Encoding': 'br, gzip' };
    const first = await ask('GET', standings, headers);
    await ask('GET', standings, headers); // the full path's cached answer teaches the fast path this kind of answer
    const etag = first.head.find((h) => h.startsWith('ETag: '));
    const game = round.pairings[1].games[0];
    expect((await putResult(app, play.organizer.auth, game, { result: 'red_win' })).status).toBe(200);
    let after = await ask('GET', `/events/${play.eventId}/rounds/1`, {});
    const pairingsTag = after.head.find((h) => h.startsWith('ETag: '));
    for (let k = 0; k < 50; k++) {
      await new Promise((r) => setTimeout(r, 100));
      after = await ask('GET', `/events/${play.eventId}/rounds/1`, {});
      if (after.head.find((h) => h.startsWith('ETag: ')) !== pairingsTag) break;
    }
    const served = fast.served;
    const crowd = await Promise.all(Array.from({ length: 20 }, () => ask('GET', standings, headers)));
    const tags = new Set(crowd.map((a) => a.head.find((h) => h.startsWith('ETag: '))));
    expect(tags.size).toBe(1);
    expect(tags.has(etag)).toBe(false);
    // The same page (the one that rendered is compressed on the way, the others once for all: other bytes, the same text).
    const text = (a: Answer) => (a.head.includes('Content-Encoding: br') ? brotliDecompressSync(a.body) : a.body).toString('utf8');
    expect(new Set(crowd.map(text)).size).toBe(1);
    // All but the one that rendered are answered by the fast path.
    expect(fast.served - served).toBe(19);
  }, 300_000);
});
