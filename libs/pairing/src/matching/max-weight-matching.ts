import { EdgeList } from './edge-list';

/**
 * Maximum-weight matching in a general graph: Edmonds' blossom algorithm with the primal-dual
 * method, O(n³) — a TypeScript port of Joris van Rantwijk's public-domain `mwmatching.py`
 * (after Z. Galil, "Efficient algorithms for finding maximum matching in graphs",
 * ACM Computing Surveys 18 (1986) 23–38, and H. N. Gabow's O(n³) implementation).
 *
 * `maxCardinality`: among the matchings of maximum cardinality, return one of maximum weight
 * (this is how a Swiss round asks for "everybody paired first, then the best pairing").
 *
 * Returns `mate`: mate[v] = the vertex matched to v, or −1.
 *
 * Representation (as in the original): edge k has endpoints 2k (its `from`) and 2k+1 (its `to`);
 * vertices are 0…n−1, non-trivial blossoms n…2n−1. Dual variables are kept doubled-weight so
 * that with integer weights every computation stays integral.
 *
 * Usage:
 *   const edges = EdgeList.of([[0, 1, 5], [1, 2, 11], [2, 3, 5]]);
 *   maxWeightMatching(4, edges)                       // → [-1, 2, 1, -1] (weight 11)
 *   maxWeightMatching(4, edges, { maxCardinality: true }) // → [1, 0, 3, 2] (weight 10)
 */
export interface MatchingOptions {
  /** Among the matchings of maximum cardinality, return one of maximum weight. */
  maxCardinality?: boolean;
  /**
   * The caller wants a maximum-weight *perfect* matching (implies maxCardinality). The vertex
   * duals then start per vertex, not all equal (a "jump start": each vertex's dual is its best
   * incident weight, lowered greedily until one of its edges is tight, and tight edges between
   * free vertices are matched at once), which leaves far fewer stages on large sparse graphs.
   * The result is a maximum-cardinality matching; its weight is the maximum among perfect
   * matchings whenever it is perfect (the perfect-matching LP has vertex duals of any sign),
   * but is not guaranteed maximal when no perfect matching exists.
   */
  perfect?: boolean;
  /**
   * Filled with the final vertex duals y (length ≥ n, in the weights' units): y[u] + y[v] ≥ w for
   * every edge not inside a blossom of positive dual, and = w on matched edges outside blossoms.
   * An edge missing from the graph with y[u] + y[v] ≥ w cannot improve the matching (blossom duals
   * are ≥ 0), so a caller can price out the edges it left out (the Swiss engine's sparse path).
   */
  duals?: Float64Array;
}

export function maxWeightMatching(vertexCount: number, edges: EdgeList, options: MatchingOptions = {}): Int32Array {
  const perfect = options.perfect ?? false;
  const maxCardinality = perfect || (options.maxCardinality ?? false);
  // Jump start: weights doubled inside so that every starting dual is even (all free vertices —
  // the roots of the alternating trees — then share one parity and S–S slacks stay even, which
  // keeps every dual change an integer, as the uniform start does).
  const scale = perfect ? 2 : 1;
  const n = vertexCount;
  const nedge = edges.length;
  const mateOut = new Int32Array(n).fill(-1);
  if (nedge === 0 || n === 0) {
    options.duals?.fill(0, 0, n);
    return mateOut;
  }

  let maxWeight = 0;
  const endpoint = new Int32Array(2 * nedge);
  const weight = new Float64Array(nedge);
  const degree = new Int32Array(n + 1);
  for (let k = 0; k < nedge; k++) {
    const i = edges.from(k);
    const j = edges.to(k);
    if (i < 0 || j < 0 || i >= n || j >= n || i === j) throw new Error(`maxWeightMatching: bad edge ${k} (${i}, ${j})`);
    endpoint[2 * k] = i;
    endpoint[2 * k + 1] = j;
    weight[k] = scale * edges.weight(k);
    if (weight[k] > maxWeight) maxWeight = weight[k];
    degree[i]++;
    degree[j]++;
  }
  // neighbend[v] = the remote endpoints of v's edges, in CSR form.
  const nbStart = new Int32Array(n + 1);
  for (let v = 0; v < n; v++) nbStart[v + 1] = nbStart[v] + degree[v];
  const nbFill = nbStart.slice(0, n);
  const neighbend = new Int32Array(2 * nedge);
  for (let k = 0; k < nedge; k++) {
    neighbend[nbFill[endpoint[2 * k]]++] = 2 * k + 1;
    neighbend[nbFill[endpoint[2 * k + 1]]++] = 2 * k;
  }

  const mate = new Int32Array(n).fill(-1); // mate[v] = remote endpoint of v's matched edge
  const label = new Int32Array(2 * n); // 0 free, 1 S, 2 T (5 = S marked during scanBlossom)
  const labelend = new Int32Array(2 * n).fill(-1);
  const inblossom = new Int32Array(n);
  for (let v = 0; v < n; v++) inblossom[v] = v;
  const blossomparent = new Int32Array(2 * n).fill(-1);
  const blossomchilds: (number[] | null)[] = new Array(2 * n).fill(null);
  const blossombase = new Int32Array(2 * n).fill(-1);
  for (let v = 0; v < n; v++) blossombase[v] = v;
  const blossomendps: (number[] | null)[] = new Array(2 * n).fill(null);
  const bestedge = new Int32Array(2 * n).fill(-1);
  const blossombestedges: (number[] | null)[] = new Array(2 * n).fill(null);
  const unusedblossoms: number[] = [];
  for (let b = 2 * n - 1; b >= n; b--) unusedblossoms.push(b);
  const dualvar = new Float64Array(2 * n);
  for (let v = 0; v < n; v++) dualvar[v] = maxWeight;
  const allowedge = new Uint8Array(nedge);
  const queue: number[] = [];
  const bestedgeto = new Int32Array(2 * n).fill(-1); // scratch for addBlossom

  const slack = (k: number): number => dualvar[endpoint[2 * k]] + dualvar[endpoint[2 * k + 1]] - 2 * weight[k];
  const at = <T>(list: T[], j: number): T => list[j < 0 ? j + list.length : j];

  function blossomLeaves(b: number, out: number[] = []): number[] {
    if (b < n) {
      out.push(b);
      return out;
    }
    const stack = [b];
    while (stack.length > 0) {
      const t = stack.pop() as number;
      if (t < n) out.push(t);
      else {
        const childs = blossomchilds[t] as number[];
        for (let i = childs.length - 1; i >= 0; i--) stack.push(childs[i]);
      }
    }
    return out;
  }

  function assignLabel(w0: number, t0: number, p0: number): void {
    let w = w0;
    let t = t0;
    let p = p0;
    for (;;) {
      const b = inblossom[w];
      label[w] = label[b] = t;
      labelend[w] = labelend[b] = p;
      bestedge[w] = bestedge[b] = -1;
      if (t === 1) {
        blossomLeaves(b, queue);
        return;
      }
      // t === 2: label the mate of the base S.
      const base = blossombase[b];
      w = endpoint[mate[base]];
      t = 1;
      p = mate[base] ^ 1;
    }
  }

  /**
   * Per-vertex starting duals for `perfect` (see MatchingOptions): dual(v) = v's best incident
   * weight (feasible: dual(u) + dual(v) ≥ 2w for every edge); mutual best edges are tight and
   * matched greedily; then each still-free vertex lowers its dual to the least feasible value,
   * max over its edges of (2w − dual(u)), which makes its best edge tight, and takes that
   * partner if it is free. Every matched edge is tight, every slack ≥ 0, no blossoms: a valid
   * state to start the stages from. Weights are even (scaled), so every dual stays even.
   */
  function jumpStart(): void {
    for (let v = 0; v < n; v++) {
      let best = -Infinity;
      for (let q = nbStart[v]; q < nbStart[v + 1]; q++) if (weight[neighbend[q] >> 1] > best) best = weight[neighbend[q] >> 1];
      dualvar[v] = best === -Infinity ? 0 : best;
    }
    for (let v = 0; v < n; v++) {
      if (mate[v] !== -1 || nbStart[v] === nbStart[v + 1]) continue;
      let need = -Infinity;
      for (let q = nbStart[v]; q < nbStart[v + 1]; q++) {
        const k = neighbend[q] >> 1;
        const d = 2 * weight[k] - dualvar[endpoint[neighbend[q]]];
        if (d > need) need = d;
      }
      dualvar[v] = need;
      for (let q = nbStart[v]; q < nbStart[v + 1]; q++) {
        const p = neighbend[q];
        const w = endpoint[p];
        if (mate[w] === -1 && slack(p >> 1) === 0) {
          mate[v] = p;
          mate[w] = p ^ 1;
          break;
        }
      }
    }
    // Short augmenting paths of tight edges, v – u = u' – w (v, w free): cheap, and each saves a stage.
    for (let v = 0; v < n; v++) {
      if (mate[v] !== -1) continue;
      search: for (let q = nbStart[v]; q < nbStart[v + 1]; q++) {
        const p = neighbend[q];
        const u = endpoint[p];
        if (mate[u] === -1 || slack(p >> 1) !== 0) continue;
        const u2 = endpoint[mate[u]];
        for (let r = nbStart[u2]; r < nbStart[u2 + 1]; r++) {
          const p2 = neighbend[r];
          const w = endpoint[p2];
          if (w === v || mate[w] !== -1 || slack(p2 >> 1) !== 0) continue;
          mate[v] = p;
          mate[u] = p ^ 1;
          mate[u2] = p2;
          mate[w] = p2 ^ 1;
          break search;
        }
      }
    }
  }

  /** Trace back from v and w to find a new blossom (returns its base) or an augmenting path (−1). */
  function scanBlossom(v0: number, w0: number): number {
    let v = v0;
    let w = w0;
    const path: number[] = [];
    let base = -1;
    while (v !== -1 || w !== -1) {
      let b = inblossom[v];
      if (label[b] & 4) {
        base = blossombase[b];
        break;
      }
      path.push(b);
      label[b] = 5;
      if (labelend[b] === -1) {
        v = -1;
      } else {
        v = endpoint[labelend[b]];
        b = inblossom[v];
        v = endpoint[labelend[b]];
      }
      if (w !== -1) {
        const tmp = v;
        v = w;
        w = tmp;
      }
    }
    for (const b of path) label[b] = 1;
    return base;
  }

  function addBlossom(base: number, k: number): void {
    let v = endpoint[2 * k];
    let w = endpoint[2 * k + 1];
    const bb = inblossom[base];
    let bv = inblossom[v];
    let bw = inblossom[w];
    const b = unusedblossoms.pop() as number;
    blossombase[b] = base;
    blossomparent[b] = -1;
    blossomparent[bb] = b;
    const path: number[] = [];
    const endps: number[] = [];
    while (bv !== bb) {
      blossomparent[bv] = b;
      path.push(bv);
      endps.push(labelend[bv]);
      v = endpoint[labelend[bv]];
      bv = inblossom[v];
    }
    path.push(bb);
    path.reverse();
    endps.reverse();
    endps.push(2 * k);
    while (bw !== bb) {
      blossomparent[bw] = b;
      path.push(bw);
      endps.push(labelend[bw] ^ 1);
      w = endpoint[labelend[bw]];
      bw = inblossom[w];
    }
    blossomchilds[b] = path;
    blossomendps[b] = endps;
    label[b] = 1;
    labelend[b] = labelend[bb];
    dualvar[b] = 0;
    for (const leaf of blossomLeaves(b)) {
      if (label[inblossom[leaf]] === 2) queue.push(leaf);
      inblossom[leaf] = b;
    }
    // Compute the blossom's least-slack edges to neighbouring S-blossoms.
    const touched: number[] = [];
    for (const sub of path) {
      const lists = blossombestedges[sub];
      if (lists === null) {
        for (const leaf of blossomLeaves(sub)) {
          for (let q = nbStart[leaf]; q < nbStart[leaf + 1]; q++) considerBest(neighbend[q] >> 1, b, touched);
        }
      } else {
        for (const kk of lists) considerBest(kk, b, touched);
      }
      blossombestedges[sub] = null;
      bestedge[sub] = -1;
    }
    const best: number[] = [];
    for (const bj of touched) {
      best.push(bestedgeto[bj]);
      bestedgeto[bj] = -1;
    }
    blossombestedges[b] = best;
    bestedge[b] = -1;
    let bestSlack = Infinity;
    for (const kk of best) {
      const s = slack(kk);
      if (s < bestSlack) {
        bestSlack = s;
        bestedge[b] = kk;
      }
    }
  }

  /** addBlossom helper: keep in bestedgeto[bj] the least-slack edge from blossom b to S-blossom bj. */
  function considerBest(kk: number, b: number, touched: number[]): void {
    let j = endpoint[2 * kk + 1];
    if (inblossom[j] === b) j = endpoint[2 * kk];
    const bj = inblossom[j];
    if (bj === b || label[bj] !== 1) return;
    const cur = bestedgeto[bj];
    if (cur === -1) {
      bestedgeto[bj] = kk;
      touched.push(bj);
    } else if (slack(kk) < slack(cur)) bestedgeto[bj] = kk;
  }

  function expandBlossom(b: number, endstage: boolean): void {
    const childs = blossomchilds[b] as number[];
    const endps = blossomendps[b] as number[];
    for (const s of childs) {
      blossomparent[s] = -1;
      if (s < n) inblossom[s] = s;
      else if (endstage && dualvar[s] === 0) expandBlossom(s, endstage);
      else for (const leaf of blossomLeaves(s)) inblossom[leaf] = s;
    }
    if (!endstage && label[b] === 2) {
      // The expanding blossom was a T-blossom: relabel its sub-blossoms along the even path.
      const entrychild = inblossom[endpoint[labelend[b] ^ 1]];
      let j = childs.indexOf(entrychild);
      let jstep: number;
      let endptrick: number;
      if (j & 1) {
        j -= childs.length;
        jstep = 1;
        endptrick = 0;
      } else {
        jstep = -1;
        endptrick = 1;
      }
      let p = labelend[b];
      while (j !== 0) {
        label[endpoint[p ^ 1]] = 0;
        label[endpoint[at(endps, j - endptrick) ^ endptrick ^ 1]] = 0;
        assignLabel(endpoint[p ^ 1], 2, p);
        allowedge[at(endps, j - endptrick) >> 1] = 1;
        j += jstep;
        p = at(endps, j - endptrick) ^ endptrick;
        allowedge[p >> 1] = 1;
        j += jstep;
      }
      let bv = at(childs, j);
      label[endpoint[p ^ 1]] = label[bv] = 2;
      labelend[endpoint[p ^ 1]] = labelend[bv] = p;
      bestedge[bv] = -1;
      j += jstep;
      while (at(childs, j) !== entrychild) {
        bv = at(childs, j);
        if (label[bv] === 1) {
          j += jstep;
          continue;
        }
        let reached = -1;
        for (const leaf of blossomLeaves(bv)) {
          if (label[leaf] !== 0) {
            reached = leaf;
            break;
          }
        }
        if (reached !== -1) {
          label[reached] = 0;
          label[endpoint[mate[blossombase[bv]]]] = 0;
          assignLabel(reached, 2, labelend[reached]);
        }
        j += jstep;
      }
    }
    label[b] = labelend[b] = -1;
    blossomchilds[b] = blossomendps[b] = null;
    blossombase[b] = -1;
    blossombestedges[b] = null;
    bestedge[b] = -1;
    unusedblossoms.push(b);
  }

  /** Swap matched/unmatched edges along the even path from v to the base of blossom b. */
  function augmentBlossom(b: number, v: number): void {
    let t = v;
    while (blossomparent[t] !== b) t = blossomparent[t];
    if (t >= n) augmentBlossom(t, v);
    let childs = blossomchilds[b] as number[];
    let endps = blossomendps[b] as number[];
    const i = childs.indexOf(t);
    let j = i;
    let jstep: number;
    let endptrick: number;
    if (i & 1) {
      j -= childs.length;
      jstep = 1;
      endptrick = 0;
    } else {
      jstep = -1;
      endptrick = 1;
    }
    while (j !== 0) {
      j += jstep;
      t = at(childs, j);
      const p = at(endps, j - endptrick) ^ endptrick;
      if (t >= n) augmentBlossom(t, endpoint[p]);
      j += jstep;
      t = at(childs, j);
      if (t >= n) augmentBlossom(t, endpoint[p ^ 1]);
      mate[endpoint[p]] = p ^ 1;
      mate[endpoint[p ^ 1]] = p;
    }
    childs = childs.slice(i).concat(childs.slice(0, i));
    endps = endps.slice(i).concat(endps.slice(0, i));
    blossomchilds[b] = childs;
    blossomendps[b] = endps;
    blossombase[b] = blossombase[childs[0]];
  }

  function augmentMatching(k: number): void {
    const pairs: Array<[number, number]> = [
      [endpoint[2 * k], 2 * k + 1],
      [endpoint[2 * k + 1], 2 * k],
    ];
    for (const [s0, p0] of pairs) {
      let s = s0;
      let p = p0;
      for (;;) {
        const bs = inblossom[s];
        if (bs >= n) augmentBlossom(bs, s);
        mate[s] = p;
        if (labelend[bs] === -1) break;
        const t = endpoint[labelend[bs]];
        const bt = inblossom[t];
        s = endpoint[labelend[bt]];
        const jj = endpoint[labelend[bt] ^ 1];
        if (bt >= n) augmentBlossom(bt, jj);
        mate[jj] = labelend[bt];
        p = labelend[bt] ^ 1;
      }
    }
  }

  if (perfect) jumpStart();
  // Warm start: edges of maximum weight are tight under the initial duals (all = maxWeight), so a
  // greedy matching of them keeps every invariant of the primal-dual method and saves stages.
  else if (maxWeight > 0) {
    for (let k = 0; k < nedge; k++) {
      const i = endpoint[2 * k];
      const j = endpoint[2 * k + 1];
      if (weight[k] === maxWeight && mate[i] === -1 && mate[j] === -1) {
        mate[i] = 2 * k + 1;
        mate[j] = 2 * k;
      }
    }
  }

  for (let stage = 0; stage < n; stage++) {
    label.fill(0);
    bestedge.fill(-1);
    for (let b = n; b < 2 * n; b++) blossombestedges[b] = null;
    allowedge.fill(0);
    queue.length = 0;
    for (let v = 0; v < n; v++) if (mate[v] === -1 && label[inblossom[v]] === 0) assignLabel(v, 1, -1);

    let augmented = false;
    for (;;) {
      while (queue.length > 0 && !augmented) {
        const v = queue.pop() as number;
        for (let q = nbStart[v]; q < nbStart[v + 1]; q++) {
          const p = neighbend[q];
          const k = p >> 1;
          const w = endpoint[p];
          if (inblossom[v] === inblossom[w]) continue;
          let kslack = 0;
          if (!allowedge[k]) {
            kslack = slack(k);
            if (kslack <= 0) allowedge[k] = 1;
          }
          if (allowedge[k]) {
            if (label[inblossom[w]] === 0) {
              assignLabel(w, 2, p ^ 1);
            } else if (label[inblossom[w]] === 1) {
              const base = scanBlossom(v, w);
              if (base >= 0) addBlossom(base, k);
              else {
                augmentMatching(k);
                augmented = true;
                break;
              }
            } else if (label[w] === 0) {
              label[w] = 2;
              labelend[w] = p ^ 1;
            }
          } else if (label[inblossom[w]] === 1) {
            const b = inblossom[v];
            if (bestedge[b] === -1 || kslack < slack(bestedge[b])) bestedge[b] = k;
          } else if (label[w] === 0) {
            if (bestedge[w] === -1 || kslack < slack(bestedge[w])) bestedge[w] = k;
          }
        }
      }
      if (augmented) break;

      // No augmenting path with the current duals: compute the dual update delta.
      let deltatype = -1;
      let delta = 0;
      let deltaedge = -1;
      let deltablossom = -1;
      if (!maxCardinality) {
        deltatype = 1;
        delta = Infinity;
        for (let v = 0; v < n; v++) if (dualvar[v] < delta) delta = dualvar[v];
      }
      for (let v = 0; v < n; v++) {
        if (label[inblossom[v]] === 0 && bestedge[v] !== -1) {
          const d = slack(bestedge[v]);
          if (deltatype === -1 || d < delta) {
            delta = d;
            deltatype = 2;
            deltaedge = bestedge[v];
          }
        }
      }
      for (let b = 0; b < 2 * n; b++) {
        if (blossomparent[b] === -1 && label[b] === 1 && bestedge[b] !== -1) {
          const d = slack(bestedge[b]) / 2;
          if (deltatype === -1 || d < delta) {
            delta = d;
            deltatype = 3;
            deltaedge = bestedge[b];
          }
        }
      }
      for (let b = n; b < 2 * n; b++) {
        if (blossombase[b] >= 0 && blossomparent[b] === -1 && label[b] === 2 && (deltatype === -1 || dualvar[b] < delta)) {
          delta = dualvar[b];
          deltatype = 4;
          deltablossom = b;
        }
      }
      if (deltatype === -1) {
        // No further improvement possible; max-cardinality optimum reached.
        deltatype = 1;
        let m = Infinity;
        for (let v = 0; v < n; v++) if (dualvar[v] < m) m = dualvar[v];
        delta = Math.max(0, m);
      }
      for (let v = 0; v < n; v++) {
        const l = label[inblossom[v]];
        if (l === 1) dualvar[v] -= delta;
        else if (l === 2) dualvar[v] += delta;
      }
      for (let b = n; b < 2 * n; b++) {
        if (blossombase[b] >= 0 && blossomparent[b] === -1) {
          if (label[b] === 1) dualvar[b] += delta;
          else if (label[b] === 2) dualvar[b] -= delta;
        }
      }
      if (deltatype === 1) break;
      else if (deltatype === 2) {
        allowedge[deltaedge] = 1;
        let i = endpoint[2 * deltaedge];
        if (label[inblossom[i]] === 0) i = endpoint[2 * deltaedge + 1];
        queue.push(i);
      } else if (deltatype === 3) {
        allowedge[deltaedge] = 1;
        queue.push(endpoint[2 * deltaedge]);
      } else {
        expandBlossom(deltablossom, false);
      }
    }
    if (!augmented) break;
    // End of stage: expand S-blossoms whose dual is zero.
    for (let b = n; b < 2 * n; b++) {
      if (blossomparent[b] === -1 && blossombase[b] >= 0 && label[b] === 1 && dualvar[b] === 0) expandBlossom(b, true);
    }
  }

  for (let v = 0; v < n; v++) if (mate[v] >= 0) mateOut[v] = endpoint[mate[v]];
  if (options.duals) for (let v = 0; v < n; v++) options.duals[v] = dualvar[v] / (2 * scale);
  return mateOut;
}

/** Total weight of a matching returned by maxWeightMatching (graphs without parallel edges). */
export function matchingWeight(edges: EdgeList, mate: Int32Array): number {
  let total = 0;
  for (let k = 0; k < edges.length; k++) {
    const u = edges.from(k);
    if (mate[u] === edges.to(k)) total += edges.weight(k);
  }
  return total;
}
