/// <reference lib="dom" />
/**
 * The record entry page (issue 25, /records/:token): the player due to enter the record (二章3节7)
 * plays the game on an SVG board — tap a piece, then its target — or types moves in Chinese, WXF
 * or ICCS. Only legal moves are taken (@chuhe/xiangqi's RecordEntry, the same rules as the
 * server); undo; the running record in Chinese and WXF; the end position checked against the
 * result. The moves go to PUT /api/record-links/:token/record, which checks them again.
 */
import { RecordEntry, gameFromMoves, recordFindings, recordResultOf, makeSquareName, squareFile, squareRank } from '@chuhe/xiangqi';
import type { Piece, Square } from '@chuhe/xiangqi';

interface EntryData {
  token: string;
  gameId: string;
  lang: 'zh' | 'en';
  result: string | null;
  mayEnter: boolean;
  initialFen: string;
  adjournedFen: string | null;
  record: { startFen: string; moves: string[]; version: number } | null;
  viewerHref: string;
  labels: Record<string, string>;
}

const data = JSON.parse(document.getElementById('entry-data')!.textContent!) as EntryData;
const L = (key: string, vars: Record<string, string | number> = {}) => (data.labels[key] ?? key).replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

const NAMES: Record<string, Record<string, string>> = {
  red: { king: '帅', advisor: '仕', elephant: '相', horse: '马', rook: '车', cannon: '炮', pawn: '兵' },
  black: { king: '将', advisor: '士', elephant: '象', horse: '马', rook: '车', cannon: '砲', pawn: '卒' },
};
const C = 40;
const SVG_NS = 'http://www.w3.org/2000/svg';

let entry = new RecordEntry(data.record?.startFen ?? data.initialFen);
if (data.record) entry.load(data.record.moves);
let version = data.record?.version;
let targets: Square[] = [];

const board = $('board') as unknown as SVGSVGElement;
const status = $('entry-status');
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

function render() {
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
    hit.addEventListener('click', () => tap(sq));
    board.appendChild(hit);
  }
  renderList();
}

function say(text: string, kind: 'info' | 'error' = 'info') {
  status.textContent = text;
  status.className = kind === 'error' ? 'status error' : 'status';
}

function tap(sq: Square) {
  if (!data.mayEnter) return;
  const out = entry.tap(sq);
  targets = out.kind === 'selected' ? out.targets : [];
  if (out.kind === 'refused') say(L('refused', { reason: out.reason }), 'error');
  else if (out.kind === 'moved') say(L('played', { n: entry.moves.length }));
  else say('');
  render();
}

function renderList() {
  const zh = entry.texts('chinese');
  const wxf = entry.texts('wxf');
  const blackFirst = entry.startFen.split(' ')[1] === 'b';
  const tbody = $('move-list');
  tbody.replaceChildren();
  let row: HTMLTableRowElement | undefined;
  let n = Number(entry.startFen.split(' ')[5] ?? 1) || 1;
  zh.forEach((text, i) => {
    const red = (i + (blackFirst ? 1 : 0)) % 2 === 0;
    if (red || !row) {
      row = document.createElement('tr');
      const th = document.createElement('th');
      th.textContent = String(n);
      row.appendChild(th);
      if (!red) row.appendChild(document.createElement('td'));
      tbody.appendChild(row);
    }
    const td = document.createElement('td');
    const a = document.createElement('span');
    a.className = 'zh';
    a.textContent = text;
    const b = document.createElement('span');
    b.className = 'wxf';
    b.textContent = wxf[i];
    td.append(a, ' ', b);
    row.appendChild(td);
    if (!red) n++;
  });
  $('ply-count').textContent = L('plies', { n: entry.moves.length });
  renderEnd();
}

/** The end position against the result (四章2节1A): consistent, needs no mate, or contradicts. */
function renderEnd() {
  const out = $('end-check');
  out.replaceChildren();
  const game = gameFromMoves(entry.startFen, entry.moves.slice());
  if (!game.ok) return;
  for (const f of recordFindings(game.value, { result: recordResultOf(data.result) })) {
    const li = document.createElement('li');
    li.className = f.severity;
    li.textContent = `${L(f.code)} (${f.article})`;
    li.title = f.message;
    out.appendChild(li);
  }
}

$('move-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const input = $('move-text') as HTMLInputElement;
  const r = entry.type(input.value);
  if (!r.ok) say(L('refused', { reason: r.error }), 'error');
  else {
    input.value = '';
    targets = [];
    say(L('played', { n: entry.moves.length }));
  }
  render();
});

$('undo').addEventListener('click', () => {
  entry.undo();
  targets = [];
  say(L('undone'));
  render();
});

for (const radio of Array.from(document.querySelectorAll<HTMLInputElement>('input[name="start"]'))) {
  radio.addEventListener('change', () => {
    const fen = radio.value === 'adjourned' && data.adjournedFen ? data.adjournedFen : data.initialFen;
    entry = new RecordEntry(fen);
    targets = [];
    render();
  });
}

/** A logged-in visitor (cookie session) must send the session's CSRF token; the layout puts it on <body>. */
function csrfHeader(): Record<string, string> {
  const attr = document.body.getAttribute('hx-headers');
  if (!attr) return {};
  try {
    return JSON.parse(attr) as Record<string, string>;
  } catch {
    return {};
  }
}

$('submit-record').addEventListener('click', async () => {
  const unrecorded = Number(($('unrecorded') as HTMLInputElement).value || '0');
  const res = await fetch(`/api/record-links/${data.token}/record`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', ...csrfHeader() },
    body: JSON.stringify({ moves: entry.iccs(), startFen: entry.startFen, unrecorded, ...(version !== undefined ? { version } : {}) }),
  });
  const body = (await res.json().catch(() => ({}))) as { version?: number; message?: string | string[]; problems?: { field: string; reason: string }[] };
  if (res.ok) {
    version = body.version;
    say(L('accepted', { n: entry.moves.length }));
    const link = $('viewer-link') as HTMLAnchorElement;
    link.hidden = false;
  } else {
    const msg =
      body.problems?.map((p) => `${p.field}: ${p.reason}`).join('; ') ??
      (Array.isArray(body.message) ? body.message.join('; ') : body.message) ??
      res.statusText;
    say(L('notAccepted', { reason: msg }), 'error');
  }
});

render();
