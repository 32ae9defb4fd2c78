import { Side } from '@chuhe/tournament';
import { EdgeList } from '../matching/edge-list';
import { maxWeightMatching } from '../matching/max-weight-matching';
import { ColourCost, colourDiff, pairColourCost } from './swiss-colours';

/**
 * The Swiss engine's field and its edge weights (swiss-engine.ts explains the priorities): the
 * players in (score, rank) order with their score groups, the weight of any pair, and the graph
 * a matching is solved on — shared by the dense path (swiss-engine.ts) and the sparse one
 * (swiss-sparse.ts).
 */
export const GROUP_PATTERNS = ['split', 'adjacent', 'mirror'] as const;
/**
 * Ideal pairing inside a score group of k (positions 0…k−1 in group order):
 * - split: top half against bottom half, q ↔ q + ⌊k/2⌋ (the usual Swiss "S1 against S2");
 * - adjacent: 1–2, 3–4 … (附录1 #4, 近对), q ↔ q xor 1;
 * - mirror: first against last, q ↔ k−1−q (远对).
 */
export type GroupPattern = (typeof GROUP_PATTERNS)[number];

export interface EnginePlayer {
  id: string;
  score: number;
  /** Order inside a score group and for the bye: smaller = ranked higher. */
  order: number;
  colours: readonly Side[];
  hadBye: boolean;
}

export const INTRA_CAP = 15;

export interface Prepared {
  sorted: EnginePlayer[];
  groupOf: Int32Array; // group index per sorted position
  posInGroup: Int32Array;
  groupStart: number[];
  groupSize: number[];
}

export function prepare(players: readonly EnginePlayer[]): Prepared {
  const sorted = [...players].sort((a, b) => b.score - a.score || a.order - b.order);
  const groupOf = new Int32Array(sorted.length);
  const posInGroup = new Int32Array(sorted.length);
  const groupStart: number[] = [];
  const groupSize: number[] = [];
  sorted.forEach((p, i) => {
    if (i === 0 || sorted[i - 1].score !== p.score) {
      groupStart.push(i);
      groupSize.push(0);
    }
    const g = groupStart.length - 1;
    groupOf[i] = g;
    posInGroup[i] = groupSize[g]++;
  });
  return { sorted, groupOf, posInGroup, groupStart, groupSize };
}

export function idealPartner(pattern: GroupPattern, q: number, k: number): number {
  switch (pattern) {
    case 'split': {
      const h = Math.floor(k / 2);
      return q < h ? q + h : q - h;
    }
    case 'adjacent':
      return q ^ 1;
    case 'mirror':
      return k - 1 - q;
  }
}

/** Level-4 position cost of pairing sorted positions i < j. */
export function intraCost(prep: Prepared, pattern: GroupPattern, i: number, j: number): number {
  const gi = prep.groupOf[i];
  const gj = prep.groupOf[j];
  const qi = prep.posInGroup[i];
  const qj = prep.posInGroup[j];
  if (gi === gj) {
    const k = prep.groupSize[gi];
    return Math.min(INTRA_CAP, Math.abs(qj - idealPartner(pattern, qi, k)) + Math.abs(qi - idealPartner(pattern, qj, k)));
  }
  // A float: the lowest of the higher group against the top of the lower group.
  return Math.min(INTRA_CAP, prep.groupSize[gi] - 1 - qi + qj);
}

/** Largest hard / soft colour cost of a pair (swiss-colours.ts: at most 2 and 2 per player). */
const MAX_HARD = 4;
const MAX_SOFT = 4;
const MAX_PREF = MAX_SOFT * (INTRA_CAP + 1) + INTRA_CAP;

/**
 * The priorities of one field (the players at sorted positions `vs`) as one edge weight, with
 * multipliers fixed by the whole field — not by the edges a graph happens to hold — so that the
 * weight of an edge left out of a sparse graph is defined and can be priced. Each level's
 * multiplier is above the largest total of the levels below (n/2 pairs at most).
 */
export class FieldWeights {
  readonly m1: number;
  readonly m2: number;
  readonly top: number;
  private readonly colourClass: Int32Array;
  private readonly classColours: Array<readonly Side[]> = [];
  private readonly costs = new Map<number, ColourCost>();

  constructor(
    private readonly prep: Prepared,
    private readonly pattern: GroupPattern,
    private readonly vs: readonly number[],
  ) {
    let hi = -Infinity;
    let lo = Infinity;
    for (const v of vs) {
      hi = Math.max(hi, prep.sorted[v].score);
      lo = Math.min(lo, prep.sorted[v].score);
    }
    const maxD2 = vs.length > 0 ? (hi - lo) ** 2 : 0;
    const pairsMax = Math.floor(vs.length / 2);
    this.m1 = pairsMax * MAX_PREF + 1;
    this.m2 = pairsMax * (maxD2 * this.m1 + MAX_PREF) + 1;
    this.top = MAX_HARD * this.m2 + maxD2 * this.m1 + MAX_PREF + 1;
    // The matcher doubles the weights, and once more for its jump start (matching/max-weight-matching.ts).
    if (this.top * 4 > 2 ** 52) throw new Error(`swiss-engine: weights overflow exact integers (${this.top})`);
    // Colour costs depend on the colour difference and the last two colours only: one class each.
    const classes = new Map<string, number>();
    this.colourClass = new Int32Array(vs.length);
    vs.forEach((v, i) => {
      const c = prep.sorted[v].colours;
      const key = `${colourDiff(c)}:${c[c.length - 1] ?? '-'}:${c[c.length - 2] ?? '-'}`;
      let k = classes.get(key);
      if (k === undefined) {
        k = this.classColours.length;
        classes.set(key, k);
        this.classColours.push(c);
      }
      this.colourClass[i] = k;
    });
  }

  /** Colour cost of pairing local players i and j. */
  colour(i: number, j: number): ColourCost {
    const a = this.colourClass[i];
    const b = this.colourClass[j];
    const key = a * this.classColours.length + b;
    let c = this.costs.get(key);
    if (c === undefined) {
      c = pairColourCost(this.classColours[a], this.classColours[b]);
      this.costs.set(key, c);
    }
    return c;
  }

  /** Weight of pairing local players i < j (larger = better; ≥ 1). */
  weight(i: number, j: number): number {
    const a = this.prep.sorted[this.vs[i]];
    const b = this.prep.sorted[this.vs[j]];
    const c = this.colour(i, j);
    const pref = c.soft * (INTRA_CAP + 1) + intraCost(this.prep, this.pattern, this.vs[i], this.vs[j]);
    return this.top - (c.hard * this.m2 + (a.score - b.score) ** 2 * this.m1 + pref);
  }
}

/** The graph of one field: edges between local indices, each pair considered once. */
export class FieldGraph {
  readonly edges = new EdgeList();
  /** Pairs considered (edge or forbidden), keyed a·n + b. */
  readonly seen = new Set<number>();

  constructor(
    private readonly prep: Prepared,
    private readonly forbidden: (a: EnginePlayer, b: EnginePlayer) => boolean,
    private readonly vs: readonly number[],
    readonly weights: FieldWeights,
  ) {}

  add(i: number, j: number): void {
    const n = this.vs.length;
    if (i === j || j < 0 || j >= n || i < 0 || i >= n) return;
    const a = Math.min(i, j);
    const b = Math.max(i, j);
    const key = a * n + b;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    if (this.forbidden(this.prep.sorted[this.vs[a]], this.prep.sorted[this.vs[b]])) return;
    this.edges.push(a, b, this.weights.weight(a, b));
  }
}

export interface FieldSolution {
  /** Pairs of sorted positions. */
  pairs: Array<[number, number]>;
  /** Sorted positions left unpaired. */
  unmatched: number[];
  path: 'dense' | 'sparse';
  /** Sparse path: matchings solved again after pricing added edges. */
  resolves: number;
  /** Provably the optimum over every pair (dense: always, when complete; sparse: priced out). */
  certified: boolean;
  /** Sparse path: what was proved — 'priced': optimal on every priority; 'levels': on priorities 0–3. */
  proof?: 'priced' | 'levels';
}

export function matchGraph(graph: FieldGraph, vs: readonly number[], y?: Float64Array): { pairs: Array<[number, number]>; unmatchedLocal: number[] } {
  const mate = maxWeightMatching(vs.length, graph.edges, { perfect: true, ...(y && { duals: y }) });
  const pairs: Array<[number, number]> = [];
  const unmatchedLocal: number[] = [];
  for (let i = 0; i < vs.length; i++) {
    if (mate[i] === -1) unmatchedLocal.push(i);
    else if (mate[i] > i) pairs.push([vs[i], vs[mate[i]]]);
  }
  return { pairs, unmatchedLocal };
}

/** What the Swiss engine (swiss-engine.ts) pairs; here so that swiss-sparse.ts needs no import of the engine. */
export interface EngineInput {
  /** Active players in any order. */
  players: readonly EnginePlayer[];
  /** Absolute prohibitions: rematch, forbidden pairs. */
  forbidden: (a: EnginePlayer, b: EnginePlayer) => boolean;
  pattern: GroupPattern;
  /** Sparse path: successors per player in the (score, rank) order (default DEFAULT_WINDOW). */
  window?: number;
  /** Override DENSE_LIMIT (tests and the benchmark: 0 forces the sparse path on any field). */
  denseLimit?: number;
}
