import { missingResource, staleVersion } from './errors';

/**
 * Optimistic concurrency: every editable row has a `version`; an update names the version it was
 * based on, and `updateMany where {id, version}` changes nothing when someone else got there
 * first. Then the caller gets 409 (edit.stale) with the current version instead of a silent overwrite.
 */
export function staleOrMissing(entity: string, current: { version: number } | null): never {
  if (!current) throw notFound(entity);
  throw staleVersion(entity, current.version);
}

export function notFound(entity: string) {
  return missingResource(`${entity}Id`, entity);
}
