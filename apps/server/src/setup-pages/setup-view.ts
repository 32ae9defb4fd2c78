import type { Request, Response } from 'express';
import { translate, type Language, type MessageKey } from '../i18n/i18n';
import { FormState, formRefusal, validateAs } from '../web/forms';
import { flash, pageLanguage } from '../web/page-context';
import type { Crumb } from '../web/page-context';
import { nameIn } from '../i18n/words';
import { DomainError } from '../common/errors';

export type { Crumb };

/** Breadcrumbs from the tournament down to the setup page (the last one without href). */
export function setupCrumbs(lang: Language, tournament: { id: string; nameZh: string; nameEn: string }, ...rest: Crumb[]): Crumb[] {
  return [
    { label: nameIn(lang, tournament), href: `/tournaments/${tournament.id}` },
    { label: translate('manage', lang), href: `/tournaments/${tournament.id}/manage` },
    ...rest,
  ];
}

/**
 * A one-button action (publish, revoke, delete …), after the page that asked first: the service
 * runs, then the browser goes back to `redirect` with a one-time message — the success message, or
 * the refusal's reason (a 409 or a 400: the record changed, or it is still in use). 401/403/404
 * and 5xx are their own pages.
 */
export async function act(
  req: Request,
  res: Response,
  run: () => Promise<unknown>,
  redirect: string,
  message: string | (() => string),
  refusedRedirect = redirect,
): Promise<void> {
  try {
    await run();
    flash(req, res, typeof message === 'string' ? message : message());
  } catch (error) {
    const refused = formRefusal(error, pageLanguage(req, res));
    if (!refused) throw error;
    flash(req, res, refused.form.error || Object.values(refused.form.errors).join('; '));
    return void res.redirect(303, refusedRedirect);
  }
  res.redirect(303, redirect);
}

/** The same, validating `input` with the API's DTO first. */
export async function actWith<D extends object>(
  req: Request,
  res: Response,
  dto: new () => D,
  input: unknown,
  run: (dto: D) => Promise<unknown>,
  redirect: string,
  message: string,
): Promise<void> {
  await act(req, res, async () => run(await validateAs(dto, input)), redirect, message);
}

/** `{value,label}` options from a list of values and each value's dictionary key (i18n/keys.ts: tsc checks every value has one). */
export function options<V extends string>(lang: Language, values: readonly V[], keys: Record<V, MessageKey>) {
  return values.map((value) => ({ value, label: translate(keys[value], lang) }));
}

/**
 * Every destructive action asks first (issue 20): its confirming button posts `confirm=yes`; a post
 * without it (a stray request, a script) is refused before anything runs.
 */
export function requireConfirmation(body: Record<string, unknown>): void {
  if (body?.confirm !== 'yes') throw new DomainError('form.confirm_needed', { field: 'confirm' }, 'confirm');
}

/**
 * Refusals naming a field the form does not show (`stages.0.type`, `tieBreaks.2`): listed where the
 * form says so, led by the part's label in the page's language (`label`), never by the raw path
 * (issue 30 #5); a field the form has no label for shows the reason alone.
 */
export function unplacedErrors(
  form: FormState,
  shown: readonly string[],
  label: (field: string) => string | undefined = () => undefined,
  lang: Language = 'zh',
): string[] {
  return Object.entries(form.errors)
    .filter(([field]) => !shown.includes(field))
    .map(([field, reason]) => {
      const name = label(field);
      return name ? `${name}${lang === 'en' ? ': ' : '：'}${reason}` : reason;
    });
}
