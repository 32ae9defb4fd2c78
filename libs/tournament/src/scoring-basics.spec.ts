import { Tournament } from './model';
import { gamePoints, pairingPoints, scoresAfter, formatScore, isPlayedResult } from './scoring-basics';

const individual = { eventKind: 'individual', scoring: '2-1-0', gamesPerPairing: 1, boards: 3 } as const;

describe('scoring basics', () => {
  it.each([
    ['red_win', 2, 0],
    ['draw', 1, 1],
    ['black_win_forfeit', 0, 2],
    ['red_win_penalty', 2, 0],
    ['double_forfeit', 0, 0],
    ['annulled', 0, 0],
  ] as const)('%s gives red %i, black %i', (result, red, black) => {
    expect(gamePoints(result, 'red')).toBe(red);
    expect(gamePoints(result, 'black')).toBe(black);
  });

  it('knows played from unplayed results', () => {
    expect(isPlayedResult('red_win_penalty')).toBe(true);
    expect(isPlayedResult('black_win_forfeit')).toBe(false);
  });

  it('gives 大分 in a two-game pairing (二章5节2)', () => {
    const p = {
      red: 'a',
      black: 'b',
      games: [
        { red: 'a', black: 'b', result: 'red_win' as const },
        { red: 'b', black: 'a', result: 'draw' as const },
      ],
    };
    expect(pairingPoints(p, { ...individual, gamesPerPairing: 2 })).toEqual({ gamePoints: { red: 3, black: 1 }, score: { red: 2, black: 0 } });
    expect(pairingPoints({ ...p, games: [p.games[0], { ...p.games[1], result: null }] }, individual)).toBeUndefined();
  });

  it('gives 场分 in a team match (附录1 #7: 4 of 6 game points wins, 3–3 a draw)', () => {
    const t: Tournament = {
      options: { ...individual, eventKind: 'team' },
      entries: [
        { id: 'A', drawNumber: 1, members: [{ id: 'a1' }, { id: 'a2' }, { id: 'a3' }] },
        { id: 'B', drawNumber: 2, members: [{ id: 'b1' }, { id: 'b2' }, { id: 'b3' }] },
        { id: 'C', drawNumber: 3 },
      ],
      rounds: [
        {
          round: 1,
          pairings: [
            {
              red: 'A',
              black: 'B',
              games: [
                { red: 'a1', black: 'b1', result: 'red_win', board: 1 },
                { red: 'b2', black: 'a2', result: 'draw', board: 2 },
                { red: 'a3', black: 'b3', result: 'draw', board: 3 },
              ],
            },
          ],
          byes: ['C'],
        },
      ],
    };
    expect(Object.fromEntries(scoresAfter(t).scores)).toEqual({ A: 2, B: 0, C: 2 });
  });

  it('adds byes with configurable points and reports unfinished rounds', () => {
    const t: Tournament = {
      options: { ...individual, byePoints: 1 },
      entries: [
        { id: 'a', drawNumber: 1 },
        { id: 'b', drawNumber: 2 },
        { id: 'c', drawNumber: 3 },
      ],
      rounds: [
        { round: 1, pairings: [{ red: 'a', black: 'b', games: [{ red: 'a', black: 'b', result: 'black_win' }] }], byes: ['c'] },
        { round: 2, pairings: [{ red: 'c', black: 'b', games: [{ red: 'c', black: 'b', result: null }] }], byes: ['a'] },
      ],
    };
    const table = scoresAfter(t);
    expect(Object.fromEntries(table.scores)).toEqual({ a: 1, b: 2, c: 1 });
    expect(table.unfinishedRounds).toEqual([2]);
    expect(formatScore(3, { scoring: '1-0.5-0' })).toBe('1.5');
  });
});
