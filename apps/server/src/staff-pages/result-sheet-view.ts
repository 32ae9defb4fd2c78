import { PENALTY_KEYS, SHEET_KIND_KEYS, wordOf } from '../i18n/keys';
import { resolveResultLine, sheetGameLabels } from '@chuhe/tournament';
import type { Language, Translate } from '../i18n/i18n';
import type { RoundView } from '../rounds/round-view';
import type { FormState } from '../web/forms';
import { nameOf, penaltyOptions, resultOptions, resultText, tr } from './staff-view';

export interface SheetGame {
  id: string;
  key: string;
  table: number | null;
  board: number;
  leg: number;
  kind: string;
  /** What the row says beside its key: the slow game, rapid 1, … (individual tables of several games); null otherwise. */
  kindLabel: string | null;
  open: boolean;
  version: number;
  result: string | null;
  penaltyReason: string | null;
  red: string;
  black: string;
}

/** The games of a round that take results (byes have none), in table and board order. */
export function sheetGames(round: RoundView, team: boolean, lang: Language): SheetGame[] {
  const t = tr(lang);
  const played = round.pairings.flatMap((p) => (p.black === null ? [] : p.games.map((g) => ({ p, g }))));
  // The keys and kinds from libs/tournament (the line's reader uses the same): "1.2 rapid 1" beside a knockout's tie-break game.
  const labels = sheetGameLabels(
    played.map(({ p, g }) => ({ table: p.table, board: g.board, leg: g.leg, kind: g.kind, open: g.result === null })),
    team,
  );
  return played.map(({ p, g }, i) => ({
    id: g.id,
    key: labels[i].key,
    table: p.table,
    board: g.board,
    leg: g.leg,
    kind: g.kind,
    kindLabel: labels[i].kind === null ? null : wordOf(SHEET_KIND_KEYS, labels[i].kind, t, { n: labels[i].n ?? '' }).trim(),
    open: g.result === null,
    version: g.version,
    result: g.result,
    penaltyReason: g.penaltyReason,
    red: nameOf(g.red, lang),
    black: nameOf(g.black, lang),
  }));
}

/**
 * The game a keyboard line names, or why none: the line is read by libs/tournament's
 * parseResultEntry (the same reader as the sheet's script); a team event needs the board.
 */
export function findByLine(line: string, games: SheetGame[], lang: Language): { game: SheetGame; result: string } | { why: string } {
  const t = tr(lang);
  const found = resolveResultLine(line, games, games);
  if (found.ok) return { game: games[found.value.index], result: found.value.result };
  const e = found.error;
  if (e.code === 'format') return { why: t('sheet.badFormat', { text: line }) };
  if (e.code === 'result') return { why: t('sheet.badResult', { token: e.token }) };
  if (e.code === 'no_game') return { why: t('sheet.noTable', { game: e.game }) };
  return { why: t('sheet.whichGame', { table: e.table, keys: e.keys.join(t('sheet.keySeparator')) }) };
}

/** Tables per section of a big round's sheet (issue 35: an arbiter works on their own tables). */
export const SECTION_TABLES = 50;
/** Up to this many tables a round's sheet shows them all at once. */
export const WHOLE_SHEET_TABLES = 100;

/** A run of tables, both ends included. */
export interface Section {
  from: number;
  to: number;
}

/**
 * The tables the sheet shows: `?tables=51-100` (or `all`), else the arbiter's own section, else for
 * a big round the first SECTION_TABLES, else every table. Null means every table.
 */
export function sheetSection(query: unknown, own: Section | null, games: SheetGame[]): Section | null {
  if (query === 'all') return null;
  const m = typeof query === 'string' ? /^(\d{1,4})-(\d{1,4})$/.exec(query) : null;
  if (m && Number(m[1]) <= Number(m[2])) return { from: Number(m[1]), to: Number(m[2]) };
  if (own) return own;
  const last = games.reduce((n, g) => Math.max(n, g.table ?? 0), 0);
  return last > WHOLE_SHEET_TABLES ? { from: 1, to: SECTION_TABLES } : null;
}

/** The sections of a round's tables (links between them: every table stays reachable). */
function sectionLinks(games: SheetGame[], current: Section | null, base: string, lang: Language, own: Section | null) {
  const t = tr(lang);
  const last = games.reduce((n, g) => Math.max(n, g.table ?? 0), 0);
  if (last <= WHOLE_SHEET_TABLES && current === null && own === null) return [];
  const links = [];
  // The arbiter's own section first (三章4B: the chief arbiter gave it), then every run of tables.
  if (own)
    links.push({
      label: t('sections.yours', { range: t('sheet.section', { from: own.from, to: own.to }) }),
      href: `${base}?tables=${own.from}-${own.to}`,
      current: current?.from === own.from && current.to === own.to,
    });
  for (let from = 1; from <= last; from += SECTION_TABLES) {
    const to = Math.min(last, from + SECTION_TABLES - 1);
    links.push({ label: t('sheet.section', { from, to }), href: `${base}?tables=${from}-${to}`, current: current?.from === from && current.to === to });
  }
  links.push({ label: t('sheet.allTables'), href: `${base}?tables=all`, current: current === null });
  return links;
}

export interface SheetState {
  quick?: FormState;
  row?: { gameId: string; form: FormState };
  /** The overwrite question: the stored result and the new one, with what the confirming form posts. */
  replace?: {
    game: SheetGame;
    result: string;
    penaltyReason?: string;
    reason?: string;
    entry?: string;
    /** The refusal of a correction without its reason, shown beside the reason field. */
    reasonError?: string;
    /** The next round is paired: a correction is the chief arbiter's, with a reason. */
    later?: { round: number; pairer: boolean };
  };
  saved?: string;
  /** The row whose form is open (`?game=`; without script the sheet shows one row's form at a time). */
  editing?: string;
}

export function sheetView(
  round: RoundView,
  games: SheetGame[],
  team: boolean,
  state: SheetState,
  lang: Language,
  records: Map<string, { state: 'missing' | 'in' | 'locked'; flagged: boolean; plies?: number }> | null,
  section: Section | null = null,
  base = `/rounds/${round.id}/results`,
  own: Section | null = null,
) {
  const t = tr(lang);
  const open = games.filter((g) => g.result === null).length;
  const shown = section ? games.filter((g) => g.table !== null && g.table >= section.from && g.table <= section.to) : games;
  const here = section ? `${base}?tables=${section.from}-${section.to}` : `${base}?tables=all`;
  const options = resultOptions(lang);
  const penalties = penaltyOptions(lang);
  return {
    round: { id: round.id, number: round.number, title: t('staff.round', { n: round.number }) },
    showBoards: team || games.some((g) => g.board > 1),
    team,
    // A table of several games (a knockout match's tie-break games): the line's table.game syntax is shown.
    severalGames: !team && games.some((g) => g.kindLabel !== null),
    counter: open ? t('sheet.stillOpen', { n: open }) : t('sheet.allIn'),
    allIn: open === 0,
    quick: state.quick ?? { values: {}, errors: {} },
    saved: state.saved ?? null,
    replace: state.replace && {
      text: t('sheet.replaceText', {
        game: state.replace.game.key,
        old: resultText(state.replace.game.result, lang),
        new: resultText(state.replace.result, lang),
      }),
      gameId: state.replace.game.id,
      version: state.replace.game.version,
      result: state.replace.result,
      penaltyReason: state.replace.penaltyReason ?? '',
      reason: state.replace.reason ?? '',
      reasonError: state.replace.reasonError ?? null,
      canReplace: !state.replace.later || state.replace.later.pairer,
      later: state.replace.later
        ? {
            text: state.replace.later.pairer
              ? t('sheet.laterReasonText', { next: state.replace.later.round + 1 })
              : t('sheet.laterPairersOnly', { next: state.replace.later.round + 1 }),
            pairer: state.replace.later.pairer,
          }
        : null,
    },
    sections: sectionLinks(games, section, base, lang, own),
    sectionText: section ? t('sheet.section', { from: section.from, to: section.to }) : null,
    // What the form posts back to keep the arbiter's section (and what the script names for tables elsewhere).
    tablesValue: section ? `${section.from}-${section.to}` : 'all',
    otherSection: t('sheet.otherSection', { game: '{game}' }),
    // One editor for every row (the script moves it to the row it edits): 2 selects, not 2 per game.
    editorOptions: options,
    editorPenalties: penalties,
    games: shown.map((g) => {
      const form = state.row?.gameId === g.id ? state.row.form : null;
      const editing = form !== null || state.editing === g.id;
      const chosen = String(form?.values.result ?? g.result ?? '');
      const chosenPenalty = String(form?.values.penaltyReason ?? g.penaltyReason ?? '');
      return {
        ...g,
        resultText: g.result ? resultText(g.result, lang) : t('staff.open'),
        open: g.result === null,
        penalty: g.penaltyReason ? wordOf(PENALTY_KEYS, g.penaltyReason, t) : null,
        label: t('sheet.enterOne', { game: g.key }),
        options: options.map((o) => ({ ...o, selected: o.value === chosen })),
        penalties: penalties.map((o) => ({ ...o, selected: o.value === chosenPenalty })),
        errors: form?.errors ?? {},
        error: form?.error ?? null,
        reasonValue: form?.values.reason ?? '',
        editing,
        editHref: `${here}&game=${g.id}#g-${g.key}`,
        // The record's state from RecordsService.roundStatus (issue 25): missing, in (plies), locked; flagged for the arbiter.
        record: recordLabel(records?.get(g.id), t),
        recordFlagged: records?.get(g.id)?.flagged ?? false,
        recordHref: `/games/${g.id}/record`,
        foulHref: `/games/${g.id}/foul`,
        disputeHref: `/staff/games/${g.id}/dispute`,
      };
    }),
    // The script's words (it reads the same lines with the same reader and says why before posting).
    scriptWords: {
      format: t('sheet.badFormat', { text: '{text}' }),
      result: t('sheet.badResult', { token: '{token}' }),
      noTable: t('sheet.noTable', { game: '{game}' }),
      whichGame: t('sheet.whichGame', { table: '{table}', keys: '{keys}' }),
      keySeparator: t('sheet.keySeparator'),
    },
  };
}

function recordLabel(r: { state: 'missing' | 'in' | 'locked'; flagged: boolean; plies?: number } | undefined, t: Translate): string | null {
  if (!r) return null;
  const state = r.state === 'missing' ? t('sheet.recordMissing') : r.state === 'locked' ? t('sheet.recordLocked') : t('sheet.recordIn');
  return `${state}${r.plies !== undefined ? ` (${r.plies})` : ''}${r.flagged ? ` · ${t('sheet.recordFlagged')}` : ''}`;
}
