import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { constants, deflateRawSync } from 'node:zlib';
import { LANGUAGES } from '../i18n/i18n';
import type { LivePages } from './live-pages';
import type { Splice } from './page-patch';

/**
 * The page a live stream pushes (`?page=` of GET /api/events/:id/live): the path of one of the
 * event's live pages (live-pages.ts: the routes marked @LivePage) with its language, nothing else —
 * the key its rendered frames are kept and shared under. Null when it is no such page.
 */
export function livePageKey(raw: string, pages: Pick<LivePages, 'match'>): { key: string; eventId: string | null; pairingId: string | null } | null {
  if (raw.length > 200) return null;
  let url: URL;
  try {
    url = new URL(raw, 'http://page');
  } catch {
    return null;
  }
  if (url.origin !== 'http://page') return null;
  // Issue 34 #1: a key holds a known language and a known page only (UUIDs in lower case), so that
  // `?lang=aa`, `?lang=ab`… or an id's upper case cannot multiply the renders of every result.
  const lang = url.searchParams.get('lang');
  if (lang !== null && !(LANGUAGES as readonly string[]).includes(lang)) return null;
  const path = url.pathname.replace(/\/$/, '').toLowerCase();
  const key = lang ? `${path}?lang=${lang}` : path;
  const found = pages.match(path);
  if (!found) return null;
  return { key, eventId: found.params.eventId ?? null, pairingId: found.params.eventId ? null : (found.params.pairingId ?? null) };
}

/**
 * The SSE frame that carries a page's new content: its `<main>` as rendered for the data version,
 * one `data:` line per line, under the event name `change` — what the page's live script (client/live.ts) swaps in. Encoded once and the
 * same bytes written to every viewer of that page.
 */
export function pageFrame(version: string, lines: readonly string[]): SharedFrame {
  return sharedFrame(`id: ${version}\nevent: change\ndata: ${lines.join('\ndata: ')}\n\n`);
}

/** A page's `<main>` as the lines its frame carries (the text a viewer's EventSource joins with "\n"). */
export function pageLines(main: string): string[] {
  return main.trim().split(/\r\n|\r|\n/);
}

/** The SSE frame that carries a page's change as splices of the lines of the frame at `base` (page-patch.ts). */
export function patchFrame(version: string, base: string, splices: Splice[]): SharedFrame {
  return sharedFrame(`id: ${version}\nevent: patch\ndata: ${JSON.stringify({ base, splices })}\n\n`);
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
  /** The same as HTTP/1.1 chunks (size line, bytes, CRLF), framed once for every viewer (writeFrame). */
  chunked?: { plain?: Buffer; gzip?: Buffer };
}

export function sharedFrame(text: string): SharedFrame {
  const plain = Buffer.from(text, 'utf8');
  return { plain, gzip: deflateChunk(plain) };
}

/** What directSocket reads of node's response beyond its typed surface (stable since node 0.x). */
type RawResponse = ServerResponse & { chunkedEncoding?: boolean; outputData?: unknown[] };

/**
 * The socket a response's writes go straight to, or null: headers sent, chunked, this response the
 * socket's current one, nothing of it still queued in the response. Once so, an SSE response stays
 * so until it ends (nothing else is written to its socket meanwhile): SseStream asks once.
 */
export function directSocket(res: ServerResponse): Socket | null {
  const raw = res as RawResponse;
  const socket = res.socket as (Socket & { _httpMessage?: unknown }) | null;
  const direct =
    socket &&
    socket.writable &&
    socket._httpMessage === res &&
    res.headersSent &&
    !res.writableEnded &&
    raw.chunkedEncoding === true &&
    (raw.outputData?.length ?? 0) === 0;
  return direct ? socket : null;
}

/** A shared frame as one HTTP/1.1 chunk (size line, bytes, CRLF), framed once per frame and encoding for every viewer. */
export function chunkOf(frame: SharedFrame, gzip: boolean): Buffer {
  const data = gzip ? frame.gzip : frame.plain;
  const chunked = (frame.chunked ??= {});
  const key = gzip ? 'gzip' : 'plain';
  return (chunked[key] ??= Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`, 'latin1'), data, CRLF]));
}

/**
 * Writes a shared frame to one viewer (issue 35 #4: render once, write n). `res.write` frames each
 * write as an HTTP chunk of its own — the size line, the bytes and a CRLF corked into one writev —
 * for every viewer again; here the chunk is framed once per frame and encoding and handed to the
 * socket as it stands: the same bytes, a third of the work per viewer. Only when res.write would
 * itself write straight to the socket (directSocket) — otherwise res.write, as before. Answers the
 * socket written to, or null.
 */
export function writeFrame(res: ServerResponse, frame: SharedFrame, gzip: boolean): Socket | null {
  const data = gzip ? frame.gzip : frame.plain;
  const socket = data.length > 0 ? directSocket(res) : null;
  if (socket) socket.write(chunkOf(frame, gzip));
  else res.write(data);
  return socket;
}

const CRLF = Buffer.from('\r\n', 'latin1');

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
