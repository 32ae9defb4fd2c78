import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { Observable } from 'rxjs';
import { DomainError } from './errors';

/**
 * Issue 34 #8: a page route reads a form (urlencoded, or multipart where it takes a file). A body
 * the form parser does not read — none at all, text, a JSON array, an unknown type — left
 * `req.body` undefined and the route answered 500. The middleware (after the body parsers) gives
 * such a request an empty form; a body of another kind is noted, and the interceptor, which runs
 * after the guard (so 401 and 403 come first), refuses it with 400 and the reason.
 */
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type MarkedRequest = Request & { unreadBody?: string };

export function markUnreadBody(request: Request, _response: Response, next: NextFunction): void {
  if (request.path.startsWith('/api') || !UNSAFE.has(request.method)) return next();
  const body: unknown = request.body;
  const readable = body !== null && typeof body === 'object' && !Array.isArray(body);
  if (!readable) {
    // No body at all is an empty form (a confirmation button posted by a script, a bare `curl -X
    // POST`): the route's own checks say what is missing. A multipart body is read by the route's
    // file interceptor (it fills req.body). Anything else is no form.
    const none = request.headers['content-type'] === undefined && !request.readableLength && Number(request.headers['content-length'] ?? 0) === 0;
    if (!none && !request.is('multipart/form-data')) (request as MarkedRequest).unreadBody = String(request.headers['content-type'] ?? 'none').slice(0, 80);
    request.body = {};
  }
  next();
}

@Injectable()
export class UnreadBodyInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http') {
      const type = context.switchToHttp().getRequest<MarkedRequest>().unreadBody;
      if (type !== undefined) throw new DomainError('form.unreadable_body', { type }, 'body');
    }
    return next.handle();
  }
}
