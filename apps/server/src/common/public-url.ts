import { DomainError } from './errors';

/**
 * The server's public address (issue 34 #10): CHUHE_PUBLIC_URL, e.g. `https://chess.example.org`
 * (a path prefix is kept, a trailing slash dropped). Anything that writes an address to leave the
 * server — a QR code, a link in a mail — builds it from here, never from the request's Host header
 * (which the client chooses). Undefined when it is not set; a malformed value stops the server.
 */
export function publicBaseUrl(): string | undefined {
  const raw = process.env.CHUHE_PUBLIC_URL?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`CHUHE_PUBLIC_URL must be an http(s) address such as https://chess.example.org, not ${raw}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`CHUHE_PUBLIC_URL must start with https:// or http://, not ${raw}`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** What the origin is read from: the request's scheme, its Host and whether forwarding headers came with it. */
export type OriginRequest = { protocol: string; get(name: 'host'): string | undefined; headers: Record<string, string | string[] | undefined> };

/**
 * The address a QR code, a calendar feed or a mail link points to (issue 34 #10): CHUHE_PUBLIC_URL;
 * without it, the address the browser used — unless a proxy stands in front (CHUHE_TRUST_PROXY, or
 * forwarding headers), where the Host header is whatever the proxy passes on: then it refuses
 * (`slips.no_public_url`) until CHUHE_PUBLIC_URL is set. Without a request (a mail sent by a job),
 * this server's own port on localhost. No trailing slash.
 */
export function publicOrigin(req?: OriginRequest): string {
  const configured = publicBaseUrl();
  if (configured) return configured;
  if (!req) return `http://localhost:${process.env.PORT ?? 3000}`;
  const proxied =
    !!process.env.CHUHE_TRUST_PROXY || ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto'].some((h) => req.headers[h] !== undefined);
  if (proxied) throw new DomainError('slips.no_public_url');
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}
