import { RESULT_KEYS, wordIn } from '../i18n/keys';
import { GAME_RESULTS, PENALTY_REASONS } from '@chuhe/tournament';
import { translate, type Language, type MessageKey } from '../i18n/i18n';
import type { Named } from '../web/page-context';

/** Small helpers shared by the staff pages' view models: names in the page's language, option lists from the libs' vocabularies. */

export type { Named };

/** "王天一 Wang Tianyi" in zh, "Wang Tianyi 王天一" in en; one name when both are the same or one is missing. */
export function nameOf(x: Named | null | undefined, lang: Language): string {
  if (!x) return '';
  const [a, b] = lang === 'en' ? [x.nameEn, x.nameZh] : [x.nameZh, x.nameEn];
  return a && b && a !== b ? `${a} ${b}` : a || b || '';
}

export function entryLabel(x: (Named & { drawNumber: number | null }) | null | undefined, lang: Language): string {
  if (!x) return '';
  return x.drawNumber === null ? nameOf(x, lang) : `${x.drawNumber}. ${nameOf(x, lang)}`;
}

export function tr(lang: Language) {
  return (key: MessageKey, vars: Record<string, string | number> = {}) => translate(key, lang, vars);
}

/** The result vocabulary of libs/tournament as select options (every result, penalties and annulled included). */
export function resultOptions(lang: Language, withEmpty = true) {
  const t = tr(lang);
  return [...(withEmpty ? [{ value: '', label: '—' }] : []), ...GAME_RESULTS.map((r) => ({ value: r, label: t(`result.${r}`) }))];
}

export function penaltyOptions(lang: Language) {
  const t = tr(lang);
  return [{ value: '', label: '—' }, ...PENALTY_REASONS.map((r) => ({ value: r, label: t(`penalty.${r}`) }))];
}

export function resultText(result: string | null | undefined, lang: Language): string {
  return result ? wordIn(RESULT_KEYS, result, lang) : '';
}

/** "12" for an individual game, "12.3" for board 3 of a team match (the sheet's own way of naming a game). */
export function gameKey(table: number | null, board: number, team: boolean): string {
  return `${table ?? '-'}${team ? `.${board}` : ''}`;
}

/** Form strings → optional trimmed text. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Form strings → integer, or the raw string (the DTO's validation then names the field). */
export function int(value: unknown): unknown {
  return typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : value === '' ? undefined : value;
}
