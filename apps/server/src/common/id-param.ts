import { ParseUUIDPipe } from '@nestjs/common';
import { invalidInput } from './errors';

/** Route ids are UUIDs; anything else is a 400 naming the parameter. */
export function uuidParam(name: string): ParseUUIDPipe {
  return new ParseUUIDPipe({ exceptionFactory: () => invalidInput('input.not_uuid', name, 'must be a UUID') });
}
