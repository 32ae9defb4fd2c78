import type { NextFunction, Request, Response } from 'express';
import { sessionTokenFromCookie } from './session-cookie';

/**
 * Issue 34 #10: every answer to a signed-in request (bearer token or session cookie) is private —
 * a page shows the user's name and carries their CSRF token — so `Cache-Control: no-store`, set when
 * the headers leave (a route or a page cache that set something else is overruled). Static files
 * (content-hashed, the same for everyone) keep their year-long caching.
 */
export function privateAnswers(request: Request, response: Response, next: NextFunction): void {
  if (request.path.startsWith('/static/') || (!request.headers.authorization && !sessionTokenFromCookie(request))) return next();
  response.setHeader('Cache-Control', 'no-store');
  const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => Response;
  response.writeHead = ((...args: unknown[]) => {
    response.setHeader('Cache-Control', 'no-store');
    // headers passed to writeHead itself win over setHeader: drop a Cache-Control there.
    for (const arg of args)
      if (arg && typeof arg === 'object' && !Array.isArray(arg))
        for (const name of Object.keys(arg)) if (name.toLowerCase() === 'cache-control') (arg as Record<string, unknown>)[name] = 'no-store';
    return writeHead(...args);
  }) as Response['writeHead'];
  next();
}
