import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

export interface FieldProblem {
  field: string;
  reason: string;
}

/** Flattens class-validator's nested errors into `field.path: reason` pairs. */
export function flattenValidationErrors(errors: ValidationError[], prefix = ''): FieldProblem[] {
  const out: FieldProblem[] = [];
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    for (const reason of Object.values(error.constraints ?? {})) out.push({ field, reason });
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

/** Global pipe: unknown fields are rejected, values are converted to the DTO's types. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    exceptionFactory: (errors) => badRequest(flattenValidationErrors(errors)),
  });
}
