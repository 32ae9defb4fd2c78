import { BadRequestException, ConflictException, HttpException } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { Response } from 'express';
import { flattenValidationErrors } from '../common/validation';

/** A failed form: the errors by field (beside their field) and the form-level one (a 409). */
export interface FormState {
  values: Record<string, unknown>;
  errors: Record<string, string>;
  error?: string;
}

/**
 * Runs one staff form: the API's DTO class (the same class-validator rules), the same service call,
 * then 303 to `redirect`; a 400 (validation or a service's field problems) or 409 comes back as a
 * FormState for the page to render beside the form; anything else propagates (error page).
 */
export async function runAction<D extends object, R>(
  res: Response,
  opts: { dto: new () => D; values: Record<string, unknown>; input: Record<string, unknown>; run: (dto: D) => Promise<R>; redirect: (result: R) => string; failed: (form: FormState) => Promise<unknown> | unknown },
): Promise<void> {
  const dto = plainToInstance(opts.dto, opts.input);
  const problems = flattenValidationErrors(await validate(dto, { whitelist: true, forbidNonWhitelisted: true }));
  if (problems.length) return failed(res, opts, { values: opts.values, errors: Object.fromEntries(problems.map((p) => [p.field, p.reason])) }, 400);
  let result: R;
  try {
    result = await opts.run(dto);
  } catch (error) {
    const state = formStateOf(error, opts.values);
    if (!state) throw error;
    return failed(res, opts, state.form, state.status);
  }
  res.redirect(303, opts.redirect(result));
}

function formStateOf(error: unknown, values: Record<string, unknown>): { form: FormState; status: number } | null {
  if (!(error instanceof BadRequestException || error instanceof ConflictException)) return null;
  const body = (error as HttpException).getResponse() as { message?: unknown; errors?: { field: string; reason: string }[] };
  const message = Array.isArray(body.message) ? body.message.join('; ') : String(body.message ?? '');
  if (error instanceof BadRequestException && body.errors?.length) return { form: { values, errors: Object.fromEntries(body.errors.map((e) => [e.field, e.reason])) }, status: 400 };
  return { form: { values, errors: {}, error: message }, status: error.getStatus() };
}

async function failed(res: Response, opts: { failed: (form: FormState) => Promise<unknown> | unknown }, form: FormState, status: number): Promise<void> {
  res.status(status);
  await opts.failed(form);
}
