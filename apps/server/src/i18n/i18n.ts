import { ACCOUNT_MESSAGES } from './messages/account';
import { ENTRIES_MESSAGES } from './messages/entries';
import { ERROR_MESSAGES } from './messages/errors';
import { LAYOUT_MESSAGES } from './messages/layout';
import { PERSONS_MESSAGES } from './messages/persons';
import { PUBLIC_MESSAGES } from './messages/public';
import { PRINT_MESSAGES } from './messages/print';
import { SECTIONS_MESSAGES } from './messages/sections';
import { SETUP_MESSAGES } from './messages/setup';
import { STAFF_MESSAGES } from './messages/staff';
import { VENUE_MESSAGES } from './messages/venue';
import { RULES_MESSAGES } from './messages/rules';
import { PAIRING_MESSAGES } from './messages/pairing';

/**
 * The pages' three languages: Simplified Chinese (the rules' language, the default), Traditional
 * Chinese (issue 21: the AXF's members in Hong Kong, Macau and Taiwan read it, and the 3rd
 * revision of 棋例 is written in it) and English. `?lang=`, else the browser's Accept-Language.
 *
 * Message files (messages/*.ts) keep the shape `{ key: { zh, en } }`: the Traditional text is
 * derived from the Simplified one by OpenCC (opencc-js, Simplified → Taiwan standard characters),
 * so no file needs a third column. Where the conversion is wrong, an entry may carry its own
 * `zhHant`, and TRADITIONAL_FIXES corrects characters everywhere.
 */
export const LANGUAGES = ['zh', 'zh-Hant', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** `lang` attribute of <html> for each page language. */
export const HTML_LANG: Record<Language, string> = { zh: 'zh-Hans', 'zh-Hant': 'zh-Hant', en: 'en' };

/** Each language's own name, for the language links (written in that language). */
export const LANGUAGE_NAMES: Record<Language, string> = { zh: '简体中文', 'zh-Hant': '繁體中文', en: 'English' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function chooseLanguage(query: unknown, acceptLanguage: string | undefined): Language {
  if (isLanguage(query)) return query;
  // Older links and other spellings of Traditional Chinese.
  if (typeof query === 'string' && /^zh-(hant|tw|hk|mo)$/i.test(query)) return 'zh-Hant';
  if (typeof query === 'string' && /^zh-(hans|cn|sg)$/i.test(query)) return 'zh';
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((l) => l.tag)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (/^zh-(hant|tw|hk|mo)\b/.test(tag)) return 'zh-Hant';
    if (tag.startsWith('zh')) return 'zh';
    if (tag.startsWith('en')) return 'en';
  }
  return 'zh';
}

/** A message: Simplified Chinese and English; Traditional derived unless given (a wrong conversion). */
export interface Message {
  readonly zh: string;
  readonly en: string;
  readonly zhHant?: string;
}

/** Every page's words: one file per page group under messages/, merged here. */
const MESSAGES = {
  ...PUBLIC_MESSAGES,
  ...PRINT_MESSAGES,
  ...LAYOUT_MESSAGES,
  ...ACCOUNT_MESSAGES,
  ...SETUP_MESSAGES,
  ...STAFF_MESSAGES,
  ...VENUE_MESSAGES,
  ...RULES_MESSAGES,
  ...PERSONS_MESSAGES,
  ...ERROR_MESSAGES,
  ...ENTRIES_MESSAGES,
  ...SECTIONS_MESSAGES,
  ...PAIRING_MESSAGES,
} as const satisfies Record<string, Message>;

/** A key of a message: `translate` takes only these, so a missing key fails the type check. */
export type MessageKey = keyof typeof MESSAGES;

/** A translator bound to a page's language: takes only keys of the dictionary (checked by tsc). */
export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(MESSAGES, key);
}

// opencc-js ships an ES module's types; its CommonJS build is what Node loads here.
const opencc = require('opencc-js/cn2t') as { Converter(options: { from: string; to: string }): (text: string) => string };
const toTaiwan = opencc.Converter({ from: 'cn', to: 'tw' });

/**
 * Characters the Taiwan-standard conversion writes in a form the xiangqi world does not: 台 (a
 * board, 台次) stays 台 in Hong Kong, Macau and Taiwan alike, not 臺.
 */
const TRADITIONAL_FIXES: readonly [RegExp, string][] = [[/臺/g, '台']];

const traditionalCache = new Map<string, string>();

/** Simplified → Traditional Chinese (a name, a note, a message). Cached: the pages repeat names. */
export function toTraditional(text: string): string {
  if (!text) return text;
  let out = traditionalCache.get(text);
  if (out === undefined) {
    out = TRADITIONAL_FIXES.reduce((s, [from, to]) => s.replace(from, to), toTaiwan(text));
    if (traditionalCache.size < 50_000) traditionalCache.set(text, out);
  }
  return out;
}

/** Chinese text stored in Simplified (names, notes) as the page's language shows it. */
export function chineseIn(lang: Language, text: string): string {
  return lang === 'zh-Hant' ? toTraditional(text) : text;
}

/** The text of a message in a language, `{name}` placeholders filled from vars. */
export function translate(key: MessageKey, lang: Language, vars: Record<string, string | number> = {}): string {
  const entry: Message | undefined = (MESSAGES as Record<string, Message>)[key];
  const text = !entry ? key : lang === 'en' ? entry.en : lang === 'zh-Hant' ? (entry.zhHant ?? toTraditional(entry.zh)) : entry.zh;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? `{${name}}`));
}

/**
 * A key built at run time (`stage_${type}`, a template's `{{t "…"}}`): translated when it exists,
 * else shown as it is — templates' keys are checked by i18n.spec.ts, which reads every view.
 */
export function translateKey(key: string, lang: Language, vars: Record<string, string | number> = {}): string {
  return isMessageKey(key) ? translate(key, lang, vars) : key;
}

/** Chinese or English: the script a page's names are picked in (Traditional pages convert the Chinese). */
export function isEnglish(lang: Language): boolean {
  return lang === 'en';
}

/**
 * Words kept as one object per language (the staff pages' scripts read them as JSON): the
 * Traditional Chinese object derived from the Simplified one, string by string.
 */
export function withTraditional<T>(words: { zh: T; en: T }): Record<Language, T> {
  const convert = (v: unknown): unknown =>
    typeof v === 'string'
      ? toTraditional(v)
      : Array.isArray(v)
        ? v.map(convert)
        : v && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, convert(x)]))
          : v;
  return { zh: words.zh, 'zh-Hant': convert(words.zh) as T, en: words.en };
}

/** Which side of a `{ zh, en }` pair a page language reads (zh-Hant reads the Chinese; convert it with chineseIn). */
export function bilingualKey(lang: Language): 'zh' | 'en' {
  return lang === 'en' ? 'en' : 'zh';
}
