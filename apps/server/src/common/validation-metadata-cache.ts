import { getMetadataStorage } from 'class-validator';

type Storage = ReturnType<typeof getMetadataStorage>;
type Lookup = Storage['getTargetValidationMetadatas'];

const installed = new WeakSet<Storage>();

/**
 * class-validator looks up a class's constraints on every validation of every object: it tests the
 * class against every class that has constraints (`instanceof`, for inherited ones) — on this server
 * some hundred DTOs, about a tenth of a millisecond per request body (issue 31's opening hour: 50
 * entry requests at once queue for one process's CPU). The answer only changes when a constraint is
 * added, so it is kept per class and options (without validation groups, which the server does not
 * use) and forgotten whenever a constraint is added. Each caller gets its own copy of the list.
 */
export function cacheValidationMetadata(storage: Storage = getMetadataStorage()): void {
  if (installed.has(storage)) return;
  installed.add(storage);
  const lookup: Lookup = storage.getTargetValidationMetadatas.bind(storage);
  const add = storage.addValidationMetadata.bind(storage);
  let kept = new WeakMap<object, Map<string, ReturnType<Lookup>>>();
  storage.addValidationMetadata = (metadata) => {
    kept = new WeakMap();
    add(metadata);
  };
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    if ((groups && groups.length) || typeof target !== 'function') return lookup(target, schema, always, strictGroups, groups);
    const key = `${schema}\u0000${always}\u0000${strictGroups}`;
    let byOptions = kept.get(target);
    if (!byOptions) kept.set(target, (byOptions = new Map()));
    let found = byOptions.get(key);
    if (!found) byOptions.set(key, (found = lookup(target, schema, always, strictGroups, groups)));
    return found.slice();
  };
}
