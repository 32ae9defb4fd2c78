import { defaultSeedPositions } from './seed-positions';

describe('defaultSeedPositions', () => {
  it('uses 附录1 #5 (1, 6, 9, 14) when the field has 14 or more', () => {
    expect(defaultSeedPositions(16, 4)).toEqual([1, 6, 9, 14]);
  });

  it('spreads seeds over distinct round-1 pairs in smaller fields', () => {
    for (const [n, seeds] of [
      [12, 4],
      [8, 4],
      [10, 3],
      [6, 4],
    ]) {
      const positions = defaultSeedPositions(n, seeds);
      const pairs = positions.map((p) => Math.ceil(p / 2));
      expect(new Set(pairs).size).toBe(positions.length);
      expect(positions.every((p) => p >= 1 && p <= n && p % 2 === 1)).toBe(true);
      expect(positions.length).toBe(Math.min(seeds, Math.floor(n / 2)));
    }
    expect(defaultSeedPositions(12, 4)).toEqual([1, 3, 7, 9]);
  });

  it('has no positions without seeds', () => {
    expect(defaultSeedPositions(20, 0)).toEqual([]);
  });
});
