import fc from 'fast-check';
import { EdgeList } from './edge-list';
import { matchingWeight, maxWeightMatching } from './max-weight-matching';

/** Every matching of a small graph, by recursion: best (cardinality?, weight). */
function bruteForce(n: number, edges: Array<[number, number, number]>, maxCardinality: boolean): { size: number; weight: number } {
  const adj = new Map<string, number>();
  for (const [u, v, w] of edges) adj.set(`${Math.min(u, v)},${Math.max(u, v)}`, w);
  let best = { size: 0, weight: 0 };
  const used = new Array<boolean>(n).fill(false);
  const better = (a: { size: number; weight: number }, b: { size: number; weight: number }): boolean =>
    maxCardinality ? a.size > b.size || (a.size === b.size && a.weight > b.weight) : a.weight > b.weight;
  const go = (i: number, size: number, weight: number): void => {
    while (i < n && used[i]) i++;
    if (i >= n) {
      if (better({ size, weight }, best)) best = { size, weight };
      return;
    }
    used[i] = true;
    go(i + 1, size, weight); // i stays unmatched
    for (let j = i + 1; j < n; j++) {
      const w = adj.get(`${i},${j}`);
      if (used[j] || w === undefined) continue;
      used[j] = true;
      go(i + 1, size + 1, weight + w);
      used[j] = false;
    }
    used[i] = false;
  };
  go(0, 0, 0);
  return best;
}

function checkMate(n: number, mate: Int32Array, edges: Array<[number, number, number]>): number {
  let size = 0;
  const has = new Set(edges.map(([u, v]) => `${Math.min(u, v)},${Math.max(u, v)}`));
  for (let v = 0; v < n; v++) {
    if (mate[v] === -1) continue;
    expect(mate[mate[v]]).toBe(v);
    expect(has.has(`${Math.min(v, mate[v])},${Math.max(v, mate[v])}`)).toBe(true);
    if (v < mate[v]) size++;
  }
  return size;
}

const graphArb = fc.integer({ min: 2, max: 9 }).chain((n) =>
  fc.tuple(
    fc.constant(n),
    fc.uniqueArray(
      fc.tuple(fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: -5, max: 30 })).filter(([u, v]) => u !== v),
      { selector: ([u, v]) => `${Math.min(u, v)},${Math.max(u, v)}`, maxLength: 30 },
    ),
  ),
);

describe('maxWeightMatching (blossom) against brute force', () => {
  it('finds the maximum weight on small random graphs', () => {
    fc.assert(
      fc.property(graphArb, fc.boolean(), ([n, edges], maxCardinality) => {
        const list = EdgeList.of(edges);
        const mate = maxWeightMatching(n, list, { maxCardinality });
        const size = checkMate(n, mate, edges);
        const best = bruteForce(n, edges, maxCardinality);
        expect(matchingWeight(list, mate)).toBe(best.weight);
        if (maxCardinality) expect(size).toBe(best.size);
      }),
      { numRuns: 400, seed: 20260501 },
    );
  });

  it('perfect (jump start): maximum cardinality always, maximum weight among perfect matchings when one exists', () => {
    fc.assert(
      fc.property(graphArb, ([n, edges]) => {
        const list = EdgeList.of(edges);
        const mate = maxWeightMatching(n, list, { perfect: true });
        const size = checkMate(n, mate, edges);
        const best = bruteForce(n, edges, true);
        expect(size).toBe(best.size);
        if (2 * best.size === n) expect(matchingWeight(list, mate)).toBe(best.weight);
      }),
      { numRuns: 600, seed: 20261124 },
    );
  });

  it('perfect: dense graphs with a perfect matching and large spread weights', () => {
    const dense = fc
      .integer({ min: 1, max: 5 })
      .chain((h) => fc.tuple(fc.constant(2 * h), fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: h * (2 * h - 1), maxLength: h * (2 * h - 1) })));
    fc.assert(
      fc.property(dense, ([n, ws]) => {
        const edges: Array<[number, number, number]> = [];
        for (let i = 0, k = 0; i < n; i++) for (let j = i + 1; j < n; j++) edges.push([i, j, ws[k++]]);
        const list = EdgeList.of(edges);
        const mate = maxWeightMatching(n, list, { perfect: true });
        expect(checkMate(n, mate, edges)).toBe(n / 2);
        expect(matchingWeight(list, mate)).toBe(bruteForce(n, edges, true).weight);
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  it('duals price out left-out edges: none improving means the subgraph optimum is the full optimum', () => {
    const dense = fc
      .integer({ min: 2, max: 5 })
      .chain((h) =>
        fc.tuple(
          fc.constant(2 * h),
          fc.array(fc.integer({ min: 0, max: 50 }), { minLength: h * (2 * h - 1), maxLength: h * (2 * h - 1) }),
          fc.array(fc.boolean(), { minLength: h * (2 * h - 1), maxLength: h * (2 * h - 1) }),
        ),
      );
    let priced = 0;
    fc.assert(
      fc.property(dense, ([n, ws, keep]) => {
        const all: Array<[number, number, number]> = [];
        for (let i = 0, k = 0; i < n; i++) for (let j = i + 1; j < n; j++) all.push([i, j, ws[k++]]);
        const sub = all.filter((_, k) => keep[k] || all[k][1] === all[k][0] + 1); // a path keeps it perfect
        const y = new Float64Array(n);
        const mate = maxWeightMatching(n, EdgeList.of(sub), { perfect: true, duals: y });
        expect(checkMate(n, mate, sub)).toBe(n / 2);
        for (const [u, v, w] of sub) if (mate[u] === v) expect(y[u] + y[v]).toBeLessThanOrEqual(w); // tight, or inside a blossom
        const improving = all.filter(([u, v, w]) => !sub.some(([a, b]) => a === u && b === v) && y[u] + y[v] < w);
        if (improving.length === 0) {
          priced++;
          expect(matchingWeight(EdgeList.of(sub), mate)).toBe(bruteForce(n, all, true).weight);
        }
      }),
      { numRuns: 300, seed: 15 },
    );
    expect(priced).toBeGreaterThan(30);
  });

  // Cases from mwmatching.py's own test suite (blossom creation, nesting, expansion, relabelling).
  it.each([
    ['single edge', [[0, 1, 1]], false, [1, 0]],
    [
      'path prefers middle',
      [
        [1, 2, 10],
        [2, 3, 11],
      ],
      false,
      [-1, -1, 3, 2],
    ],
    [
      'max cardinality',
      [
        [1, 2, 5],
        [2, 3, 11],
        [3, 4, 5],
      ],
      true,
      [-1, 2, 1, 4, 3],
    ],
    [
      'S-blossom',
      [
        [1, 2, 8],
        [1, 3, 9],
        [2, 3, 10],
        [3, 4, 7],
      ],
      false,
      [-1, 2, 1, 4, 3],
    ],
    [
      'S-blossom augment',
      [
        [1, 2, 8],
        [1, 3, 9],
        [2, 3, 10],
        [3, 4, 7],
        [1, 6, 5],
        [4, 5, 6],
      ],
      false,
      [-1, 6, 3, 2, 5, 4, 1],
    ],
    [
      'T-blossom',
      [
        [1, 2, 9],
        [1, 3, 8],
        [2, 3, 10],
        [1, 4, 5],
        [4, 5, 4],
        [1, 6, 3],
      ],
      false,
      [-1, 6, 3, 2, 5, 4, 1],
    ],
    [
      'nested S-blossom',
      [
        [1, 2, 9],
        [1, 3, 9],
        [2, 3, 10],
        [2, 4, 8],
        [3, 5, 8],
        [4, 5, 10],
        [5, 6, 6],
      ],
      false,
      [-1, 3, 4, 1, 2, 6, 5],
    ],
    [
      'nested S-blossom relabel',
      [
        [1, 2, 10],
        [1, 7, 10],
        [2, 3, 12],
        [3, 4, 20],
        [3, 5, 20],
        [4, 5, 25],
        [5, 6, 10],
        [6, 7, 10],
        [7, 8, 8],
      ],
      false,
      [-1, 2, 1, 4, 3, 6, 5, 8, 7],
    ],
    [
      'nested S-blossom expand',
      [
        [1, 2, 8],
        [1, 3, 8],
        [2, 3, 10],
        [2, 4, 12],
        [3, 5, 12],
        [4, 5, 14],
        [4, 6, 12],
        [5, 7, 12],
        [6, 7, 14],
        [7, 8, 12],
      ],
      false,
      [-1, 2, 1, 5, 6, 3, 4, 8, 7],
    ],
    [
      'T-blossom expand',
      [
        [1, 2, 23],
        [1, 5, 22],
        [1, 6, 15],
        [2, 3, 25],
        [3, 4, 22],
        [4, 5, 25],
        [4, 8, 14],
        [5, 7, 13],
      ],
      false,
      [-1, 6, 3, 2, 8, 7, 1, 5, 4],
    ],
    [
      'nested T-blossom expand',
      [
        [1, 2, 19],
        [1, 3, 20],
        [1, 8, 8],
        [2, 3, 25],
        [2, 4, 18],
        [3, 5, 18],
        [4, 5, 13],
        [4, 7, 7],
        [5, 6, 7],
      ],
      false,
      [-1, 8, 3, 2, 7, 6, 5, 4, 1],
    ],
    [
      'nasty T-blossom',
      [
        [1, 2, 45],
        [1, 5, 45],
        [2, 3, 50],
        [3, 4, 45],
        [4, 5, 50],
        [1, 6, 30],
        [3, 9, 35],
        [4, 8, 35],
        [5, 7, 26],
        [9, 10, 5],
      ],
      false,
      [-1, 6, 3, 2, 8, 7, 1, 5, 4, 10, 9],
    ],
    [
      'nasty T-blossom 2',
      [
        [1, 2, 45],
        [1, 5, 45],
        [2, 3, 50],
        [3, 4, 45],
        [4, 5, 50],
        [1, 6, 30],
        [3, 9, 35],
        [4, 8, 26],
        [5, 7, 40],
        [9, 10, 5],
      ],
      false,
      [-1, 6, 3, 2, 8, 7, 1, 5, 4, 10, 9],
    ],
    [
      'nested blossom expand relabel',
      [
        [1, 2, 40],
        [1, 3, 40],
        [2, 3, 60],
        [2, 4, 55],
        [3, 5, 55],
        [4, 5, 50],
        [1, 8, 15],
        [5, 7, 30],
        [7, 6, 10],
        [8, 10, 10],
        [4, 9, 30],
      ],
      false,
      [-1, 2, 1, 5, 9, 3, 7, 6, 10, 4, 8],
    ],
  ] as Array<[string, Array<[number, number, number]>, boolean, number[]]>)('%s', (_name, edges, maxCardinality, expected) => {
    const n = expected.length;
    expect([...maxWeightMatching(n, EdgeList.of(edges), { maxCardinality })]).toEqual(expected);
  });
});
