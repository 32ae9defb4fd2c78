import { Side } from '../../../tournament/src/model';
import { Result } from '../../../tournament/src/result';
import { EdgeList } from '../matching/edge-list';
import { maxWeightMatching } from '../matching/max-weight-matching';
import { PairingError } from '../pairing-system';
import { colourCost, pairColourCost } from './swiss-colours';

/**
 * One Swiss round as one maximum-weight matching (Edmonds' blossom, ../matching).
 *
 * Priorities, highest first — each level's weight is scaled above the largest possible total of
 * all lower levels, so the optimum of the sum is the lexicographic optimum ("optimal by
 * construction", no backtracking):
 *   0. absolute (edge left out of the graph): no rematch, forbidden pairs (same affiliation in
 *      round 1 附录3 #3 or all event, pairs the chief arbiter names); the bye is chosen first
 *      (see below) so nobody gets two;
 *   1. everyone paired: maximum cardinality (the matcher's maxCardinality mode);
 *   2. hard colour rules: fewest players with a colour difference above 2 or a third colour in a
 *      row (swiss-colours.ts);
 *   3. score groups: minimise Σ (score difference)² over the pairs — pairs inside a score group
 *      cost 0, and squaring makes a float go to the nearest score ("floating to the nearest
 *      score") rather than two groups down;
 *   4. soft colour rules (balance, alternation) ×16 + the position inside the score group (0…15):
 *      how far a pair is from the ideal pairing of its group (`GroupPattern`).
 *
 * The bye (轮空) of an odd field goes to the lowest-ranked entry without one (lowest score, then
 * lowest rank): candidates are tried from the bottom and the first whose removal leaves a field
 * that can be paired completely gets it.
 *
 * Field size. Up to `DENSE_LIMIT` players the round is one dense matching: every allowed pair is
 * an edge, and the result is the exact lexicographic optimum of the priorities above. Larger
 * fields (the benchmark's 1,000 to 10,000) are the same single matching over a sparse candidate
 * graph (no score brackets: a bracket-by-bracket solution floats a leader past the nearest group
 * when leaving him unpaired costs the bracket nothing, issue 15):
 *   - each player's `window` successors in the (score, rank) order: its own score group around
 *     it and, at a group's edge, the top of the next group and the bottom of the one above — the
 *     nearest-score floats (一章3节1 and 附录1 #11 leave the details to the software; pairing equal
 *     scores and floating to the nearest score is what every Swiss system does);
 *   - the players around its ideal partner (`GroupPattern`).
 * The result is then certified against a lower bound: Σ (score difference)² of any complete
 * pairing is at least that of pairing neighbours in score order (squared differences on a line
 * are convex), and the hard colour faults no pairing avoids are counted (`hardLowerBound`); a
 * sparse result on both bounds is optimal on priorities 0–3, exactly as the dense matching. If it is
 * not certified (or not complete), the players concerned (unpaired, in a hard colour fault, or
 * in a float) get every edge to their own and the two nearest score groups (the unpaired and
 * those in a hard colour fault, which outranks any score difference: to the whole field) and the
 * matching is solved again; later repairs give every player concerned the whole field, up to
 * `REPAIRS` times. Not a proof for every field (a repair can move faults to players it has not
 * reached yet), but the certificate says when it is one: EngineOutput.certified.
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

export interface EngineOutput {
  /** Pairs (unordered: colours are allocated by the caller), best boards first. */
  pairs: Array<[EnginePlayer, EnginePlayer]>;
  bye: EnginePlayer | null;
  /** 'dense', or 'sparse' with the number of repairs the certificate needed (see the file comment). */
  path: 'dense' | 'sparse';
  repairs: number;
  /** Priorities 0–3 provably optimal: always on the dense path; on the sparse one when certified. */
  certified: boolean;
}

/** Fields up to this size are solved as one dense matching (exact lexicographic optimum). */
export const DENSE_LIMIT = 400;
/** Successors in the (score, rank) order that each player gets an edge to, on the sparse path. */
export const DEFAULT_WINDOW = 12;
/** Players around the ideal partner (each side) on the sparse path. */
const IDEAL_SPREAD = 4;
/** Re-solves with full edge rows for the players of an uncertified sparse result. */
const REPAIRS = 3;
const INTRA_CAP = 15;

interface Prepared {
  sorted: EnginePlayer[];
  groupOf: Int32Array; // group index per sorted position
  posInGroup: Int32Array;
  groupStart: number[];
  groupSize: number[];
}

function prepare(players: readonly EnginePlayer[]): Prepared {
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

function idealPartner(pattern: GroupPattern, q: number, k: number): number {
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
function intraCost(prep: Prepared, pattern: GroupPattern, i: number, j: number): number {
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

/** Sparse candidate pairs among `vs` (sorted positions, ascending), as local indices i < j. */
function sparsePairs(prep: Prepared, pattern: GroupPattern, vs: readonly number[], window: number, full: ReadonlyMap<number, 'near' | 'all'>, out: (i: number, j: number) => void): void {
  const n = vs.length;
  const local = new Map<number, number>();
  vs.forEach((v, i) => local.set(v, i));
  const seen = new Set<number>();
  const add = (i: number, j: number | undefined): void => {
    if (j === undefined || i === j || j < 0 || j >= n) return;
    const a = Math.min(i, j);
    const b = Math.max(i, j);
    const key = a * n + b;
    if (seen.has(key)) return;
    seen.add(key);
    out(a, b);
  };
  for (let i = 0; i < n; i++) {
    for (let d = 1; d <= window; d++) add(i, i + d);
    const g = prep.groupOf[vs[i]];
    const ideal = local.get(prep.groupStart[g] + idealPartner(pattern, prep.posInGroup[vs[i]], prep.groupSize[g]));
    if (ideal !== undefined) for (let d = -IDEAL_SPREAD; d <= IDEAL_SPREAD; d++) add(i, ideal + d);
  }
  // Repairs: full rows to the own and the two nearest score groups, or to the whole field.
  for (const [i, reach] of full) {
    const g = prep.groupOf[vs[i]];
    for (let j = 0; j < n; j++) if (reach === 'all' || Math.abs(prep.groupOf[vs[j]] - g) <= 1) add(i, j);
  }
}

function densePairs(n: number, out: (i: number, j: number) => void): void {
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) out(i, j);
}

interface Solved {
  /** Pairs of sorted positions. */
  pairs: Array<[number, number]>;
  /** Sorted positions left unpaired. */
  unmatched: number[];
  /** Local indices (into vs) of the players in a hard colour fault or a float, and the unpaired. */
  faulty: Map<number, 'near' | 'all'>;
  hard: number;
  sumD2: number;
}

/** One maximum-weight matching over the players at sorted positions `vs` (ascending). */
function solveSubset(prep: Prepared, input: EngineInput, vs: readonly number[], candidates: (out: (i: number, j: number) => void) => void): Solved {
  const n = vs.length;
  const edges = new EdgeList();
  const hard: number[] = [];
  const d2: number[] = [];
  const pref: number[] = [];
  let maxHard = 0;
  let maxD2 = 0;
  let maxPref = 0;
  const ends: number[] = [];
  candidates((i, j) => {
    const a = prep.sorted[vs[i]];
    const b = prep.sorted[vs[j]];
    if (input.forbidden(a, b)) return;
    const c = pairColourCost(a.colours, b.colours);
    const ds = (a.score - b.score) * (a.score - b.score);
    const pc = c.soft * (INTRA_CAP + 1) + intraCost(prep, input.pattern, vs[i], vs[j]);
    hard.push(c.hard);
    d2.push(ds);
    pref.push(pc);
    ends.push(i, j);
    if (c.hard > maxHard) maxHard = c.hard;
    if (ds > maxD2) maxD2 = ds;
    if (pc > maxPref) maxPref = pc;
  });
  // Level multipliers: each above the largest total of the levels below (n/2 pairs at most).
  const pairsMax = Math.floor(n / 2);
  const m1 = pairsMax * maxPref + 1;
  const m2 = pairsMax * (maxD2 * m1 + maxPref) + 1;
  const top = maxHard * m2 + maxD2 * m1 + maxPref + 1;
  // The matcher doubles the weights once more for its jump start (matching/max-weight-matching.ts).
  if (top * 4 > 2 ** 52) throw new Error(`swiss-engine: weights overflow exact integers (${top})`);
  for (let k = 0; k < hard.length; k++) edges.push(ends[2 * k], ends[2 * k + 1], top - (hard[k] * m2 + d2[k] * m1 + pref[k]));
  const mate = maxWeightMatching(n, edges, { perfect: true });
  const pairs: Array<[number, number]> = [];
  const unmatched: number[] = [];
  const faulty = new Map<number, 'near' | 'all'>();
  let hardTotal = 0;
  let sumD2 = 0;
  for (let i = 0; i < n; i++) {
    if (mate[i] === -1) {
      unmatched.push(vs[i]);
      faulty.set(i, 'all');
    } else if (mate[i] > i) {
      const a = prep.sorted[vs[i]];
      const b = prep.sorted[vs[mate[i]]];
      pairs.push([vs[i], vs[mate[i]]]);
      const h = pairColourCost(a.colours, b.colours).hard;
      hardTotal += h;
      sumD2 += (a.score - b.score) * (a.score - b.score);
      // A hard colour fault outranks any score difference, so its players get the whole field.
      if (h > 0 || a.score !== b.score) {
        faulty.set(i, h > 0 ? 'all' : 'near');
        faulty.set(mate[i], h > 0 ? 'all' : 'near');
      }
    }
  }
  return { pairs, unmatched, faulty, hard: hardTotal, sumD2 };
}

/** Σ (score difference)² of pairing neighbours in score order: no complete pairing of `vs` has less. */
function scoreLowerBound(prep: Prepared, vs: readonly number[]): number {
  let sum = 0;
  for (let k = 0; k + 1 < vs.length; k += 2) {
    const d = prep.sorted[vs[k]].score - prep.sorted[vs[k + 1]].score;
    sum += d * d;
  }
  return sum;
}

/**
 * Hard colour faults no complete pairing of `vs` avoids: each player's own unavoidable faults
 * (both colours faulty), plus — a pair gives one Red and one Black, so at most half the players
 * get Red — the players who can only take Red beyond half the field, and the same for Black.
 */
function hardLowerBound(prep: Prepared, vs: readonly number[]): number {
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
  return base + Math.max(0, mustRed - half) + Math.max(0, mustBlack - half);
}

interface FieldSolution extends Solved {
  path: 'dense' | 'sparse';
  repairs: number;
  certified: boolean;
}

/**
 * Large fields: one matching over the sparse candidate graph, certified against the lower bound
 * (no hard colour fault, Σ d² = scoreLowerBound), else repaired with full rows for the players
 * concerned (see the file comment).
 */
function solveSparse(prep: Prepared, input: EngineInput, vs: readonly number[]): FieldSolution {
  const window = input.window ?? DEFAULT_WINDOW;
  const bound = scoreLowerBound(prep, vs);
  const hardBound = hardLowerBound(prep, vs);
  const full = new Map<number, 'near' | 'all'>();
  let repairs = 0;
  for (;;) {
    const solved = solveSubset(prep, input, vs, (out) => sparsePairs(prep, input.pattern, vs, window, full, out));
    const certified = solved.unmatched.length === 0 && solved.hard === hardBound && solved.sumD2 === bound;
    let grew = false;
    for (const [i, faultReach] of solved.faulty) {
      // First repair: floats reach the nearest groups; later ones: everyone reaches the whole field.
      const reach = repairs === 0 ? faultReach : 'all';
      if (full.get(i) !== reach && full.get(i) !== 'all') {
        full.set(i, reach);
        grew = true;
      }
    }
    if (certified || repairs === REPAIRS || !grew) return { ...solved, path: 'sparse', repairs, certified };
    repairs++;
  }
}

function solveField(prep: Prepared, input: EngineInput, skip: number): FieldSolution {
  const vs: number[] = [];
  for (let i = 0; i < prep.sorted.length; i++) if (i !== skip) vs.push(i);
  if (vs.length <= (input.denseLimit ?? DENSE_LIMIT)) {
    const solved = solveSubset(prep, input, vs, (out) => densePairs(vs.length, out));
    return { ...solved, path: 'dense', repairs: 0, certified: solved.unmatched.length === 0 };
  }
  return solveSparse(prep, input, vs);
}

function names(players: readonly EnginePlayer[]): string {
  return players.map((p) => p.id).join(', ');
}

export function runSwissEngine(input: EngineInput): Result<EngineOutput, PairingError> {
  const prep = prepare(input.players);
  const n = prep.sorted.length;
  if (n === 0) return { ok: true, value: { pairs: [], bye: null, path: 'dense', repairs: 0, certified: true } };
  let solved: FieldSolution | undefined;
  let bye: EnginePlayer | null = null;
  if (n % 2 === 1) {
    // The bye: lowest-ranked entry without one — lowest score, then lowest rank.
    const candidates: number[] = [];
    for (let i = n - 1; i >= 0; i--) if (!prep.sorted[i].hadBye) candidates.push(i);
    if (candidates.length === 0) {
      return {
        ok: false,
        error: new PairingError('no_bye_candidate', `odd field and every active entry already had a bye (no entry gets two): ${names(prep.sorted)}`, prep.sorted.map((p) => p.id)),
      };
    }
    let firstFailure: FieldSolution | undefined;
    for (const c of candidates) {
      const s = solveField(prep, input, c);
      if (s.unmatched.length === 0) {
        solved = s;
        bye = prep.sorted[c];
        break;
      }
      firstFailure ??= s;
    }
    if (!solved) {
      const stuck = (firstFailure as FieldSolution).unmatched.map((i) => prep.sorted[i]);
      return {
        ok: false,
        error: new PairingError(
          'no_valid_pairing',
          `no pairing respects the absolute rules (no rematch, forbidden pairs, one bye each) whoever gets the bye; cannot pair: ${names(stuck)}`,
          stuck.map((p) => p.id),
        ),
      };
    }
  } else {
    solved = solveField(prep, input, -1);
    if (solved.unmatched.length > 0) {
      const stuck = solved.unmatched.map((i) => prep.sorted[i]);
      return {
        ok: false,
        error: new PairingError(
          'no_valid_pairing',
          `no pairing respects the absolute rules (no rematch, forbidden pairs); cannot pair: ${names(stuck)}`,
          stuck.map((p) => p.id),
        ),
      };
    }
  }
  const pairs: Array<[EnginePlayer, EnginePlayer]> = solved.pairs
    .map(([x, y]) => (x < y ? [x, y] : [y, x]))
    .sort((p, q) => p[0] - q[0])
    .map(([x, y]) => [prep.sorted[x], prep.sorted[y]]);
  return { ok: true, value: { pairs, bye, path: solved.path, repairs: solved.repairs, certified: solved.certified } };
}
