import { boardGames, checkLineup, defaultLineup, lineupReleased } from './lineup';

const members = [{ id: 's1', board: 1 }, { id: 's2', board: 2 }, { id: 's3', board: 3 }, { id: 'r1' }];

describe('lineups (附录1 #1, #6, #8)', () => {
  it('附录1 #6: the reserve may play any board, in any order the captain gives', () => {
    expect(checkLineup(['r1', 's1', 's3'], { members, boards: 3 })).toEqual({ ok: true, value: ['r1', 's1', 's3'] });
  });

  it('refuses a non-member, a player twice, an unavailable player and a wrong count, naming the field', () => {
    const r = checkLineup(['s1', 'x9', 's1'], { members, boards: 3 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.map((p) => p.field)).toEqual(['players.1', 'players.2']);
    const u = checkLineup(['s1', 's2', 's3'], { members, boards: 3, unavailable: new Set(['s2']) });
    expect(!u.ok && u.error[0]).toMatchObject({ field: 'players.1', reason: expect.stringContaining('may not play') });
    const n = checkLineup(['s1', 's2'], { members, boards: 3 });
    expect(!n.ok && n.error[0].field).toBe('players');
  });

  it('附录1 #8: without a lineup the starters play in registered board order; an unavailable starter is replaced by the reserve', () => {
    expect(defaultLineup({ members: [members[3], members[2], members[0], members[1]], boards: 3 })).toEqual(['s1', 's2', 's3']);
    expect(defaultLineup({ members, boards: 3, unavailable: new Set(['s2']) })).toEqual(['s1', 'r1', 's3']);
    expect(defaultLineup({ members, boards: 3, unavailable: new Set(['s2', 'r1']) })).toEqual(['s1', 's3']);
  });

  it('附录6 用法2: the first-listed team has Red on boards 1 and 3, Black on board 2', () => {
    expect(boardGames(['a1', 'a2', 'a3'], ['b1', 'b2', 'b3'], 3)).toEqual([
      { board: 1, red: 'a1', black: 'b1' },
      { board: 2, red: 'b2', black: 'a2' },
      { board: 3, red: 'a3', black: 'b3' },
    ]);
    expect(boardGames(['a1', 'a2'], ['b1', 'b2', 'b3'], 3)[2]).toEqual({ board: 3, red: '', black: 'b3', missing: 'red' });
  });

  it('a lineup is public once both are in or the deadline has passed', () => {
    expect(lineupReleased({ bothIn: false, deadlinePassed: false })).toBe(false);
    expect(lineupReleased({ bothIn: true, deadlinePassed: false })).toBe(true);
    expect(lineupReleased({ bothIn: false, deadlinePassed: true })).toBe(true);
  });
});
