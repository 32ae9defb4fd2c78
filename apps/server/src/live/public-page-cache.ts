import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { PageState } from './live.service';

/** Rendered pages kept by ETag (the most recently used first out last). */
const RENDERED_MAX = 300;
/** Answer heads learned (one per method, status, encoding and Accept-Encoding: a browser sends one of a few). */
const HEADS_MAX = 64;

/** A public page as rendered for strangers, and the same compressed, each once. */
export interface RenderedPage {
  html: string;
  plain?: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** What of a request shapes a public page's answer (page-etag.ts and fast-page.ts read it the same way). */
export interface PageRequest {
  /** The URL with its query (`req.originalUrl`). */
  url: string;
  headers: IncomingHttpHeaders;
}

/** Who is logged in (bearer token or session cookie), '' for a stranger: their pages are tagged apart and never shared. */
export function whoOf(headers: IncomingHttpHeaders): string {
  return headers.authorization ?? /(?:^|;\s*)chuhe_session=([^;]*)/.exec(headers.cookie ?? '')?.[1] ?? '';
}

/**
 * A public page's ETag: the event's data version with a hash of what else shapes the page — the URL
 * with its query, the Accept-Language, the language cookie (web/page-context.ts), the lineup
 * deadlines passed (a team event's lineups are released when one passes, 附录1 #8: a change without
 * a write) and who asks.
 */
export function publicPageEtag(state: PageState, page: PageRequest, who: string, now = Date.now()): string {
  const due = state.deadlines.reduce((n, d) => (d <= now ? n + 1 : n), 0);
  const lang = /(?:^|;\s*)chuhe_lang=([^;]*)/.exec(page.headers.cookie ?? '')?.[1] ?? '';
  const shape = createHash('sha1')
    .update(`${page.url}\n${page.headers['accept-language'] ?? ''}\n${lang}\n${due}\n${who}`)
    .digest('base64url')
    .slice(0, 10);
  return `W/"${state.version}.${shape}"`;
}

/** If-None-Match names this ETag. */
export function matchesEtag(headers: IncomingHttpHeaders, etag: string): boolean {
  const match = headers['if-none-match'];
  return !!match && match.split(',').some((t) => t.trim() === etag);
}

/** The encoding a cached page is sent in for this Accept-Encoding (null: as it is). */
export function encodingFor(headers: IncomingHttpHeaders, page: RenderedPage): 'br' | 'gzip' | null {
  if (page.html.length < 1024) return null;
  const accepts = String(headers['accept-encoding'] ?? '');
  return /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
}

/**
 * The head of an answer as the full path sent it (issue 35 #2): its header names and values in
 * their order, with the three that change per answer left open — the ETag, the Content-Length and
 * the CSP, whose nonce is new for every answer (common/security-headers.ts).
 */
interface LearnedHead {
  /** The headers as writeHead takes them (their names as sent, in order). */
  headers: Record<string, string | string[]>;
  etag: string;
  length: string | null;
  csp: { name: string; around: string[] } | null;
}

/**
 * The public pages rendered for strangers (page-etag.ts keeps them, fast-page.ts serves them) and
 * the heads of the answers the full path gave for them, learned once per kind of answer so that
 * the fast path answers with the same headers, in the same order, without the middleware that made them.
 */
@Injectable()
export class PublicPageCache {
  private readonly rendered = new Map<string, RenderedPage>();
  /** The renders under way for strangers, by ETag: settled when the first render's answer is sent. */
  readonly renders = new Map<string, Promise<void>>();
  private readonly heads = new Map<string, LearnedHead>();

  /** The page rendered for this ETag (and now the most recently used), or undefined. */
  get(etag: string): RenderedPage | undefined {
    const hit = this.rendered.get(etag);
    if (hit !== undefined) {
      this.rendered.delete(etag);
      this.rendered.set(etag, hit);
    }
    return hit;
  }

  keep(etag: string, html: string): void {
    this.rendered.set(etag, { html });
    if (this.rendered.size > RENDERED_MAX) this.rendered.delete(this.rendered.keys().next().value!);
  }

  /** The page's bytes in `encoding`, compressed once per page and encoding (issue 24). */
  body(page: RenderedPage, encoding: 'br' | 'gzip' | null): Buffer {
    if (encoding === 'br')
      return (page.br ??= brotliCompressSync(page.html, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: page.html.length },
      }));
    if (encoding === 'gzip') return (page.gzip ??= gzipSync(page.html, { level: 6 }));
    return (page.plain ??= Buffer.from(page.html, 'utf8'));
  }

  /** The kind of answer a head is learned and looked up by. */
  static headKey(method: string, status: number, encoding: string | null, headers: IncomingHttpHeaders): string {
    return `${method} ${status} ${encoding ?? ''} ${headers['accept-encoding'] ?? ''}`;
  }

  /**
   * Learns the head the full path sent with a cached page or a 304 (once per kind; an answer that
   * set a cookie, or whose headers are not plain text, teaches nothing).
   */
  learn(key: string, res: ServerResponse, nonce: unknown): void {
    if (this.heads.has(key) || this.heads.size >= HEADS_MAX) return;
    const head: LearnedHead = { headers: {}, etag: '', length: null, csp: null };
    // Node's getRawHeaderNames (since 15.13; not in these typings): the names as they are sent.
    for (const name of (res as ServerResponse & { getRawHeaderNames(): string[] }).getRawHeaderNames()) {
      const lower = name.toLowerCase();
      const value = res.getHeader(lower);
      if (lower === 'set-cookie' || value === undefined) return;
      const text = Array.isArray(value) ? value.map(String) : String(value);
      if (lower === 'etag') head.etag = name;
      else if (lower === 'content-length') head.length = name;
      else if (lower === 'content-security-policy') {
        if (typeof text !== 'string' || typeof nonce !== 'string' || !nonce) return;
        head.csp = { name, around: text.split(nonce) };
      }
      head.headers[name] = text;
    }
    if (head.etag) this.heads.set(key, head);
  }

  /** The learned head for this kind of answer with its open values filled in, or null if not learned yet. */
  head(key: string, etag: string, length: number | null, nonce: () => string): Record<string, string | string[]> | null {
    const learned = this.heads.get(key);
    if (!learned || (learned.length !== null) !== (length !== null)) return null;
    const headers = { ...learned.headers };
    headers[learned.etag] = etag;
    if (learned.length !== null) headers[learned.length] = String(length);
    if (learned.csp) headers[learned.csp.name] = learned.csp.around.join(nonce());
    return headers;
  }
}
