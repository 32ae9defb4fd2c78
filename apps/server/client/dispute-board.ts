/// <reference lib="dom" />
/**
 * The disputed-position form's board (issue 30 #7): instead of typing a FEN and ICCS moves, the
 * arbiter plays on the record entry page's board (client/xiangqi-board.ts, @chuhe/xiangqi's
 * RecordEntry: legal moves only) — up to the position, "this is the start" puts it in the FEN field,
 * then the disputed sequence goes into the moves field as it is played. Without script the form's
 * fields (and "from the game's record") remain as they are.
 */
import { RecordEntry } from '@chuhe/xiangqi';
import type { Square } from '@chuhe/xiangqi';
import { drawBoard } from './xiangqi-board';

function start(): void {
  const board = document.getElementById('dispute-board') as unknown as SVGSVGElement | null;
  const fen = document.getElementById('fen') as HTMLInputElement | null;
  const moves = document.getElementById('moves') as HTMLTextAreaElement | null;
  const found = document.getElementById('dispute-board-status');
  const area = document.getElementById('dispute-board-area');
  if (!board || !fen || !moves || !found || !area) return;
  const status: HTMLElement = found;
  area.hidden = false;
  const words = area.dataset;
  let entry = fresh(fen.value.trim());
  let targets: Square[] = [];

  function fresh(text: string): RecordEntry {
    try {
      return new RecordEntry(text || undefined);
    } catch {
      return new RecordEntry();
    }
  }
  // The typed moves, if any, are replayed onto the board (the form shown again after a refusal keeps them).
  for (const m of moves.value.split(/[\s,]+/).filter(Boolean)) if (!entry.typeOrWhy(m).ok) break;

  const sync = () => {
    // A position set up on the board is not the stored record's.
    const fromRecord = document.getElementById('from-record') as HTMLInputElement | null;
    if (fromRecord) fromRecord.checked = false;
    moves.value = entry.iccs().join(' ');
    status.textContent = (words.played ?? '').replace('{n}', String(entry.moves.length));
  };
  const render = () => drawBoard(board, entry, targets, tap);
  function tap(sq: Square): void {
    const out = entry.tap(sq);
    targets = out.kind === 'selected' ? out.targets : [];
    // data-why-no-piece → dataset.whyNoPiece: the refusal in the page's language.
    const key = `why${out.kind === 'refused' ? out.code.replace(/(^|_)([a-z])/g, (_m, _s: string, c: string) => c.toUpperCase()) : ''}`;
    if (out.kind === 'refused') status.textContent = words[key] ?? out.reason;
    else if (out.kind === 'moved') sync();
    render();
  }
  document.getElementById('dispute-board-start')?.addEventListener('click', () => {
    // The position on the board becomes the dispute's start; the moves after it are the sequence.
    fen.value = entry.position.toFen();
    entry = fresh(fen.value);
    targets = [];
    sync();
    status.textContent = words.started ?? '';
    render();
  });
  document.getElementById('dispute-board-undo')?.addEventListener('click', () => {
    entry.undo();
    targets = [];
    sync();
    render();
  });
  document.getElementById('dispute-board-reset')?.addEventListener('click', () => {
    fen.value = '';
    entry = fresh('');
    targets = [];
    sync();
    render();
  });
  fen.addEventListener('change', () => {
    entry = fresh(fen.value.trim());
    targets = [];
    sync();
    render();
  });
  render();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
