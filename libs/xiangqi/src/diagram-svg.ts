/**
 * A board diagram as SVG (a pure function: FEN in, markup out), for the arbiter's report of a
 * disputed position (三章6G) and the appeals committee. Red is at the bottom (一章1节3: 红方在下),
 * files 1–9 are numbered from each side's right (二章3节: Red's 一…九 along the bottom, read
 * right to left; Black's 1…9 along the top, read left to right from Red's view).
 */
import { parseFen } from './fen';
import type { Piece, Role, Side } from './types';
import { parseSquare, squareFile, squareRank } from './types';

export type ArrowKind = 'move' | 'check' | 'chase' | 'threat' | 'other';

export interface DiagramArrow {
  /** ICCS squares, e.g. 'h2' → 'h9'. */
  from: string;
  to: string;
  kind: ArrowKind;
}

export interface DiagramOptions {
  arrows?: DiagramArrow[];
  /** A caption under the board (escaped). */
  caption?: string;
  /** Width of one file in px (default 40). */
  cell?: number;
  /** Used to make marker ids unique when several diagrams share a page. */
  idPrefix?: string;
}

const NAMES: Record<Side, Record<Role, string>> = {
  red: { king: '帅', advisor: '仕', elephant: '相', horse: '马', rook: '车', cannon: '炮', pawn: '兵' },
  black: { king: '将', advisor: '士', elephant: '象', horse: '马', rook: '车', cannon: '砲', pawn: '卒' },
};

const ARROW_COLOURS: Record<ArrowKind, string> = {
  move: '#555555',
  check: '#d32f2f',
  chase: '#1565c0',
  threat: '#ef6c00',
  other: '#6a1b9a',
};

const RED_FILES = '九八七六五四三二一';
const BLACK_FILES = '123456789';

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * Renders the position of `fen` (placement only is read; a bad FEN is an error) with arrows.
 * Returns `{ok:false}` for a FEN that does not parse or an arrow naming no square.
 */
export function diagramSvg(fen: string, options: DiagramOptions = {}): { ok: true; value: string } | { ok: false; error: string } {
  const setup = parseFen(fen);
  if (!setup.ok) return { ok: false, error: `fen: ${setup.error.message}` };
  const board = setup.value.board as readonly (Piece | undefined)[];
  const c = options.cell ?? 40;
  const id = (options.idPrefix ?? 'd').replace(/[^A-Za-z0-9_-]/g, '');
  const margin = c;
  const width = margin * 2 + c * 8;
  const boardHeight = margin * 2 + c * 9;
  const height = boardHeight + (options.caption ? c * 0.8 : 0);
  // Red at the bottom: rank 0 is the lowest line, file a is on the left.
  const x = (file: number) => margin + file * c;
  const y = (rank: number) => margin + (9 - rank) * c;
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeXml(options.caption ?? 'xiangqi diagram')}" font-family="'Noto Sans CJK SC','Noto Serif CJK SC','WenQuanYi Zen Hei',serif">`,
  );
  out.push('<defs>');
  for (const kind of Object.keys(ARROW_COLOURS) as ArrowKind[]) {
    out.push(
      `<marker id="${id}-head-${kind}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${ARROW_COLOURS[kind]}"/></marker>`,
    );
  }
  out.push('</defs>');
  out.push(`<rect x="0" y="0" width="${width}" height="${boardHeight}" fill="#f3d9a4"/>`);
  const line = (x1: number, y1: number, x2: number, y2: number) => `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#5d4037" stroke-width="1"/>`;
  out.push('<g class="grid">');
  for (let r = 0; r <= 9; r++) out.push(line(x(0), y(r), x(8), y(r)));
  for (let f = 0; f <= 8; f++) {
    if (f === 0 || f === 8) out.push(line(x(f), y(0), x(f), y(9)));
    else {
      out.push(line(x(f), y(0), x(f), y(4)));
      out.push(line(x(f), y(5), x(f), y(9)));
    }
  }
  // Palaces.
  out.push(line(x(3), y(0), x(5), y(2)), line(x(5), y(0), x(3), y(2)), line(x(3), y(7), x(5), y(9)), line(x(5), y(7), x(3), y(9)));
  out.push(`<rect x="${x(0)}" y="${y(9)}" width="${c * 8}" height="${c * 9}" fill="none" stroke="#5d4037" stroke-width="2"/>`);
  out.push('</g>');
  out.push(`<text x="${x(2)}" y="${(y(4) + y(5)) / 2 + c * 0.18}" font-size="${c * 0.5}" text-anchor="middle" fill="#5d4037">楚 河</text>`);
  out.push(`<text x="${x(6)}" y="${(y(4) + y(5)) / 2 + c * 0.18}" font-size="${c * 0.5}" text-anchor="middle" fill="#5d4037">汉 界</text>`);
  // File numbers: Black's along the top, Red's along the bottom.
  for (let f = 0; f <= 8; f++) {
    out.push(`<text class="file-black" x="${x(f)}" y="${margin * 0.55}" font-size="${c * 0.32}" text-anchor="middle" fill="#333">${BLACK_FILES[f]}</text>`);
    out.push(
      `<text class="file-red" x="${x(f)}" y="${boardHeight - margin * 0.3}" font-size="${c * 0.32}" text-anchor="middle" fill="#b71c1c">${RED_FILES[f]}</text>`,
    );
  }
  out.push('<g class="pieces">');
  for (let sq = 0; sq < 90; sq++) {
    const p = board[sq];
    if (!p) continue;
    const cx = x(squareFile(sq));
    const cy = y(squareRank(sq));
    const colour = p.side === 'red' ? '#c62828' : '#212121';
    out.push(
      `<g class="piece ${p.side} ${p.role}" data-square="${'abcdefghi'[squareFile(sq)]}${squareRank(sq)}"><circle cx="${cx}" cy="${cy}" r="${c * 0.43}" fill="#fff8e1" stroke="${colour}" stroke-width="2"/>` +
        `<text x="${cx}" y="${cy + c * 0.16}" font-size="${c * 0.46}" text-anchor="middle" fill="${colour}">${NAMES[p.side][p.role]}</text></g>`,
    );
  }
  out.push('</g>');
  const arrows = options.arrows ?? [];
  if (arrows.length) out.push('<g class="arrows">');
  for (const a of arrows) {
    const from = parseSquare(a.from);
    const to = parseSquare(a.to);
    if (from === undefined) return { ok: false, error: `arrow: '${a.from}' is not a square` };
    if (to === undefined) return { ok: false, error: `arrow: '${a.to}' is not a square` };
    if (from === to) continue;
    const x1 = x(squareFile(from));
    const y1 = y(squareRank(from));
    const x2 = x(squareFile(to));
    const y2 = y(squareRank(to));
    // Stop short of the target piece's centre so the head stays visible.
    const len = Math.hypot(x2 - x1, y2 - y1);
    const k = Math.max(0, (len - c * 0.4) / len);
    const ex = x1 + (x2 - x1) * k;
    const ey = y1 + (y2 - y1) * k;
    const dash = a.kind === 'move' ? ' stroke-dasharray="6 4"' : '';
    out.push(
      `<line class="arrow ${a.kind}" data-from="${escapeXml(a.from)}" data-to="${escapeXml(a.to)}" x1="${x1}" y1="${y1}" x2="${ex.toFixed(1)}" y2="${ey.toFixed(1)}" stroke="${ARROW_COLOURS[a.kind]}" stroke-width="${c * 0.09}" stroke-opacity="0.85"${dash} marker-end="url(#${id}-head-${a.kind})"/>`,
    );
  }
  if (arrows.length) out.push('</g>');
  if (options.caption)
    out.push(
      `<text class="caption" x="${width / 2}" y="${boardHeight + c * 0.55}" font-size="${c * 0.36}" text-anchor="middle" fill="#222">${escapeXml(options.caption)}</text>`,
    );
  out.push('</svg>');
  return { ok: true, value: out.join('') };
}
