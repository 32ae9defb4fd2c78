/**
 * `chuhe standings [FILE] [--json] [--chain ID] [--format round-robin|swiss] < tournament.json` —
 * the standings of a JSON tournament file (libs/tournament/README.md) with the standings extras
 * `standings`, `sanctions` and `withdrawals` (libs/standings/README.md): rank, every tie-break
 * value of the chain, and for neighbours tied on points the criterion that separated them; then
 * the crosstable (round-robin) or progressive scores (Swiss), team matches, discipline and notes.
 *
 * A championship file (options.pairingSystem 'championship-5-2' / 'championship-6-1') prints the
 * final places first (附录2 #10, 附录3 #2: knockout, then the others; standings-championship.ts);
 * `--format` forces the plain table.
 *
 * Exit 0: standings printed; 2: bad usage, a file that cannot be read, or invalid content.
 */
import { CHAIN_IDS, DisplayValue, FORMATS, Format, Standings, StandingRow, parseStandingsText } from '@chuhe/standings';
import { Command, onlyFlags, parseArgs, readInput, UsageError } from '../cli-io';
import { standingsReport } from '@chuhe/pairing';
import { formatChampionship, formatStagePlaces } from './standings-championship';
import { namer } from '../names';

export const USAGE = `usage: chuhe standings [FILE] [--json] [--chain ${CHAIN_IDS.join('|')}] [--format ${FORMATS.join('|')}] < tournament.json`;

/** Terminal width of a string: CJK and full-width characters take two columns. */
function width(text: string): number {
  let w = 0;
  for (const ch of text) w += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(ch) ? 2 : 1;
  return w;
}
const padEnd = (text: string, n: number): string => text + ' '.repeat(Math.max(0, n - width(text)));
const padStart = (text: string, n: number): string => ' '.repeat(Math.max(0, n - width(text))) + text;

function show(v: DisplayValue | null | undefined): string {
  if (v === null || v === undefined) return '-';
  return typeof v === 'number' ? String(v) : `[${v.join(' ')}]`;
}

function table(header: string[], rows: string[][], rightAligned: (col: number) => boolean): string[] {
  const widths = header.map((h, c) => Math.max(width(h), ...rows.map((r) => width(r[c] ?? ''))));
  const line = (cells: string[]) =>
    cells
      .map((cell, c) => (rightAligned(c) ? padStart(cell, widths[c]) : padEnd(cell, widths[c])))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}

function why(row: StandingRow): string {
  if (row.sharedRank) return '= tied on the whole chain (no lot recorded)';
  const d = row.decidedBy;
  if (!d) return '';
  if (d.criterion === 'lot') return `抽签 lot: drawn ${Number(d.current) + 1}`;
  return `${d.label}: ${show(d.previous)} vs ${show(d.current)} (${d.rule})`;
}

export function formatStandings(s: Standings, name?: string, nameOf: (id: string) => string = (id) => id): string {
  const out: string[] = [];
  // Names, never ids (issue 22): the rows carry their names; others come from the file (nameOf).
  const rowNames = new Map(s.rows.map((r) => [r.entry, r.name ?? nameOf(r.entry)]));
  const n = (id: string) => rowNames.get(id) ?? nameOf(id);
  const last = s.rounds.length ? s.rounds[s.rounds.length - 1] : 0;
  out.push(`${name ? `${name} — ` : ''}standings after round ${last} (${s.eventKind}, ${s.format}, chain ${s.chainId})`);
  out.push('');
  const steps = s.chain;
  // Column headers: the rules' item without its parenthesised gloss (6节4 B 小分（所胜对手…）→ 小分).
  const header = ['Rank', 'No', s.eventKind === 'team' ? 'Team' : 'Player', ...steps.map((st) => st.label.split(/[（(]所/)[0]), 'Why this rank'];
  const rows = s.rows.map((r) => [
    r.sharedRank ? `=${r.rank}` : String(r.rank),
    String(r.drawNumber),
    `${r.name ?? r.entry}${r.withdrawn ? ` (${r.withdrawn.reason} after R${r.withdrawn.afterRound})` : ''}`,
    ...steps.map((st) => show(r.values[st.criterion])),
    why(r),
  ]);
  out.push(...table(header, rows, (c) => c < 2 || (c >= 3 && c < 3 + steps.length)));

  if (s.excluded.length) {
    out.push('', 'Not ranked:');
    for (const e of s.excluded) out.push(`  ${n(e.entry)}: ${e.reason.replace(/_/g, ' ')}`);
  }
  if (s.progressive) {
    out.push('', 'Progressive scores:');
    out.push(
      ...table(
        ['Player', ...s.rounds.map((r) => `R${r}`)],
        s.progressive.map((p) => [n(p.entry), ...p.scores.map(String)]),
        (c) => c > 0,
      ),
    );
  }
  if (s.crosstable) {
    out.push('', 'Crosstable (score against each opponent; + forfeit, x annulled):');
    const ids = s.crosstable.map((r) => r.entry);
    const cell = (cells: NonNullable<Standings['crosstable']>[number]['cells'][string] | undefined): string =>
      !cells ? '' : cells.map((c) => (c.kind === 'annulled' ? 'x' : `${c.score}${c.kind === 'played' ? '' : '+'}`)).join('/');
    out.push(
      ...table(
        ['', ...ids.map((_, k) => String(k + 1))],
        s.crosstable.map((r, k) => [`${k + 1} ${n(r.entry)}`, ...ids.map((id) => (id === r.entry ? '*' : cell(r.cells[id])))]),
        (c) => c > 0,
      ),
    );
  }
  if (s.teamMatches) {
    out.push('', 'Team matches:');
    for (const m of s.teamMatches) {
      const big = m.bigPoints ? `  大分 ${m.bigPoints.join('–')}` : '';
      out.push(
        `  R${m.round} ${n(m.red)}–${n(m.black)}  场分 ${m.matchPoints.join('–')}  局分 ${m.gamePoints.join('–')}${big}${m.kind === 'played' ? '' : ` (${m.kind})`}`,
      );
      for (const g of m.games) out.push(`      board ${g.board}: ${n(g.red)}–${n(g.black)} ${g.result}${g.penaltyReason ? ` (${g.penaltyReason})` : ''}`);
      for (const g of m.annulledGames) out.push(`      board ${g.board}: ${n(g.red)}–${n(g.black)} annulled`);
    }
  }
  const d = s.discipline;
  if (d.fouls.length || d.ladder.length || d.timeAdjustments.length || d.penalties.length) {
    out.push('', 'Discipline:');
    for (const f of d.fouls) out.push(`  ${n(f.player)}: ${f.technical} technical foul(s), ${f.violations} violation(s)`);
    for (const l of d.ladder) out.push(`  R${l.round} ${n(l.player)}: offence ${l.offence} → ${l.step} (二章8节11)`);
    for (const t of d.timeAdjustments) out.push(`  R${t.round} ${n(t.player)}: ${t.minutes > 0 ? '+' : ''}${t.minutes} min (${t.reason})`);
    for (const p of d.penalties) out.push(`  R${p.round} board ${p.board} ${n(p.red)}–${n(p.black)}: ${p.result}${p.reason ? ` (${p.reason})` : ''}`);
  }
  if (s.pending.length) out.push('', `Not counted yet (result missing): ${s.pending.map((p) => `R${p.round} ${n(p.red)}–${n(p.black)}`).join(', ')}`);
  if (s.notes.length) out.push('', 'Notes:', ...s.notes.map((n) => `  ${n}`));
  return out.join('\n');
}

export const run: Command = async (argv, io) => {
  const { flags, positionals } = parseArgs(argv, ['json']);
  onlyFlags(flags, ['json', 'chain', 'format'], USAGE);
  if (positionals.length > 1) throw new UsageError(`at most one FILE\n${USAGE}`);
  const chain = flags.get('chain');
  if (chain === true || (chain !== undefined && !(CHAIN_IDS as readonly string[]).includes(chain))) {
    throw new UsageError(`--chain needs one of ${CHAIN_IDS.join(', ')}`);
  }
  const format = flags.get('format');
  if (format === true || (format !== undefined && !(FORMATS as readonly string[]).includes(format))) {
    throw new UsageError(`--format needs one of ${FORMATS.join(', ')}`);
  }

  const text = await readInput(io, 'standings', positionals[0]);
  if (text === null) return 2;
  const parsed = parseStandingsText(text);
  if (!parsed.ok) {
    io.stderr(`chuhe standings: the tournament file has ${parsed.error.length} problem(s):\n${parsed.error.map((e) => `${e.path}: ${e.message}`).join('\n')}`);
    return 2;
  }
  const { tournament, options } = parsed.value;
  if (typeof chain === 'string') options.chain = chain;
  // The report is libs/pairing standingsReport, the server's code path too (GET …/standings).
  const report = standingsReport(tournament, options, typeof format === 'string' ? { format: format as Format } : {});
  if (!report.ok) {
    io.stderr(`chuhe standings: ${report.error.message}`);
    return 2;
  }
  const r = report.value;
  if (flags.has('json')) {
    io.stdout(JSON.stringify(r.json, null, 2));
    return 0;
  }
  const nameOf = namer(tournament);
  const format_ = (s: Standings, name?: string) => formatStandings(s, name, nameOf);
  if (r.kind === 'championship') io.stdout(formatChampionship(r.championship, format_, tournament.name));
  else if (r.kind === 'stages') io.stdout(formatStagePlaces(r.stages, format_, tournament.name));
  else io.stdout(format_(r.standings, tournament.name));
  return 0;
};
