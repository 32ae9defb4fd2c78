import type { ImportProblemCode } from '@chuhe/registration';
import type { ListProblemCode } from '@chuhe/ratings';
import { toTraditional, type Language } from '../i18n/i18n';
import { codedProblems, type DomainErrors, type ErrorCode } from './errors';

/** A problem of a CSV people bring (players, teams, a rating list), as the libraries report it. */
export interface CsvProblem {
  readonly line: number;
  readonly column: string;
  readonly code: ImportProblemCode | ListProblemCode;
  readonly reason: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

/** The columns' names in Chinese (the words name the column a person sees in the spreadsheet). */
const COLUMN_ZH: Readonly<Record<string, string>> = {
  name_zh: '中文姓名',
  name_en: '英文姓名',
  gender: '性别',
  affiliation: '单位',
  rating: '等级分',
  title: '称号',
  federation_id: '协会编号',
  person_id: '人员编号',
  games: '对局数',
  team_zh: '中文队名',
  team_en: '英文队名',
  role: '正选或后补',
  board: '台次',
};

/** 「第 3 行 性别」: the line, and the column's name when the problem has one (a header's own text when unknown). */
function placeZh(p: CsvProblem): string {
  if (p.column === '-') return `第 ${p.line} 行`;
  return `第 ${p.line} 行 ${COLUMN_ZH[p.column.trim().toLowerCase()] ?? `「${p.column}」列`}`;
}

/**
 * Every problem of a CSV as one refusal, each by its code (issue 30 #5): the Chinese words say
 * which line, which column and why; the API keeps the English `line N, column X: reason`.
 */
export function csvProblems(problems: readonly CsvProblem[]): DomainErrors {
  return codedProblems(
    problems.map((p) => ({
      code: csvCode(p),
      field: 'csv',
      reason: `line ${p.line}, column ${p.column}: ${p.reason}`,
      params: { ...p.params, line: p.line, column: p.column, placeZh: placeZh(p), columnZh: COLUMN_ZH[p.column] ?? p.column },
    })),
  );
}

/** Each library code has its `csv.*` code (checked by the compiler: a new library code needs its words). */
function csvCode(p: CsvProblem): ErrorCode {
  const code = `csv.${p.code}` as const;
  return code;
}

/**
 * The problems as a page's table shows them (line, column, reason), in the page's language: on a
 * Chinese page the column's Chinese name and the code's words without the line and column the
 * table already shows; on an English page the library's own words.
 */
export function csvProblemRows(problems: readonly CsvProblem[], lang: Language): { line: number; column: string; reason: string }[] {
  if (!problems.length) return [];
  if (lang === 'en') return problems.map((p) => ({ line: p.line, column: p.column, reason: p.reason }));
  const worded = csvProblems(problems).problems;
  return problems.map((p, i) => ({
    line: p.line,
    column: p.column === '-' ? '' : columnIn(p.column, lang),
    // 「CSV 第 3 行 性别：只能是 男 或 女」 → 「只能是 男 或 女」 (the table's own cells say the line and column).
    reason: worded[i].wordsIn(lang).replace(/^CSV (第 \d+ 行[^：]*：)?/, ''),
  }));
}

/** A column's Chinese name (Traditional on a zh-Hant page); a header's own text when unknown. */
function columnIn(column: string, lang: Language): string {
  const zh = COLUMN_ZH[column.trim().toLowerCase()];
  if (!zh) return column;
  return lang === 'zh-Hant' ? toTraditional(zh) : zh;
}
