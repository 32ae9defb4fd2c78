import type { NextFunction, Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { LiveService } from './live.service';

/** Rendered pages kept by ETag (the most recently used first out last). */
const RENDERED_MAX = 300;

/**
 * ETag with the data version for the public event pages (issue 12): the tag is the event's data
 * version (LiveService.pageState, from play/event-version.ts) with a hash of what else shapes the
 * page (the URL with its query, the Accept-Language). If-None-Match with the current tag → 304
 * before anything is rendered; otherwise the page renders with that ETag and Cache-Control
 * `no-cache` (stored, but revalidated each time), and res.locals carry the event id and version for
 * the layout's live script (js/live.js subscribes to the event's Server-Sent Events from that version).
 * The version comes from LiveService.pageState, kept until the event's next NOTIFY: a page served
 * from the rendered pages (or a 304) costs no SQL statement at all (issue 35).
 */
export function pageEtag(live: LiveService) {
  // The public pages are the same for every viewer (they render as anonymous: no cookie, and the
  // controllers pass no user), so a page rendered once for a data version serves every viewer that
  // asks for it — which is what happens when a result makes every live viewer fetch the page again.
  // Kept compressed too (issue 24), once per version and encoding: a crowd's refetch compresses nothing.
  const rendered = new Map<string, { html: string; br?: Buffer; gzip?: Buffer }>();
  /** The renders under way for strangers, by ETag: settled when the first render's answer is sent. */
  const renders = new Map<string, Promise<void>>();
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    try {
      // The live pages (the routes marked @LivePage, live-pages.ts): an event's, or a match card.
      const found = live.pages.match(req.path);
      if (!found) return next();
      const eventId = found.params.eventId ?? (found.params.pairingId ? await live.eventOfPairing(found.params.pairingId) : null);
      if (!eventId) return next();
      // Kept by LiveService until a NOTIFY of this event (issue 35): a cached page costs no statement.
      const state = await live.pageState(eventId);
      if (state === null) return next();
      const version = state.version;
      // Lineups are released when their deadline passes (附录1 #8) — a change without a write: team
      // events count the deadlines passed, so a page cached before one is not served after it.
      const now = Date.now();
      const due = state.deadlines.reduce((n, d) => (d <= now ? n + 1 : n), 0);
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
      let hit = req.method === 'GET' && !who ? rendered.get(etag) : undefined;
      // Issue 35 #2: the crowd that reloads after a result all miss at once. The first renders; the
      // others wait for that render and are served from it (a page that is not kept: each renders).
      const first = hit === undefined && req.method === 'GET' && !who ? renders.get(etag) : undefined;
      if (first) {
        await first;
        hit = rendered.get(etag);
      }
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
      if (req.method === 'GET' && !who && !renders.has(etag)) {
        const done = new Promise<void>((resolve) => {
          res.once('finish', resolve);
          res.once('close', resolve);
        }).then(() => void renders.delete(etag));
        renders.set(etag, done);
      }
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
