/**
 * Whether a value the server is about to write into a jsonb column is equal, as PostgreSQL's jsonb
 * `=` (and `IS DISTINCT FROM`) decides it, to what the column holds, without sending it: the
 * rating history's recompute compares 400,000 reports in Node and ships only those that differ
 * (docs/notes/2026-11-30-rerate5.md).
 *
 * `stored` is the column as read (jsonb text parsed by JSON.parse); `value` is what the server
 * would write, which reaches PostgreSQL as JSON.stringify(value). So `value` is taken as
 * JSON.stringify sees it: `toJSON` applied (a Date is its ISO string), boxed primitives unboxed,
 * a non-finite number is null, an object property that is undefined, a function or a symbol is
 * absent, an array element of those is null. jsonb then compares:
 * - objects by their key set and each key's value, whatever the key order (jsonb sorts its keys);
 * - arrays element by element, in order;
 * - strings by their characters, booleans and null by themselves, and no type equals another
 *   (1 is not "1", 0 is not false, null is not a missing key);
 * - numbers as `numeric` values: 1 = 1.0 = 1e0, -0 = 0. A number the server writes is the
 *   shortest decimal that reads back as its double, so two such numbers are equal as numerics
 *   exactly when the doubles are equal (`===`, under which -0 and 0 are equal too). A stored number
 *   written some other way with more digits than a double holds (0.30000000000000001) reads as the
 *   nearest double and compares at double precision: the one place this can say "same" where jsonb
 *   would not; no writer of the server's jsonb columns writes such a number.
 * A value JSON.stringify cannot write (a bigint, a top-level undefined) is never "same".
 */
export function sameAsJsonb(stored: unknown, value: unknown): boolean {
  const v = asJson(value);
  return v !== undefined && same(stored, v);
}

/** `v` as JSON.stringify writes it (asJson applied). */
function same(stored: unknown, v: unknown): boolean {
  if (v === null) return stored === null;
  switch (typeof v) {
    case 'number':
    case 'string':
    case 'boolean':
      return stored === v;
    case 'object':
      break;
    default:
      return false;
  }
  if (stored === null || typeof stored !== 'object') return false;
  if (Array.isArray(v)) {
    if (!Array.isArray(stored) || stored.length !== v.length) return false;
    for (let i = 0; i < v.length; i++) {
      const element = asJson(v[i]);
      if (!same(stored[i], element === undefined ? null : element)) return false;
    }
    return true;
  }
  if (Array.isArray(stored)) return false;
  const have = stored as Record<string, unknown>;
  let keys = 0;
  for (const key of Object.keys(v)) {
    const element = asJson((v as Record<string, unknown>)[key]);
    if (element === undefined) continue;
    keys++;
    if (!Object.prototype.hasOwnProperty.call(have, key) || !same(have[key], element)) return false;
  }
  return keys === Object.keys(have).length;
}

/** The value as JSON.stringify writes it; undefined where it writes nothing (or cannot write). */
function asJson(value: unknown): unknown {
  let v = value;
  if (v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON === 'function') v = (v as { toJSON(): unknown }).toJSON();
  if (v instanceof Number || v instanceof String || v instanceof Boolean) v = v.valueOf();
  switch (typeof v) {
    case 'number':
      return Number.isFinite(v) ? v : null;
    case 'string':
    case 'boolean':
    case 'object':
      return v;
    default:
      return undefined;
  }
}
