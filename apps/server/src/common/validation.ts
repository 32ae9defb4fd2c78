import { ArgumentMetadata, BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

export interface FieldProblem {
  field: string;
  reason: string;
}

/** Flattens class-validator's nested errors into `field.path: reason` pairs. */
export function flattenValidationErrors(errors: ValidationError[], prefix = ''): FieldProblem[] {
  const out: FieldProblem[] = [];
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    // A required field that is missing: one reason ("version is required"), not every rule it breaks.
    if (error.value === undefined && error.constraints && Object.keys(error.constraints).length) out.push({ field, reason: `${field} is required` });
    else for (const reason of Object.values(error.constraints ?? {})) out.push({ field, reason });
    if (error.children?.length) out.push(...flattenValidationErrors(error.children, field));
  }
  return out;
}

/** A 400 that names the field and the reason, the one shape every bad request gets. */
export function badRequest(problems: FieldProblem[]): BadRequestException {
  return new BadRequestException({
    statusCode: 400,
    error: 'Bad Request',
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
      if (v.includes('\u0000')) problems.push({ field: path, reason: 'must not contain the NUL character' });
      else if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(v))
        problems.push({ field: path, reason: 'must be valid Unicode (a lone surrogate was found)' });
    } else if (typeof v === 'number') {
      if (Math.abs(v) > MAX_INT) problems.push({ field: path, reason: `must be between -${MAX_INT} and ${MAX_INT}` });
    } else if (v !== null && typeof v === 'object') {
      if (depth >= MAX_INPUT_DEPTH) {
        problems.push({ field: path, reason: `nested too deeply (more than ${MAX_INPUT_DEPTH} levels)` });
        continue;
      }
      const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v);
      for (const [key, child] of entries) {
        if (/[\u0000]|[\ud800-\udfff]/.test(key)) {
          problems.push({ field: path, reason: 'a key contains the NUL character or a lone surrogate' });
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
    if (swagger && !swagger.nullable) problems.push({ field: key, reason: 'must not be null (leave it out instead)' });
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
  return new SafeValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    exceptionFactory: (errors) => badRequest(flattenValidationErrors(errors)),
  });
}
