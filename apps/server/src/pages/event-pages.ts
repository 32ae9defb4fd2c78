import type { GameResult } from '@chuhe/tournament';
import type { Language } from '../i18n/i18n';
import { chineseIn, translate } from '../i18n/i18n';
import type { Named } from '../web/page-context';

/**
 * View models of the public event pages (pairings, standings, crosstable, Swiss rank table,
 * player page). Pure: built from the API's own views (RoundView, the standings report), in one
 * language, with names in both scripts where both exist.
 */

export type { Named };

/** A name in the page's language first and the other script beside it (issue 12: both together). */
export function bilingual(n: Named | null | undefined, lang: Language): { primary: string; secondary: string } {
  if (!n) return { primary: '', secondary: '' };
  const zh = chineseIn(lang, n.nameZh);
  const [a, b] = lang === 'en' ? [n.nameEn, zh] : [zh, n.nameEn];
  const primary = a || b;
  return { primary, secondary: a && b && a !== b ? b : '' };
}

export function pick(n: Named | null | undefined, lang: Language): string {
  if (!n) return '';
  return (lang === 'en' ? n.nameEn || chineseIn(lang, n.nameZh) : chineseIn(lang, n.nameZh) || n.nameEn) ?? '';
}

/** Points of a result for each side, in display units of the event's scoring (二章5节1). */
export function resultPoints(result: GameResult | null, scoring: string): { red: string; black: string } | null {
  if (!result) return null;
  const half = scoring === '1-0.5-0';
  const win = half ? '1' : '2';
  const draw = half ? '½' : '1';
  switch (result) {
    case 'red_win':
    case 'red_win_forfeit':
    case 'red_win_penalty':
      return { red: win, black: '0' };
    case 'black_win':
    case 'black_win_forfeit':
    case 'black_win_penalty':
      return { red: '0', black: win };
    case 'draw':
      return { red: draw, black: draw };
    case 'double_forfeit':
      return { red: '0', black: '0' };
    case 'annulled':
      return { red: '–', black: '–' };
  }
}

/** A short label for a result that is not a plain game (forfeit, penalty, annulled). */
export function resultNote(result: GameResult | null, lang: Language): string {
  if (!result) return '';
  if (result.endsWith('_forfeit')) return translate('forfeit', lang);
  if (result.endsWith('_penalty')) return translate('penalty', lang);
  if (result === 'annulled') return translate('annulled', lang);
  return '';
}

/** The score of a round's result from one side: '+' win, '=' draw, '-' loss (forfeits marked). */
export function outcomeFor(result: GameResult | null, side: 'red' | 'black', lang: Language = 'en'): { mark: string; kind: 'win' | 'draw' | 'loss' | 'none' } {
  if (!result || result === 'annulled') return { mark: result === 'annulled' ? '×' : '', kind: 'none' };
  if (result === 'draw') return { mark: '=', kind: 'draw' };
  if (result === 'double_forfeit') return { mark: '−', kind: 'loss' };
  const winner = result.startsWith('red') ? 'red' : 'black';
  // "ff" in English, 弃 in Chinese (issue 30 #5: no English mark on a Chinese crosstable).
  const forfeit = result.endsWith('_forfeit') ? translate('forfeitMark', lang) : '';
  return winner === side ? { mark: `+${forfeit}`, kind: 'win' } : { mark: `−${forfeit}`, kind: 'loss' };
}

/**
 * A rank-by-round line chart as inline SVG (the player page): rank 1 at the top, one point per
 * round. Returns the markup; the caller emits it unescaped (only numbers go in).
 */
export function rankChartSvg(ranks: readonly { round: number; rank: number }[], fieldSize: number, label: string): string {
  const w = 320;
  const h = 160;
  const pad = 28;
  if (ranks.length === 0 || fieldSize < 1) return '';
  const rounds = ranks.length;
  const x = (i: number) => pad + (rounds === 1 ? (w - 2 * pad) / 2 : (i * (w - 2 * pad)) / (rounds - 1));
  const y = (rank: number) => pad + ((rank - 1) * (h - 2 * pad)) / Math.max(1, fieldSize - 1);
  const points = ranks.map((r, i) => `${x(i).toFixed(1)},${y(r.rank).toFixed(1)}`).join(' ');
  const dots = ranks
    .map(
      (r, i) =>
        `<circle cx="${x(i).toFixed(1)}" cy="${y(r.rank).toFixed(1)}" r="3.5"><title>R${r.round}: ${r.rank}</title></circle><text x="${x(i).toFixed(1)}" y="${(y(r.rank) - 7).toFixed(1)}" text-anchor="middle">${r.rank}</text>`,
    )
    .join('');
  const axis = ranks.map((r, i) => `<text x="${x(i).toFixed(1)}" y="${h - 6}" text-anchor="middle" class="axis">R${r.round}</text>`).join('');
  return `<svg class="rank-chart" viewBox="0 0 ${w} ${h}" width="100%" role="img" aria-label="${escapeAttr(label)}"><line x1="${pad}" y1="${pad}" x2="${w - pad}" y2="${pad}" class="grid"/><line x1="${pad}" y1="${h - pad}" x2="${w - pad}" y2="${h - pad}" class="grid"/><polyline points="${points}" fill="none"/>${dots}${axis}</svg>`;
}

function escapeAttr(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

/** A time in the tournament's time zone, in the page's language ("2026-12-05 09:30 GMT+8"). */
export function formatDateTime(value: Date | string | null | undefined, timeZone: string, lang: Language): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZoneName: 'short',
    weekday: 'short',
  }).formatToParts(d);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekdayZh: Record<string, string> = { Mon: '一', Tue: '二', Wed: '三', Thu: '四', Fri: '五', Sat: '六', Sun: '日' };
  const weekday = lang === 'en' ? get('weekday') : `${lang === 'zh-Hant' ? '週' : '周'}${weekdayZh[get('weekday')] ?? ''}`;
  return `${get('year')}-${get('month')}-${get('day')} ${weekday} ${get('hour')}:${get('minute')} ${get('timeZoneName')}`;
}

/** A player search in either script: Chinese names by substring, English ones by word start, case-insensitive. */
export function matchesQuery(n: Named, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const en = (n.nameEn ?? '').toLowerCase();
  return (
    n.nameZh.includes(query.trim()) ||
    chineseIn('zh-Hant', n.nameZh).includes(query.trim()) ||
    en.includes(q) ||
    en.replace(/[\s-]/g, '').includes(q.replace(/[\s-]/g, ''))
  );
}

const collators: Partial<Record<Language, Intl.Collator>> = {};

/** Alphabetical in the page's script: pinyin order for Chinese, Latin order for English. */
export function sortByName<T>(items: readonly T[], name: (item: T) => Named, lang: Language): T[] {
  const collator = (collators[lang] ??= new Intl.Collator(lang === 'en' ? 'en' : lang === 'zh-Hant' ? 'zh-Hant-u-co-stroke' : 'zh-u-co-pinyin'));
  const key = (n: Named) => (lang === 'en' ? n.nameEn || n.nameZh : n.nameZh || n.nameEn);
  return [...items].sort((a, b) => collator.compare(key(name(a)), key(name(b))));
}
