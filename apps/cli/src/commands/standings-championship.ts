/**
 * `chuhe standings` on a championship file (options.pairingSystem 'championship-5-2' / 'championship-6-1'):
 * the final places (附录2 #10, 附录3 #2) — places 1–4 / 1–2 from the knockout with the deciding
 * game, then the others by their 7 rounds — followed by the others' standings table
 * (formatStandings). Used by standings.ts; not a command of its own.
 */
import { Standings } from '@chuhe/standings';
import { ChampionshipStandings, placeText } from '@chuhe/pairing';
import type { StageChainStandings } from '@chuhe/pairing';

/** Terminal width: CJK and full-width characters take two columns (as in standings.ts). */
function width(text: string): number {
  let w = 0;
  for (const ch of text) w += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(ch) ? 2 : 1;
  return w;
}
const pad = (text: string, n: number, start: boolean): string =>
  start ? ' '.repeat(Math.max(0, n - width(text))) + text : text + ' '.repeat(Math.max(0, n - width(text)));

const CHAINS: Record<ChampionshipStandings['format'], string> = { '5+2': '附录2 #10', '6+1': '附录3 #2, #5' };

/** `table` = formatStandings of standings.ts (passed in to keep the import one-way). */
export function formatChampionship(c: ChampionshipStandings, table: (s: Standings) => string, name?: string): string {
  const out: string[] = [];
  const state = c.complete ? 'final' : c.phase === 'swiss' ? 'provisional (Swiss stage)' : 'provisional (knockout not finished)';
  out.push(`${name ? `${name} — ` : ''}${c.format} championship (${c.system}): places ${state}`);
  out.push('');
  const rows = c.places.map((p) => [
    p.places[0] === p.places[1] ? String(p.place) : `${p.places[0]}–${p.places[1]}`,
    String(p.drawNumber),
    p.name ?? p.entry,
    p.status,
    p.why,
  ]);
  const header = ['Place', 'No', 'Player', 'Status', 'How decided'];
  const widths = header.map((h, i) => Math.max(width(h), ...rows.map((r) => width(r[i]))));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : pad(cell, widths[i], i < 2)))
      .join('  ')
      .trimEnd();
  out.push(line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line));
  if (c.knockouts.length) {
    out.push('', 'Knockout:');
    for (const k of c.knockouts) out.push(`  ${k.summary}`);
  }
  if (c.pending.length) {
    out.push('', 'Pending:');
    for (const p of c.pending) out.push(`  ${p}`);
  }
  if (c.notes.length) out.push('', 'Notes:', ...c.notes.map((n) => `  ${n}`));
  out.push('', `The others, ranked among themselves (${CHAINS[c.format]}):`, '');
  out.push(table(c.standings));
  return out.join('\n');
}

/**
 * `chuhe standings` on a stage chain (二章1节3): the places by the last stage, then the others by the
 * stage before (libs/pairing stage-chain-standings.ts), followed by the whole event's table.
 */
export function formatStagePlaces(c: StageChainStandings, table: (s: Standings) => string, name?: string): string {
  const out: string[] = [];
  out.push(`${name ? `${name} — ` : ''}stage ${c.stage} of ${c.stages}: places ${c.complete ? 'final' : 'provisional'}`);
  out.push('');
  const rows = c.places.map((p) => [placeText(p), String(p.drawNumber), p.name ?? p.entry, p.status, p.why]);
  const header = ['Place', 'No', 'Player', 'Status', 'How decided'];
  const widths = header.map((h, i) => Math.max(width(h), ...rows.map((r) => width(r[i]))));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : pad(cell, widths[i], i < 2)))
      .join('  ')
      .trimEnd();
  out.push(line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line));
  if (c.knockouts.length) out.push('', 'Knockout:', ...c.knockouts.map((k) => `  ${k}`));
  if (c.pending.length) out.push('', 'Pending:', ...c.pending.map((p) => `  ${p}`));
  if (c.notes.length) out.push('', 'Notes:', ...c.notes.map((n) => `  ${n}`));
  out.push('', 'The whole event (every round, Swiss reading):', '');
  out.push(table(c.standings));
  return out.join('\n');
}
