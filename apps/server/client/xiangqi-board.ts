/// <reference lib="dom" />
/**
 * The tap-to-move xiangqi board of the pages (an SVG): the grid, the pieces of a RecordEntry's
 * position, the selected piece, its targets and the last move; a transparent hit square per point,
 * named by its ICCS square (data-sq) for keyboards and tests. Used by the record entry page
 * (client/record-entry.ts) and the disputed-position form (client/dispute-board.ts).
 */
import { makeSquareName, squareFile, squareRank } from '@chuhe/xiangqi';
import type { Piece, RecordEntry, Square } from '@chuhe/xiangqi';

const NAMES: Record<string, Record<string, string>> = {
  red: { king: '帅', advisor: '仕', elephant: '相', horse: '马', rook: '车', cannon: '炮', pawn: '兵' },
  black: { king: '将', advisor: '士', elephant: '象', horse: '马', rook: '车', cannon: '砲', pawn: '卒' },
};
const C = 40;
const SVG_NS = 'http://www.w3.org/2000/svg';
const x = (sq: Square) => C / 2 + squareFile(sq) * C;
const y = (sq: Square) => C / 2 + (9 - squareRank(sq)) * C;

function el(name: string, attrs: Record<string, string | number>, text?: string): SVGElement {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text) e.textContent = text;
  return e;
}

/** The grid once: files, ranks, the river and the palaces (一章1节). */
function drawGrid(g: SVGElement) {
  const line = (x1: number, y1: number, x2: number, y2: number) => g.appendChild(el('line', { x1, y1, x2, y2, stroke: '#5d4037', 'stroke-width': 1 }));
  for (let r = 0; r < 10; r++) line(C / 2, C / 2 + r * C, C / 2 + 8 * C, C / 2 + r * C);
  for (let f = 0; f < 9; f++) {
    if (f === 0 || f === 8) line(C / 2 + f * C, C / 2, C / 2 + f * C, C / 2 + 9 * C);
    else {
      line(C / 2 + f * C, C / 2, C / 2 + f * C, C / 2 + 4 * C);
      line(C / 2 + f * C, C / 2 + 5 * C, C / 2 + f * C, C / 2 + 9 * C);
    }
  }
  for (const top of [0, 7]) {
    line(C / 2 + 3 * C, C / 2 + top * C, C / 2 + 5 * C, C / 2 + (top + 2) * C);
    line(C / 2 + 5 * C, C / 2 + top * C, C / 2 + 3 * C, C / 2 + (top + 2) * C);
  }
  g.appendChild(el('text', { x: C * 4.5, y: C * 5 + 6, 'text-anchor': 'middle', 'font-size': 18, fill: '#8d6e63' }, '楚 河　　汉 界'));
}

/** Draws `entry`'s position on `board`; `onTap` gets the square tapped. */
export function drawBoard(board: SVGSVGElement, entry: RecordEntry, targets: readonly Square[], onTap: (sq: Square) => void): void {
  board.replaceChildren();
  board.appendChild(el('rect', { x: 0, y: 0, width: 9 * C, height: 10 * C, fill: '#f3d9a4' }));
  const grid = el('g', {});
  drawGrid(grid);
  board.appendChild(grid);
  const last = entry.moves[entry.moves.length - 1];
  for (let sq = 0; sq < 90; sq++) {
    const p = entry.position.pieceAt(sq) as Piece | undefined;
    const cx = x(sq);
    const cy = y(sq);
    if (last && (sq === last.from || sq === last.to))
      board.appendChild(
        el('rect', {
          x: cx - C / 2 + 2,
          y: cy - C / 2 + 2,
          width: C - 4,
          height: C - 4,
          fill: 'none',
          stroke: '#1565c0',
          'stroke-width': 2,
          'stroke-dasharray': '4 3',
        }),
      );
    if (p) {
      const selected = entry.selection === sq;
      board.appendChild(
        el('circle', {
          cx,
          cy,
          r: C * 0.44,
          fill: selected ? '#fff59d' : '#fdf6e3',
          stroke: p.side === 'red' ? '#c62828' : '#212121',
          'stroke-width': selected ? 3 : 2,
        }),
      );
      board.appendChild(
        el('text', { x: cx, y: cy + 7, 'text-anchor': 'middle', 'font-size': 20, fill: p.side === 'red' ? '#c62828' : '#212121' }, NAMES[p.side][p.role]),
      );
    }
    if (targets.includes(sq))
      board.appendChild(el('circle', { cx, cy, r: p ? C * 0.46 : 6, fill: p ? 'none' : '#2e7d32', stroke: '#2e7d32', 'stroke-width': 3, class: 'target' }));
  }
  // Tap targets last, on top: one per point, named by its ICCS square for keyboards and tests.
  for (let sq = 0; sq < 90; sq++) {
    const hit = el('rect', {
      x: x(sq) - C / 2,
      y: y(sq) - C / 2,
      width: C,
      height: C,
      fill: 'transparent',
      'data-sq': makeSquareName(sq),
      role: 'button',
      tabindex: -1,
      'aria-label': makeSquareName(sq),
    });
    hit.addEventListener('click', () => onTap(sq));
    board.appendChild(hit);
  }
}
