import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * Security headers (issue 13) with helmet: nosniff, frame-ancestors 'none' (and X-Frame-Options),
 * Referrer-Policy no-referrer, HSTS, COOP/CORP, no X-Powered-By, and a Content-Security-Policy fit
 * for the Handlebars pages: scripts only from this origin or carrying the request's nonce — a page
 * that needs an inline script writes `<script nonce="{{cspNonce}}">` (res.locals.cspNonce reaches
 * every render) — styles from this origin, the request's nonce or the page stylesheet inlined by the
 * layout (`styleHashes`: its sha256, static-assets.ts inlineStyle), no plugins, forms post only here.
 * The Swagger UI under /api/docs ships inline styles and a data: favicon: its policy allows them.
 */
export function securityHeaders(styleHashes: readonly string[] = []): RequestHandler[] {
  const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.cspNonce as string}'`;
  const common = {
    referrerPolicy: { policy: 'no-referrer' as const },
    frameguard: { action: 'deny' as const },
    xPoweredBy: false,
  };
  const pages = helmet({
    ...common,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", nonce],
        styleSrc: ["'self'", nonce, ...styleHashes],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  const docs = helmet({
    ...common,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", nonce],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  const setNonce = (_req: Request, res: Response, next: NextFunction) => {
    res.locals.cspNonce = randomBytes(16).toString('base64');
    next();
  };
  const choose = (req: Request, res: Response, next: NextFunction) => (req.path.startsWith('/api/docs') ? docs : pages)(req, res, next);
  return [setNonce, choose];
}
