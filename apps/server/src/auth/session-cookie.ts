import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';

/**
 * The browser's session (DESIGN.md "The web front end"): the same session token a script gets from
 * POST /api/auth/login, carried in an HttpOnly cookie instead of a header. SameSite=Lax keeps it off
 * cross-site POSTs in browsers; the CSRF token is the second line for everything else.
 */
export const SESSION_COOKIE = 'chuhe_session';
/** The language chosen with ?lang=, kept for the pages that follow (links, redirects after a form). */
export const LANGUAGE_COOKIE = 'chuhe_lang';
/** A one-time message shown by the next page (set before a redirect). */
export const FLASH_COOKIE = 'chuhe_flash';

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 3600;

/** `name=value` pairs of the Cookie header (RFC 6265: no quoting beyond what we write ourselves). */
export function readCookies(request: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 1) continue;
    const name = part.slice(0, eq).trim();
    const raw = part.slice(eq + 1).trim();
    try {
      out[name] = decodeURIComponent(raw);
    } catch {
      out[name] = raw;
    }
  }
  return out;
}

export function sessionTokenFromCookie(request: Request): string | undefined {
  const token = readCookies(request)[SESSION_COOKIE];
  return token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : undefined;
}

interface CookieOptions {
  maxAgeSeconds?: number;
  httpOnly?: boolean;
}

/** Secure whenever the request came over HTTPS, directly or through a proxy trusted by CHUHE_TRUST_PROXY (req.secure). */
export function setCookie(request: Request, response: Response, name: string, value: string, options: CookieOptions = {}): void {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'SameSite=Lax'];
  if (options.httpOnly !== false) parts.push('HttpOnly');
  if (request.secure) parts.push('Secure');
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  response.append('Set-Cookie', parts.join('; '));
}

export function clearCookie(request: Request, response: Response, name: string): void {
  setCookie(request, response, name, '', { maxAgeSeconds: 0 });
}

/**
 * The session's CSRF token: a hash of the session's secret token under a purpose label. Only who
 * holds the session token (the HttpOnly cookie) can know it; it needs no column and ends with the
 * session. Sent back as the `_csrf` form field or the `X-CSRF-Token` header (htmx) — never in the URL.
 */
export function csrfTokenFor(sessionToken: string): string {
  return createHash('sha256').update('chuhe-csrf\0').update(sessionToken).digest('base64url');
}

export function csrfTokenMatches(sessionToken: string, sent: unknown): boolean {
  if (typeof sent !== 'string' || sent.length > 100) return false;
  const expected = Buffer.from(csrfTokenFor(sessionToken));
  const given = Buffer.from(sent);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** What the request sent as its CSRF token, wherever it could be. */
export function sentCsrfToken(request: Request): unknown {
  const header = request.headers['x-csrf-token'];
  if (typeof header === 'string') return header;
  const body = request.body as Record<string, unknown> | undefined;
  if (body && typeof body === 'object' && typeof body._csrf === 'string') return body._csrf;
  // Never the query string (issue 34 #10): a URL ends up in logs and Referer headers.
  return undefined;
}

export const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
