import { randomBytes } from 'node:crypto';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { LiveService } from './live.service';
import { ANNOUNCED_RENDER } from './page-etag';
import { encodingFor, matchesEtag, PublicPageCache, publicPageEtag, whoOf } from './public-page-cache';

/**
 * The fast path of the public pages (issue 35 #2, the crowd that reloads): a stranger's GET of a
 * live page already rendered for the current data version, or a GET/HEAD answered 304, is answered
 * here, in the HTTP server's own request listener, before Express and Nest — no middleware chain,
 * no router, no per-request objects beyond node's own. It answers only what page-etag.ts would
 * answer from its rendered pages, with the same bytes and the same head (learned from the answers
 * page-etag.ts gave, public-page-cache.ts), a fresh CSP nonce each time; everything else — a
 * signed-in viewer, a page not rendered yet, a kind of answer not learned yet, any other request —
 * goes on to Express unchanged. A crowd that misses together after a result waits here for the one
 * render under way (which the first of it announces and sends on) and is served from it.
 */
export class FastPublicPages {
  /** Off: every request goes on to Express (the e2e compares both answers). */
  enabled = true;
  /** Answers given here (tests). */
  served = 0;

  constructor(
    private readonly live: LiveService,
    private readonly cache: PublicPageCache,
  ) {}

  /** Puts the fast path in front of the server's request listeners (Express's). */
  install(server: Server): void {
    const others = server.listeners('request') as RequestListener[];
    server.removeAllListeners('request');
    const onward = (req: IncomingMessage, res: ServerResponse) => {
      for (const listener of others) listener.call(server, req, res);
    };
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const eventId = this.enabled ? this.eventOf(req) : null;
      if (eventId === null) onward(req, res);
      else void this.serve(req, res, eventId, onward);
    });
  }

  /** The event of a request the fast path may answer (a stranger's bodiless GET or HEAD of a live page), else null. */
  private eventOf(req: IncomingMessage): string | null {
    if (req.method !== 'GET' && req.method !== 'HEAD') return null;
    const url = req.url ?? '';
    if (url.charCodeAt(0) !== 47 /* / */) return null;
    const h = req.headers;
    if (h['content-length'] !== undefined || h['transfer-encoding'] !== undefined || whoOf(h) !== '') return null;
    const q = url.indexOf('?');
    const found = this.live.pages.match(q < 0 ? url : url.slice(0, q));
    if (!found) return null;
    return found.params.eventId ?? (found.params.pairingId ? this.live.keptEventOfPairing(found.params.pairingId) : null) ?? null;
  }

  private async serve(req: IncomingMessage, res: ServerResponse, eventId: string, onward: RequestListener): Promise<void> {
    try {
      const state = this.live.keptState(eventId) ?? (await this.live.pageState(eventId));
      if (state === null) return onward(req, res);
      const page = { url: req.url!, headers: req.headers };
      const etag = publicPageEtag(state, page, '');
      if (matchesEtag(req.headers, etag)) {
        const head = this.cache.head(PublicPageCache.headKey(req.method!, 304, null, req.headers), etag, null, nonce);
        if (!head) return onward(req, res);
        this.served++;
        res.writeHead(304, head);
        res.end();
        return;
      }
      if (req.method !== 'GET') return onward(req, res);
      let hit = this.cache.get(etag);
      if (hit === undefined) {
        const under = this.cache.renders.get(etag);
        if (under === undefined) return this.render(req, res, etag, onward);
        await under;
        hit = this.cache.get(etag);
        if (hit === undefined) return onward(req, res);
      }
      const encoding = encodingFor(req.headers, hit);
      const body = this.cache.body(hit, encoding);
      const head = this.cache.head(PublicPageCache.headKey('GET', 200, encoding, req.headers), etag, body.length, nonce);
      if (!head) return onward(req, res);
      this.served++;
      res.writeHead(200, head);
      res.end(body);
    } catch {
      if (!res.headersSent) onward(req, res);
    }
  }

  /** The first of a crowd: announces its render (the others wait for it) and sends the request on to Express, which renders. */
  private render(req: IncomingMessage, res: ServerResponse, etag: string, onward: RequestListener): void {
    const done = new Promise<void>((resolve) => {
      res.once('finish', resolve);
      res.once('close', resolve);
    }).then(() => void this.cache.renders.delete(etag));
    this.cache.renders.set(etag, done);
    (req as IncomingMessage & { [ANNOUNCED_RENDER]?: string })[ANNOUNCED_RENDER] = etag;
    onward(req, res);
  }
}

/** Random bytes drawn 4 KB at a time for the nonces (one draw per 256 answers, not one each). */
let pool = Buffer.alloc(0);
let drawn = 0;

/** A CSP nonce as common/security-headers.ts makes them: 16 random bytes in base64, each used once. */
function nonce(): string {
  if (drawn + 16 > pool.length) {
    pool = randomBytes(4096);
    drawn = 0;
  }
  drawn += 16;
  return pool.toString('base64', drawn - 16, drawn);
}
