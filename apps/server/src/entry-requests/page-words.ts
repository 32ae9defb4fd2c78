import { HttpException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DomainError } from '../common/errors';
import { formatDateTime } from '../pages/event-pages';
import { FormSubmission, formRefusal, validateAs } from '../web/forms';
import { flash } from '../web/page-context';
import { langOf } from '../i18n/words';

/**
 * The pages of issue 31 run the API's services; a refusal that is a DomainError (over quota,
 * ineligible, outside the window …) becomes the form's error in the PAGE's language (and beside its
 * field, named by the last part of the API's field: `player.gender` → `gender`). 401/403/404 keep
 * their own pages.
 */
export async function inPageLanguage<R>(res: Response, run: () => Promise<R>): Promise<R> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof DomainError) || [401, 403, 404].includes(error.getStatus()) || error.getStatus() >= 500) throw error;
    const words = error.wordsIn(langOf(res));
    const field = error.field?.split('.').pop();
    throw new HttpException(
      {
        statusCode: error.getStatus(),
        message: words,
        errors: field
          ? [
              { field, reason: words },
              { field: '', reason: words },
            ]
          : undefined,
      },
      error.getStatus(),
    );
  }
}

/** A time of the tournament, in its zone and the page's language. */
export function when(res: Response, value: Date | string | null | undefined, timeZone: string): string {
  return formatDateTime(value, timeZone, langOf(res));
}

const SHORT = new Map<string, Intl.DateTimeFormat>();

/**
 * A list's times ("2026-12-01 09:30"), in the tournament's zone: one formatter per zone, reused —
 * a queue of 1,000 requests made 1,000 formatters (a third of its rendering).
 */
export function shortTime(value: Date, timeZone: string): string {
  let format = SHORT.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
    } catch {
      format = new Intl.DateTimeFormat('en-CA', {
        timeZone: 'UTC',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
    }
    SHORT.set(timeZone, format);
  }
  return format.format(value).replace(',', '');
}

/** An amount in a currency's minor unit, in the page's language ("SGD 30.00"). */
export function money(amount: number, currency: string, lang: string): string {
  try {
    return new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'zh-CN', { style: 'currency', currency }).format(amount / 100);
  } catch {
    return `${currency} ${(amount / 100).toFixed(2)}`;
  }
}

/**
 * web/forms.ts submitForm for a page with several forms (one per event): the refused form goes back
 * where `render` puts it in the context, not over the page's own `form`.
 */
export async function submitSection<D extends object, R>(req: Request, res: Response, spec: FormSubmission<D, R>): Promise<void> {
  const { _csrf: _ignored, ...values } = spec.values ?? {};
  let result: R;
  try {
    result = await spec.run(await validateAs(spec.dto, spec.toInput(values)));
  } catch (error) {
    const refused = formRefusal(error);
    if (!refused) throw error;
    const { view, context } = await spec.render({ values, ...refused.form });
    res.status(refused.status).render(view, context);
    return;
  }
  if (spec.flash) flash(req, res, spec.flash(result));
  res.redirect(303, spec.redirect(result));
}
