import { Tournament } from '@chuhe/tournament';
import { computeStandings, Standings, StandingsOptions } from './standings';
import { individual } from './spec-helpers';

function standings(t: Tournament, options: StandingsOptions): Standings {
  const s = computeStandings(t, options);
  if (!s.ok) throw s.error;
  return s.value;
}
const score = (s: Standings, id: string) => s.rows.find((r) => r.entry === id)!.score;

/**
 * Round 2 holds a knockout match a–b stored as one pairing: the slow game drawn, then the rapid
 * game (colours reversed) won by a (附录2 7b). c and d play a normal one-game pairing.
 */
const field = (): Tournament => individual(['a', 'b', 'c', 'd'], ['a-c 1, b-d 1', 'a-b =0, c-d ='], { gamesPerPairing: 1 });

describe('firstGameOnlyRounds (knockout tie-break games stored in the pairing)', () => {
  test('without it the rapid game is scored too: a gets 3 for the pairing', () => {
    const s = standings(field(), { format: 'swiss' });
    expect(score(s, 'a')).toBe(5);
    expect(score(s, 'b')).toBe(3);
  });

  test('with it only the first game (the slow game) counts, for the players and for their opponents’ 对手分', () => {
    const s = standings(field(), { format: 'swiss', firstGameOnlyRounds: [2] });
    expect(score(s, 'a')).toBe(3);
    expect(score(s, 'b')).toBe(3);
    // c's opponents: a (3) and d (1).
    expect(s.rows.find((r) => r.entry === 'c')!.values.opponentScore).toBe(4);
    // The rapid game's win is not a 胜局 either.
    expect(s.rows.find((r) => r.entry === 'a')!.values.wins).toBe(1);
  });

  test('a later game still on the board is not pending; an unfinished first game is', () => {
    const t = individual(['a', 'b', 'c', 'd'], ['a-c 1, b-d 1', 'a-b =?, c-d ='], { gamesPerPairing: 1 });
    expect(standings(t, { format: 'swiss' }).pending).toHaveLength(1);
    expect(standings(t, { format: 'swiss', firstGameOnlyRounds: [2] }).pending).toHaveLength(0);
    const open = individual(['a', 'b', 'c', 'd'], ['a-c 1, b-d 1', 'a-b ?, c-d ='], { gamesPerPairing: 1 });
    expect(standings(open, { format: 'swiss', firstGameOnlyRounds: [2] }).pending).toEqual([{ round: 2, red: 'a', black: 'b' }]);
  });

  test('an annulled first game is skipped: its replay counts', () => {
    const t = individual(['a', 'b', 'c', 'd'], ['a-c 1, b-d 1', 'a-b x1, c-d ='], { gamesPerPairing: 1 });
    // Game 2 of the helper has b Red: "1" = b wins the replay.
    const s = standings(t, { format: 'swiss', firstGameOnlyRounds: [2] });
    expect(score(s, 'b')).toBe(4);
    expect(score(s, 'a')).toBe(2);
  });

  test('other rounds are untouched', () => {
    const s = standings(field(), { format: 'swiss', firstGameOnlyRounds: [1] });
    expect(score(s, 'a')).toBe(5);
  });
});

describe('rankOnly (rank a part of the field among themselves)', () => {
  test('the others still count as opponents but get no row', () => {
    // a 3, b 3, c 2, d 0.
    const t = individual(['a', 'b', 'c', 'd'], ['a-c 1, b-d 1', 'a-b =, c-d 1']);
    const all = standings(t, { format: 'swiss' });
    expect(all.rows.map((r) => r.entry)).toEqual(['a', 'b', 'c', 'd']);
    const part = standings(t, { format: 'swiss', rankOnly: ['c', 'd'] });
    expect(part.rows.map((r) => [r.rank, r.entry])).toEqual([
      [1, 'c'],
      [2, 'd'],
    ]);
    // c's 对手分 still counts a (3) and d (0).
    expect(part.rows[0].values.opponentScore).toBe(3);
    expect(part.progressive!.map((p) => p.entry)).toEqual(['c', 'd']);
  });

  test('an unknown id is an error', () => {
    const t = individual(['a', 'b'], ['a-b 1']);
    expect(computeStandings(t, { format: 'swiss', rankOnly: ['z'] })).toMatchObject({ ok: false, error: { code: 'unknown_entry' } });
  });
});
