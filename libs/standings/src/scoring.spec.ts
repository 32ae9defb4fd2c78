import { ScoredGame, scorePairing } from './scoring';
import { computeStandings } from './standings';
import { individual, team } from './spec-helpers';

const g = (board: number, aIsRed: boolean, result: ScoredGame['result']): ScoredGame => ({ board, aIsRed, result });

describe('scorePairing (二章5节)', () => {
  test.each([
    ['red_win', [2, 0]],
    ['draw', [1, 1]],
    ['black_win', [0, 2]],
    ['red_win_forfeit', [2, 0]],
    ['black_win_penalty', [0, 2]],
    ['double_forfeit', [0, 0]],
  ] as const)('individual, one game: %s (二章5节1)', (result, score) => {
    expect(scorePairing('individual', 1, [g(1, true, result)]).score).toEqual(score);
  });

  test.each([
    // game 1 A red, game 2 A black; results as printed on the board
    ['two wins', 'red_win', 'black_win', [2, 0], [4, 0]],
    ['a win and a draw', 'red_win', 'draw', [2, 0], [3, 1]],
    ['a win each', 'red_win', 'red_win', [1, 1], [2, 2]],
    ['two draws', 'draw', 'draw', [1, 1], [2, 2]],
    ['a draw and a loss', 'draw', 'red_win', [0, 2], [1, 3]],
  ] as const)('individual, two games, %s (二章5节2)', (_, r1, r2, big, small) => {
    const s = scorePairing('individual', 2, [g(1, true, r1), g(2, false, r2)]);
    expect(s.score).toEqual(big);
    expect(s.bigPoints).toEqual(big);
    expect(s.gamePoints).toEqual(small);
  });

  test('team, one game per board: 4 of 6 wins, 3–3 draws (二章5节3, 附录1 #7)', () => {
    // A wins board 1, draws board 2, draws board 3: 4–2
    expect(scorePairing('team', 1, [g(1, true, 'red_win'), g(2, false, 'draw'), g(3, true, 'draw')]).score).toEqual([2, 0]);
    // 3–3
    const s = scorePairing('team', 1, [g(1, true, 'red_win'), g(2, false, 'draw'), g(3, true, 'black_win')]);
    expect(s.score).toEqual([1, 1]);
    expect(s.gamePoints).toEqual([3, 3]);
  });

  test('team, a double-forfeited board: the other boards decide by comparison', () => {
    // board 1 double forfeit (0–0), board 2 A wins, board 3 draw: 3–1
    expect(scorePairing('team', 1, [g(1, true, 'double_forfeit'), g(2, false, 'black_win'), g(3, true, 'draw')]).score).toEqual([2, 0]);
    // every board double forfeit: both lose
    const s = scorePairing('team', 1, [g(1, true, 'double_forfeit'), g(2, false, 'double_forfeit')]);
    expect(s.score).toEqual([0, 0]);
    expect(s.doubleForfeit).toBe(true);
  });

  test('team, two games per board: 大分 decides, then 小分 (二章5节4)', () => {
    // board 1: A wins both (大分 2–0, 小分 4–0); board 2: B wins one, one draw (0–2, 1–3); board 3: 1–1 each (1–1, 2–2)
    const games = [g(1, true, 'red_win'), g(1, false, 'black_win'), g(2, false, 'red_win'), g(2, true, 'draw'), g(3, true, 'red_win'), g(3, false, 'red_win')];
    const s = scorePairing('team', 2, games);
    expect(s.bigPoints).toEqual([3, 3]);
    expect(s.gamePoints).toEqual([7, 5]);
    expect(s.score).toEqual([2, 0]); // 大分 equal → 小分 7–5
    // 大分 wins over 小分: A wins boards 1 and 2 by a win and a draw (2+2 大分, 3+3 小分), loses board 3 0–4.
    const t = scorePairing('team', 2, [
      g(1, true, 'red_win'),
      g(1, false, 'draw'),
      g(2, false, 'black_win'),
      g(2, true, 'draw'),
      g(3, true, 'black_win'),
      g(3, false, 'red_win'),
    ]);
    expect(t.bigPoints).toEqual([4, 2]);
    expect(t.gamePoints).toEqual([6, 6]);
    expect(t.score).toEqual([2, 0]);
  });
});

describe('scores in the standings', () => {
  test('1 / ½ / 0 scoring displays half-points (二章5节1)', () => {
    const t = individual(['a', 'b', 'c'], ['a-b =, c bye', 'c-a 0, b bye'], { scoring: '1-0.5-0' });
    const s = computeStandings(t, { format: 'swiss' });
    if (!s.ok) throw s.error;
    expect(s.value.rows.map((r) => [r.entry, r.score])).toEqual([
      ['a', 1.5],
      ['b', 1.5],
      ['c', 1],
    ]);
  });

  test('two-game individual: the score is 大分, 总局分 is 小分', () => {
    const t = individual(['a', 'b'], ['a-b 1='], { gamesPerPairing: 2 });
    const s = computeStandings(t, { format: 'round-robin', chain: ['score', 'totalGamePoints', 'totalBigPoints'] });
    if (!s.ok) throw s.error;
    expect(s.value.rows[0]).toMatchObject({ entry: 'a', score: 2, values: { totalGamePoints: 3, totalBigPoints: 2 } });
    expect(s.value.rows[1]).toMatchObject({ entry: 'b', score: 0, values: { totalGamePoints: 1, totalBigPoints: 0 } });
  });

  test('a bye scores byePoints (default a win) and, for a team, a win on every board', () => {
    const t = individual(['a', 'b', 'c'], ['a-b 1, c bye'], { byePoints: 1 });
    const s = computeStandings(t, { format: 'swiss' });
    if (!s.ok) throw s.error;
    expect(s.value.rows.find((r) => r.entry === 'c')!.score).toBe(1);
    const tt = team(['A', 'B', 'C'], ['A-B wdl, C bye']);
    const st = computeStandings(tt, { format: 'swiss' });
    if (!st.ok) throw st.error;
    expect(st.value.rows[0]).toMatchObject({ entry: 'C', score: 2, values: { totalGamePoints: 6, board1Points: 2 } });
  });

  test('a reserve counts one board only (附录1 #6)', () => {
    // A4 (reserve) plays board 2 in round 1 and board 3 in rounds 2 and 3.
    const t = team(['A', 'B', 'C', 'D'], ['A-B www A4@2', 'A-C www A4@3', 'A-D lww A4@3']);
    const s = computeStandings(t, { format: 'swiss' });
    if (!s.ok) throw s.error;
    const a4 = s.value.members!.find((m) => m.player === 'A4')!;
    expect(a4.starterBoard).toBeNull();
    expect(a4.boards).toEqual([
      { board: 2, games: 1, points: 2 },
      { board: 3, games: 2, points: 4 },
    ]);
    expect(a4).toMatchObject({ countedBoard: 3, countedPoints: 4 });
    const chosen = computeStandings(t, { format: 'swiss', reserveBoards: { A4: 2 } });
    if (!chosen.ok) throw chosen.error;
    expect(chosen.value.members!.find((m) => m.player === 'A4')).toMatchObject({ countedBoard: 2, countedPoints: 2 });
  });
});
