// The result sheet's script (issues 20, 35): reads the keyboard line as it is typed with
// libs/tournament's resolveResultLine — the server's own reader — and says at once which game it
// names and the result, or why it cannot (an unreadable line is not posted); posts a result and
// updates only its row, the count and the words (the server's partial answer, web/forms.ts) — not
// the whole sheet again; and moves the one row editor (<template id="row-editor">) into the row
// whose "Edit" is clicked. The overwrite question, refusals and 409s come back as the page, shown
// in place. The page works the same without this script (every row's "Edit" opens its form).
import { parseResultEntry, resolveResultLine, type GameResult } from '@chuhe/tournament';

function fill(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? `{${k}}`));
}

interface Saved {
  reload: string | null;
  gameId: string;
  key: string;
  version: number;
  result: string | null;
  resultText: string;
  penalty: string | null;
  penaltyReason: string | null;
  open: boolean;
  counter: string;
  allIn: boolean;
  saved: string;
}

const byId = <T extends HTMLElement>(id: string): T | null => document.getElementById(id) as T | null;
const rows = (): HTMLTableRowElement[] => Array.from(document.querySelectorAll<HTMLTableRowElement>('#result-sheet tbody tr[data-game]'));

function resultLabel(r: GameResult): string {
  // The editor's select knows every result's words in the page's language.
  const option = byId<HTMLTemplateElement>('row-editor')?.content.querySelector<HTMLOptionElement>(`select[name=result] option[value="${r}"]`);
  return option?.textContent ?? r;
}

/** The preview of a line, or why it names no game (the same reader and messages as the server's). */
function read(form: HTMLFormElement, line: string): { ok: true; text: string; row: HTMLTableRowElement | null } | { ok: false; why: string } {
  const words = form.dataset;
  const all = rows();
  // The rows' keys are the server's (libs/tournament sheetGameLabels); the reader picks among them as the server does.
  const games = all.map((r) => ({
    table: Number(r.dataset.table),
    board: Number(r.dataset.board),
    leg: Number(r.dataset.leg ?? '1'),
    kind: r.dataset.kind ?? 'regular',
    open: r.classList.contains('open'),
    key: r.dataset.key ?? '',
  }));
  const found = resolveResultLine(line, games, games);
  if (!found.ok) {
    const e = found.error;
    if (e.code === 'format') return { ok: false, why: fill(words.msgFormat ?? '', { text: line }) };
    if (e.code === 'result') return { ok: false, why: fill(words.msgResult ?? '', { token: e.token }) };
    if (e.code === 'which_game') return { ok: false, why: fill(words.msgWhichGame ?? '', { table: e.table, keys: e.keys.join(words.keySeparator ?? ', ') }) };
    // A section of a big round: the table may be in another section — the server knows the whole round.
    if (words.section === '1') {
      const parsed = parseResultEntry(line);
      return { ok: true, text: `${fill(words.msgOtherSection ?? '', { game: e.game })} ${parsed.ok ? resultLabel(parsed.value.result) : ''}`, row: null };
    }
    return { ok: false, why: fill(words.msgNoTable ?? '', { game: e.game }) };
  }
  const row = all[found.value.index];
  const result = found.value.result;
  const stored = row.classList.contains('open') ? '' : ` (${row.dataset.result ?? ''} →)`;
  return { ok: true, text: `${row.cells[0].textContent?.trim() ?? ''} ${row.dataset.players ?? ''}${stored} ${resultLabel(result)}`, row };
}

let marked: HTMLTableRowElement | null = null;

function preview(): void {
  const form = byId<HTMLFormElement>('quick-form');
  const input = byId<HTMLInputElement>('quick-entry');
  const live = byId('quick-live');
  if (!form || !input || !live) return;
  marked?.classList.remove('target');
  marked = null;
  if (!input.value.trim()) {
    live.textContent = '';
    live.className = 'live-preview';
    return;
  }
  const r = read(form, input.value);
  live.textContent = r.ok ? r.text : r.why;
  live.className = r.ok ? 'live-preview ok' : 'live-preview error';
  if (r.ok && r.row) {
    marked = r.row;
    marked.classList.add('target');
  }
}

/** A saved result: its row, the count and the words, in place. */
function applySaved(s: Saved): void {
  const row = rows().find((r) => r.dataset.game === s.gameId);
  if (row) {
    row.dataset.version = String(s.version);
    row.dataset.code = s.result ?? '';
    row.dataset.penalty = s.penaltyReason ?? '';
    row.dataset.result = s.resultText;
    row.classList.toggle('open', s.open);
    row.classList.remove('conflict', 'target');
    const stored = row.querySelector('.stored');
    if (stored) {
      stored.textContent = s.penalty ? `${s.resultText} · ${s.penalty}` : s.resultText;
      stored.classList.toggle('mark', s.open);
    }
    for (const old of Array.from(row.querySelectorAll('.result-cell .error'))) old.remove();
    closeEditor(row);
  }
  const count = byId('open-count');
  if (count) {
    count.textContent = s.counter;
    count.classList.toggle('ok', s.allIn);
  }
  for (const id of ['quick-error', 'conflict', 'replace']) byId(id)?.remove();
  let status = byId('console-status');
  if (!status) {
    status = document.createElement('p');
    status.id = 'console-status';
    status.className = 'console-status ok';
    status.setAttribute('role', 'status');
    byId('quick-form')?.after(status);
  }
  status.textContent = s.saved;
  const input = byId<HTMLInputElement>('quick-entry');
  if (input) {
    input.value = '';
    input.removeAttribute('aria-invalid');
    preview();
    input.focus();
  }
  document.body.dataset.sheetSaved = s.gameId;
}

/** The row editor back out of its row: the "Edit" link shows again. */
function closeEditor(row: HTMLTableRowElement): void {
  const form = row.querySelector<HTMLFormElement>('form.row-form');
  if (!form) return;
  form.remove();
  const edit = row.querySelector<HTMLElement>('a.edit-link');
  if (edit) edit.hidden = false;
}

/** The one editor into a row, set to the row's game, version and stored result. */
function openEditor(row: HTMLTableRowElement): void {
  const template = byId<HTMLTemplateElement>('row-editor');
  if (!template) return;
  for (const other of rows()) if (other !== row && other.querySelector('form.row-form')) closeEditor(other);
  if (row.querySelector('form.row-form')) return;
  const form = template.content.firstElementChild!.cloneNode(true) as HTMLFormElement;
  const set = (name: string, value: string) => {
    const field = form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
    if (field) field.value = value;
  };
  set('gameId', row.dataset.game ?? '');
  set('version', row.dataset.version ?? '');
  set('result', row.dataset.code ?? '');
  set('penaltyReason', row.dataset.penalty ?? '');
  const edit = row.querySelector<HTMLElement>('a.edit-link');
  if (edit) edit.hidden = true;
  row.querySelector('.result-cell .stored')?.after(form);
  form.querySelector('select')?.focus();
}

/** Posts a form for the partial answer; a page (a question, a refusal, a 409) is shown in place of the sheet. */
async function post(form: HTMLFormElement): Promise<void> {
  const body = new URLSearchParams();
  for (const [k, v] of new FormData(form)) if (typeof v === 'string') body.append(k, v);
  form.setAttribute('aria-busy', 'true');
  try {
    const r = await fetch(form.action, {
      method: 'POST',
      body,
      credentials: 'same-origin',
      headers: { 'X-Chuhe-Partial': '1', Accept: 'application/json, text/html' },
    });
    if (r.redirected) {
      location.assign(r.url);
      return;
    }
    if ((r.headers.get('Content-Type') ?? '').startsWith('application/json')) {
      const saved = (await r.json()) as Saved;
      if (saved.reload !== null) location.assign(saved.reload || location.href);
      else applySaved(saved);
      return;
    }
    const page = new DOMParser().parseFromString(await r.text(), 'text/html').getElementById('result-sheet-page');
    const here = byId('result-sheet-page');
    if (!page || !here) {
      form.submit();
      return;
    }
    here.replaceWith(document.adoptNode(page));
    (document.querySelector<HTMLElement>('#replace-yes, [aria-invalid="true"], #quick-entry') ?? null)?.focus();
  } catch {
    form.submit(); // no answer: the ordinary post
  } finally {
    form.removeAttribute('aria-busy');
  }
}

function start(): void {
  if (!byId('quick-form')) return;
  // Delegated once on the document: the sheet's content may be replaced by a page answered in place.
  document.addEventListener('input', (ev) => {
    if ((ev.target as HTMLElement).id === 'quick-entry') preview();
  });
  document.addEventListener('submit', (ev) => {
    const form = ev.target as HTMLFormElement;
    if (!form.closest('#result-sheet-page')) return;
    if (form.id === 'quick-form') {
      const input = byId<HTMLInputElement>('quick-entry')!;
      const r = read(form, input.value);
      if (!r.ok) {
        ev.preventDefault();
        const live = byId('quick-live');
        if (live) {
          live.textContent = r.why;
          live.className = 'live-preview error';
        }
        input.setAttribute('aria-invalid', 'true');
        input.focus();
        return;
      }
    }
    ev.preventDefault();
    void post(form);
  });
  document.addEventListener('click', (ev) => {
    const link = (ev.target as HTMLElement).closest<HTMLAnchorElement>('a.edit-link');
    const row = link?.closest<HTMLTableRowElement>('tr[data-game]');
    if (!link || !row) return;
    ev.preventDefault();
    openEditor(row);
  });
  // Back on the sheet: the line is ready for the next result.
  if (!byId('replace')) byId<HTMLInputElement>('quick-entry')?.focus();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
