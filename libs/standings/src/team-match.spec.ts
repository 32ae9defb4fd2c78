import { firstTeamIsRed } from '@chuhe/tournament';
import { teamMatchScore } from './team-match';

describe('a team match read from its boards (附录1 #7, 附录6 用法2, 二章5节4)', () => {
  it('the first-listed team has Red on the odd boards, reversed in a board’s second game', () => {
    expect([1, 2, 3, 4].map((b) => firstTeamIsRed(b))).toEqual([true, false, true, false]);
    expect([1, 2].map((b) => firstTeamIsRed(b, 2))).toEqual([false, true]);
  });

  it('场分 by comparing the boards added up: 4 of 6 wins, 3–3 draws (附录1 #7)', () => {
    // Board 1: the first team (Red) wins; board 2: it is Black and draws; board 3: it is Red and draws.
    const won = teamMatchScore([
      { board: 1, result: 'red_win' },
      { board: 2, result: 'draw' },
      { board: 3, result: 'draw' },
    ]);
    expect(won).toEqual({ matchPoints: [2, 0], gamePoints: [4, 2], bigPoints: null });
    // Board 2's win is Red's — the second team's (Red on even boards).
    expect(
      teamMatchScore([
        { board: 1, result: 'red_win' },
        { board: 2, result: 'red_win' },
        { board: 3, result: 'draw' },
      ])?.matchPoints,
    ).toEqual([1, 1]);
  });

  it('null while a board is open; tie-break games are not counted', () => {
    expect(
      teamMatchScore([
        { board: 1, result: 'red_win' },
        { board: 2, result: null },
      ]),
    ).toBeNull();
    expect(teamMatchScore([])).toBeNull();
    expect(
      teamMatchScore([
        { board: 1, kind: 'regular', result: 'black_win' },
        { board: 1, kind: 'rapid', result: 'red_win' },
      ])?.matchPoints,
    ).toEqual([0, 2]);
  });

  it('annulled boards count for nobody; all annulled or double forfeits: 0 : 0', () => {
    expect(
      teamMatchScore([
        { board: 1, result: 'annulled' },
        { board: 2, result: 'annulled' },
      ]),
    ).toEqual({ matchPoints: [0, 0], gamePoints: [0, 0], bigPoints: null });
    expect(
      teamMatchScore([
        { board: 1, result: 'double_forfeit' },
        { board: 2, result: 'double_forfeit' },
      ])?.matchPoints,
    ).toEqual([0, 0]);
  });

  it('two games a board: 大分 per board decides, then 小分 (二章5节4)', () => {
    // Board 1: the first team wins both games (Red in leg 1, Black in leg 2) → 大分 2; board 2: both drawn → 1 each.
    const s = teamMatchScore([
      { board: 1, leg: 1, result: 'red_win' },
      { board: 1, leg: 2, result: 'black_win' },
      { board: 2, leg: 1, result: 'draw' },
      { board: 2, leg: 2, result: 'draw' },
    ]);
    expect(s?.bigPoints).toEqual([3, 1]);
    expect(s?.matchPoints).toEqual([2, 0]);
    expect(s?.gamePoints).toEqual([6, 2]);
  });
});
