import type { Response } from 'express';
import { translate, type Language, type MessageKey } from './i18n';

/**
 * Words every floor uses: the page's language, a translator bound to it, a record's name in it, a time
 * of day. They live beside the dictionary (the bottom floor) so that services' refusals and every page
 * family can use them without importing upward (issue 29 #6).
 */

/** The page's language (set by the page context before the handler runs). */
export function langOf(res: Response): Language {
  return (res.locals.lang as Language | undefined) ?? 'zh';
}

/** A translator bound to the page's language. */
export function translator(res: Response) {
  const lang = langOf(res);
  return (key: MessageKey, vars: Record<string, string | number> = {}) => translate(key, lang, vars);
}

/** A record's name in the page's language, the other one beside it. */
export function nameIn(lang: Language, x: { nameZh: string; nameEn: string }): string {
  return lang === 'en' ? x.nameEn : x.nameZh;
}

/** "09:12" in the tournament's zone. */
export function clock(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
}
