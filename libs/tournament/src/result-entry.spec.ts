import { GAME_RESULTS } from './model';
import { parseResultEntry, resolveResultLine, RESULT_CODES, sheetGameLabels, type SheetLineGame } from './result-entry';

describe('parseResultEntry (the result sheet keyboard line)', () => {
  it.each([
    ['12 1', 12, null, 'red_win'],
    ['12 =', 12, null, 'draw'],
    ['12 0', 12, null, 'black_win'],
    ['12 +', 12, null, 'red_win_forfeit'],
    ['12 -', 12, null, 'black_win_forfeit'],
    ['12 --', 12, null, 'double_forfeit'],
    ['12.3 1', 12, 3, 'red_win'],
    ['  7/2 0-1 ', 7, 2, 'black_win'],
    ['4=', 4, null, 'draw'],
    ['4 D', 4, null, 'draw'],
  ])('%s → table %d board %s %s', (text, table, board, result) => {
    expect(parseResultEntry(text)).toEqual({ ok: true, value: { table, board, result } });
  });

  it('says why a line is refused: no table, or an unknown result code', () => {
    expect(parseResultEntry('abc')).toEqual({ ok: false, error: { code: 'format', text: 'abc' } });
    expect(parseResultEntry('')).toEqual({ ok: false, error: { code: 'format', text: '' } });
    expect(parseResultEntry('12 x')).toEqual({ ok: false, error: { code: 'result', text: '12 x', token: 'x' } });
    expect(parseResultEntry('12 toString')).toEqual({ ok: false, error: { code: 'result', text: '12 toString', token: 'toString' } });
  });

  it('every code names a result of the vocabulary', () => {
    for (const r of Object.values(RESULT_CODES)) expect(GAME_RESULTS).toContain(r);
  });
});

describe("the sheet's game labels and the game a line names (issue 30 #2)", () => {
  const g = (table: number, board: number, kind = 'regular', open = true, leg = 1): SheetLineGame => ({ table, board, leg, kind, open });

  it('an individual knockout table with its tie-break games: slow, rapid 1, rapid 2, armageddon, keyed table.game', () => {
    const games = [g(1, 1, 'regular', false), g(1, 2, 'rapid', false), g(1, 3, 'rapid', false), g(1, 4, 'armageddon'), g(2, 1)];
    expect(sheetGameLabels(games, false)).toEqual([
      { key: '1.1', kind: 'regular', n: null },
      { key: '1.2', kind: 'rapid', n: 1 },
      { key: '1.3', kind: 'rapid', n: 2 },
      { key: '1.4', kind: 'armageddon', n: null },
      { key: '2', kind: null, n: null },
    ]);
  });

  it('a two-game pairing numbers its slow games; team boards are table.board, and table.board.game with two games per board', () => {
    expect(sheetGameLabels([g(3, 1), g(3, 2)], false).map((l) => [l.key, l.kind, l.n])).toEqual([
      ['3.1', 'regular', 1],
      ['3.2', 'regular', 2],
    ]);
    expect(sheetGameLabels([g(4, 1), g(4, 2)], true).map((l) => l.key)).toEqual(['4.1', '4.2']);
    expect(sheetGameLabels([g(4, 1, 'regular', true, 1), g(4, 1, 'regular', true, 2)], true).map((l) => l.key)).toEqual(['4.1.1', '4.1.2']);
  });

  const knockout = [g(1, 1, 'regular', false), g(1, 2, 'rapid', true), g(2, 1, 'regular', true)];
  const labels = sheetGameLabels(knockout, false);
  const line = (text: string, games = knockout, l = labels) => resolveResultLine(text, games, l);

  it('the plain table number names a table of one game (the "2 0" an individual event refused)', () => {
    expect(line('2 0')).toEqual({ ok: true, value: { index: 2, result: 'black_win', key: '2' } });
  });

  it('the plain table number names the one open game of a table of several (the rapid game being played)', () => {
    expect(line('1 =')).toEqual({ ok: true, value: { index: 1, result: 'draw', key: '1.2' } });
  });

  it('table.game names any game of the table, open or not (a correction of the slow game)', () => {
    expect(line('1.1 0')).toEqual({ ok: true, value: { index: 0, result: 'black_win', key: '1.1' } });
  });

  it('a table with no open game or several: the line must say which, and the answer lists the keys', () => {
    const done = [g(1, 1, 'regular', false), g(1, 2, 'rapid', false)];
    expect(line('1 1', done, sheetGameLabels(done, false))).toEqual({ ok: false, error: { code: 'which_game', table: 1, keys: ['1.1', '1.2'] } });
    const team = [g(5, 1), g(5, 2), g(5, 3)];
    expect(line('5 1', team, sheetGameLabels(team, true))).toEqual({ ok: false, error: { code: 'which_game', table: 5, keys: ['5.1', '5.2', '5.3'] } });
  });

  it('the last open board of a team match is named by its table alone; two games per board by table.board.game', () => {
    const team = [g(5, 1, 'regular', false), g(5, 2, 'regular', true), g(5, 3, 'regular', false)];
    expect(line('5 1', team, sheetGameLabels(team, true))).toMatchObject({ ok: true, value: { index: 1, key: '5.2' } });
    const legs = [g(6, 1, 'regular', true, 1), g(6, 1, 'regular', true, 2)];
    expect(line('6.1.2 0', legs, sheetGameLabels(legs, true))).toMatchObject({ ok: true, value: { index: 1, key: '6.1.2' } });
    expect(parseResultEntry('6.1.2 0')).toEqual({ ok: true, value: { table: 6, board: 1, leg: 2, result: 'black_win' } });
  });

  it("a table or game the sheet does not have, and the reader's own refusals, pass through", () => {
    expect(line('9 1')).toEqual({ ok: false, error: { code: 'no_game', game: '9' } });
    expect(line('1.7 1')).toEqual({ ok: false, error: { code: 'no_game', game: '1.7' } });
    expect(line('1 x')).toEqual({ ok: false, error: { code: 'result', text: '1 x', token: 'x' } });
  });
});
