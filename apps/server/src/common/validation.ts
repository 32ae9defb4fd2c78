import { ArgumentMetadata, BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import type { ErrorCode, ErrorParams } from './errors';
import { cacheValidationMetadata } from './validation-metadata-cache';

export interface FieldProblem {
  field: string;
  /** The English reason (the API's words, unchanged). */
  reason: string;
  /** The reason's stable code (`input.*`, words in i18n/messages/refusals-input.ts): pages word it in their language. */
  code?: ErrorCode;
  /** The values the code's words need besides `field` and `reason` (`max`, `values` …). */
  params?: ErrorParams;
}

/**
 * Each class-validator constraint kind as a code (issue 30 #5: a 400 in a Chinese page showed
 * class-validator's English), with the constraint's argument the words name.
 */
const CONSTRAINT_CODES: Record<string, { code: ErrorCode; args?: (a: unknown[]) => ErrorParams }> = {
  isString: { code: 'input.not_string' },
  isInt: { code: 'input.not_integer' },
  isNumber: { code: 'input.not_number' },
  isBoolean: { code: 'input.not_boolean' },
  isArray: { code: 'input.not_array' },
  isObject: { code: 'input.not_object' },
  nestedValidation: { code: 'input.not_object' },
  isUuid: { code: 'input.not_uuid' },
  isEmail: { code: 'input.not_email' },
  isDateString: { code: 'input.not_date' },
  isIso8601: { code: 'input.not_date' },
  isUrl: { code: 'input.not_url' },
  // The DTOs' own constraints, by their names (@ValidatorConstraint({ name })).
  timeZone: { code: 'input.not_time_zone' },
  isNotEmpty: { code: 'input.empty' },
  arrayNotEmpty: { code: 'input.empty' },
  isDefined: { code: 'input.required' },
  maxLength: { code: 'input.too_long', args: ([max]) => ({ max: String(max) }) },
  minLength: { code: 'input.too_short', args: ([min]) => ({ min: String(min) }) },
  isLength: { code: 'input.length', args: ([min, max]) => ({ min: String(min ?? 0), max: String(max ?? '∞') }) },
  min: { code: 'input.too_small', args: ([min]) => ({ min: String(min) }) },
  max: { code: 'input.too_large', args: ([max]) => ({ max: String(max) }) },
  isIn: { code: 'input.not_one_of', args: ([values]) => ({ values: Array.isArray(values) ? values.join('、') : '' }) },
  isEnum: { code: 'input.not_one_of', args: ([entity]) => ({ values: entity && typeof entity === 'object' ? Object.values(entity).join('、') : '' }) },
  arrayMinSize: { code: 'input.too_few_items', args: ([min]) => ({ min: String(min) }) },
  arrayMaxSize: { code: 'input.too_many_items', args: ([max]) => ({ max: String(max) }) },
  arrayUnique: { code: 'input.items_repeat' },
  matches: { code: 'input.pattern' },
  whitelistValidation: { code: 'input.unknown_field' },
};

/** The arguments a DTO gave a constraint (`@MaxLength(200)` → [200]), read from class-validator's metadata. */
function constraintArgs(error: ValidationError, kind: string): unknown[] {
  const target = error.target?.constructor;
  if (typeof target !== 'function') return [];
  const meta = getMetadataStorage()
    .getTargetValidationMetadatas(target, '', true, false)
    .find((m) => m.propertyName === error.property && (m.name === kind || m.type === kind));
  return (meta?.constraints as unknown[] | undefined) ?? [];
}

/** One constraint's problem with its code; a kind without one (a DTO's own validator) is `input.not_allowed`. */
function coded(error: ValidationError, field: string, kind: string, reason: string): FieldProblem {
  const known = CONSTRAINT_CODES[kind];
  if (!known) return { field, reason, code: 'input.not_allowed' };
  return { field, reason, code: known.code, ...(known.args ? { params: known.args(constraintArgs(error, kind)) } : {}) };
}

/** Flattens class-validator's nested errors into `field.path: reason` pairs, each with its code. */
export function flattenValidationErrors(errors: ValidationError[], prefix = ''): FieldProblem[] {
  const out: FieldProblem[] = [];
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    // A required field that is missing: one reason ("version is required"), not every rule it breaks.
    if (error.value === undefined && error.constraints && Object.keys(error.constraints).length)
      out.push({ field, reason: `${field} is required`, code: 'input.required' });
    else for (const [kind, reason] of Object.entries(error.constraints ?? {})) out.push(coded(error, field, kind, reason));
    if (error.children?.length) out.push(...flattenValidationErrors(error.children, field));
  }
  return out;
}

/**
 * A 400 that names the field and the reason, the one shape every bad request gets. Problems with
 * a code carry it (and its values) beside the English reason; the answer's `code` is the first one's.
 */
export function badRequest(problems: FieldProblem[]): BadRequestException {
  const first = problems.find((p) => p.code)?.code;
  return new BadRequestException({
    statusCode: 400,
    error: 'Bad Request',
    ...(first ? { code: first } : {}),
    message: problems.map((p) => `${p.field}: ${p.reason}`).join('; '),
    errors: problems,
  });
}

/** Deepest nesting of objects/arrays a request may carry (the deepest DTO needs 4). */
export const MAX_INPUT_DEPTH = 16;
/** PostgreSQL `integer`: every whole number the API stores fits in it. */
export const MAX_INT = 2_147_483_647;

/**
 * What class-validator cannot be trusted with, checked on the raw input before it (issue 13):
 * nesting deeper than MAX_INPUT_DEPTH (a deep body overflowed the stack in the validator), NUL
 * characters (PostgreSQL refuses them in text), lone UTF-16 surrogates (they crash validator.js'
 * isEmail and cannot be stored as UTF-8), and numbers beyond a 32-bit integer (they overflowed the
 * integer columns). Iterative, so a deep input cannot overflow this check either.
 */
export function inputProblems(value: unknown, root: string): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: root, depth: 0 }];
  while (stack.length && problems.length < 20) {
    const { value: v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) problems.push({ field: path, reason: 'must not contain the NUL character', code: 'input.nul_character' });
      else if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(v))
        problems.push({ field: path, reason: 'must be valid Unicode (a lone surrogate was found)', code: 'input.lone_surrogate' });
    } else if (typeof v === 'number') {
      if (Math.abs(v) > MAX_INT)
        problems.push({ field: path, reason: `must be between -${MAX_INT} and ${MAX_INT}`, code: 'input.out_of_int_range', params: { max: MAX_INT } });
    } else if (v !== null && typeof v === 'object') {
      if (depth >= MAX_INPUT_DEPTH) {
        problems.push({
          field: path,
          reason: `nested too deeply (more than ${MAX_INPUT_DEPTH} levels)`,
          code: 'input.too_deep',
          params: { max: MAX_INPUT_DEPTH },
        });
        continue;
      }
      const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v);
      for (const [key, child] of entries) {
        if (/[\u0000]|[\ud800-\udfff]/.test(key)) {
          problems.push({ field: path, reason: 'a key contains the NUL character or a lone surrogate', code: 'input.bad_key' });
          continue;
        }
        stack.push({ value: child, path: path ? `${path}.${key}` : key, depth: depth + 1 });
      }
    }
  }
  return problems;
}

/** `null` sent for a property the DTO does not declare `nullable` (it meant "absent" to IsOptional and reached the database as NULL). */
function nullProblems(value: unknown, metatype: unknown): FieldProblem[] {
  if (typeof metatype !== 'function' || value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  const problems: FieldProblem[] = [];
  for (const [key, v] of Object.entries(value)) {
    if (v !== null) continue;
    const swagger = Reflect.getMetadata('swagger/apiModelProperties', (metatype as { prototype: object }).prototype, key) as { nullable?: boolean } | undefined;
    if (swagger && !swagger.nullable) problems.push({ field: key, reason: 'must not be null (leave it out instead)', code: 'input.null' });
  }
  return problems;
}

class SafeValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' || metadata.type === 'query') {
      const problems = inputProblems(value, '');
      if (problems.length === 0) problems.push(...nullProblems(value, metadata.metatype));
      if (problems.length) throw badRequest(problems.map((p) => ({ ...p, field: p.field || metadata.type })));
    }
    return super.transform(value, metadata);
  }
}

/** Global pipe: unknown fields are rejected, values are converted to the DTO's types. */
export function createValidationPipe(): ValidationPipe {
  cacheValidationMetadata();
  return new SafeValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    // The DTO instance on each error: the constraint's arguments (`@MaxLength(200)`) are read from its class.
    validationError: { target: true, value: true },
    exceptionFactory: (errors) => badRequest(flattenValidationErrors(errors)),
  });
}
