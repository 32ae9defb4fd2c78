import type { NextFunction, Request, Response } from 'express';
import type { LiveService } from './live.service';
import { encodingFor, matchesEtag, PublicPageCache, publicPageEtag, whoOf } from './public-page-cache';

/** Marks a request whose render the fast path (fast-page.ts) has announced: the others wait for it, it waits for nobody. */
export const ANNOUNCED_RENDER = Symbol('chuhe.announcedRender');

/**
 * ETag with the data version for the public event pages (issue 12): the tag is the event's data
 * version (LiveService.pageState, from play/event-version.ts) with a hash of what else shapes the
 * page (public-page-cache.ts publicPageEtag). If-None-Match with the current tag → 304
 * before anything is rendered; otherwise the page renders with that ETag and Cache-Control
 * `no-cache` (stored, but revalidated each time), and res.locals carry the event id and version for
 * the layout's live script (js/live.js subscribes to the event's Server-Sent Events from that version).
 * The version comes from LiveService.pageState, kept until the event's next NOTIFY: a page served
 * from the rendered pages (or a 304) costs no SQL statement at all (issue 35). The answers it gives
 * from the rendered pages teach the fast path (fast-page.ts) their heads.
 */
export function pageEtag(live: LiveService, cache: PublicPageCache) {
  // The public pages are the same for every viewer (they render as anonymous: no cookie, and the
  // controllers pass no user), so a page rendered once for a data version serves every viewer that
  // asks for it — which is what happens when a result makes every live viewer fetch the page again.
  // Kept compressed too (issue 24), once per version and encoding: a crowd's refetch compresses nothing.
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
      // Whoever is logged in may see more than a stranger (the layout names them): their pages are
      // tagged apart and never served from, nor kept in, the rendered pages shared by strangers.
      const who = whoOf(req.headers);
      const etag = publicPageEtag(state, { url: req.originalUrl, headers: req.headers }, who);
      res.setHeader('ETag', etag);
      res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('Vary', 'Accept-Language');
      /** Teaches the fast path this answer's head once it has left (strangers only). */
      const teach = (status: number, encoding: 'br' | 'gzip' | null) => {
        if (who) return;
        const key = PublicPageCache.headKey(req.method, status, encoding, req.headers);
        res.once('finish', () => cache.learn(key, res, res.locals.cspNonce));
      };
      if (matchesEtag(req.headers, etag)) {
        teach(304, null);
        res.status(304).end();
        return;
      }
      const announced = (req as Request & { [ANNOUNCED_RENDER]?: string })[ANNOUNCED_RENDER] === etag;
      let hit = req.method === 'GET' && !who ? cache.get(etag) : undefined;
      // Issue 35 #2: the crowd that reloads after a result all miss at once. The first renders; the
      // others wait for that render and are served from it (a page that is not kept: each renders).
      const first = hit === undefined && req.method === 'GET' && !who && !announced ? cache.renders.get(etag) : undefined;
      if (first) {
        await first;
        hit = cache.get(etag);
      }
      if (hit !== undefined) {
        const encoding = encodingFor(req.headers, hit);
        teach(200, encoding);
        if (!encoding) {
          res.status(200).type('html').send(hit.html);
          return;
        }
        const body = cache.body(hit, encoding);
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
      if (req.method === 'GET' && !who && !announced && !cache.renders.has(etag)) {
        const done = new Promise<void>((resolve) => {
          res.once('finish', resolve);
          res.once('close', resolve);
        }).then(() => void cache.renders.delete(etag));
        cache.renders.set(etag, done);
      }
      const send = res.send.bind(res);
      res.send = (body?: unknown) => {
        // A page with a per-request CSP nonce in it cannot be served twice.
        if (res.statusCode === 200 && typeof body === 'string' && !body.includes('nonce=') && !who) cache.keep(etag, body);
        return send(body);
      };
      next();
    } catch (e) {
      next(e);
    }
  };
}
