import { readPlayersCsv } from '@chuhe/registration';
import { csvProblemRows, csvProblems } from './csv-problems';

describe('csvProblems (issue 30 #5): a CSV problem says line, column and why in the page language', () => {
  const csv = ['name_zh,name_en,gender,rating', '王一,Wang Yi,x,1800', '李二,,女,abc'].join('\n');
  const parsed = readPlayersCsv(csv);
  if (parsed.ok) throw new Error('expected problems');
  const error = csvProblems(parsed.error);

  it('words each problem by its code in Chinese', () => {
    expect(error.problems.map((p) => p.code)).toEqual(['csv.gender', 'csv.empty_cell', 'csv.rating']);
    expect(error.wordsIn('zh')).toBe('CSV 第 2 行 性别：只能是 男 或 女；CSV 第 3 行 英文姓名：不能为空；CSV 第 3 行 等级分：须为 0 到 4000 的整数');
    expect(error.wordsIn('zh-Hant')).toContain('第 2 行 性別：只能是 男 或 女');
  });

  it('keeps the API English reasons as before, with the code beside them', () => {
    const body = error.getResponse() as { errors: { field: string; reason: string; code: string }[] };
    expect(body.errors[0]).toEqual({ field: 'csv', reason: "line 2, column gender: 'x' is not male, female, 男 or 女", code: 'csv.gender' });
    expect(error.wordsIn('en')).toContain("csv: line 2, column gender: 'x' is not male, female, 男 or 女");
  });
});

describe('csvProblemRows: the import preview table in the page language', () => {
  const parsed = readPlayersCsv(['name_zh,name_en,gender', '王一,Wang Yi,x'].join('\n'));
  if (parsed.ok) throw new Error('expected problems');

  it('names the column in Chinese and gives the reason without repeating the line', () => {
    expect(csvProblemRows(parsed.error, 'zh')).toEqual([{ line: 2, column: '性别', reason: '只能是 男 或 女' }]);
    expect(csvProblemRows(parsed.error, 'zh-Hant')).toEqual([{ line: 2, column: '性別', reason: '只能是 男 或 女' }]);
    expect(csvProblemRows(parsed.error, 'en')).toEqual([{ line: 2, column: 'gender', reason: "'x' is not male, female, 男 or 女" }]);
  });
});
