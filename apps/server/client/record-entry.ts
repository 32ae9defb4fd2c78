/// <reference lib="dom" />
/**
 * The record entry page (issue 25, /records/:token): the player due to enter the record (二章3节7)
 * plays the game on an SVG board — tap a piece, then its target — or types moves in Chinese, WXF
 * or ICCS. Only legal moves are taken (@chuhe/xiangqi's RecordEntry, the same rules as the
 * server); undo; the running record in Chinese and WXF; the end position checked against the
 * result. The moves go to PUT /api/record-links/:token/record, which checks them again.
 */
import { RecordEntry, gameFromMoves, recordFindings, recordResultOf } from '@chuhe/xiangqi';
import type { Square } from '@chuhe/xiangqi';
import { drawBoard } from './xiangqi-board';

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
  /** The words of the refusals a save can meet, by code, in the page's language (`{slots}` unfilled). */
  refusals: Record<string, string>;
}

/** A refusal as the API answers it: its code and values, and each problem's own code where there are several. */
interface Refusal {
  code?: string;
  field?: string;
  params?: Record<string, string | number>;
  errors?: { field?: string; reason?: string; code?: string; params?: Record<string, string | number> }[];
}

const data = JSON.parse(document.getElementById('entry-data')!.textContent!) as EntryData;
const L = (key: string, vars: Record<string, string | number> = {}) => (data.labels[key] ?? key).replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

let entry = new RecordEntry(data.record?.startFen ?? data.initialFen);
if (data.record) entry.load(data.record.moves);
let version = data.record?.version;
let targets: Square[] = [];

const board = $('board') as unknown as SVGSVGElement;
const status = $('entry-status');
function render() {
  // The board is the pages' one board (client/xiangqi-board.ts, also the disputed-position form's).
  drawBoard(board, entry, targets, tap);
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
  if (out.kind === 'refused') say(L('refused', { reason: L(`why_${out.code}`) }), 'error');
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
  const r = entry.typeOrWhy(input.value);
  // The reason in the page's language (issue 30 #5), from the refusal's code.
  if (!r.ok) say(L('refused', { reason: L(`why_${r.error.code}`) }), 'error');
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
  const body = (await res.json().catch(() => ({}))) as Refusal & { version?: number };
  if (res.ok) {
    version = body.version;
    say(L('accepted', { n: entry.moves.length }));
    const link = $('viewer-link') as HTMLAnchorElement;
    link.hidden = false;
  } else {
    say(L('notAccepted', { reason: refusalWords(body, res.status) }), 'error');
  }
});

/**
 * The refusal in the page's language (issue 30 #5): each problem worded from its code with the
 * page's dictionary; a code the page does not know (never the API's English) says the save failed.
 */
function refusalWords(body: Refusal, status: number): string {
  const fill = (text: string, vars: Record<string, string | number | undefined>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));
  const problems = body.errors?.length ? body.errors : [{ field: body.field, code: body.code }];
  const words = problems.map((p) => {
    const text = p.code ? data.refusals[p.code] : undefined;
    return text === undefined
      ? undefined
      : fill(text, {
          ...body.params,
          ...(p as { params?: Record<string, string | number> }).params,
          field: p.field ?? '',
          reason: (p as { reason?: string }).reason,
        });
  });
  if (words.some((w) => w === undefined)) return L('saveFailed', { status });
  return words.join(data.lang === 'en' ? '; ' : '；');
}

render();
