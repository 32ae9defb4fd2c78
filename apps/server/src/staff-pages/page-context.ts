import type { Request, Response } from 'express';
import { chooseLanguage, type Language } from '../i18n/i18n';
import { nameOf, type Named } from './staff-view';
import type { Crumb } from '../web/page-context';

/** The page's language: the one the layout's context chose (res.locals.lang), else ?lang / Accept-Language. */
export function langOf(req: Request, res: Response): Language {
  const chosen = res.locals?.lang;
  if (chosen === 'en' || chosen === 'zh') return chosen;
  return chooseLanguage(req.query.lang, req.headers['accept-language']);
}

export type { Crumb };

/** Breadcrumbs from the tournament down to the page (the page itself without a link). */
export function crumbs(lang: Language, tournament: (Named & { id: string }) | null, event: (Named & { id: string }) | null, ...rest: Crumb[]): Crumb[] {
  return [
    ...(tournament ? [{ label: nameOf(tournament, lang), href: `/tournaments/${tournament.id}` }] : []),
    ...(event ? [{ label: nameOf(event, lang), href: `/events/${event.id}` }] : []),
    ...rest,
  ];
}

/** A destructive action asks first: the same form again with confirm=yes (works without JavaScript). */
export function confirmPage(
  res: Response,
  ctx: {
    lang: Language;
    title: string;
    question: string;
    detail?: string;
    action: string;
    fields: Record<string, unknown>;
    submitLabel: string;
    cancelHref: string;
    breadcrumbs: Crumb[];
  },
) {
  if (res.statusCode === 201) res.status(200);
  res.render('staff/confirm', {
    ...ctx,
    fields: Object.entries(ctx.fields)
      .filter(([k, v]) => k !== 'confirm' && k !== '_csrf' && v !== undefined)
      .flatMap(([name, v]) => (Array.isArray(v) ? v.map((value) => ({ name, value: String(value) })) : [{ name, value: String(v) }])),
  });
}

/** Renders a page built as { view, context } (the shape submitForm's `render` returns for a refused form). */
export function show(res: Response, page: { view: string; context: object }): void {
  // A page rendered in answer to a POST (a question, a refusal) is not a creation: 200 unless set.
  if (res.statusCode === 201) res.status(200);
  res.render(page.view, page.context);
}
