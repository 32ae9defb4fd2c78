import { createHash, randomBytes } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { DomainError } from '../common/errors';
import { Prisma } from '../generated/prisma/client';
import type { PrismaService } from '../prisma/prisma.service';
import { FLASH_COOKIE, SESSION_COOKIE, readCookies } from '../auth/session-cookie';

/**
 * One-time keys (issue 34 #7): a double click, a browser's retry or a script's resend must not
 * create twice. Every page form carries `_once` (`{{csrfField}}` / `{{onceField}}` write it, a fresh
 * random key per render); a script sends `Idempotency-Key: <key>`. The first POST with a key claims
 * the row (scope, key) of IdempotencyKey — a unique constraint, so two at once, even on two server
 * instances, cannot both claim it — and runs; its answer (status, Location, body) is stored. A
 * second POST with the same key and the same body waits for the first and gets its answer again —
 * with the first answer's flash message (the browser of a double click shows the second answer: without
 * it the person never reads "submitted"); no other cookie is stored or replayed (a session is never
 * handed out twice).
 * A refused first post (4xx, 5xx) leaves no row: the form may be sent again.
 */
export const ONCE_FIELD = '_once';
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** The key a form carries: 128 random bits. */
export function newOnceKey(): string {
  return randomBytes(16).toString('base64url');
}

/** How long a second post waits for the first one's answer; a claim older than ABANDONED_MS was a crashed instance's. */
const WAIT_MS = 30_000;
const ABANDONED_MS = 120_000;
/** Answers kept a day; larger bodies are not stored (the replay answers with the status and Location only). */
const KEEP_MS = 24 * 3600_000;
const MAX_STORED_BODY = 256 * 1024;

interface StoredAnswer {
  location?: string;
  contentType?: string;
  body?: string;
  /** The flash message's Set-Cookie header, when the first answer set one. */
  flash?: string;
}

const KEY_SHAPE = /^[A-Za-z0-9_-]{8,100}$/;

/** The key and where it came from; the form field is taken out of the body (no DTO expects it). */
function takeKey(request: Request): string | undefined {
  const header = request.headers[IDEMPOTENCY_HEADER];
  const body = request.body as Record<string, unknown> | undefined;
  let key: unknown = typeof header === 'string' ? header : undefined;
  if (body && typeof body === 'object' && !Array.isArray(body) && ONCE_FIELD in body) {
    key ??= body[ONCE_FIELD];
    delete body[ONCE_FIELD];
  }
  return typeof key === 'string' && KEY_SHAPE.test(key) ? key : undefined;
}

/** The user's session (cookie or bearer token), hashed; forms without a session share the anonymous scope (their keys are random). */
function scopeOf(request: Request): string {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : readCookies(request)[SESSION_COOKIE];
  return token ? `session:${createHash('sha256').update(token).digest('base64url')}` : 'anonymous';
}

/** The key names one post: the route and the body too, so that the same key with other values is another post. */
function storedKey(request: Request, key: string): string {
  const body = request.body === undefined ? '' : JSON.stringify(request.body);
  return createHash('sha256').update(`${request.method} ${request.originalUrl}\0${key}\0${body}`).digest('base64url');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function oneTimeKeys(prisma: PrismaService): RequestHandler {
  let lastSweep = 0;
  const sweep = () => {
    if (Date.now() - lastSweep < 600_000) return;
    lastSweep = Date.now();
    void prisma.idempotencyKey.deleteMany({ where: { createdAt: { lt: new Date(Date.now() - KEEP_MS) } } }).catch(() => undefined);
  };

  const claim = async (scope: string, key: string): Promise<boolean> => {
    try {
      await prisma.idempotencyKey.create({ data: { scope, key } });
      return true;
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') return false;
      throw error;
    }
  };

  /** The first post's answer, once it is there; undefined when the first post was refused (the row is gone). */
  const awaitFirst = async (scope: string, key: string): Promise<{ status: number; answer: StoredAnswer } | 'gone' | 'pending'> => {
    const until = Date.now() + WAIT_MS;
    for (let delay = 20; ; delay = Math.min(delay * 2, 250)) {
      const row = await prisma.idempotencyKey.findUnique({ where: { scope_key: { scope, key } } });
      if (!row) return 'gone';
      if (row.status !== null) return { status: row.status, answer: (row.response ?? {}) as StoredAnswer };
      // A claim whose server died before it answered: the post may run again.
      if (Date.now() - row.createdAt.getTime() > ABANDONED_MS) {
        await prisma.idempotencyKey.deleteMany({ where: { id: row.id, status: null } });
        return 'gone';
      }
      if (Date.now() > until) return 'pending';
      await sleep(delay);
    }
  };

  return (request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'POST') return next();
    const given = takeKey(request);
    if (!given) return next();
    const scope = scopeOf(request);
    const key = storedKey(request, given);
    sweep();
    void (async () => {
      for (let attempt = 0; attempt < 3; attempt++) {
        if (await claim(scope, key)) return record(prisma, scope, key, response, next);
        const first = await awaitFirst(scope, key);
        if (first === 'gone') continue;
        if (first === 'pending') break;
        return replay(response, first.status, first.answer);
      }
      const refusal = new DomainError('form.duplicate_submit');
      response.status(refusal.getStatus()).json(refusal.toJson());
    })().catch(next);
  };
}

/** Runs the post and stores its answer when it succeeded; drops the claim when it did not. */
function record(prisma: PrismaService, scope: string, key: string, response: Response, next: NextFunction): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const write = response.write.bind(response) as (...args: unknown[]) => boolean;
  const end = response.end.bind(response) as (...args: unknown[]) => Response;
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function' || size > MAX_STORED_BODY) return;
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
    size += buffer.length;
    chunks.push(buffer);
  };
  response.write = ((...args: unknown[]) => {
    keep(args[0], args[1]);
    return write(...args);
  }) as Response['write'];
  // Settled when the handler answers, not when the socket closes: the browser drops the first
  // request of a double click, but its post still runs to the end and must keep its claim.
  response.end = ((...args: unknown[]) => {
    keep(args[0], args[1]);
    settle();
    return end(...args);
  }) as Response['end'];
  let settled = false;
  const settle = () => {
    if (settled) return;
    settled = true;
    const status = response.statusCode;
    if (status >= 400) {
      void prisma.idempotencyKey.deleteMany({ where: { scope, key, status: null } }).catch(() => undefined);
      return;
    }
    const answer: StoredAnswer = {
      location: headerText(response.getHeader('location')),
      contentType: headerText(response.getHeader('content-type')),
      body: size <= MAX_STORED_BODY ? Buffer.concat(chunks).toString('base64') : undefined,
      flash: flashCookieOf(response.getHeader('set-cookie')),
    };
    void prisma.idempotencyKey
      .updateMany({ where: { scope, key }, data: { status, response: answer as unknown as Prisma.InputJsonValue } })
      .catch(() => prisma.idempotencyKey.deleteMany({ where: { scope, key, status: null } }).catch(() => undefined));
  };
  next();
}

function headerText(value: unknown): string | undefined {
  return typeof value === 'string' ? value : Array.isArray(value) ? String(value[0]) : typeof value === 'number' ? String(value) : undefined;
}

/** The flash message's Set-Cookie line among an answer's cookies (page-context.ts `flash`). */
function flashCookieOf(value: unknown): string | undefined {
  const lines = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [];
  return lines.find((line) => line.startsWith(`${FLASH_COOKIE}=`));
}

function replay(response: Response, status: number, answer: StoredAnswer): void {
  response.setHeader('Idempotent-Replay', 'true');
  if (answer.flash) response.append('Set-Cookie', answer.flash);
  if (answer.location) response.setHeader('Location', answer.location);
  if (answer.contentType) response.setHeader('Content-Type', answer.contentType);
  response.status(status).end(answer.body ? Buffer.from(answer.body, 'base64') : undefined);
}
