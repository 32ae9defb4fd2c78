import { parseUnitRows } from './unit-rows';

describe('parseUnitRows (issue 31 #2: units invited from a CSV)', () => {
  it('reads names and optional quotas, skipping a header and blank lines', () => {
    const { rows, problems } = parseUnitRows('中文名,英文名,名额\n新加坡,Singapore,2\n\n"马来西亚","Malaysia, Federation of"\n');
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      { line: 2, nameZh: '新加坡', nameEn: 'Singapore', quota: 2 },
      { line: 4, nameZh: '马来西亚', nameEn: 'Malaysia, Federation of', quota: null },
    ]);
  });

  it('names each bad line: a missing name, a bad quota, a unit listed twice, broken quoting', () => {
    const { problems } = parseUnitRows('新加坡,Singapore,two\n,Japan\n新加坡,Singapore again,1\n');
    expect(problems).toEqual([
      { line: 1, column: 'quota', code: 'quota', value: 'two', message: 'the quota must be a whole number from 0 to 99, not "two"' },
      { line: 2, column: 'nameZh', code: 'missing', message: 'the Chinese name is missing' },
      { line: 3, column: 'nameZh', code: 'twice', value: 1, message: '新加坡 is listed twice (line 1)' },
    ]);
    expect(parseUnitRows('"新加坡,Singapore').problems[0]).toMatchObject({ line: 1, column: 'csv', code: 'csv' });
  });
});
