import { absencesAtStart, lateLimit, presentAt } from './start-signal';

describe('the start signal (二章7节1 零迟到)', () => {
  const boards = [
    { gameId: 'g1', red: 'a', black: 'b', result: null },
    { gameId: 'g2', red: 'c', black: 'd', result: null },
    { gameId: 'g3', red: 'e', black: 'f', result: null },
    { gameId: 'g4', red: 'g', black: 'h', result: 'draw' },
    { gameId: 'g5', red: 'i', black: null, result: null },
  ];

  it('an absent player loses to a present one; both absent, both lose; boards with a result or without both players are left alone', () => {
    const present = new Set(['a', 'b', 'd']);
    expect(absencesAtStart(boards, present)).toEqual([
      { gameId: 'g2', absent: ['red'], result: 'black_win_forfeit' },
      { gameId: 'g3', absent: ['red', 'black'], result: 'double_forfeit' },
    ]);
    expect(absencesAtStart(boards, new Set(['a', 'c', 'd', 'e']))).toEqual([
      { gameId: 'g1', absent: ['black'], result: 'red_win_forfeit' },
      { gameId: 'g3', absent: ['black'], result: 'red_win_forfeit' },
    ]);
  });

  it('zero tolerance: the limit is the start itself; a tolerance (补充规定) moves it; a check-in after the limit is late', () => {
    const start = new Date('2026-11-30T01:00:00Z');
    expect(lateLimit(start, 0)).toEqual(start);
    expect(lateLimit(start, -5)).toEqual(start);
    const limit = lateLimit(start, 15);
    expect(limit).toEqual(new Date('2026-11-30T01:15:00Z'));
    const checkIns = [
      { playerId: 'a', at: new Date('2026-11-30T00:40:00Z') },
      { playerId: 'b', at: new Date('2026-11-30T01:15:00Z') },
      { playerId: 'c', at: new Date('2026-11-30T01:15:01Z') },
    ];
    expect([...presentAt(checkIns, start)]).toEqual(['a']);
    expect([...presentAt(checkIns, limit)].sort()).toEqual(['a', 'b']);
  });
});
