/**
 * A rating list's CSV, read all-or-nothing: every problem comes back as line and column.
 * Columns: `federation_id` or `person_id` (either identifies the person), `rating`, optionally
 * `games` (rated games so far) and `name_zh` / `name_en` (ignored: for people reading the file).
 * Refused: an unknown id, a person twice, a rating or games that is not a whole number.
 */
export interface ListRecord {
  readonly line: number;
  readonly fields: readonly string[];
}

export interface ListRow {
  readonly line: number;
  readonly personId: string;
  readonly rating: number;
  readonly games?: number;
}

/** What is wrong, as a stable code (the page words it in its language, issue 30 #5). */
export type ListProblemCode =
  'empty_file' | 'unknown_column' | 'id_column_missing' | 'column_missing' | 'empty_cell' | 'unknown_person' | 'same_person' | 'not_whole';

export interface ListProblem {
  readonly line: number;
  readonly column: string;
  readonly code: ListProblemCode;
  readonly reason: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

export const LIST_COLUMNS = ['federation_id', 'person_id', 'name_zh', 'name_en', 'rating', 'games'] as const;

const WHOLE = /^-?\d{1,6}$/;

export function readRatingList(
  records: readonly ListRecord[],
  /** The person an id names (by its column), undefined when none. */
  resolve: (column: 'federation_id' | 'person_id', value: string) => string | undefined,
): { ok: true; value: ListRow[] } | { ok: false; error: ListProblem[] } {
  const [head, ...body] = records;
  if (!head) return { ok: false, error: [{ line: 1, column: '-', code: 'empty_file', reason: 'the file is empty; expected a header row' }] };
  const header = new Map(head.fields.map((f, i) => [f.trim().toLowerCase(), i]));
  const problems: ListProblem[] = [];
  for (const name of header.keys()) {
    if (!(LIST_COLUMNS as readonly string[]).includes(name))
      problems.push({ line: head.line, column: name, code: 'unknown_column', reason: `unknown column; expected ${LIST_COLUMNS.join(', ')}` });
  }
  const idColumn = header.has('federation_id') ? 'federation_id' : header.has('person_id') ? 'person_id' : null;
  if (!idColumn)
    problems.push({ line: head.line, column: 'federation_id', code: 'id_column_missing', reason: 'a federation_id or person_id column is required' });
  if (!header.has('rating')) problems.push({ line: head.line, column: 'rating', code: 'column_missing', reason: 'a rating column is required' });
  if (problems.length) return { ok: false, error: problems };

  const rows: ListRow[] = [];
  const seen = new Map<string, number>();
  for (const r of body) {
    const get = (c: string) => (header.has(c) ? (r.fields[header.get(c)!] ?? '').trim() : '');
    if (r.fields.every((f) => f.trim() === '')) continue;
    const id = get(idColumn!);
    let personId: string | undefined;
    if (!id) problems.push({ line: r.line, column: idColumn!, code: 'empty_cell', reason: 'is empty' });
    else {
      personId = resolve(idColumn!, id);
      if (!personId) problems.push({ line: r.line, column: idColumn!, code: 'unknown_person', reason: `no person has the id ${id}`, params: { value: id } });
      else if (seen.has(personId)) {
        problems.push({
          line: r.line,
          column: idColumn!,
          code: 'same_person',
          reason: `the same person as line ${seen.get(personId)}`,
          params: { otherLine: seen.get(personId)! },
        });
        personId = undefined;
      } else seen.set(personId, r.line);
    }
    const ratingText = get('rating');
    if (!WHOLE.test(ratingText) || Number(ratingText) < 0)
      problems.push({
        line: r.line,
        column: 'rating',
        code: 'not_whole',
        reason: `must be a whole number ≥ 0, not "${ratingText}"`,
        params: { value: ratingText },
      });
    const gamesText = get('games');
    if (gamesText && (!WHOLE.test(gamesText) || Number(gamesText) < 0))
      problems.push({
        line: r.line,
        column: 'games',
        code: 'not_whole',
        reason: `must be a whole number ≥ 0, not "${gamesText}"`,
        params: { value: gamesText },
      });
    if (personId && WHOLE.test(ratingText))
      rows.push({ line: r.line, personId, rating: Number(ratingText), ...(gamesText ? { games: Number(gamesText) } : {}) });
  }
  if (problems.length) return { ok: false, error: problems };
  return { ok: true, value: rows };
}

/** A published list as CSV text (RFC 4180 quoting), ordered by rating then name. */
export function writeRatingList(
  rows: readonly { personId: string; federationId: string | null; nameZh: string; nameEn: string; rating: number; games: number }[],
): string {
  const q = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const sorted = [...rows].sort((a, b) => b.rating - a.rating || (a.nameEn < b.nameEn ? -1 : a.nameEn > b.nameEn ? 1 : a.personId < b.personId ? -1 : 1));
  const lines = ['person_id,federation_id,name_zh,name_en,rating,games'];
  for (const r of sorted) lines.push([r.personId, r.federationId ?? '', q(r.nameZh), q(r.nameEn), String(r.rating), String(r.games)].join(','));
  return lines.join('\r\n') + '\r\n';
}
