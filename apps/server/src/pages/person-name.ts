import { chineseIn, type Language } from '../i18n/i18n';

/**
 * A player's name as every public page shows it (issue 33 #2, #4): linked to the person's profile
 * where the registry knows the person, with the titles beside it — the ones the person holds (title
 * rules, 称号 earned by placing) and the one typed with the entry, each once. The view model is
 * built here from what the event page data already read; the `personName` helper
 * (web/person-name-helper.ts) renders it. Pure.
 */

export interface HeldTitle {
  titleZh: string;
  titleEn: string;
}

/** What a page needs to name a player: the person (if matched), the typed title, the held titles. */
export interface PersonRef {
  personId?: string | null;
  title?: string | null;
  held?: readonly HeldTitle[];
}

/** The titles beside a name, in the page's language: held titles first, then the typed one unless it is one of them. */
export function titlesOf(ref: PersonRef | null | undefined, lang: Language): string[] {
  if (!ref) return [];
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (shown: string, ...aliases: string[]) => {
    const keys = [shown, ...aliases].map((k) => k.trim().toLowerCase()).filter(Boolean);
    if (!shown.trim() || keys.some((k) => seen.has(k))) return;
    keys.forEach((k) => seen.add(k));
    out.push(shown.trim());
  };
  for (const t of ref.held ?? [])
    add(lang === 'en' ? t.titleEn || t.titleZh : chineseIn(lang, t.titleZh) || t.titleEn, t.titleZh, t.titleEn, chineseIn('zh-Hant', t.titleZh));
  if (ref.title) add(lang === 'zh-Hant' ? chineseIn(lang, ref.title) : ref.title, ref.title);
  return out;
}

export function profileHref(personId: string | null | undefined, lang: Language): string {
  return personId ? `/persons/${personId}?lang=${lang}` : '';
}

/** The name fields every player cell carries (with `primary`/`secondary` from bilingual()). */
export function personFields(ref: PersonRef | null | undefined, lang: Language): { profileHref: string; titles: string[] } {
  return { profileHref: profileHref(ref?.personId, lang), titles: titlesOf(ref, lang) };
}
