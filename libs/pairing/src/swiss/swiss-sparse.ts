import { Side } from '@chuhe/tournament';
import { EdgeList } from '../matching/edge-list';
import { maxWeightMatching } from '../matching/max-weight-matching';
import type { EngineInput } from './swiss-weights';
import { colourCost, pairColourCost } from './swiss-colours';
import { EnginePlayer, FieldGraph, FieldSolution, FieldWeights, GroupPattern, Prepared, idealPartner, matchGraph } from './swiss-weights';

/**
 * The sparse path of the Swiss engine (fields above DENSE_LIMIT, or `denseLimit: 0`): one
 * matching over a sparse candidate graph, proved equal to the dense optimum or improved until it
 * is (swiss-engine.ts has the overview, `solveSparse` the steps).
 */

/** Successors in the (score, rank) order that each player gets an edge to, on the sparse path. */
export const DEFAULT_WINDOW = 12;
/** Players around the ideal partner (each side) on the sparse path. */
const IDEAL_SPREAD = 4;
/** Sparse path: partners with no colour cost, nearest to the ideal partner, and how far to look. */
const COLOUR_MATES = 3;
const COLOUR_REACH = 64;
/** Pricing adds the improving left-out pairs while they are at most this many per player. */
const PRICING_EDGES_PER_PLAYER = 40;
/** Re-solves spent on pricing every priority (after priorities 0–3 are proved, or before repairs). */
const MAX_PRICED_RESOLVES = 1;
/** Above this many players a result proved on priorities 0–3 is not priced on the soft ones. */
const PRICE_EVERY_PRIORITY = 2000;
/** Sparse path: re-solves after pricing (or after unpaired players got every edge) at most. */
const MAX_RESOLVES = 6;

/**
 * The sparse candidates: `window` successors in score order, the players around the ideal
 * partner, and, going out from the ideal partner inside the score group, the first
 * `COLOUR_MATES` players with whom both get their due colour (no colour cost at all).
 */
function addSparseCandidates(prep: Prepared, pattern: GroupPattern, vs: readonly number[], window: number, graph: FieldGraph): void {
  const local = new Map<number, number>();
  vs.forEach((v, i) => local.set(v, i));
  for (let i = 0; i < vs.length; i++) {
    for (let d = 1; d <= window; d++) graph.add(i, i + d);
    const g = prep.groupOf[vs[i]];
    const ideal = local.get(prep.groupStart[g] + idealPartner(pattern, prep.posInGroup[vs[i]], prep.groupSize[g]));
    if (ideal === undefined) continue;
    for (let d = -IDEAL_SPREAD; d <= IDEAL_SPREAD; d++) graph.add(i, ideal + d);
    let found = 0;
    for (let d = 0; found < COLOUR_MATES && d < COLOUR_REACH; d++) {
      for (const j of d === 0 ? [ideal] : [ideal - d, ideal + d]) {
        if (j < 0 || j >= vs.length || j === i || prep.groupOf[vs[j]] !== g) continue;
        const c = graph.weights.colour(i, j);
        if (c.hard === 0 && c.soft === 0) {
          graph.add(i, j);
          found++;
        }
      }
    }
  }
}

/**
 * Pricing: the pairs left out of the graph whose weight exceeds the sum of their players' duals
 * (they could improve the matching), or more than `limit` of them. None: the sparse optimum is the
 * optimum over every pair.
 * Pairs are scanned score group against score group, players by ascending dual, and a scan stops
 * where even the best weight two groups can have (no colour fault, no position cost) is covered.
 */
function priceOut(prep: Prepared, vs: readonly number[], w: FieldWeights, seen: ReadonlySet<number>, y: Float64Array, limit: number): Array<[number, number]> {
  const n = vs.length;
  const byGroup = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const g = prep.groupOf[vs[i]];
    const list = byGroup.get(g);
    if (list) list.push(i);
    else byGroup.set(g, [i]);
  }
  const groups = [...byGroup.entries()]
    .sort((p, q) => p[0] - q[0])
    .map(([g, list]) => ({ score: prep.sorted[prep.groupStart[g]].score, list: list.sort((a, b) => y[a] - y[b]) }));
  const out: Array<[number, number]> = [];
  for (let gi = 0; gi < groups.length; gi++) {
    const G = groups[gi];
    for (let hi = gi; hi < groups.length; hi++) {
      const H = groups[hi];
      const bound = w.top - (G.score - H.score) ** 2 * w.m1; // no pair between the two groups weighs more
      if (y[G.list[0]] + y[H.list[0]] >= bound) continue;
      for (const u of G.list) {
        const below = bound - y[u]; // partners with a dual below this could improve
        if (y[H.list[0]] >= below) break;
        for (const v of H.list) {
          if (y[v] >= below) break;
          if (u === v || (gi === hi && v < u)) continue;
          const a = Math.min(u, v);
          const b = Math.max(u, v);
          if (seen.has(a * n + b)) continue;
          if (w.weight(a, b) > y[a] + y[b]) {
            out.push([a, b]);
            if (out.length > limit) return out; // too many to add: the caller repairs instead
          }
        }
      }
    }
  }
  return out;
}

/** Score groups up to this size have their inside pairs checked for the score bound (exports). */
const EXPORT_CHECK = 64;

/**
 * Σ (score difference)² no complete pairing of `vs` made of `allowed` pairs goes below. Group g
 * (s_g players) must pair at least e_g players outside it: s_g − 2 × the most allowed pairs its
 * players can make among themselves (computed up to EXPORT_CHECK players, else s_g mod 2). A pair across
 * several groups costs at least a chain of pairs between neighbouring groups ((a + b)² ≥ a² + b²),
 * so the bound is the cheapest choice of f_k pairs between neighbouring groups k, k+1 with
 * f_{g−1} + f_g ≥ e_g of the parity of s_g (dynamic programming over the groups; no f_k above
 * max e + 1 is ever cheapest: two fewer pairs keep every constraint). With no prohibitions this
 * is pairing neighbours in score order.
 */
function scoreLowerBound(prep: Prepared, vs: readonly number[], allowed: (a: EnginePlayer, b: EnginePlayer) => boolean): number {
  const groups: number[][] = [];
  for (const v of vs) {
    const last = groups[groups.length - 1];
    if (last && prep.sorted[last[0]].score === prep.sorted[v].score) last.push(v);
    else groups.push([v]);
  }
  const exports = groups.map((g) => {
    if (g.length > EXPORT_CHECK) return g.length % 2;
    const edges = new EdgeList();
    for (let i = 0; i < g.length; i++) for (let j = i + 1; j < g.length; j++) if (allowed(prep.sorted[g[i]], prep.sorted[g[j]])) edges.push(i, j, 1);
    const mate = maxWeightMatching(g.length, edges, { maxCardinality: true });
    return mate.filter((m) => m === -1).length;
  });
  const cap = Math.max(0, ...exports) + 2;
  // best[f] = least cost of the groups so far with f pairs from the last of them to the next one.
  let best: number[] = Array.from({ length: cap + 1 }, (_, f) => (f === 0 ? 0 : Infinity));
  groups.forEach((g, k) => {
    const gap = k + 1 < groups.length ? (prep.sorted[g[0]].score - prep.sorted[groups[k + 1][0]].score) ** 2 : Infinity;
    const next: number[] = new Array<number>(cap + 1).fill(Infinity);
    for (let before = 0; before <= cap; before++) {
      if (best[before] === Infinity) continue;
      for (let after = 0; after <= cap; after++) {
        const out = before + after;
        if (out < exports[k] || out % 2 !== g.length % 2) continue;
        const cost = best[before] + (after === 0 ? 0 : after * gap);
        if (cost < next[after]) next[after] = cost;
      }
    }
    best = next;
  });
  return best[0];
}

/** Hard colour faults a player has whatever colour it gets (a colour difference of ±2 and …). */
function ownFaults(colours: readonly Side[]): number {
  return Math.min(colourCost(colours, 'red').hard, colourCost(colours, 'black').hard);
}

/**
 * Hard colour faults no complete pairing of `vs` avoids: each player's own unavoidable faults
 * (both colours faulty), plus — a pair gives one Red and one Black, so at most half the players
 * get Red — the players who can only take Red beyond half the field, and the same for Black.
 * `own`: the bound is the players' own faults alone (then a pairing on it has no other fault).
 */
function hardLowerBound(prep: Prepared, vs: readonly number[]): { bound: number; own: boolean } {
  let base = 0;
  let mustRed = 0;
  let mustBlack = 0;
  for (const v of vs) {
    const colours = prep.sorted[v].colours;
    const red = colourCost(colours, 'red').hard;
    const black = colourCost(colours, 'black').hard;
    base += Math.min(red, black);
    if (black > red) mustRed++;
    else if (red > black) mustBlack++;
  }
  const half = Math.floor(vs.length / 2);
  const excess = Math.max(0, mustRed - half) + Math.max(0, mustBlack - half);
  return { bound: base + excess, own: excess === 0 };
}

/**
 * Large fields: the sparse graph, solved (players left unpaired get an edge to everyone and it is
 * solved again), then proved or improved, in this order:
 *   - bounds: no hard colour fault beyond those no pairing avoids (`hardLowerBound`) and Σ score
 *     difference² at its lower bound (`scoreLowerBound`): optimal on priorities 0–3 (the dense
 *     result's rematches, completeness, hard colour faults and score differences; the soft
 *     colour and position preferences of priority 4 may differ) — proof 'levels';
 *   - pricing: no left-out pair weighs more than its players' duals: optimal on every priority —
 *     proof 'priced'. Improving pairs are added and the matching solved again while they are at
 *     most `PRICING_EDGES_PER_PLAYER` per player, `MAX_PRICED_RESOLVES` times (the duals are far
 *     from unique, so many left-out pairs look improving without being so), and once priorities
 *     0–3 are proved only up to `PRICE_EVERY_PRIORITY` players;
 *   - repairs, otherwise: the players in a hard colour fault get an edge to everyone, those in a
 *     float to their own and the two nearest score groups (later: everyone), and it is solved
 *     again.
 * At most `MAX_RESOLVES` re-solves; then the best pairing found (complete and valid) is returned
 * unproved.
 */
export function solveSparse(prep: Prepared, input: EngineInput, vs: readonly number[]): FieldSolution {
  const n = vs.length;
  const graph = new FieldGraph(prep, input.forbidden, vs, new FieldWeights(prep, input.pattern, vs));
  addSparseCandidates(prep, input.pattern, vs, input.window ?? DEFAULT_WINDOW, graph);
  const { bound: hardBound, own } = hardLowerBound(prep, vs);
  // When the hard bound is the players' own faults alone, an optimum on it has no other fault:
  // the score bound may then count only pairs without one (the result is checked against both
  // bounds together).
  const noOtherFault = (a: EnginePlayer, b: EnginePlayer) => pairColourCost(a.colours, b.colours).hard === ownFaults(a.colours) + ownFaults(b.colours);
  const scoreBound = scoreLowerBound(prep, vs, (a, b) => !input.forbidden(a, b) && (!own || noOtherFault(a, b)));
  const rows = new Map<number, 'near' | 'all'>();
  const addRow = (i: number, reach: 'near' | 'all'): boolean => {
    const had = rows.get(i);
    if (had === 'all' || had === reach) return false;
    rows.set(i, reach);
    const g = prep.groupOf[vs[i]];
    for (let j = 0; j < n; j++) if (reach === 'all' || Math.abs(prep.groupOf[vs[j]] - g) <= 1) graph.add(i, j);
    return true;
  };
  const y = new Float64Array(n);
  let repairs = 0;
  let pricedResolves = 0;
  let levels = false;
  for (let resolves = 0; ; resolves++) {
    const { pairs, unmatchedLocal } = matchGraph(graph, vs, y);
    const result = { pairs, unmatched: unmatchedLocal.map((i) => vs[i]), path: 'sparse' as const, resolves };
    const last = resolves === MAX_RESOLVES;
    if (unmatchedLocal.length > 0) {
      let grew = false;
      for (const i of unmatchedLocal) grew = addRow(i, 'all') || grew;
      if (!grew || last) return { ...result, certified: false };
      continue;
    }
    let hard = 0;
    let sumD2 = 0;
    const faulty: Array<[number, 'near' | 'all']> = [];
    const local = new Map(vs.map((v, i) => [v, i]));
    for (const [x, z] of pairs) {
      const [i, j] = [local.get(x) as number, local.get(z) as number];
      const h = graph.weights.colour(Math.min(i, j), Math.max(i, j)).hard;
      const d = prep.sorted[x].score - prep.sorted[z].score;
      hard += h;
      sumD2 += d * d;
      // A hard colour fault outranks any score difference: its players may need anyone.
      if (h > 0 || d !== 0) faulty.push([i, h > 0 ? 'all' : 'near'], [j, h > 0 ? 'all' : 'near']);
    }
    // Priorities 0–3 (issue 15's measures but the soft colour preference) at their lower bounds:
    // proved once, they stay proved as the graph grows.
    if (!levels) levels = hard === hardBound && sumD2 === scoreBound;
    const limit = PRICING_EDGES_PER_PLAYER * n;
    // Every priority: the left-out pairs priced with the full weights' duals. The duals of the
    // lowest priority are loose, so this is tried while the improving pairs are few, once at most,
    // and once priorities 0–3 are proved only up to PRICE_EVERY_PRIORITY players (time).
    if (levels && n > PRICE_EVERY_PRIORITY) return { ...result, certified: true, proof: 'levels' };
    const better = pricedResolves < MAX_PRICED_RESOLVES || levels ? priceOut(prep, vs, graph.weights, graph.seen, y, limit) : undefined;
    if (better && better.length === 0) return { ...result, certified: true, proof: 'priced' };
    if (better && better.length <= limit && pricedResolves < MAX_PRICED_RESOLVES && !last) {
      for (const [a, b] of better) graph.add(a, b);
      pricedResolves++;
      continue;
    }
    if (levels) return { ...result, certified: true, proof: 'levels' };
    if (last) return { ...result, certified: false };
    let grew = false;
    for (const [i, reach] of faulty) grew = addRow(i, repairs === 0 ? reach : 'all') || grew;
    repairs++;
    if (!grew) return { ...result, certified: false };
  }
}
