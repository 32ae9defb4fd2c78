import http from 'node:http';
import { constants, deflateRawSync } from 'node:zlib';

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
/** The public pages of an event (hub, pairings of a round, standings, crosstable, teams, a player). */
export const EVENT_PAGE = new RegExp(
  `^/events/(${UUID})(?:/(?:rounds/\\d{1,4}(?:/names|/print/(?:pairings|slips|match-cards))?|standings|print/standings|crosstable|teams|players|bracket|entries/${UUID}))?/?$`,
);
/** A team match card: its event is its round's. */
export const MATCH_CARD = new RegExp(`^/pairings/(${UUID})/?$`);

/**
 * The page a live stream pushes (`?page=` of GET /api/events/:id/live): the path of one of the
 * event's public pages with its language, nothing else — the key its rendered frames are kept and
 * shared under. Null when it is no such page.
 */
export function livePageKey(raw: string): { key: string; eventId: string | null; pairingId: string | null } | null {
  if (raw.length > 200) return null;
  let url: URL;
  try {
    url = new URL(raw, 'http://page');
  } catch {
    return null;
  }
  if (url.origin !== 'http://page') return null;
  const lang = url.searchParams.get('lang');
  if (lang !== null && !/^[A-Za-z]{2,3}(?:-[A-Za-z]{2,4})?$/.test(lang)) return null;
  const path = url.pathname.replace(/\/$/, '');
  const key = lang ? `${path}?lang=${lang}` : path;
  const event = EVENT_PAGE.exec(path);
  if (event) return { key, eventId: event[1].toLowerCase(), pairingId: null };
  const card = MATCH_CARD.exec(path);
  if (card) return { key, eventId: null, pairingId: card[1].toLowerCase() };
  return null;
}

/**
 * The SSE frame that carries a page's new content: its `<main>` as rendered for the data version,
 * one `data:` line per line, under the event name `change` — what htmx's SSE extension swaps into
 * the element that says `sse-swap="change"` (and public/live.js without htmx). Encoded once and the
 * same bytes written to every viewer of that page.
 */
export function pageFrame(version: string, main: string): SharedFrame {
  const lines = main.trim().split(/\r\n|\r|\n/);
  return sharedFrame(`id: ${version}\nevent: change\ndata: ${lines.join('\ndata: ')}\n\n`);
}

/**
 * A frame as every viewer gets it: the bytes, and the same compressed once (issue 24) for the
 * streams that accept gzip. A gzip stream is a header, then deflate blocks: each frame is deflated
 * on its own (no reference to what came before) and flushed to a byte boundary, so the same
 * compressed bytes are valid in every viewer's stream, wherever it stands — one compression for
 * 10,000 viewers where a compressor per stream would cost each its CPU and ~300 KB of memory.
 */
export interface SharedFrame {
  plain: Buffer;
  gzip: Buffer;
}

export function sharedFrame(text: string): SharedFrame {
  const plain = Buffer.from(text, 'utf8');
  return { plain, gzip: deflateChunk(plain) };
}

/** One frame's deflate blocks, flushed (Z_SYNC_FLUSH), independent of any other. */
export function deflateChunk(data: Buffer | string): Buffer {
  return deflateRawSync(data, { finishFlush: constants.Z_SYNC_FLUSH, level: 6 });
}

/** The gzip member header a compressed stream starts with (no name, no time, unknown OS). */
export const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);

/** The `<main>` element's content of a rendered page. */
export function mainOf(html: string): string | null {
  const open = /<main\b[^>]*>/i.exec(html);
  const close = html.lastIndexOf('</main>');
  if (!open || close < open.index) return null;
  return html.slice(open.index + open[0].length, close);
}

/**
 * Renders a public page through this server itself (a GET on the address the stream came in on),
 * so the frame is exactly the page a viewer would fetch — the same controllers, templates, ETag and
 * the rendered-page cache of page-etag.ts. Its version is the one in the page's ETag (the data the
 * page was rendered from, even if a change committed since the notification).
 */
export function renderPage(origin: { host: string; port: number }, key: string): Promise<{ version: string; main: string } | null> {
  return new Promise((resolve) => {
    const req = http.get(
      { host: origin.host, port: origin.port, path: key, headers: { Accept: 'text/html', 'X-Chuhe-Live': 'render' }, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const version = /^W\/"([^."]+)\./.exec(String(res.headers.etag ?? ''))?.[1];
          const main = res.statusCode === 200 && version ? mainOf(Buffer.concat(chunks).toString('utf8')) : null;
          resolve(main === null || !version ? null : { version, main });
        });
        res.on('error', () => resolve(null));
      },
    );
    req.setTimeout(10_000, () => req.destroy());
    req.on('error', () => resolve(null));
  });
}
