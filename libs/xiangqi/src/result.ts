/**
 * The Result shape every library returns for expected failures (STYLE.md "Errors"; `throw` is for
 * bugs) — defined once, here at the root of the libraries' graph, and re-exported by the others.
 */
export type Result<T, E> = { ok: true; value: T } | { ok: false; error: E };

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function err<E>(error: E): { ok: false; error: E } {
  return { ok: false, error };
}
