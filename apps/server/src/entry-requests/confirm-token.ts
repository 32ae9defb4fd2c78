import { createHash } from 'node:crypto';

/** A mailed link's token as stored: its SHA-256 (the request's confirmHash), never the token. */
export function confirmHashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The path a confirmation link opens (a GET: following the link is the confirmation). */
export function confirmPath(token: string): string {
  return `/entry-requests/confirm/${token}`;
}

/**
 * The path where the holder of an account-free request changes it until the window closes: the
 * same token as the confirmation (one capability, mailed once to the one address), another page.
 */
export function editByLinkPath(token: string): string {
  return `/entry-requests/by-link/${token}/edit`;
}
