import { createHash } from 'node:crypto';

/** The path a credential's QR code and personal link open: the holder's own page. */
export const personalPath = (token: string) => `/p/${token}`;

export const hashCredentialToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Tokens are 43 base64url characters (256 bits); anything else is not looked up. */
export const CREDENTIAL_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * A scanned or typed code → the token: the whole link from the QR code (`https://…/p/<token>`),
 * the path, or the token itself; null when it holds no token.
 */
export function tokenOfCode(code: string): string | null {
  const trimmed = code.trim();
  if (CREDENTIAL_TOKEN.test(trimmed)) return trimmed;
  const match = /\/p\/([A-Za-z0-9_-]{43})(?:[/?#]|$)/.exec(trimmed);
  return match ? match[1] : null;
}
