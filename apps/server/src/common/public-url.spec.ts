import { DomainError } from './errors';
import { publicBaseUrl, publicOrigin, type OriginRequest } from './public-url';

const KEYS = ['CHUHE_PUBLIC_URL', 'CHUHE_TRUST_PROXY', 'PORT'] as const;

function request(host: string, headers: OriginRequest['headers'] = {}, protocol = 'http'): OriginRequest {
  return { protocol, get: () => host, headers };
}

describe('the public address (issue 34 #10)', () => {
  const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
  beforeEach(() => KEYS.forEach((k) => delete process.env[k]));
  afterAll(() => KEYS.forEach((k) => (saved[k] === undefined ? delete process.env[k] : (process.env[k] = saved[k]))));

  it('publicBaseUrl: CHUHE_PUBLIC_URL without its trailing slash, its path kept; undefined when unset', () => {
    expect(publicBaseUrl()).toBeUndefined();
    process.env.CHUHE_PUBLIC_URL = ' https://chess.example.org/club/ ';
    expect(publicBaseUrl()).toBe('https://chess.example.org/club');
  });

  it('publicBaseUrl: a value that is no http(s) address stops the server', () => {
    process.env.CHUHE_PUBLIC_URL = 'chess.example.org';
    expect(() => publicBaseUrl()).toThrow(/CHUHE_PUBLIC_URL/);
    process.env.CHUHE_PUBLIC_URL = 'ftp://chess.example.org';
    expect(() => publicBaseUrl()).toThrow(/https:\/\//);
  });

  it('publicOrigin: the configured address wins over the request’s Host, even behind a proxy', () => {
    process.env.CHUHE_PUBLIC_URL = 'https://chess.example.org';
    process.env.CHUHE_TRUST_PROXY = '1';
    expect(publicOrigin(request('evil.example', { 'x-forwarded-host': 'evil.example' }))).toBe('https://chess.example.org');
  });

  it('publicOrigin: unset and no proxy — the address the browser used', () => {
    expect(publicOrigin(request('192.168.1.5:3000'))).toBe('http://192.168.1.5:3000');
  });

  it.each([
    ['CHUHE_TRUST_PROXY set', { env: '1', headers: {} }],
    ['a Forwarded header', { env: undefined, headers: { forwarded: 'for=1.2.3.4' } }],
    ['an X-Forwarded-Host header', { env: undefined, headers: { 'x-forwarded-host': 'evil.example' } }],
    ['an X-Forwarded-For header', { env: undefined, headers: { 'x-forwarded-for': '1.2.3.4' } }],
  ])('publicOrigin: unset behind a proxy (%s) — refused with slips.no_public_url, never the Host header', (_, c) => {
    if (c.env) process.env.CHUHE_TRUST_PROXY = c.env;
    const refusal = (() => {
      try {
        return publicOrigin(request('evil.example', c.headers));
      } catch (e) {
        return e;
      }
    })();
    expect(refusal).toBeInstanceOf(DomainError);
    expect((refusal as DomainError).code).toBe('slips.no_public_url');
  });

  it('publicOrigin without a request (a mail from a job): this server on localhost', () => {
    process.env.PORT = '4100';
    expect(publicOrigin()).toBe('http://localhost:4100');
  });
});
