import fc from 'fast-check';
import { AXF_TEAM_SEED_POSITIONS, DrawEntry, drawNumbers } from './draw';

const teams = (n: number): DrawEntry[] =>
  Array.from({ length: n }, (_, i) => ({ id: `t${String(i + 1).padStart(2, '0')}`, affiliation: `A${i % 5}` }));

function numbers(result: ReturnType<typeof drawNumbers>): Map<string, number> {
  if (!result.ok) throw result.error;
  return new Map(result.value.map((a) => [a.entryId, a.drawNumber]));
}

describe('drawNumbers', () => {
  it('is a permutation of 1..N, reproducible from the seed and independent of input order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.string(), (n, seed) => {
        const entries = teams(n);
        const a = numbers(drawNumbers(entries, { seed }));
        const b = numbers(drawNumbers(entries.slice().reverse(), { seed }));
        expect([...a.values()].sort((x, y) => x - y)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
        expect(b).toEqual(a);
      }),
    );
  });

  it('gives different draws for different seeds', () => {
    const entries = teams(12);
    expect(numbers(drawNumbers(entries, { seed: 'a' }))).not.toEqual(numbers(drawNumbers(entries, { seed: 'b' })));
  });

  it('draws the four seeds into 1, 6, 9, 14 (附录1 #5)', () => {
    const entries = teams(16).map((e, i) => (i < 4 ? { ...e, seed: i + 1 } : e));
    for (const seed of ['x', 'y', 'z']) {
      const drawn = numbers(drawNumbers(entries, { seed, seedPositions: AXF_TEAM_SEED_POSITIONS }));
      const seedNumbers = entries.slice(0, 4).map((e) => drawn.get(e.id)!);
      expect(seedNumbers.sort((a, b) => a - b)).toEqual([1, 6, 9, 14]);
    }
  });

  it('keeps pinned entries on their numbers', () => {
    const entries = teams(10);
    const drawn = numbers(drawNumbers(entries, { seed: 's', pinned: [{ entryId: 't03', drawNumber: 7 }] }));
    expect(drawn.get('t03')).toBe(7);
  });

  it('puts the host extra team next to a team of its own affiliation so they meet in round 1 (附录1 #3)', () => {
    const entries: DrawEntry[] = [...teams(11), { id: 'host2', affiliation: 'A2', hostExtra: true }];
    for (const seed of ['1', '2', '3', '4', '5']) {
      const drawn = numbers(drawNumbers(entries, { seed }));
      const extra = drawn.get('host2')!;
      const partnerNumber = extra % 2 === 1 ? extra + 1 : extra - 1;
      const partner = [...drawn.entries()].find(([, n]) => n === partnerNumber)![0];
      expect(entries.find((e) => e.id === partner)!.affiliation).toBe('A2');
    }
  });

  it('refuses impossible requests with a code', () => {
    expect(drawNumbers([], { seed: 's' })).toMatchObject({ ok: false, error: { code: 'no_entries' } });
    expect(drawNumbers(teams(4), { seed: 's', pinned: [{ entryId: 't01', drawNumber: 5 }] })).toMatchObject({
      ok: false,
      error: { code: 'pin_out_of_range' },
    });
    expect(drawNumbers(teams(4), { seed: 's', pinned: [{ entryId: 'nobody', drawNumber: 1 }] })).toMatchObject({
      ok: false,
      error: { code: 'pin_unknown_entry' },
    });
    const lonelyHost = [...teams(3), { id: 'h', affiliation: 'nowhere', hostExtra: true }];
    expect(drawNumbers(lonelyHost, { seed: 's' })).toMatchObject({ ok: false, error: { code: 'host_extra_without_partner' } });
    const manySeeds = teams(16).map((e, i) => ({ ...e, seed: i + 1 }));
    expect(drawNumbers(manySeeds, { seed: 's', seedPositions: AXF_TEAM_SEED_POSITIONS })).toMatchObject({
      ok: false,
      error: { code: 'too_many_seeds' },
    });
    const twoSeeds = teams(4).map((e, i) => (i < 2 ? { ...e, seed: i + 1 } : e));
    expect(drawNumbers(twoSeeds, { seed: 's', seedPositions: [1, 1] })).toMatchObject({ ok: false, error: { code: 'seed_position_twice' } });
  });
});
