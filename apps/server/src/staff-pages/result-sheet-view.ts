import { parseResultEntry } from '@chuhe/tournament';
import type { Language } from '../pages/i18n';
import type { RoundView } from '../rounds/round-view';
import type { FormState } from '../web/forms';
import { gameKey, nameOf, penaltyOptions, resultOptions, resultText, tr } from './staff-view';

export interface SheetGame {
  id: string;
  key: string;
  table: number | null;
  board: number;
  version: number;
  result: string | null;
  penaltyReason: string | null;
  red: string;
  black: string;
}

/** The games of a round that take results (byes have none), in table and board order. */
export function sheetGames(round: RoundView, team: boolean, lang: Language): SheetGame[] {
  return round.pairings.flatMap((p) =>
    p.black === null
      ? []
      : p.games.map((g) => ({
          id: g.id,
          key: gameKey(p.table, g.board, team),
          table: p.table,
          board: g.board,
          version: g.version,
          result: g.result,
          penaltyReason: g.penaltyReason,
          red: nameOf(g.red, lang),
          black: nameOf(g.black, lang),
        })),
  );
}

/**
 * The game a keyboard line names, or why none: the line is read by libs/tournament's
 * parseResultEntry (the same reader as the sheet's script); a team event needs the board.
 */
export function findByLine(line: string, games: SheetGame[], team: boolean, lang: Language): { game: SheetGame; result: string } | { why: string } {
  const t = tr(lang);
  const parsed = parseResultEntry(line);
  if (!parsed.ok) return { why: parsed.error.code === 'format' ? t('sheet.badFormat', { text: line }) : t('sheet.badResult', { token: parsed.error.token }) };
  const { table, board, result } = parsed.value;
  if (team && board === null) return { why: t('sheet.needBoard', { table }) };
  const game = games.find((g) => g.table === table && g.board === (board ?? 1));
  if (!game) return { why: t('sheet.noTable', { game: board === null ? String(table) : `${table}.${board}` }) };
  return { game, result };
}

export interface SheetState {
  quick?: FormState;
  row?: { gameId: string; form: FormState };
  /** The overwrite question: the stored result and the new one, with what the confirming form posts. */
  replace?: { game: SheetGame; result: string; penaltyReason?: string; reason?: string; entry?: string };
  saved?: string;
}

export function sheetView(
  round: RoundView,
  games: SheetGame[],
  team: boolean,
  state: SheetState,
  lang: Language,
  records: Map<string, { state: 'missing' | 'in' | 'locked'; flagged: boolean; plies?: number }> | null,
) {
  const t = tr(lang);
  const open = games.filter((g) => g.result === null).length;
  const options = resultOptions(lang);
  const penalties = penaltyOptions(lang);
  return {
    round: { id: round.id, number: round.number, title: t('staff.round', { n: round.number }) },
    showBoards: team || games.some((g) => g.board > 1),
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
    },
    games: games.map((g) => {
      const form = state.row?.gameId === g.id ? state.row.form : null;
      const chosen = String(form?.values.result ?? g.result ?? '');
      const chosenPenalty = String(form?.values.penaltyReason ?? g.penaltyReason ?? '');
      return {
        ...g,
        resultText: g.result ? resultText(g.result, lang) : t('staff.open'),
        open: g.result === null,
        penalty: g.penaltyReason ? t(`penalty.${g.penaltyReason}`) : null,
        label: t('sheet.enterOne', { game: g.key }),
        options: options.map((o) => ({ ...o, selected: o.value === chosen })),
        penalties: penalties.map((o) => ({ ...o, selected: o.value === chosenPenalty })),
        errors: form?.errors ?? {},
        error: form?.error ?? null,
        reasonValue: form?.values.reason ?? '',
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
      needBoard: t('sheet.needBoard', { table: '{table}' }),
    },
  };
}

function recordLabel(
  r: { state: 'missing' | 'in' | 'locked'; flagged: boolean; plies?: number } | undefined,
  t: (key: string, vars?: Record<string, string | number>) => string,
): string | null {
  if (!r) return null;
  const state = r.state === 'missing' ? t('sheet.recordMissing') : r.state === 'locked' ? t('sheet.recordLocked') : t('sheet.recordIn');
  return `${state}${r.plies !== undefined ? ` (${r.plies})` : ''}${r.flagged ? ` · ${t('sheet.recordFlagged')}` : ''}`;
}
