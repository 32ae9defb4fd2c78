import type { HelperOptions } from 'hbs';
import hbs from 'hbs';
import { isLanguage, translate } from '../i18n/i18n';

const { escapeExpression: esc, SafeString } = hbs.handlebars;

/** A name cell's view model (pages/person-name.ts personFields beside bilingual()). */
export interface NameView {
  primary?: string;
  secondary?: string;
  /** The page within the event (the player's card); the name links there when given. */
  href?: string;
  /** The person's profile (issue 33); '' while the registry has no person for the player. */
  profileHref?: string;
  titles?: readonly string[];
}

/**
 * `{{personName view}}` — one rendering of a player's name on every public page (issue 33): the
 * name linked to the player's page in the event (or, where there is none, to the profile), the
 * titles beside it, the other script with `alt=true`, and a short profile link where both exist.
 * A player with no person yet: the plain name.
 */
export function personNameHtml(v: NameView | null | undefined, alt: boolean, lang: unknown): string {
  if (!v || !v.primary) return '';
  const name = `<span class="nm">${esc(v.primary)}</span>`;
  const main = v.href ? `<a href="${esc(v.href)}">${name}</a>` : v.profileHref ? `<a class="person-link" href="${esc(v.profileHref)}">${name}</a>` : name;
  const titles = (v.titles ?? []).map((t) => ` <span class="title">${esc(t)}</span>`).join('');
  const other = alt && v.secondary ? ` <span class="alt">${esc(v.secondary)}</span>` : '';
  const language = isLanguage(lang) ? lang : 'zh';
  const profile =
    v.href && v.profileHref
      ? ` <a class="profile-link no-print" href="${esc(v.profileHref)}" title="${esc(translate('profile', language))}" aria-label="${esc(
          translate('profileOf', language, { name: v.primary }),
        )}">${esc(translate('profileShort', language))}</a>`
      : '';
  return main + titles + other + profile;
}

export function registerPersonNameHelper(): void {
  hbs.registerHelper('personName', (v: NameView | null | undefined, options: HelperOptions) => {
    const hash = (options?.hash ?? {}) as { alt?: boolean };
    return new SafeString(personNameHtml(v, hash.alt === true, options?.data?.root?.lang));
  });
}
