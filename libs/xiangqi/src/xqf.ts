/**
 * XQF, the binary record of 象棋演播室 (XQStudio) that most Chinese xiangqi software saves.
 *
 * Layout (XQF 1.0 description by its author, 2001; the encrypted versions 1.1/1.2 as read by the
 * ElephantEye XQF tools): a 1024-byte header — `XQ`, the version byte, from version 11 on the
 * keys at bytes 3 and 8–15; the 32 pieces' squares at 0x10 (Red then Black: 车马相仕帅仕相马车
 * 炮炮兵×5, square = file × 10 + rank from Red's bottom left, 0xFF = captured); the result at
 * 0x33 (0 unknown, 1 Red won, 2 Black won, 3 draw); the kind at 0x40 (0 whole game, 1 opening,
 * 2 middle game, 3 endgame); length-prefixed strings (GBK) for title, event, date, site, Red,
 * Black … — then, from 0x400, the move tree in pre-order: an empty root move, then each move as
 * source + 24, target + 32, a tag (has a next move / a variation / a comment), a reserved byte and
 * the comment. The main line is the chain of first children, so it is read straight through with
 * its comments, and the variations after it are ignored.
 *
 * Versions ≥ 11 are "encrypted": the square bytes are shifted by offsets derived from the keys,
 * and every byte of the move area is shifted by a 32-byte key stream (keys masked with the
 * string below); version 12 also rotates the piece table. `writeXqf` writes every version, so
 * the reader is tested on files the project makes itself.
 */
import * as iconv from 'iconv-lite';
import { INITIAL_FEN } from './fen';
import { SLOT_ROLES } from './piece-slots';
import { Position } from './position';
import { Move, Piece, Result, SIDES, err, makeSquare, ok, squareFile, squareRank } from './types';

export class XqfError extends Error {
  readonly code = 'bad_xqf' as const;
  constructor(message: string) {
    super(message);
    this.name = 'XqfError';
  }
}

export interface XqfRecord {
  version: number;
  encrypted: boolean;
  /** PGN-style tags: Event (or the title), Date, Site, Red, Black, Result. */
  tags: Record<string, string>;
  startFen: string;
  moves: Move[];
  /** `1-0`, `0-1`, `1/2-1/2`, or undefined when the file says "unknown". */
  result?: string;
  /** The main line's comments by ply (0: before the first move); variations are not read. */
  comments: Record<string, string>;
}

export const XQF_HEADER_SIZE = 0x400;
const KEY_STREAM_MASK = '[(C) Copyright Mr. Dong Shiwei.]';
const RESULTS: Record<number, string | undefined> = { 1: '1-0', 2: '0-1', 3: '1/2-1/2', 4: '1/2-1/2' };
const STRINGS: [tag: string, offset: number, size: number][] = [
  ['Title', 0x50, 64],
  ['Event', 0xd0, 64],
  ['Date', 0x110, 16],
  ['Site', 0x120, 16],
  ['Red', 0x130, 16],
  ['Black', 0x140, 16],
  ['TimeControl', 0x150, 64],
  ['Annotator', 0x1d0, 16],
  ['Author', 0x1e0, 16],
];

/** The offsets and key stream of an encrypted file (all zero before version 11). */
interface Keys {
  piece: number;
  src: number;
  dst: number;
  comment: number;
  stream: number[];
}

const u8 = (n: number) => ((n % 256) + 256) % 256;
const square54Plus221 = (x: number) => x * x * 54 + 221;

function keysOf(header: Uint8Array): Keys {
  const version = header[2];
  if (version < 11) return { piece: 0, src: 0, dst: 0, comment: 0, stream: new Array(32).fill(0) };
  const piece = u8(square54Plus221(header[13]) * header[13]);
  const src = u8(square54Plus221(header[14]) * piece);
  const dst = u8(square54Plus221(header[15]) * src);
  const comment = ((header[12] * 256 + header[13]) % 32000) + 767;
  const args = [0, 1, 2, 3].map((i) => header[8 + i] | (header[12 + i] & header[3]));
  const stream = Array.from({ length: 32 }, (_, i) => args[i % 4] & KEY_STREAM_MASK.charCodeAt(i) & 0xff);
  return { piece, src, dst, comment, stream };
}

/** XQF square byte (file × 10 + rank) ↔ our square (rank × 9 + file). */
const fromXqfSquare = (b: number) => makeSquare(Math.floor(b / 10), b % 10);
const toXqfSquare = (sq: number) => squareFile(sq) * 10 + squareRank(sq);

function readString(bytes: Uint8Array, offset: number, size: number): string {
  const len = Math.min(bytes[offset], size - 1);
  const raw = Buffer.from(bytes.subarray(offset + 1, offset + 1 + len));
  return iconv.decode(raw, 'gb18030').replace(/\0+$/, '').trim();
}

export function isXqf(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0x58 && bytes[1] === 0x51;
}

/** Reads the main line of an XQF file (any version, encrypted or not). */
export function readXqf(bytes: Uint8Array): Result<XqfRecord, XqfError> {
  if (!isXqf(bytes)) return err(new XqfError('not an XQF file (it does not start with XQ)'));
  if (bytes.length < XQF_HEADER_SIZE + 4)
    return err(new XqfError(`an XQF file has a 1024-byte header and at least one move record; this one has ${bytes.length} bytes`));
  const version = bytes[2];
  const keys = keysOf(bytes);
  // Piece squares; version 12 rotates the table by the piece key.
  const squares = new Array<number>(32);
  for (let i = 0; i < 32; i++) {
    const v = u8(bytes[0x10 + i] - keys.piece);
    if (version >= 12) squares[(keys.piece + 1 + i) % 32] = v;
    else squares[i] = v;
  }
  const board: (Piece | undefined)[] = new Array(90).fill(undefined);
  for (let i = 0; i < 32; i++) {
    const v = squares[i];
    if (v >= 90) continue;
    if (Math.floor(v / 10) > 8) return err(new XqfError(`piece ${i + 1} stands on XQF square ${v}, off the board`));
    const sq = fromXqfSquare(v);
    if (board[sq]) return err(new XqfError(`two pieces on XQF square ${v}`));
    board[sq] = { side: SIDES[i >> 4], role: SLOT_ROLES[i & 15] };
  }
  const tags: Record<string, string> = {};
  for (const [tag, offset, size] of STRINGS) {
    const s = readString(bytes, offset, size);
    if (s) tags[tag] = s;
  }
  if (!tags.Event && tags.Title) tags.Event = tags.Title;
  const result = RESULTS[bytes[0x33]];
  if (result) tags.Result = result;

  // The move area.
  let at = XQF_HEADER_SIZE;
  let streamIndex = 0;
  const take = (n: number): Uint8Array | undefined => {
    if (at + n > bytes.length) return undefined;
    const out = bytes.slice(at, at + n);
    at += n;
    if (version >= 11) for (let i = 0; i < n; i++) out[i] = u8(out[i] - keys.stream[streamIndex++ % 32]);
    return out;
  };
  const raw: { src: number; dst: number }[] = [];
  const comments: Record<string, string> = {};
  for (let index = 0; ; index++) {
    const rec = take(4);
    if (!rec) return err(new XqfError(`move record ${index} is cut off at byte ${at}`));
    let commentLength = 0;
    let hasNext: boolean;
    if (version < 11) {
      const len = take(4);
      if (!len) return err(new XqfError(`move record ${index} is cut off at byte ${at}`));
      commentLength = new DataView(len.buffer, len.byteOffset, 4).getInt32(0, true);
      hasNext = (rec[2] & 0xf0) !== 0;
    } else {
      if (rec[2] & 0x20) {
        const len = take(4);
        if (!len) return err(new XqfError(`move record ${index} is cut off at byte ${at}`));
        commentLength = new DataView(len.buffer, len.byteOffset, 4).getInt32(0, true) - keys.comment;
      }
      hasNext = (rec[2] & 0x80) !== 0;
    }
    if (commentLength < 0 || at + commentLength > bytes.length)
      return err(new XqfError(`move record ${index}: its comment length ${commentLength} runs past the end of the file`));
    if (commentLength > 0) {
      const c = take(commentLength);
      const text = c ? iconv.decode(Buffer.from(c), 'gb18030').replace(/\0+$/, '').replace(/\r\n?/g, '\n').trim() : '';
      if (text) comments[index] = text;
    }
    if (index > 0) raw.push({ src: u8(rec[0] - 24 - keys.src), dst: u8(rec[1] - 32 - keys.dst) });
    if (!hasNext) break;
  }
  const moves: Move[] = [];
  for (const [i, m] of raw.entries()) {
    if (m.src >= 90 || m.dst >= 90 || Math.floor(m.src / 10) > 8 || Math.floor(m.dst / 10) > 8) {
      return err(new XqfError(`move ${i + 1}: squares ${m.src} → ${m.dst} are off the board`));
    }
    moves.push({ from: fromXqfSquare(m.src), to: fromXqfSquare(m.dst) });
  }
  // The side to move is the side of the first moved piece (the format does not store it).
  const first = moves.length ? board[moves[0].from] : undefined;
  const turn = first?.side ?? 'red';
  let start = Position.fromSetup({ board, turn });
  // A whole-game file (kind 0) from some writers leaves the piece table empty: the start position.
  if (!start.ok && bytes[0x40] === 0 && board.every((p) => !p)) start = Position.fromFen(INITIAL_FEN);
  if (!start.ok) return err(new XqfError(`the start position is not valid: ${start.error.message}`));
  return ok({ version, encrypted: version >= 11, tags, startFen: start.value.toFen(), moves, result, comments });
}

export interface XqfWriteOptions {
  /** 10 (XQF 1.0, plain), 11 or 12 (encrypted). Default 10. */
  version?: 10 | 11 | 12;
  /** Header bytes 3 and 8–15 (mask, keys A–D, sum, piece, source, target) for versions ≥ 11. */
  keys?: number[];
  tags?: Record<string, string>;
  /** Comments by ply (0 = before the first move), to exercise the comment paths. */
  comments?: Record<number, string>;
}

/** Writes an XQF file of a game's main line (used to test the reader on every version). */
export function writeXqf(startFen: string, moves: Move[], options: XqfWriteOptions = {}): Uint8Array {
  const version = options.version ?? 10;
  const start = Position.fromFen(startFen);
  if (!start.ok) throw new Error(`writeXqf: bad FEN: ${start.error.message}`);
  const header = new Uint8Array(XQF_HEADER_SIZE);
  header[0] = 0x58;
  header[1] = 0x51;
  header[2] = version;
  if (version >= 11) {
    const k = options.keys ?? [0x5a, 0x13, 0x77, 0xc4, 0x29, 0x8e, 0x3b, 0xd1, 0x66];
    header[3] = k[0];
    for (let i = 0; i < 8; i++) header[8 + i] = k[1 + i];
  }
  const keys = keysOf(header);
  // Pieces into their slots.
  const squares = new Array<number>(32).fill(0xff);
  for (const { square, piece } of start.value.pieces()) {
    const base = piece.side === 'red' ? 0 : 16;
    const slot = SLOT_ROLES.findIndex((r, i) => r === piece.role && squares[base + i] === 0xff);
    if (slot < 0) throw new Error(`writeXqf: too many ${piece.role}s`);
    squares[base + slot] = toXqfSquare(square);
  }
  for (let i = 0; i < 32; i++) {
    header[0x10 + i] = u8((version >= 12 ? squares[(keys.piece + 1 + i) % 32] : squares[i]) + keys.piece);
  }
  const tags = options.tags ?? {};
  const code = Object.entries(RESULTS).find(([, r]) => r === tags.Result)?.[0];
  header[0x33] = code ? Number(code) : 0;
  header[0x40] = startFen === INITIAL_FEN || start.value.toFen() === Position.default().toFen() ? 0 : 3;
  for (const [tag, offset, size] of STRINGS) {
    const value = tags[tag];
    if (!value) continue;
    const bytes = iconv.encode(value, 'gb18030').subarray(0, size - 1);
    header[offset] = bytes.length;
    header.set(bytes, offset + 1);
  }
  // The move area: the empty root, then the moves.
  const body: number[] = [];
  let streamIndex = 0;
  const put = (...values: number[]) => {
    for (const v of values) body.push(version >= 11 ? u8(v + keys.stream[streamIndex++ % 32]) : u8(v));
  };
  const int32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];
  const records = [{ src: 0, dst: 0 }, ...moves.map((m) => ({ src: toXqfSquare(m.from), dst: toXqfSquare(m.to) }))];
  records.forEach((r, i) => {
    const last = i === records.length - 1;
    const comment = options.comments?.[i] ? iconv.encode(options.comments[i], 'gb18030') : undefined;
    if (version < 11) {
      put(r.src + 24, r.dst + 32, last ? 0x00 : 0xf0, i === 0 ? 0xff : 0, ...int32(comment?.length ?? 0));
    } else {
      put(r.src + 24 + keys.src, r.dst + 32 + keys.dst, (last ? 0 : 0x80) | (comment ? 0x20 : 0), 0);
      if (comment) put(...int32(comment.length + keys.comment));
    }
    if (comment) put(...comment);
  });
  const out = new Uint8Array(XQF_HEADER_SIZE + body.length);
  out.set(header);
  out.set(body, XQF_HEADER_SIZE);
  return out;
}
