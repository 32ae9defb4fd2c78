/**
 * The standings of a tournament file as one JSON report — what `chuhe standings --json` prints and
 * what the server's `GET /api/events/:eventId/standings` returns, from one code path so the two
 * cannot drift apart (issue 9).
 *
 * - A championship file (options.pairingSystem 'championship-5-2' / 'championship-6-1') gives the
 *   final places first (附录2 #10, 附录3 #2: knockout, then the others; championship-standings.ts)
 *   with the others' standings under `standings`, unless a `format` is forced.
 * - A stage chain (options.pairingSystem 'stage-chain', 二章1节3) gives its places by the last
 *   stage, then the others by the stage before (stage-chain-standings.ts), with the whole event's
 *   table under `standings`, unless a `format` is forced.
 * - Any other file gives libs/standings computeStandings with the chain's rule definitions.
 *
 * Also `parseEventFile`: the one file format of `chuhe pair`, `check-pairing` and `standings` —
 * the libs/tournament file with the standings extras (`standings`, `sanctions`, `withdrawals`,
 * libs/standings/README.md). The file's `withdrawals` are applied to the entries
 * (Entry.withdrawnAfterRound, the earlier one wins) so pairing and the checker skip those entries
 * as standings does (二章7节2–4).
 */
import { CRITERIA, Format, Standings, StandingsFile, StandingsFileError, StandingsOptions, computeStandings, parseStandingsFile } from '@chuhe/standings';
import type { Tournament } from '@chuhe/tournament';
import { ChampionshipStandings, championshipStandings, isChampionshipSystem } from './championship-standings';
import { StageChainStandings, stageChainStandings } from './stage-chain-standings';

export type StandingsJson = Omit<Standings, 'chain'> & { chain: (Standings['chain'][number] & { definition: string })[] };
export type ChampionshipJson = Omit<ChampionshipStandings, 'standings'> & { standings: StandingsJson };
export type StagesJson = Omit<StageChainStandings, 'standings'> & { standings: StandingsJson };

export type StandingsReport =
  | { kind: 'standings'; standings: Standings; json: StandingsJson }
  | { kind: 'championship'; championship: ChampionshipStandings; json: ChampionshipJson }
  | { kind: 'stages'; stages: StageChainStandings; json: StagesJson };

/** The chain's steps with the rules' definitions, as `--json` prints them. */
export function standingsJson(s: Standings): StandingsJson {
  return { ...s, chain: s.chain.map((st) => ({ ...st, definition: CRITERIA[st.criterion].definition })) };
}

export function championshipJson(c: ChampionshipStandings): ChampionshipJson {
  return { ...c, standings: standingsJson(c.standings) };
}

/**
 * Standings of a parsed file. `format` forces the plain table (and the round-robin / Swiss
 * reading); the error message is the one `chuhe standings` prints after its name.
 */
export function standingsReport(
  tournament: Tournament,
  options: StandingsOptions,
  force: { format?: Format } = {},
): { ok: true; value: StandingsReport } | { ok: false; error: { message: string; code: string } } {
  if (isChampionshipSystem(tournament.options.pairingSystem) && force.format === undefined) {
    // 附录2 #10 / 附录3 #2: places from the knockout, then the others.
    const c = championshipStandings(tournament, { standings: options });
    if (!c.ok) return { ok: false, error: { message: `${c.error.message} (${c.error.code})`, code: c.error.code } };
    return { ok: true, value: { kind: 'championship', championship: c.value, json: championshipJson(c.value) } };
  }
  if (tournament.options.pairingSystem === 'stage-chain' && force.format === undefined) {
    // 二章1节3: placed by the last stage, then the others by the stage before.
    const c = stageChainStandings(tournament, options);
    if (!c.ok) return { ok: false, error: { message: `${c.error.message} (${c.error.code})`, code: c.error.code } };
    return { ok: true, value: { kind: 'stages', stages: c.value, json: { ...c.value, standings: standingsJson(c.value.standings) } } };
  }
  const result = computeStandings(tournament, force.format ? { ...options, format: force.format } : options);
  if (!result.ok)
    return { ok: false, error: { message: `${result.error.message}${result.error.path ? ` (at ${result.error.path})` : ''}`, code: result.error.code } };
  return { ok: true, value: { kind: 'standings', standings: result.value, json: standingsJson(result.value) } };
}

/** The file's withdrawals on its entries (the earliest per entry), as pairing reads them. */
export function withWithdrawals(tournament: Tournament, withdrawals: StandingsOptions['withdrawals'] = []): Tournament {
  if (withdrawals.length === 0) return tournament;
  const after = new Map<string, number>();
  for (const w of withdrawals) after.set(w.entry, Math.min(w.afterRound, after.get(w.entry) ?? Infinity));
  return {
    ...tournament,
    entries: tournament.entries.map((e) => {
      const a = after.get(e.id);
      if (a === undefined || (e.withdrawnAfterRound !== undefined && e.withdrawnAfterRound <= a)) return e;
      return { ...e, withdrawnAfterRound: a };
    }),
  };
}

/** The one tournament file of pair, check-pairing and standings (see the header). */
export function parseEventFile(json: unknown): { ok: true; value: StandingsFile } | { ok: false; error: StandingsFileError[] } {
  const parsed = parseStandingsFile(json);
  if (!parsed.ok) return parsed;
  return { ok: true, value: { tournament: withWithdrawals(parsed.value.tournament, parsed.value.options.withdrawals), options: parsed.value.options } };
}

export function parseEventText(text: string): { ok: true; value: StandingsFile } | { ok: false; error: StandingsFileError[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: [{ path: '$', code: 'wrong_type', message: `not valid JSON: ${(error as Error).message}` }] };
  }
  return parseEventFile(json);
}

export function formatEventFileErrors(errors: readonly StandingsFileError[]): string {
  return errors.map((e) => `${e.path}: ${e.message}`).join('\n');
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break. A text that
 * starts with = + - @ (or a tab or CR) is a formula to a spreadsheet — a player named
 * `=HYPERLINK(…)`, a tied rank `=6` — so it gets a leading apostrophe, as OWASP advises for CSV
 * injection (issue 23 #8); numbers stay numbers.
 */
export function csvCell(value: unknown): string {
  const raw = value === null || value === undefined ? '' : Array.isArray(value) ? value.join(' ') : String(value);
  const text = typeof value !== 'number' && /^[=+\-@\t\r]/.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** "Why this rank" in words: the criterion that separated a row from the one above, with the rule. */
export function whyThisRank(row: Standings['rows'][number]): string {
  if (row.sharedRank) return 'tied on the whole chain (same rank)';
  const d = row.decidedBy;
  if (!d) return '';
  if (d.criterion === 'lot') return `抽签 lot: drawn ${Number(d.current) + 1}`;
  const show = (v: unknown) => (v === null || v === undefined ? '-' : Array.isArray(v) ? `[${v.join(' ')}]` : String(v));
  return `${d.label}: ${show(d.previous)} vs ${show(d.current)} (${d.rule})`;
}

/**
 * The standings as CSV (CRLF, header row): rank, draw number, name, points, every value of the
 * chain under its label, and why this rank. A championship gives its final places first
 * (place, draw number, name, status, how decided). Spreadsheets read the UTF-8 BOM as the encoding.
 */
export type CsvLanguage = 'zh' | 'zh-Hant' | 'en';

/** The CSV's column headers in each language (the chain's own labels are the rules' Chinese). */
const CSV_HEADERS: Record<
  CsvLanguage,
  Record<'place' | 'rank' | 'no' | 'player' | 'team' | 'affiliation' | 'rating' | 'points' | 'status' | 'how' | 'why' | 'withdrawn', string>
> = {
  en: {
    place: 'Place',
    rank: 'Rank',
    no: 'No',
    player: 'Player',
    team: 'Team',
    affiliation: 'Affiliation',
    rating: 'Rating',
    points: 'Points',
    status: 'Status',
    how: 'How decided',
    why: 'Why this rank',
    withdrawn: 'Withdrawn after round',
  },
  zh: {
    place: '名次',
    rank: '名次',
    no: '编号',
    player: '棋手',
    team: '队伍',
    affiliation: '单位',
    rating: '等级分',
    points: '积分',
    status: '状态',
    how: '决定方式',
    why: '名次依据',
    withdrawn: '退出于第几轮后',
  },
  'zh-Hant': {
    place: '名次',
    rank: '名次',
    no: '編號',
    player: '棋手',
    team: '隊伍',
    affiliation: '單位',
    rating: '等級分',
    points: '積分',
    status: '狀態',
    how: '決定方式',
    why: '名次依據',
    withdrawn: '退出於第幾輪後',
  },
};

export interface StandingsCsvOptions {
  /** The headers' language (English by default). */
  lang?: CsvLanguage;
  /** The file's entries: each row's affiliation and rating come from them. */
  entries?: readonly { id: string; affiliation?: string; rating?: number }[];
}

export function standingsCsv(report: StandingsReport, options: StandingsCsvOptions = {}): string {
  const h = CSV_HEADERS[options.lang ?? 'en'];
  const byId = new Map((options.entries ?? []).map((e) => [e.id, e]));
  const aff = (id: string) => byId.get(id)?.affiliation;
  const rating = (id: string) => byId.get(id)?.rating;
  const lines: unknown[][] = [];
  if (report.kind === 'championship') {
    lines.push([h.place, h.no, h.player, h.affiliation, h.rating, h.status, h.how]);
    for (const p of report.championship.places) {
      lines.push([
        p.places[0] === p.places[1] ? p.place : `${p.places[0]}-${p.places[1]}`,
        p.drawNumber,
        p.name ?? p.entry,
        aff(p.entry),
        rating(p.entry),
        p.status,
        p.why,
      ]);
    }
  } else if (report.kind === 'stages') {
    lines.push(['Place', 'No', 'Name', 'Status', 'How decided']);
    for (const p of report.stages.places) lines.push([placeText(p), p.drawNumber, p.name ?? p.entry, p.status, p.why]);
  } else {
    const s = report.standings;
    lines.push([
      h.rank,
      h.no,
      s.eventKind === 'team' ? h.team : h.player,
      h.affiliation,
      h.rating,
      h.points,
      ...s.chain.map((st) => `${st.label} (${st.rule})`),
      h.why,
      h.withdrawn,
    ]);
    for (const r of s.rows) {
      lines.push([
        r.sharedRank ? `=${r.rank}` : r.rank,
        r.drawNumber,
        r.name ?? r.entry,
        aff(r.entry),
        rating(r.entry),
        r.score,
        ...s.chain.map((st) => r.values[st.criterion]),
        whyThisRank(r),
        r.withdrawn?.afterRound,
      ]);
    }
  }
  return '\uFEFF' + lines.map((l) => l.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** A stage chain's place as printed: "3", "=3" (shared), "1-4" (still a range). */
export function placeText(p: { place: number; places: [number, number]; shared?: boolean; status: string }): string {
  if (p.status === 'pending' && p.places[0] !== p.places[1]) return `${p.places[0]}-${p.places[1]}`;
  return p.shared ? `=${p.place}` : String(p.place);
}
