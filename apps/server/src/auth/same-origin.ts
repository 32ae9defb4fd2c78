import type { Request } from 'express';
import { publicBaseUrl } from '../common/public-url';

/**
 * Whether a browser says the request was made by another site (issue 34 #3, login CSRF): the
 * browser's `Sec-Fetch-Site` (anything but same-origin, or none = typed or bookmarked), else an
 * `Origin` that is not this server's (its Host, or CHUHE_PUBLIC_URL behind a proxy). A request with
 * neither (a script, an old browser) is not judged here: the session's CSRF token still is.
 */
export function isCrossSite(request: Request): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  if (origin === 'null') return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return true;
  }
  const own = [request.get('host'), request.host, publicBaseUrl() ? new URL(publicBaseUrl()!).host : undefined];
  return !own.includes(host);
}
