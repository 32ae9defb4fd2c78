/**
 * Field-by-field reading of untrusted JSON that collects every problem with its JSON path
 * (`$.rounds[0].games[1].result: …`) instead of stopping at the first. Shared by the tournament
 * file (tournament-file.ts) and its standings extensions (libs/standings/src/standings-input.ts).
 */
export type Json = Record<string, unknown>;

export function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function isInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v);
}

/** The problem codes every JSON reader uses; a reader may add its own. */
export type JsonProblemCode = 'unknown_field' | 'missing' | 'wrong_type' | 'invalid_value';

export class JsonChecker<Code extends string = JsonProblemCode> {
  readonly errors: { path: string; code: Code | JsonProblemCode; message: string }[] = [];

  fail(path: string, code: Code | JsonProblemCode, message: string): void {
    this.errors.push({ path, code, message });
  }

  fields(obj: Json, path: string, allowed: readonly string[]): void {
    for (const key of Object.keys(obj)) {
      if (!allowed.includes(key)) this.fail(`${path}.${key}`, 'unknown_field', `unknown field '${key}' (allowed: ${allowed.join(', ')})`);
    }
  }

  string(obj: Json, key: string, path: string, required: boolean): string | undefined {
    const v = obj[key];
    if (v === undefined) {
      if (required) this.fail(`${path}.${key}`, 'missing', `'${key}' is required`);
      return undefined;
    }
    if (typeof v !== 'string' || v.length === 0) {
      this.fail(`${path}.${key}`, 'wrong_type', `'${key}' must be a non-empty string`);
      return undefined;
    }
    return v;
  }

  int(obj: Json, key: string, path: string, min: number, required: boolean): number | undefined {
    const v = obj[key];
    if (v === undefined) {
      if (required) this.fail(`${path}.${key}`, 'missing', `'${key}' is required`);
      return undefined;
    }
    if (!isInt(v) || v < min) {
      this.fail(`${path}.${key}`, 'wrong_type', `'${key}' must be an integer ≥ ${min}, got ${JSON.stringify(v)}`);
      return undefined;
    }
    return v;
  }

  oneOf<T extends string>(obj: Json, key: string, path: string, values: readonly T[], required = false): T | undefined {
    const v = obj[key];
    if (v === undefined) {
      if (required) this.fail(`${path}.${key}`, 'missing', `'${key}' is required (one of ${values.join(', ')})`);
      return undefined;
    }
    if (typeof v !== 'string' || !(values as readonly string[]).includes(v)) {
      this.fail(`${path}.${key}`, 'invalid_value', `'${key}' must be one of ${values.join(', ')}, got ${JSON.stringify(v)}`);
      return undefined;
    }
    return v as T;
  }

  stringArray(v: unknown, path: string): string[] | undefined {
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) {
      this.fail(path, 'wrong_type', 'must be an array of strings');
      return undefined;
    }
    return v as string[];
  }
}
