import type { Round } from '@chuhe/tournament';
import { affectedPairings, diffRoundPairings, matchesNoLongerPaired } from './pairing-diff';

const round = (n: number, pairs: [string, string][], byes: string[] = []): Round => ({
  round: n,
  pairings: pairs.map(([red, black]) => ({ red, black, games: [{ red, black, result: null }] })),
  byes,
});

describe('diffRoundPairings', () => {
  test('the same round, in another order: nothing changed', () => {
    const d = diffRoundPairings(
      round(
        3,
        [
          ['a', 'b'],
          ['c', 'd'],
        ],
        ['e'],
      ),
      round(
        3,
        [
          ['c', 'd'],
          ['a', 'b'],
        ],
        ['e'],
      ),
    );
    expect(d).toEqual({ round: 3, changed: false, unchanged: 3, coloursReversed: [], dropped: [], proposed: [] });
    expect(affectedPairings(d)).toEqual([]);
  });

  test('colours exchanged', () => {
    const d = diffRoundPairings(
      round(2, [
        ['a', 'b'],
        ['c', 'd'],
      ]),
      round(2, [
        ['b', 'a'],
        ['c', 'd'],
      ]),
    );
    expect(d.changed).toBe(true);
    expect(d.unchanged).toBe(1);
    expect(d.coloursReversed).toEqual([{ red: 'a', black: 'b' }]);
    expect(d.dropped).toEqual([]);
    expect(d.proposed).toEqual([]);
    expect(affectedPairings(d)).toEqual([{ stored: { red: 'a', black: 'b' }, change: 'colours', wouldBe: [{ red: 'b', black: 'a' }] }]);
  });

  test('other opponents: both stored pairings are dropped, the new ones proposed', () => {
    const d = diffRoundPairings(
      round(4, [
        ['a', 'b'],
        ['c', 'd'],
        ['e', 'f'],
      ]),
      round(4, [
        ['a', 'c'],
        ['d', 'b'],
        ['e', 'f'],
      ]),
    );
    expect(d.unchanged).toBe(1);
    expect(d.dropped).toEqual([
      { red: 'a', black: 'b' },
      { red: 'c', black: 'd' },
    ]);
    expect(d.proposed).toEqual([
      { red: 'a', black: 'c' },
      { red: 'd', black: 'b' },
    ]);
    expect(affectedPairings(d)).toEqual([
      {
        stored: { red: 'a', black: 'b' },
        change: 'opponents',
        wouldBe: [
          { red: 'a', black: 'c' },
          { red: 'd', black: 'b' },
        ],
      },
      {
        stored: { red: 'c', black: 'd' },
        change: 'opponents',
        wouldBe: [
          { red: 'a', black: 'c' },
          { red: 'd', black: 'b' },
        ],
      },
    ]);
  });

  test('the bye moves', () => {
    const d = diffRoundPairings(round(5, [['a', 'b']], ['c']), round(5, [['a', 'c']], ['b']));
    expect(d.dropped).toEqual([
      { red: 'a', black: 'b' },
      { red: 'c', black: null },
    ]);
    expect(d.proposed).toEqual([
      { red: 'a', black: 'c' },
      { red: 'b', black: null },
    ]);
    expect(affectedPairings(d).map((a) => a.change)).toEqual(['opponents', 'bye']);
    expect(affectedPairings(d)[1].wouldBe).toEqual([{ red: 'a', black: 'c' }]);
  });

  test('does not change its inputs', () => {
    const stored = round(2, [['a', 'b']]);
    const copy = JSON.parse(JSON.stringify(stored));
    diffRoundPairings(stored, round(2, [['b', 'a']]));
    expect(stored).toEqual(copy);
  });
});

describe('matchesNoLongerPaired (三章4C)', () => {
  test('the same two entries in either colours: the match stands', () => {
    expect(matchesNoLongerPaired([{ red: 'a', black: 'b' }], round(2, [['b', 'a']]))).toEqual([]);
  });
  test('another winner in the match: the stored match is named', () => {
    const stored = [
      { red: 'a', black: 'b' },
      { red: 'c', black: 'd' },
    ];
    expect(
      matchesNoLongerPaired(
        stored,
        round(2, [
          ['a', 'e'],
          ['c', 'd'],
        ]),
      ),
    ).toEqual([{ red: 'a', black: 'b' }]);
  });
});
