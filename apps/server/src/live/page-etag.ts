import type { NextFunction, Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Prisma } from '../generated/prisma/client';
import { NO_ID, typedQuery } from '../persistence/typed-sql';
import type { PrismaService } from '../prisma/prisma.service';
import { EVENT_PAGE, MATCH_CARD } from './live-page';
import type { LiveService } from './live.service';

/**
 * ETag with the data version for the public event pages (issue 12): the tag is the event's data
 * version (LiveService.version, from play/event-version.ts) with a hash of what else shapes the
 * page (the URL with its query, the Accept-Language). If-None-Match with the current tag → 304
 * before anything is rendered; otherwise the page renders with that ETag and Cache-Control
 * `no-cache` (stored, but revalidated each time), and res.locals carry the event id and version for
 * the layout's live script (live.js subscribes to the event's Server-Sent Events from that version).
 */
/** How many of a team event's rounds are past their lineup deadline (0 for other events). */
const LINEUP_DEADLINES_PASSED = typedQuery(
  'lineup deadlines passed',
  { due: 'int4' },
  (eventId: string) => Prisma.sql`
    SELECT count(*)::int AS due FROM "Round" r JOIN "Event" e ON e.id = r."eventId"
     WHERE r."eventId" = ${eventId}::uuid AND e.kind = 'team' AND r."scheduledAt" IS NOT NULL
       AND r."scheduledAt" - make_interval(mins => e."lineupDeadlineMinutes") <= now()`,
  [NO_ID],
);

/** Rendered pages kept by ETag (the most recently used first out last). */
const RENDERED_MAX = 300;

export function pageEtag(prisma: PrismaService, live: LiveService) {
  // The public pages are the same for every viewer (they render as anonymous: no cookie, and the
  // controllers pass no user), so a page rendered once for a data version serves every viewer that
  // asks for it — which is what happens when a result makes every live viewer fetch the page again.
  // Kept compressed too (issue 24), once per version and encoding: a crowd's refetch compresses nothing.
  const rendered = new Map<string, { html: string; br?: Buffer; gzip?: Buffer }>();
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    try {
      let eventId = EVENT_PAGE.exec(req.path)?.[1] ?? null;
      if (!eventId) {
        const pairingId = MATCH_CARD.exec(req.path)?.[1];
        if (!pairingId) return next();
        const p = await prisma.pairing.findUnique({ where: { id: pairingId.toLowerCase() }, select: { round: { select: { eventId: true } } } });
        eventId = p?.round.eventId ?? null;
        if (!eventId) return next();
      }
      eventId = eventId.toLowerCase();
      const version = await live.version(eventId);
      if (version === null) return next();
      // Lineups are released when their deadline passes (附录1 #8) — a change without a write: team
      // events count the deadlines passed, so a page cached before one is not served after it.
      const { due } = await LINEUP_DEADLINES_PASSED.one(prisma, eventId);
      // Whoever is logged in may see more than a stranger (the layout names them): their pages are
      // tagged apart and never served from, nor kept in, the rendered pages shared by strangers.
      const who = req.headers.authorization ?? /(?:^|;\s*)chuhe_session=([^;]*)/.exec(req.headers.cookie ?? '')?.[1] ?? '';
      // The language: ?lang=, else the language cookie (web/page-context.ts), else Accept-Language.
      const lang = /(?:^|;\s*)chuhe_lang=([^;]*)/.exec(req.headers.cookie ?? '')?.[1] ?? '';
      const shape = createHash('sha1')
        .update(`${req.originalUrl}\n${req.headers['accept-language'] ?? ''}\n${lang}\n${due}\n${who}`)
        .digest('base64url')
        .slice(0, 10);
      const etag = `W/"${version}.${shape}"`;
      res.setHeader('ETag', etag);
      res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('Vary', 'Accept-Language');
      const match = req.headers['if-none-match'];
      if (match && match.split(',').some((t) => t.trim() === etag)) {
        res.status(304).end();
        return;
      }
      const hit = req.method === 'GET' && !who ? rendered.get(etag) : undefined;
      if (hit !== undefined) {
        rendered.delete(etag);
        rendered.set(etag, hit);
        const accepts = String(req.headers['accept-encoding'] ?? '');
        const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
        if (!encoding || hit.html.length < 1024) {
          res.status(200).type('html').send(hit.html);
          return;
        }
        const body =
          encoding === 'br'
            ? (hit.br ??= brotliCompressSync(hit.html, {
                params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: hit.html.length },
              }))
            : (hit.gzip ??= gzipSync(hit.html, { level: 6 }));
        res.status(200).type('html');
        res.setHeader('Content-Encoding', encoding);
        res.append('Vary', 'Accept-Encoding');
        res.setHeader('Content-Length', String(body.length));
        res.end(body);
        return;
      }
      res.locals.liveEventId = eventId;
      res.locals.liveVersion = version;
      // The layout's live hooks: the stream of this page (live.controller.ts) and the tag to poll with.
      res.locals.livePath = encodeURIComponent(req.path);
      res.locals.liveEtag = etag;
      const send = res.send.bind(res);
      res.send = (body?: unknown) => {
        // A page with a per-request CSP nonce in it cannot be served twice.
        if (res.statusCode === 200 && typeof body === 'string' && !body.includes('nonce=') && !who) {
          rendered.set(etag, { html: body });
          if (rendered.size > RENDERED_MAX) rendered.delete(rendered.keys().next().value!);
        }
        return send(body);
      };
      next();
    } catch (e) {
      next(e);
    }
  };
}
