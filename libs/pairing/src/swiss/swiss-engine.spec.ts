import fc from 'fast-check';
import { Side } from '../../../tournament/src/model';
import { EnginePlayer, runSwissEngine } from './swiss-engine';

/** A random field for the engine alone: scores, colour histories, earlier opponents. */
const fieldArb = fc.integer({ min: 2, max: 40 }).chain((n) =>
  fc.tuple(
    fc.array(fc.integer({ min: 0, max: 8 }), { minLength: n, maxLength: n }),
    fc.array(fc.array(fc.constantFrom<Side>('red', 'black'), { maxLength: 4 }), { minLength: n, maxLength: n }),
    fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: n }),
    fc.array(fc.boolean(), { minLength: n, maxLength: n }),
  ),
);

function players([scores, colours, met, byes]: [number[], Side[][], Array<[number, number]>, boolean[]]): { ps: EnginePlayer[]; forbidden: Set<string> } {
  const ps = scores.map((score, i) => ({ id: `p${i}`, score, order: i, colours: colours[i], hadBye: byes[i] }));
  const forbidden = new Set(met.filter(([a, b]) => a !== b).flatMap(([a, b]) => [`p${a}-p${b}`, `p${b}-p${a}`]));
  return { ps, forbidden };
}

describe('swiss engine', () => {
  it.each([undefined, 0])('pairs everyone once without forbidden pairs, or names who cannot be paired (denseLimit %p)', (denseLimit) => {
    fc.assert(
      fc.property(fieldArb, (raw) => {
        const { ps, forbidden } = players(raw);
        const r = runSwissEngine({ players: ps, forbidden: (a, b) => forbidden.has(`${a.id}-${b.id}`), pattern: 'split', denseLimit });
        if (!r.ok) {
          expect(r.error.entries.length).toBeGreaterThan(0);
          return;
        }
        const ids = [...r.value.pairs.flatMap(([a, b]) => [a.id, b.id]), ...(r.value.bye ? [r.value.bye.id] : [])].sort();
        expect(ids).toEqual(ps.map((p) => p.id).sort());
        for (const [a, b] of r.value.pairs) expect(forbidden.has(`${a.id}-${b.id}`)).toBe(false);
        if (r.value.bye) expect(r.value.bye.hadBye).toBe(false);
      }),
      { numRuns: 150, seed: 11 },
    );
  });

  it('the bracket path finds a pairing whenever the global matching does', () => {
    fc.assert(
      fc.property(fieldArb, (raw) => {
        const { ps, forbidden } = players(raw);
        const input = { players: ps, forbidden: (a: EnginePlayer, b: EnginePlayer) => forbidden.has(`${a.id}-${b.id}`), pattern: 'split' as const };
        expect(runSwissEngine({ ...input, denseLimit: 0 }).ok).toBe(runSwissEngine(input).ok);
      }),
      { numRuns: 150, seed: 12 },
    );
  });

  it('floats to the nearest score: 5,4,4,3 pairs 5–4 and 4–3, not 5–3', () => {
    const ps = [5, 4, 4, 3].map((score, i) => ({ id: `p${i}`, score, order: i, colours: [], hadBye: false }));
    const r = runSwissEngine({ players: ps, forbidden: () => false, pattern: 'split' });
    expect(r.ok && r.value.pairs.map(([a, b]) => [a.score, b.score])).toEqual([
      [5, 4],
      [4, 3],
    ]);
  });

  it('gives the bye to the lowest-ranked player without one', () => {
    const ps = [2, 1, 0].map((score, i) => ({ id: `p${i}`, score, order: i, colours: [], hadBye: i === 2 }));
    const r = runSwissEngine({ players: ps, forbidden: () => false, pattern: 'split' });
    expect(r.ok && r.value.bye?.id).toBe('p1');
  });
});
