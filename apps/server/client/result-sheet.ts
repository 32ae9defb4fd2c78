// The result sheet's keyboard line (issue 20): reads what is typed with libs/tournament's
// parseResultEntry — the server's own reader — and says at once which game it names and the result,
// or why it cannot; an unreadable line is not posted. Posting, the overwrite question and the 409
// stay the server's (the page works the same without this script).
import { parseResultEntry, type GameResult } from '@chuhe/tournament';

function fill(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? `{${k}}`));
}

function start(): void {
  const form = document.getElementById('quick-form') as HTMLFormElement | null;
  const input = document.getElementById('quick-entry') as HTMLInputElement | null;
  const live = document.getElementById('quick-live');
  if (!form || !input || !live) return;
  const words = form.dataset;
  const team = words.team === '1';
  const rows = Array.from(document.querySelectorAll<HTMLTableRowElement>('#result-sheet tbody tr[data-game]'));
  const resultLabel = (r: GameResult): string => {
    // The row's own select knows every result's words in the page's language.
    const option = document.querySelector<HTMLOptionElement>(`#result-sheet select[name=result] option[value="${r}"]`);
    return option?.textContent ?? r;
  };

  /** The preview of a line, or why it names no game (the same messages as the server's). */
  const read = (line: string): { ok: true; text: string; row: HTMLTableRowElement } | { ok: false; why: string } => {
    const parsed = parseResultEntry(line);
    if (!parsed.ok) {
      return {
        ok: false,
        why: parsed.error.code === 'format' ? fill(words.msgFormat ?? '', { text: line }) : fill(words.msgResult ?? '', { token: parsed.error.token }),
      };
    }
    const { table, board, result } = parsed.value;
    if (team && board === null) return { ok: false, why: fill(words.msgNeedBoard ?? '', { table }) };
    const row = rows.find((r) => r.dataset.table === String(table) && r.dataset.board === String(board ?? 1));
    if (!row) return { ok: false, why: fill(words.msgNoTable ?? '', { game: board === null ? String(table) : `${table}.${board}` }) };
    const stored = row.classList.contains('open') ? '' : ` (${row.dataset.result ?? ''} →)`;
    return { ok: true, text: `${row.cells[0].textContent ?? ''} ${row.dataset.players ?? ''}${stored} ${resultLabel(result)}`, row };
  };

  let marked: HTMLTableRowElement | null = null;
  const show = (): void => {
    marked?.classList.remove('target');
    marked = null;
    const line = input.value;
    if (!line.trim()) {
      live.textContent = '';
      live.className = 'live-preview';
      return;
    }
    const r = read(line);
    live.textContent = r.ok ? r.text : r.why;
    live.className = r.ok ? 'live-preview ok' : 'live-preview error';
    if (r.ok) {
      marked = r.row;
      marked.classList.add('target');
    }
  };
  input.addEventListener('input', show);
  form.addEventListener('submit', (ev) => {
    const r = read(input.value);
    if (!r.ok) {
      ev.preventDefault();
      live.textContent = r.why;
      live.className = 'live-preview error';
      input.setAttribute('aria-invalid', 'true');
      input.focus();
    }
  });
  // Back on the sheet after a save: the line is ready for the next result.
  if (!document.getElementById('replace')) input.focus();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
