import { formatProblem, readPlayersCsv, readTeamsCsv } from './import-rows';

describe('readPlayersCsv', () => {
  it('reads valid rows', () => {
    const result = readPlayersCsv('name_zh,name_en,gender,affiliation,rating\n许银川,Xu Yinchuan,男,广东,2700\n唐丹,Tang Dan,female,北京,');
    expect(result).toEqual({
      ok: true,
      value: [
        { line: 2, nameZh: '许银川', nameEn: 'Xu Yinchuan', gender: 'male', affiliation: '广东', rating: 2700, title: undefined },
        { line: 3, nameZh: '唐丹', nameEn: 'Tang Dan', gender: 'female', affiliation: '北京', rating: undefined, title: undefined },
      ],
    });
  });

  it('reports every bad row as line N, column X: reason', () => {
    const result = readPlayersCsv('name_zh,name_en,gender,rating\n,Nobody,male,1\n王天一,Wang Tianyi,x,abc\n王天一,Wang Tianyi,male,');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.map(formatProblem)).toEqual([
      'line 2, column name_zh: must not be empty',
      "line 3, column gender: 'x' is not male, female, 男 or 女",
      "line 3, column rating: 'abc' is not a whole number from 0 to 4000",
    ]);
  });

  it('counts a name in characters (code points) as the API does: 100 characters outside the BMP fit, 101 do not (issue 23 #8)', () => {
    const fits = readPlayersCsv(`name_zh,name_en,gender\n${'𠀀'.repeat(100)},${'é'.repeat(100)},male`);
    expect(fits.ok).toBe(true);
    const long = readPlayersCsv(`name_zh,name_en,gender\n${'𠀀'.repeat(101)},A,male`);
    expect(long.ok ? [] : long.error.map(formatProblem)).toEqual(['line 2, column name_zh: longer than 100 characters']);
  });

  it('rejects unknown and missing columns in the header', () => {
    const result = readPlayersCsv('name_zh,colour\nA,red');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.map(formatProblem)).toEqual([
      'line 1, column colour: unknown column; expected name_zh, name_en, gender, affiliation, rating, title, federation_id',
      'line 1, column name_en: required column is missing',
      'line 1, column gender: required column is missing',
    ]);
  });
});

describe('a CSV saved with semicolons', () => {
  it('says to use commas (issue 22)', () => {
    const r = readPlayersCsv('name_zh;name_en;gender\n王天一;Wang Tianyi;male\n');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toEqual([{ line: 1, column: '-', code: 'semicolons', reason: expect.stringContaining('use commas') }]);
  });
});

describe('readTeamsCsv', () => {
  const header = 'team_zh,team_en,affiliation,role,board,name_zh,name_en,gender';
  it('groups members into teams with starters in board order', () => {
    const csv = [
      header,
      '新加坡一队,Singapore 1,新加坡,正选,2,乙,B,男',
      '新加坡一队,Singapore 1,新加坡,正选,1,甲,A,男',
      '新加坡一队,Singapore 1,新加坡,正选,3,丙,C,女',
      '新加坡一队,Singapore 1,新加坡,后补,,丁,D,男',
    ].join('\n');
    const result = readTeamsCsv(csv, { starters: 3, reserves: 1 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toHaveLength(1);
    expect(result.value[0].starters.map((p) => p.nameZh)).toEqual(['甲', '乙', '丙']);
    expect(result.value[0].reserves.map((p) => p.nameZh)).toEqual(['丁']);
  });

  it('reports duplicate boards, missing starters and too many reserves', () => {
    const csv = [header, 'T,T,A,starter,1,a,a,male', 'T,T,A,starter,1,b,b,male', 'T,T,A,reserve,,c,c,male', 'T,T,A,reserve,,d,d,male'].join('\n');
    const result = readTeamsCsv(csv, { starters: 3, reserves: 1 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.map(formatProblem)).toEqual([
      'line 2, column board: T has 1 starter(s); the event needs 3 (boards 1–3)',
      'line 3, column board: board 1 of T is already on line 2',
      'line 5, column role: T has more than 1 reserve(s)',
    ]);
    expect(result.error.map((p) => [p.code, p.params])).toEqual([
      ['starter_count', { team: 'T', count: 1, expected: 3 }],
      ['board_taken', { board: 1, team: 'T', otherLine: 2 }],
      ['too_many_reserves', { team: 'T', max: 1 }],
    ]);
  });
});

describe('control characters (issue 23 #8)', () => {
  it('refuses a name with a line break in a quoted cell, naming the line and column', () => {
    const csv = 'name_zh,name_en,gender\n"王\r\n001    2 forged",Wang,male\n';
    const parsed = readPlayersCsv(csv);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toContainEqual(expect.objectContaining({ column: 'name_zh', reason: expect.stringContaining('control characters') }));
  });
});
