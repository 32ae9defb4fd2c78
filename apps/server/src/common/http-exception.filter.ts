import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Prisma } from '../generated/prisma/client';
import { isDatabaseUnavailable } from './database-unavailable';
import { DomainError } from './errors';

/**
 * The one place where errors become HTTP status codes and JSON answers (issue 29 #7): domain errors
 * (common/errors.ts) with their code, HTTP exceptions as they are, database constraint errors as
 * 409/404/400 so that a race or a dangling id never surfaces as a 500. Pages are answered by the
 * page filter in web/ (PageExceptionFilter), which extends this one.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const request = host.switchToHttp().getRequest<Request>();
    const { status, body } = this.toHttp(exception, request.method);
    // A database outage is one line per request (the cause, not Prisma's stack); anything else in full.
    if (status === 503 && !(exception instanceof HttpException))
      this.logger.warn(
        `503 ${request.method} ${request.path}: ${exception instanceof Error ? exception.message.split('\n').filter(Boolean).slice(-1)[0] : String(exception)}`,
      );
    else if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (status === 503 || status === 429) response.setHeader('Retry-After', String((body as { retryAfterSeconds?: number }).retryAfterSeconds ?? 5));
    if (this.answerPage(exception, request, response, status, body)) return;
    response.status(status).json(body);
  }

  /** Whether the error was answered as a page (web/page-exception.filter.ts does; the API never). */
  protected answerPage(_exception: unknown, _request: Request, _response: Response, _status: number, _body: unknown): boolean {
    return false;
  }

  private toHttp(exception: unknown, method = 'GET'): { status: number; body: unknown } {
    if (exception instanceof DomainError) return { status: exception.getStatus(), body: exception.toJson() };
    if (exception instanceof HttpException) {
      const res = exception.getResponse();
      const body = typeof res === 'string' ? { statusCode: exception.getStatus(), message: res } : res;
      return { status: exception.getStatus(), body };
    }
    if (exception instanceof Prisma.PrismaClientKnownRequestError) {
      switch (exception.code) {
        case 'P2002':
          return conflict(`already exists: ${describeTarget(exception.meta)}`);
        case 'P2003': {
          const ref = describeForeignKey(exception.meta);
          if (method === 'DELETE')
            return conflict(
              ref
                ? `still referenced: ${ref.model} records refer to it (${ref.model}.${ref.field}); remove or change those first`
                : 'the record is still referenced by other records',
            );
          return conflict(
            ref ? `${ref.field}: refers to a record that does not exist (${ref.model}.${ref.field})` : 'the record refers to a record that does not exist',
          );
        }
        case 'P2025':
          return { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'not found' } };
        case 'P2000':
        case 'P2006':
        case 'P2007':
        case 'P2009':
        case 'P2019':
        case 'P2020':
        case 'P2023':
          return {
            status: 400,
            body: {
              statusCode: 400,
              error: 'Bad Request',
              message: `a value is out of range or too long for the database: ${describeTarget(exception.meta)}`,
              errors: [{ field: describeTarget(exception.meta), reason: 'out of range or too long' }],
            },
          };
        case 'P2034':
          return conflict('the change collided with another one at the same time; try again');
        case 'P1001':
        case 'P1002':
        case 'P1008':
        case 'P1017':
        case 'P2024':
        case 'P2028':
          return unavailable();
      }
    }
    // First: a client that aborted its upload is a 400 (ECONNABORTED), not a database outage.
    const parser = bodyParserError(exception);
    if (parser) return parser;
    if (
      exception instanceof Prisma.PrismaClientInitializationError ||
      exception instanceof Prisma.PrismaClientRustPanicError ||
      isDatabaseUnavailable(exception)
    ) {
      return unavailable();
    }
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { statusCode: 500, error: 'Internal Server Error', message: 'internal error' } };
  }
}

function conflict(message: string): { status: number; body: unknown } {
  return { status: 409, body: { statusCode: 409, error: 'Conflict', message } };
}

/** `Entry_playerId_fkey` → {model: 'Entry', field: 'playerId'}, from wherever Prisma put the constraint's name. */
function describeForeignKey(meta: unknown): { model: string; field: string } | undefined {
  const m = meta as
    { field_name?: unknown; constraint?: unknown; driverAdapterError?: { cause?: { constraint?: { index?: unknown; fields?: unknown } } } } | undefined;
  const c = m?.driverAdapterError?.cause?.constraint;
  const name = [c?.index, m?.field_name, m?.constraint].find((x): x is string => typeof x === 'string');
  const match = name ? /^"?([A-Za-z]+)_([A-Za-z]+)_fkey/.exec(name) : null;
  if (match) return { model: match[1], field: match[2] };
  return undefined;
}

function describeTarget(meta: unknown): string {
  const m = meta as { target?: unknown; driverAdapterError?: { cause?: { constraint?: { fields?: string[] } } } } | undefined;
  const fields = m?.driverAdapterError?.cause?.constraint?.fields ?? (Array.isArray(m?.target) ? (m!.target as string[]) : undefined);
  return fields ? fields.join(', ') : 'a unique value';
}

function unavailable(): { status: number; body: unknown } {
  return {
    status: 503,
    body: { statusCode: 503, error: 'Service Unavailable', message: 'the database is unavailable; try again shortly (see /api/health)', retryAfterSeconds: 2 },
  };
}

/**
 * body-parser's and raw-body's refusals (they carry `status` and `type`): too large → 413, an
 * unknown charset or encoding → 415, unreadable JSON → 400; never a 500 (issue 13).
 */
function bodyParserError(e: unknown): { status: number; body: unknown } | undefined {
  if (!(e instanceof Error)) return undefined;
  const { status, type, limit } = e as Error & { status?: unknown; type?: unknown; limit?: unknown };
  if (typeof status !== 'number' || status < 400 || status > 499) return undefined;
  const reasons: Record<string, string> = {
    'entity.too.large': `the body is larger than the limit${typeof limit === 'number' ? ` of ${limit} bytes` : ''}; split the request (e.g. import the CSV in parts)`,
    'charset.unsupported': 'unsupported charset: send UTF-8',
    'encoding.unsupported': 'unsupported content encoding: send identity, gzip or deflate',
    'entity.parse.failed': `not valid JSON: ${e.message}`,
    'request.aborted': 'the request was aborted',
    'request.size.invalid': 'the body size does not match Content-Length',
    'entity.verify.failed': e.message,
    'parameters.too.many': 'too many parameters',
  };
  const reason = (typeof type === 'string' && reasons[type]) || e.message;
  const error = status === 413 ? 'Payload Too Large' : status === 415 ? 'Unsupported Media Type' : 'Bad Request';
  return { status, body: { statusCode: status, error, message: `body: ${reason}`, errors: [{ field: 'body', reason }] } };
}
