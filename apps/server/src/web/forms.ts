import { ArgumentMetadata, HttpException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DomainError, DomainErrors, problemWords, type ErrorCode } from '../common/errors';
import { createValidationPipe } from '../common/validation';
import type { Language } from '../i18n/i18n';
import { flash } from './page-context';

/** What a form template reads: the values as typed, the reasons beside their fields, a form-level error. */
export interface FormState {
  values: Record<string, unknown>;
  errors: Record<string, string>;
  error?: string;
  /** The refusal's stable code (common/errors.ts), when it was a DomainError. */
  code?: ErrorCode;
}

export function emptyForm(values: Record<string, unknown> = {}): FormState {
  return { values, errors: {} };
}

export interface FormSubmission<D extends object, R> {
  /** The API's DTO class: the form is validated by exactly the rules the API applies. */
  dto: new () => D;
  /** The posted body as typed (re-rendered on failure). */
  values: Record<string, unknown>;
  /** Form strings → the DTO's shape (numbers, booleans, arrays). Shapes only: no rule here. */
  toInput: (values: Record<string, unknown>) => unknown;
  /** The same service method the API route calls. */
  run: (dto: D) => Promise<R>;
  /** The page to show again when the submission is refused. */
  render: (form: FormState) => Promise<{ view: string; context: object }> | { view: string; context: object };
  /** Where the browser goes after success (303, so a reload does not post again). */
  redirect: (result: R) => string;
  /** A one-time message for the next page. */
  flash?: (result: R) => string;
  /**
   * For a script's request (header X-Chuhe-Partial: 1): the JSON that tells it what changed, instead
   * of the redirect and the whole page again (the result sheet's row, issue 35). Refusals still render.
   */
  partial?: (result: R) => object;
}

/** A page's script asks for the partial answer (FormSubmission.partial) with this header. */
export const PARTIAL_HEADER = 'x-chuhe-partial';

const pipe = createValidationPipe();

/** Validates like the API's global pipe (400 with `errors: [{field, reason}]`). */
export async function validateAs<D extends object>(dto: new () => D, input: unknown): Promise<D> {
  const metadata: ArgumentMetadata = { type: 'body', metatype: dto, data: '' };
  return (await pipe.transform(input, metadata)) as D;
}

/**
 * The one way a page form is handled (web/README.md): validate with the API's DTO, run the API's
 * service, redirect after success; a refusal shows the form again with each reason beside its field
 * (400) or as the form's error (409 and other 4xx but 401/403/404, which become their pages).
 */
export async function submitForm<D extends object, R>(request: Request, response: Response, spec: FormSubmission<D, R>): Promise<void> {
  const values = withoutCsrf(spec.values);
  let result: R;
  try {
    const dto = await validateAs(spec.dto, spec.toInput(values));
    result = await spec.run(dto);
  } catch (error) {
    const refused = formRefusal(error, response.locals.lang as Language | undefined);
    if (!refused) throw error;
    const { view, context } = await spec.render({ values, ...refused.form });
    response.status(refused.status).render(view, { ...context, form: { values, ...refused.form } });
    return;
  }
  if (spec.partial && request.headers[PARTIAL_HEADER] === '1') {
    response.status(200).json(spec.partial(result));
    return;
  }
  if (spec.flash) flash(request, response, spec.flash(result));
  response.redirect(303, spec.redirect(result));
}

/**
 * An HTTP refusal a form can show next to its fields; undefined for what deserves its own page. A
 * domain error is shown in the page's language (`lang`), beside its field when it names one.
 */
export function formRefusal(error: unknown, lang?: Language): { status: number; form: Omit<FormState, 'values'> } | undefined {
  if (!(error instanceof HttpException)) return undefined;
  const status = error.getStatus();
  if (status < 400 || status >= 500 || status === 401 || status === 403 || status === 404) return undefined;
  if (error instanceof DomainErrors && status === 400) {
    // Each reason beside its field; those without an input field are the form's own error.
    const errors: Record<string, string> = {};
    const loose: string[] = [];
    for (const p of error.problems) {
      // Beside its input the reason needs no field path (the label names it): `field: …` → `…`.
      if (p.field && p.field !== 'body') errors[p.field] ??= withoutFieldPath(p.wordsIn(lang ?? 'en'), p.field);
      else loose.push(p.wordsIn(lang ?? 'en'));
    }
    return { status, form: { errors, error: loose.length ? loose.join(lang === 'en' ? '; ' : '；') : undefined, code: error.code } };
  }
  if (error instanceof DomainError) {
    // Beside its field when the field is an input (a 400); a conflict is the form's own error (issue 30).
    const words = error.wordsIn(lang ?? 'en');
    const field = status === 400 && error.field && error.field !== 'body' ? error.field : undefined;
    return { status, form: field ? { errors: { [field]: words }, code: error.code } : { errors: {}, error: words, code: error.code } };
  }
  const body = error.getResponse() as { message?: unknown; errors?: { field?: unknown; reason?: unknown; code?: unknown; params?: unknown }[] } | string;
  const errors: Record<string, string> = {};
  let message =
    typeof body === 'string' ? body : typeof body.message === 'string' ? body.message : Array.isArray(body.message) ? body.message.join('; ') : error.message;
  if (typeof body === 'object' && Array.isArray(body.errors)) {
    const loose: string[] = [];
    for (const problem of body.errors) {
      const { field } = problem;
      // A coded reason (the validation pipe's constraint kinds) in the page's language (issue 30 #5).
      const reason = problemWords(problem, lang ?? 'en');
      if (typeof field !== 'string' || typeof reason !== 'string') continue;
      // Beside its input the reason needs no field path (the label names it): `nameZh：…` → `…`.
      if (field && field !== 'body') errors[field] ??= reason.startsWith(`${field}：`) ? reason.slice(field.length + 1) : reason;
      else loose.push(reason);
    }
    message = loose.length ? loose.join(lang && lang !== 'en' ? '；' : '; ') : '';
  }
  return { status, form: { errors, error: message || (Object.keys(errors).length ? undefined : error.message) } };
}

function withoutCsrf(values: Record<string, unknown>): Record<string, unknown> {
  const { _csrf: _ignored, ...rest } = values ?? {};
  return rest;
}

/** Form value helpers for toInput: an HTML form sends strings; absent and blank mean "not given". */
export const formValue = {
  text(v: unknown): string | undefined {
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
  },
  int(v: unknown): number | string | undefined {
    if (typeof v !== 'string' || v.trim() === '') return undefined;
    // Not a number stays a string, so that the DTO's own rule says what is wrong with it.
    return /^-?\d+$/.test(v.trim()) ? Number(v.trim()) : v;
  },
  number(v: unknown): number | string | undefined {
    if (typeof v !== 'string' || v.trim() === '') return undefined;
    const n = Number(v.trim());
    return Number.isFinite(n) ? n : v;
  },
  checkbox(v: unknown): boolean {
    return v === 'on' || v === 'true' || v === '1' || (Array.isArray(v) && v.includes('on'));
  },
  list(v: unknown): string[] {
    if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string' && x !== '');
    return typeof v === 'string' && v !== '' ? [v] : [];
  },
};

/** A reason without its leading `field: ` (the English words of a list's problem carry it). */
function withoutFieldPath(reason: string, field: string): string {
  return reason.startsWith(`${field}: `) ? reason.slice(field.length + 2) : reason;
}
