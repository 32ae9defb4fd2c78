import type { NextFunction, Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};
/** Worth compressing: text. Images and fonts are compressed already. */
const TEXT = /^(text\/|application\/json|image\/svg)/;

interface Asset {
  type: string;
  body: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  /** `name.<hash>.ext`: the URL that never changes meaning, served `immutable`. */
  hashed: string;
  etag: string;
}

/**
 * The static files under /static/ (issue 24): read once at start, each with a content-hashed name
 * (`chuhe.css` → `chuhe.3f9a1c2b7d.css`) that pages link to through `{{asset "chuhe.css"}}` and
 * that is cached for a year, `immutable` — a phone at a venue never asks again, and a new version
 * of a file is a new name. The plain name still answers (with `no-cache` and an ETag), for links
 * from outside. Text files are compressed once, brotli and gzip, at start.
 */
export class StaticAssets {
  private readonly byUrl = new Map<string, { asset: Asset; immutable: boolean }>();
  private readonly hashedOf = new Map<string, string>();

  constructor(private readonly prefix = '/static/') {}

  /** Adds every file under `dir`, at prefix + sub + its path (a missing folder adds nothing). */
  addDirectory(dir: string, sub = ''): this {
    if (!existsSync(dir)) return this;
    const walk = (d: string): void => {
      for (const name of readdirSync(d)) {
        const path = join(d, name);
        if (statSync(path).isDirectory()) walk(path);
        else this.addFile(path, sub + relative(dir, path).split(sep).join('/'));
      }
    };
    walk(dir);
    return this;
  }

  /** Adds one file under the name `name` (e.g. `vendor/htmx.min.js` from node_modules). */
  addFile(path: string, name: string): this {
    const body = readFileSync(path);
    const ext = extname(name);
    const type = TYPES[ext] ?? 'application/octet-stream';
    const hash = createHash('sha256').update(body).digest('base64url').replace(/[-_]/g, '').slice(0, 10);
    const hashed = ext ? `${name.slice(0, -ext.length)}.${hash}${ext}` : `${name}.${hash}`;
    const text = TEXT.test(type) && body.length > 256;
    const asset: Asset = {
      type,
      body,
      br: text ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }) : null,
      gzip: text ? gzipSync(body, { level: 9 }) : null,
      hashed,
      etag: `"${hash}"`,
    };
    this.byUrl.set(this.prefix + name, { asset, immutable: false });
    this.byUrl.set(this.prefix + hashed, { asset, immutable: true });
    this.hashedOf.set(name, this.prefix + hashed);
    return this;
  }

  /**
   * The page stylesheet written into every page (`{{inlineStyle}}`), and its CSP hash source. Inline
   * because a linked stylesheet blocks the first paint for one more round trip (and a second
   * connection) on a phone's network: measured on the standings of 1,000 players with 4× CPU
   * slowdown, first contentful paint 1,912 ms linked → 616 ms inline at 150 ms RTT, and 5,920 →
   * 2,236 ms at DevTools' Slow 3G (issue 24, `npm run bench -- page-weight`). It costs each page
   * ~5 KB compressed (the page is compressed once per data version, page-etag.ts). The files stay
   * under /static/ for anything that links them.
   */
  inlineStyle(names: readonly string[]): { css: string; cspSource: string } {
    const css = names
      .map((name) => {
        const hit = this.byUrl.get(this.prefix + name);
        if (!hit) throw new Error(`no stylesheet ${name} to inline`);
        return hit.asset.body.toString('utf8');
      })
      .join('\n');
    // Written raw into <style>: it must not be able to close the element.
    if (/<\/style/i.test(css)) throw new Error('an inlined stylesheet contains </style');
    return { css, cspSource: `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'` };
  }

  /** The content-hashed URL of a file (`{{asset "js/live.js"}}`); the plain one if there is no such file. */
  url(name: string): string {
    return this.hashedOf.get(name) ?? this.prefix + name;
  }

  /** The Express handler: answers GET/HEAD of a known file, passes everything else on. */
  handler() {
    return (req: Request, res: Response, next: NextFunction): void => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      const hit = this.byUrl.get(req.path);
      if (!hit) return next();
      const { asset, immutable } = hit;
      res.setHeader('Content-Type', asset.type);
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      res.setHeader('ETag', asset.etag);
      res.setHeader('Vary', 'Accept-Encoding');
      if (req.headers['if-none-match'] === asset.etag) {
        res.status(304).end();
        return;
      }
      const accepts = String(req.headers['accept-encoding'] ?? '');
      let body = asset.body;
      if (asset.br && /\bbr\b/.test(accepts)) {
        body = asset.br;
        res.setHeader('Content-Encoding', 'br');
      } else if (asset.gzip && /\bgzip\b/.test(accepts)) {
        body = asset.gzip;
        res.setHeader('Content-Encoding', 'gzip');
      }
      res.setHeader('Content-Length', String(body.length));
      if (req.method === 'HEAD') res.end();
      else res.end(body);
    };
  }
}
