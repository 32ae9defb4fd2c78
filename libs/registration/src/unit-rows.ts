import { parseCsv } from './csv';

/** One unit of a CSV of invited units (issue 31 #2): names, and the quota for the event when given. */
export interface UnitRow {
  line: number;
  nameZh: string;
  nameEn: string;
  quota: number | null;
}

export interface UnitRowProblem {
  line: number;
  column: 'nameZh' | 'nameEn' | 'quota' | 'csv';
  /** What is wrong, for the caller to word in its language (`message` is the English for the CLI). */
  code: 'csv' | 'missing' | 'too_long' | 'quota' | 'twice';
  /** The value refused (a quota's text), or the line listed first (`twice`). */
  value?: string | number;
  message: string;
}

const HEADER = /^(中文名|名称|单位|name_?zh|namezh|chinese)/i;

/**
 * `Chinese name,English name[,quota]` a line; a first line naming the columns is skipped, blank
 * lines are ignored. A unit listed twice (same Chinese name), a missing name, or a quota that is
 * not a whole number from 0 to 99 is a problem of its line; the caller writes nothing when any.
 */
export function parseUnitRows(text: string): { rows: UnitRow[]; problems: UnitRowProblem[] } {
  const parsed = parseCsv(text);
  if (!parsed.ok) return { rows: [], problems: [{ line: parsed.error.line, column: 'csv', code: 'csv', message: parsed.error.message }] };
  const rows: UnitRow[] = [];
  const problems: UnitRowProblem[] = [];
  const seen = new Map<string, number>();
  parsed.value.forEach((record, index) => {
    const fields = record.fields.map((f) => f.trim());
    if (fields.every((f) => f === '')) return;
    if (index === 0 && HEADER.test(fields[0] ?? '')) return;
    const [nameZh = '', nameEn = '', quotaText = ''] = fields;
    const line = record.line;
    if (!nameZh) problems.push({ line, column: 'nameZh', code: 'missing', message: 'the Chinese name is missing' });
    if (!nameEn) problems.push({ line, column: 'nameEn', code: 'missing', message: 'the English name is missing' });
    if (nameZh.length > 100 || nameEn.length > 100)
      problems.push({ line, column: nameZh.length > 100 ? 'nameZh' : 'nameEn', code: 'too_long', message: 'at most 100 characters' });
    let quota: number | null = null;
    if (quotaText !== '') {
      if (!/^\d{1,2}$/.test(quotaText))
        problems.push({ line, column: 'quota', code: 'quota', value: quotaText, message: `the quota must be a whole number from 0 to 99, not "${quotaText}"` });
      else quota = Number(quotaText);
    }
    const key = nameZh.replace(/\s+/g, '');
    if (key && seen.has(key))
      problems.push({ line, column: 'nameZh', code: 'twice', value: seen.get(key), message: `${nameZh} is listed twice (line ${seen.get(key)})` });
    else if (key) seen.set(key, line);
    rows.push({ line, nameZh, nameEn, quota });
  });
  return { rows, problems };
}
