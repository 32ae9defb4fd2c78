import { ConflictException, NotFoundException } from '@nestjs/common';

/**
 * Optimistic concurrency: every editable row has a `version`; an update names the version it was
 * based on, and `updateMany where {id, version}` changes nothing when someone else got there
 * first. Then the caller gets 409 with the current version instead of a silent overwrite.
 */
export function staleOrMissing(entity: string, current: { version: number } | null): never {
  if (!current) throw new NotFoundException({ statusCode: 404, error: 'Not Found', message: `no such ${entity}` });
  throw new ConflictException({
    statusCode: 409,
    error: 'Conflict',
    message: `version: the ${entity} was changed by someone else (current version ${current.version}); reload and try again`,
    currentVersion: current.version,
  });
}

export function notFound(entity: string): NotFoundException {
  return new NotFoundException({ statusCode: 404, error: 'Not Found', message: `no such ${entity}` });
}
