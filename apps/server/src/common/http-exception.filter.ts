import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Prisma } from '../generated/prisma/client';

/**
 * The one place where errors become HTTP answers. Database constraint errors map to 409/404/400
 * so that a race or a dangling id never surfaces as a 500.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const request = host.switchToHttp().getRequest<Request>();
    const { status, body } = this.toHttp(exception);
    if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    // Pages answer people: an HTML page with the message; the API answers JSON.
    if (!request.path.startsWith('/api') && request.accepts(['json', 'html']) === 'html') {
      const message = (body as { message?: unknown }).message;
      response.status(status).type('html').send(errorPage(status, typeof message === 'string' ? message : ''));
      return;
    }
    response.status(status).json(body);
  }

  private toHttp(exception: unknown): { status: number; body: unknown } {
    if (exception instanceof HttpException) {
      const res = exception.getResponse();
      const body = typeof res === 'string' ? { statusCode: exception.getStatus(), message: res } : res;
      return { status: exception.getStatus(), body };
    }
    if (exception instanceof Prisma.PrismaClientKnownRequestError) {
      switch (exception.code) {
        case 'P2002':
          return conflict(`already exists: ${describeTarget(exception.meta)}`);
        case 'P2003':
          return conflict('the record is still referenced by another record, or refers to one that does not exist');
        case 'P2025':
          return { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'not found' } };
      }
    }
    if (isBodyParserError(exception)) {
      return { status: 400, body: { statusCode: 400, error: 'Bad Request', message: `body: ${exception.message}`, errors: [{ field: 'body', reason: exception.message }] } };
    }
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { statusCode: 500, error: 'Internal Server Error', message: 'internal error' } };
  }
}

function conflict(message: string): { status: number; body: unknown } {
  return { status: 409, body: { statusCode: 409, error: 'Conflict', message } };
}

function describeTarget(meta: unknown): string {
  const m = meta as { target?: unknown; driverAdapterError?: { cause?: { constraint?: { fields?: string[] } } } } | undefined;
  const fields = m?.driverAdapterError?.cause?.constraint?.fields ?? (Array.isArray(m?.target) ? (m!.target as string[]) : undefined);
  return fields ? fields.join(', ') : 'a unique value';
}

function isBodyParserError(e: unknown): e is Error & { status: number } {
  return e instanceof Error && typeof (e as { status?: unknown }).status === 'number' && (e as unknown as { status: number }).status === 400;
}

function errorPage(status: number, message: string): string {
  const escaped = message.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html lang="zh-Hans"><head><meta charset="utf-8"><title>${status} · 楚河 Chuhe</title>` +
    `<link rel="stylesheet" href="/static/chuhe.css"></head><body><main><h1>${status}</h1><p>${escaped}</p>` +
    `<p><a href="/">楚河 Chuhe</a></p></main></body></html>`;
}
