import { GAME_RESULTS } from './model';
import { parseResultEntry, RESULT_CODES } from './result-entry';

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
