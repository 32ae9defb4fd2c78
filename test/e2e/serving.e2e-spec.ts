import { INestApplication } from '@nestjs/common';
import { createHash } from 'node:crypto';
import http from 'node:http';
import { AddressInfo } from 'node:net';
import { brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { startTestApp, SWISS_EVENT } from './http-helpers';
import { publishTournament } from './live-helpers';
import { nextRound, Play, playEvent } from './results-helpers';

/** A raw GET (supertest would decode the body): status, headers, the bytes as sent. */
function get(port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      const done = () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
      res.on('end', done);
      res.on('close', done);
    });
    req.on('error', (e) => (req.destroyed ? undefined : reject(e)));
    // A live stream never ends: what came within a moment is enough.
    setTimeout(() => req.destroy(), 1500).unref();
  });
}

/**
 * Issue 24: pages, JSON, CSS and scripts go out compressed (brotli, else gzip); static files have
 * content-hashed names cached `immutable` for a year; a cached page is compressed once per version;
 * live streams are never compressed (each frame must leave at once).
 */
describe('serving: compression and content-hashed static files', () => {
  let app: INestApplication;
  let port: number;
  let play: Play;

  beforeAll(async () => {
    app = await startTestApp();
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as AddressInfo).port;
    play = await playEvent(app, SWISS_EVENT, 8);
    await nextRound(app, play);
    await publishTournament(app, play);
  }, 300_000);

  afterAll(async () => {
    await app.close();
  });

  it('the layout writes the page stylesheet inline, allowed by its CSP hash (no render-blocking request)', async () => {
    const page = await get(port, `/events/${play.eventId}/standings?lang=en`);
    const html = page.body.toString('utf8');
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
    expect(styles).toHaveLength(1);
    const files = await Promise.all(['chuhe.css', 'web.css'].map(async (f) => (await get(port, `/static/${f}`)).body.toString('utf8')));
    expect(styles[0]).toBe(files.join('\n'));
    // The browser applies it only if the policy names the hash of exactly this text.
    const hash = createHash('sha256').update(styles[0], 'utf8').digest('base64');
    const styleSrc = /style-src ([^;]*)/.exec(String(page.headers['content-security-policy']))?.[1].split(' ') ?? [];
    expect(styleSrc).toContain(`'sha256-${hash}'`);
    expect(styleSrc).not.toContain("'unsafe-inline'");
  });

  it('the layout links content-hashed files, served immutable and compressed; the plain name revalidates', async () => {
    const page = await get(port, `/events/${play.eventId}/standings?lang=en`);
    const html = page.body.toString('utf8');
    const js = /src="(\/static\/js\/live\.\w{10}\.js)"/.exec(html)?.[1];
    expect(js).toBeDefined();
    // The stylesheet is inline in pages (above); its hashed name is the same scheme as the script's.
    const cssBody = (await get(port, '/static/chuhe.css')).body;
    const css = `/static/chuhe.${createHash('sha256').update(cssBody).digest('base64url').replace(/[-_]/g, '').slice(0, 10)}.css`;
    const hashed = await get(port, css, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(hashed.status).toBe(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(hashed.headers['content-encoding']).toBe('br');
    expect(hashed.headers['content-type']).toMatch(/^text\/css/);
    const plain = await get(port, '/static/chuhe.css', { 'Accept-Encoding': 'gzip' });
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(hashed.body)).toEqual(gunzipSync(plain.body));
    expect((await get(port, '/static/chuhe.css', { 'If-None-Match': plain.headers.etag as string })).status).toBe(304);
    const script = await get(port, js!, { 'Accept-Encoding': 'gzip' });
    expect(script.headers['content-encoding']).toBe('gzip');
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
  });

  it('pages and JSON are compressed; a page rendered for a version is compressed once and served again; a live stream is not', async () => {
    const path = `/events/${play.eventId}/standings?lang=en`;
    const first = await get(port, path, { 'Accept-Encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    const again = await get(port, path, { 'Accept-Encoding': 'br' });
    expect(again.headers['content-encoding']).toBe('br');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(brotliDecompressSync(again.body).toString()).toBe(brotliDecompressSync(first.body).toString());
    const identity = await get(port, path);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.toString()).toBe(brotliDecompressSync(first.body).toString());
    console.log(`standings of 8 players: ${identity.body.length} bytes, brotli ${again.body.length}`);

    const json = await get(port, `/api/events/${play.eventId}/standings`, { 'Accept-Encoding': 'gzip' });
    expect(json.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(json.body).toString())).toBeTruthy();

    // A live stream is compressed as gzip made of frames each compressed once for every viewer: a
    // client inflates each frame as it arrives (the stream never ends, so no trailer is awaited).
    const live = await get(port, `/api/events/${play.eventId}/live`, { 'Accept-Encoding': 'gzip, br' });
    expect(live.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(live.headers['content-encoding']).toBe('gzip');
    const inflated = gunzipSync(live.body, { finishFlush: constants.Z_SYNC_FLUSH }).toString();
    expect(inflated).toMatch(/^retry: 2000\n\nid: [\w-]+\nevent: hello\n/);
    const plainLive = await get(port, `/api/events/${play.eventId}/live`);
    expect(plainLive.headers['content-encoding']).toBeUndefined();
    expect(plainLive.body.toString()).toContain('event: hello');
  });
});
