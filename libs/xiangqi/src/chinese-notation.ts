/**
 * Chinese four-character notation (二章3节1, 5): 炮二平五, 马８进７, 前炮退二, 后六平五.
 *
 * - Red files and counts in Chinese numerals 一…九, Black in digits 1…9 (ASCII by default,
 *   full-width １…９ on request).
 * - Two pieces of a kind on one file: 前/后; three pawns: 前/中/后; four or five: 一…五 (front
 *   first). The qualifier goes before the piece (前炮平五) by default; the rulebook's own example
 *   order (炮前平五, 二章3节5) is available with `tandem: 'after'`. Both are read.
 * - Pawns doubled on two or more files (二章3节5, 图-B): the piece character gives way to the
 *   file: 后六平五 (rear pawn of file 六 to file 五).
 */
import { MoveDescription } from './notation-describe';
import { Role, Side } from './types';

export type ChineseScript = 'simplified' | 'traditional';

export interface ChineseOptions {
  script?: ChineseScript;
  /** Black's numerals: ASCII digits (default) or full-width. */
  digits?: 'ascii' | 'fullwidth';
  /** Where 前/后 go for two pieces on a file: before the piece (default) or after it. */
  tandem?: 'before' | 'after';
}

export const CHINESE_NUMERALS = '一二三四五六七八九';

const PIECE_CHARS: Record<ChineseScript, Record<Side, Record<Role, string>>> = {
  simplified: {
    red: { king: '帅', advisor: '仕', elephant: '相', horse: '马', rook: '车', cannon: '炮', pawn: '兵' },
    black: { king: '将', advisor: '士', elephant: '象', horse: '马', rook: '车', cannon: '炮', pawn: '卒' },
  },
  traditional: {
    red: { king: '帥', advisor: '仕', elephant: '相', horse: '馬', rook: '車', cannon: '炮', pawn: '兵' },
    black: { king: '將', advisor: '士', elephant: '象', horse: '馬', rook: '車', cannon: '砲', pawn: '卒' },
  },
};

/** Every piece character read, with the side it implies when it is side-specific. */
export const CHINESE_PIECES: Record<string, { role: Role; side?: Side }> = {
  帅: { role: 'king', side: 'red' },
  帥: { role: 'king', side: 'red' },
  将: { role: 'king', side: 'black' },
  將: { role: 'king', side: 'black' },
  仕: { role: 'advisor' },
  士: { role: 'advisor' },
  相: { role: 'elephant' },
  象: { role: 'elephant' },
  马: { role: 'horse' },
  馬: { role: 'horse' },
  傌: { role: 'horse', side: 'red' },
  车: { role: 'rook' },
  車: { role: 'rook' },
  俥: { role: 'rook', side: 'red' },
  炮: { role: 'cannon' },
  砲: { role: 'cannon' },
  包: { role: 'cannon' },
  兵: { role: 'pawn', side: 'red' },
  卒: { role: 'pawn', side: 'black' },
};

export const CHINESE_DIRECTIONS: Record<string, '+' | '-' | '='> = {
  进: '+',
  進: '+',
  退: '-',
  平: '=',
};

export const CHINESE_POSITIONS: Record<string, 'front' | 'middle' | 'rear'> = {
  前: 'front',
  中: 'middle',
  后: 'rear',
  後: 'rear',
};

function numeral(n: number, side: Side, options: ChineseOptions): string {
  if (side === 'red') return CHINESE_NUMERALS[n - 1];
  return options.digits === 'fullwidth' ? String.fromCharCode(0xff10 + n) : String(n);
}

/** 前/后, 前/中/后, or 一…五 for `index` (1 = front) among `count`. */
export function positionWord(index: number, count: number, script: ChineseScript): string {
  const rear = script === 'traditional' ? '後' : '后';
  if (count === 2) return index === 1 ? '前' : rear;
  if (count === 3) return ['前', '中', rear][index - 1];
  return CHINESE_NUMERALS[index - 1];
}

export function formatChinese(d: MoveDescription, options: ChineseOptions = {}): string {
  const script = options.script ?? 'simplified';
  const piece = PIECE_CHARS[script][d.side][d.role];
  const dir = d.direction === '+' ? (script === 'traditional' ? '進' : '进') : d.direction === '-' ? '退' : '平';
  const tail = dir + numeral(d.target, d.side, options);
  const q = d.qualifier;
  if (q.kind === 'file') return piece + numeral(d.file, d.side, options) + tail;
  const word = positionWord(q.index, q.count, script);
  if (q.kind === 'multi') return word + numeral(d.file, d.side, options) + tail;
  if (q.count === 2 && options.tandem === 'after') return piece + word + tail;
  return word + piece + tail;
}
