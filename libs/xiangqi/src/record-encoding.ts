/**
 * The text encoding of a record file. Records saved by Chinese software are often GBK/GB18030
 * or Big5, not UTF-8, and nothing in the bytes says so. In order: a byte-order mark; the file's own
 * declaration (a PGN tag `[Encoding "GBK"]`, also `Charset` / `CodePage`); else strict UTF-8;
 * else GB18030 and Big5 (iconv-lite), keeping those that decode without an invalid sequence. The
 * two double-byte sets overlap so much that one file is often "valid" in both (and reads as
 * nonsense in one): then the one whose text holds more of the characters records are written in
 * (车马炮 进退平 …) wins, GB18030 on a tie. The answer says which encoding was used and why.
 */
import * as iconv from 'iconv-lite';

export type RecordEncoding = 'UTF-8' | 'UTF-16LE' | 'UTF-16BE' | 'GB18030' | 'Big5' | string;

export interface DecodedRecord {
  text: string;
  encoding: RecordEncoding;
  /** How it was chosen: `bom`, `declaration`, `utf-8` (valid UTF-8), `validity` (the only valid one), `record-characters`. */
  by: 'bom' | 'declaration' | 'utf-8' | 'validity' | 'record-characters' | 'fallback';
  /** A sentence for the user: "read as GB18030: not valid UTF-8, …". */
  note: string;
}

/** Characters of record text in either script: pieces, 进/退/平, 前/后, Red's numerals. */
const RECORD_CHARS = new Set([...'车車俥马馬傌炮砲包相象仕士帅帥将將兵卒进進退平前后後一二三四五六七八九红紅黑胜勝和负負']);

const DECLARATION = /\[\s*(?:Encoding|Charset|CharSet|CodePage)\s+"([A-Za-z0-9_-]+)"\s*\]/;

/** Names a declaration may use, mapped to the decoder (GB18030 reads GB2312 and GBK text too). */
function decoderName(declared: string): string | undefined {
  const n = declared.toLowerCase().replace(/[_\s]/g, '-');
  if (['utf-8', 'utf8'].includes(n)) return 'UTF-8';
  if (['gbk', 'gb2312', 'gb-2312', 'gb18030', 'cp936', 'euc-cn', 'windows-936', '936'].includes(n)) return 'GB18030';
  if (['big5', 'big-5', 'cp950', 'windows-950', '950', 'big5-hkscs', 'big5hkscs'].includes(n)) return 'Big5';
  return iconv.encodingExists(n) ? declared : undefined;
}

function decode(bytes: Uint8Array, encoding: string): string {
  if (encoding === 'UTF-8') return new TextDecoder('utf-8').decode(bytes);
  return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), encoding === 'Big5' ? 'big5hkscs' : encoding);
}

function strictUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

function recordScore(text: string): number {
  let n = 0;
  for (const ch of text) if (RECORD_CHARS.has(ch)) n++;
  return n;
}

export function decodeRecordBytes(bytes: Uint8Array): DecodedRecord {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: decode(bytes.subarray(3), 'UTF-8'), encoding: 'UTF-8', by: 'bom', note: 'read as UTF-8 (byte-order mark)' };
  }
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: iconv.decode(Buffer.from(bytes.subarray(2)), 'utf-16le'), encoding: 'UTF-16LE', by: 'bom', note: 'read as UTF-16LE (byte-order mark)' };
  }
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: iconv.decode(Buffer.from(bytes.subarray(2)), 'utf-16be'), encoding: 'UTF-16BE', by: 'bom', note: 'read as UTF-16BE (byte-order mark)' };
  }
  // The declaration is ASCII in every encoding these files use.
  const head = String.fromCharCode(...bytes.subarray(0, 4096).map((b) => (b < 0x80 ? b : 0x20)));
  const declared = DECLARATION.exec(head);
  const name = declared ? decoderName(declared[1]) : undefined;
  if (declared && name) {
    return { text: decode(bytes, name), encoding: name, by: 'declaration', note: `read as ${name} (the file declares ${declared[1]})` };
  }
  const utf8 = strictUtf8(bytes);
  if (utf8 !== undefined) return { text: utf8, encoding: 'UTF-8', by: 'utf-8', note: 'read as UTF-8' };
  const candidates = (['GB18030', 'Big5'] as const).map((encoding) => ({ encoding, text: decode(bytes, encoding) })).filter((c) => !c.text.includes('\uFFFD'));
  if (candidates.length === 1) {
    const c = candidates[0];
    return { ...c, by: 'validity', note: `read as ${c.encoding} (not valid UTF-8; the only encoding of UTF-8, GB18030, Big5 that decodes it)` };
  }
  if (candidates.length === 2) {
    const [gb, big5] = candidates;
    const c = recordScore(big5.text) > recordScore(gb.text) ? big5 : gb;
    return {
      ...c,
      by: 'record-characters',
      note: `read as ${c.encoding} (not valid UTF-8; decodes as GB18030 and as Big5, and reads as a xiangqi record in ${c.encoding})`,
    };
  }
  return {
    text: decode(bytes, 'GB18030'),
    encoding: 'GB18030',
    by: 'fallback',
    note: 'read as GB18030 with invalid bytes replaced by � (not valid UTF-8, GB18030 or Big5)',
  };
}
