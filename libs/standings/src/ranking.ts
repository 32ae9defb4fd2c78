import { ChainStep } from './chains';
import { CRITERIA, CriterionContext, CriterionId, CriterionValue, compareValues } from './criteria';

/**
 * Ranking by a chain. The entries are sorted by the first step (the score); every group still
 * tied is sorted by the next step, and so on. A group criterion (直胜) is computed among the
 * entries tied at that point; when it splits a group only partly, it is applied again inside
 * each smaller group still tied ("among all the tied players" = those still tied).
 * After the last step, a recorded lot (抽签) decides; without one, the entries share the rank.
 *
 * The order never depends on the input order: entries still tied at the end are listed by
 * draw number, and share their rank.
 */

export interface Separation {
  /** Index of the chain step that separated this row from the previous one; −1 for the lot. */
  step: number;
  criterion: CriterionId | 'lot';
  /** The criterion's value for the previous row's group and for this row's group. */
  values: [CriterionValue | null, CriterionValue | null];
}

export interface RankedEntry {
  index: number;
  rank: number;
  /** How this row was separated from the previous one (null for the first row). */
  separation: Separation | null;
  /** Still tied with the previous row after the whole chain and the lot: same rank. */
  tied: boolean;
  /** Values of every chain step (group criteria: among the group where last applied; null if never). */
  values: (CriterionValue | null)[];
}

export interface Lot {
  /** Entry id → position in the recorded lot (0 = drawn first). */
  positions: ReadonlyMap<string, number>;
}

export function rankEntries(args: { ctx: CriterionContext; chain: readonly ChainStep[]; participants: readonly number[]; lot?: Lot }): RankedEntry[] {
  const { ctx, chain, lot } = args;
  const entries = ctx.records.entries;
  const n = entries.length;
  const valueCache: (CriterionValue[] | undefined)[] = chain.map(() => undefined);
  const groupValues: ((CriterionValue | null)[] | undefined)[] = chain.map(() => undefined);
  const numericKeys: (Float64Array | null | undefined)[] = chain.map(() => undefined);
  const drawNumbers = Float64Array.from(entries, (e) => e.drawNumber);
  const out: RankedEntry[] = [];
  const byDrawNumber = (x: number, y: number): number => entries[x].drawNumber - entries[y].drawNumber || (entries[x].id < entries[y].id ? -1 : 1);

  const emit = (index: number, separation: Separation | null, tied: boolean): void => {
    const rank = tied && out.length > 0 ? out[out.length - 1].rank : out.length + 1;
    out.push({ index, rank, separation, tied, values: [] });
  };

  const resolveByLot = (group: number[], firstSep: Separation | null): void => {
    // The lot decides only when it covers every entry of the group; otherwise they stay tied.
    const drawn = lot !== undefined && group.every((i) => lot.positions.has(entries[i].id));
    if (!drawn) {
      group.sort(byDrawNumber).forEach((i, k) => emit(i, k === 0 ? firstSep : null, k > 0));
      return;
    }
    const pos = (i: number): number => lot.positions.get(entries[i].id)!;
    group.sort((x, y) => pos(x) - pos(y));
    group.forEach((i, k) => emit(i, k === 0 ? firstSep : { step: -1, criterion: 'lot', values: [pos(group[k - 1]), pos(i)] }, false));
  };

  const process = (group: number[], level: number, firstSep: Separation | null): void => {
    if (group.length === 1) return emit(group[0], firstSep, false);
    if (level >= chain.length) return resolveByLot(group, firstSep);
    const def = CRITERIA[chain[level].criterion];
    let keyOf: (i: number) => CriterionValue;
    let numeric: Float64Array | null = null;
    if (def.value) {
      const cached = valueCache[level] ?? (valueCache[level] = def.value(ctx));
      keyOf = (i) => cached[i];
      if (numericKeys[level] === undefined) numericKeys[level] = toNumeric(cached, def.better === 'higher' ? -1 : 1);
      numeric = numericKeys[level]!;
    } else {
      const values = def.group!(ctx, group);
      if (values === null) return process(group, level + 1, firstSep);
      const store = groupValues[level] ?? (groupValues[level] = new Array<CriterionValue | null>(n).fill(null));
      group.forEach((i, k) => (store[i] = values[k]));
      keyOf = (i) => store[i] as CriterionValue;
    }
    const sorted = [...group];
    if (numeric) {
      // Fast path for integer criteria: keys signed so that ascending order ranks first.
      const k = numeric;
      sorted.sort((x, y) => k[x] - k[y] || drawNumbers[x] - drawNumbers[y]);
    } else sorted.sort((x, y) => compareValues(def, keyOf(x), keyOf(y)) || byDrawNumber(x, y));
    const runs: number[][] = [];
    for (const i of sorted) {
      const last = runs[runs.length - 1];
      const same = last && (numeric ? numeric[last[0]] === numeric[i] : compareValues(def, keyOf(last[0]), keyOf(i)) === 0);
      if (same) last.push(i);
      else runs.push([i]);
    }
    if (runs.length === 1) return process(sorted, level + 1, firstSep);
    // Keys are read before recursing: a re-applied group criterion overwrites its stored values.
    const keys = runs.map((run) => keyOf(run[0]));
    runs.forEach((run, k) => {
      const sep: Separation | null = k === 0 ? firstSep : { step: level, criterion: def.id, values: [keys[k - 1], keys[k]] };
      // 直胜 among those still tied: re-apply a group criterion inside a smaller tied group.
      const next = def.group && run.length > 1 ? level : level + 1;
      process(run, next, sep);
    });
  };

  process([...args.participants], 0, null);
  for (const row of out) {
    row.values = chain.map((_, level) => {
      const v = valueCache[level];
      if (v) return v[row.index];
      const g = groupValues[level];
      return g ? g[row.index] : null;
    });
  }
  // Value criteria skipped for every group (e.g. a chain never reaching them) are still reported.
  for (let level = 0; level < chain.length; level++) {
    const def = CRITERIA[chain[level].criterion];
    if (!def.value || valueCache[level]) continue;
    const v = def.value(ctx);
    for (const row of out) row.values[level] = v[row.index];
  }
  return out;
}

/** Signed numeric keys (ascending = better) when every value is a number; null for vectors. */
function toNumeric(values: readonly CriterionValue[], sign: number): Float64Array | null {
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (typeof v !== 'number') return null;
    out[i] = sign * v;
  }
  return out;
}

/** 32-bit FNV-1a, for drawing a lot from a recorded seed. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * A lot drawn from a recorded seed: each entry's place depends only on the seed and its draw number
 * (代号), so the same seed always gives the same order, whatever the input order. The draw number,
 * not the id: a tournament file carries the draw numbers, and an import gives the entries new ids —
 * keyed on ids, the same event ranked its tied entries differently after export → import (issue 22,
 * lossless exchange: a Swiss → knockout chain's bracket then no longer matched its stored rounds).
 */
export function lotFromSeed(seed: string, entries: readonly { id: string; drawNumber: number }[]): Lot {
  const key = (e: { drawNumber: number }) => hash(`${seed}:${e.drawNumber}`);
  const order = [...entries].sort((x, y) => key(x) - key(y) || x.drawNumber - y.drawNumber);
  return { positions: new Map(order.map((e, i) => [e.id, i])) };
}

export function lotFromOrder(ids: readonly string[]): Lot {
  return { positions: new Map(ids.map((id, i) => [id, i])) };
}
