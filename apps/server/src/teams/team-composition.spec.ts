import { compositionProblems } from './team-composition';

const player = (affiliationId: string, gender: 'male' | 'female' = 'male') => ({ tournamentOk: true, affiliationId, gender });

describe('compositionProblems (附录1 #1)', () => {
  const base = {
    limits: { starters: 3, reserves: 1 },
    category: 'open' as const,
    affiliationId: 'A',
    players: new Map([
      ['p1', player('A')],
      ['p2', player('A')],
      ['p3', player('A')],
      ['p4', player('A')],
      ['b1', player('B')],
      ['w1', player('A', 'female')],
    ]),
    inOtherTeam: new Set<string>(),
  };

  it('accepts 3 starters and 1 reserve of the affiliation', () => {
    expect(compositionProblems({ ...base, starters: ['p1', 'p2', 'p3'], reserves: ['p4'] })).toEqual([]);
  });

  it('names each problem with its field', () => {
    expect(compositionProblems({ ...base, starters: ['p1', 'p1', 'b1', 'zz'], reserves: ['p2', 'p3'], inOtherTeam: new Set(['p2']) })).toMatchObject([
      { field: 'starters', reason: 'the event needs exactly 3 starters in board order' },
      { field: 'reserves', reason: 'the event allows at most 1 reserve(s)' },
      { field: 'starters.1', reason: 'a player appears twice in the team' },
      { field: 'starters.2', reason: "the player is not of the team's affiliation" },
      { field: 'starters.3', reason: 'no such player in this tournament' },
      { field: 'reserves.0', reason: 'the player is already in another team of this event' },
    ]);
  });

  it("admits only women to a women's event", () => {
    expect(compositionProblems({ ...base, category: 'women', limits: { starters: 1, reserves: 0 }, starters: ['w1'], reserves: [] })).toEqual([]);
    expect(compositionProblems({ ...base, category: 'women', limits: { starters: 1, reserves: 0 }, starters: ['p1'], reserves: [] })).toMatchObject([
      { field: 'starters.0', reason: "a women's event admits women players only" },
    ]);
  });
});
