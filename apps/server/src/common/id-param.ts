import { ParseUUIDPipe } from '@nestjs/common';
import { badRequest } from './validation';

/** Route ids are UUIDs; anything else is a 400 naming the parameter. */
export function uuidParam(name: string): ParseUUIDPipe {
  return new ParseUUIDPipe({ exceptionFactory: () => badRequest([{ field: name, reason: 'must be a UUID' }]) });
}
