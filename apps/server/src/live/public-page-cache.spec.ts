import http, { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodingFor, matchesEtag, PublicPageCache, publicPageEtag } from './public-page-cache';

/** The head a real ServerResponse sent, as PublicPageCache learns it (after 'finish'). */
async function answered(write: (res: ServerResponse) => void): Promise<ServerResponse> {
  let seen: ServerResponse | undefined;
  const server = http.createServer((_req, res) => {
    seen = res;
    write(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  await fetch(`http://127.0.0.1:${port}/`).then((r) => r.arrayBuffer());
  await new Promise<void>((r) => server.close(() => r()));
  return seen!;
}

describe('PublicPageCache', () => {
  it('learns a head once and fills in the ETag, the length and a new nonce, the rest as sent and in order', async () => {
    const cache = new PublicPageCache();
    const res = await answered((r) => {
      r.setHeader('Content-Security-Policy', "script-src 'self' 'nonce-N0NCE'; style-src 'nonce-N0NCE'");
      r.setHeader('X-Frame-Options', 'DENY');
      r.setHeader('ETag', 'W/"a.b"');
      r.setHeader('Vary', ['Accept-Language', 'Accept-Encoding']);
      r.setHeader('Content-Length', '2');
      r.end('hi');
    });
    cache.learn('GET 200 br x', res, 'N0NCE');
    const head = cache.head('GET 200 br x', 'W/"c.d"', 1234, () => 'FRESH');
    expect(head).toEqual({
      'Content-Security-Policy': "script-src 'self' 'nonce-FRESH'; style-src 'nonce-FRESH'",
      'X-Frame-Options': 'DENY',
      ETag: 'W/"c.d"',
      Vary: ['Accept-Language', 'Accept-Encoding'],
      'Content-Length': '1234',
    });
    expect(Object.keys(head!)).toEqual(['Content-Security-Policy', 'X-Frame-Options', 'ETag', 'Vary', 'Content-Length']);
    // Not learned: another kind of answer; a 304 has no length to fill in.
    expect(cache.head('GET 200 gzip x', 'W/"c.d"', 1, () => 'n')).toBeNull();
    expect(cache.head('GET 200 br x', 'W/"c.d"', null, () => 'n')).toBeNull();
  });

  it('learns nothing from an answer that set a cookie or carried no ETag', async () => {
    const cache = new PublicPageCache();
    const cookie = await answered((r) => {
      r.setHeader('ETag', 'W/"a"');
      r.setHeader('Set-Cookie', 'chuhe_lang=en');
      r.end();
    });
    cache.learn('k', cookie, 'n');
    expect(cache.head('k', 'x', 0, () => 'n')).toBeNull();
    const untagged = await answered((r) => r.end());
    cache.learn('k', untagged, 'n');
    expect(cache.head('k', 'x', 0, () => 'n')).toBeNull();
  });

  it('keeps the most recently used pages and compresses each once', () => {
    const cache = new PublicPageCache();
    cache.keep('a', 'x'.repeat(2000));
    const page = cache.get('a')!;
    expect(cache.body(page, 'br')).toBe(cache.body(page, 'br'));
    expect(cache.body(page, null).toString()).toBe(page.html);
    expect(encodingFor({ 'accept-encoding': 'gzip, br' }, page)).toBe('br');
    expect(encodingFor({ 'accept-encoding': 'gzip' }, page)).toBe('gzip');
    expect(encodingFor({ 'accept-encoding': 'gzip' }, { html: 'small' })).toBeNull();
  });

  it('tags a page by version, URL, language and who asks', () => {
    const state = { version: 'v1', deadlines: [] };
    const tag = (url: string, headers: Record<string, string> = {}, who = '') => publicPageEtag(state, { url, headers }, who);
    expect(tag('/e')).toMatch(/^W\/"v1\.[A-Za-z0-9_-]{10}"$/);
    expect(tag('/e')).toBe(tag('/e'));
    expect(
      new Set([tag('/e'), tag('/e?lang=en'), tag('/e', { 'accept-language': 'en' }), tag('/e', { cookie: 'chuhe_lang=en' }), tag('/e', {}, 'me')]).size,
    ).toBe(5);
    expect(matchesEtag({ 'if-none-match': `W/"x", ${tag('/e')}` }, tag('/e'))).toBe(true);
    expect(matchesEtag({}, tag('/e'))).toBe(false);
  });
});
