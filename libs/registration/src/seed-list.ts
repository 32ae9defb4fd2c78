/**
 * Seeds (种子) set for a whole event at once (issue 30 #6): the organizer's list of changes checked
 * against the event's entries before anything is written, so the list is taken whole or not at all.
 *
 * - A seed is a rank (1 = top seed), as on one entry (DrawEntry.seed); null removes it.
 * - Only an active entry of the event is seeded (a withdrawn one is not drawn, 二章7节2).
 * - Two seeded entries never share a rank: the rank orders the seeds (附录1 #5 "上届前四名").
 * - At most one seed per round-1 pair: seeds are drawn into the seed positions so that no two meet
 *   in round 1 (附录1 #5: 1, 6, 9, 14; smaller fields: one odd number per pair, defaultSeedPositions),
 *   so a field of n has room for ⌊n/2⌋ seeds — more would make the draw refuse (too_many_seeds).
 */
export interface SeededEntry {
  id: string;
  active: boolean;
  seed: number | null;
}

export interface SeedChange {
  entryId: string;
  seed: number | null;
}

export type SeedListProblem =
  | { code: 'not_in_event'; index: number }
  | { code: 'listed_twice'; index: number }
  | { code: 'withdrawn'; index: number }
  /** `other` is the entry that holds the same rank (listed or not). */
  | { code: 'rank_twice'; index: number; seed: number; other: string }
  | { code: 'too_many'; seeds: number; room: number };

/** The seeds after the changes, by entry id (entries not listed keep theirs). */
export function seedsAfter(entries: readonly SeededEntry[], changes: readonly SeedChange[]): Map<string, number | null> {
  const after = new Map(entries.map((e) => [e.id, e.seed] as const));
  for (const c of changes) if (after.has(c.entryId)) after.set(c.entryId, c.seed);
  return after;
}

/** Every problem of the list, in list order (the caller refuses on the first); [] = the list may be written. */
export function seedListProblems(entries: readonly SeededEntry[], changes: readonly SeedChange[]): SeedListProblem[] {
  const byId = new Map(entries.map((e) => [e.id, e]));
  const problems: SeedListProblem[] = [];
  const seen = new Set<string>();
  changes.forEach((c, index) => {
    const entry = byId.get(c.entryId);
    if (!entry) problems.push({ code: 'not_in_event', index });
    else if (seen.has(c.entryId)) problems.push({ code: 'listed_twice', index });
    else if (!entry.active && c.seed !== null) problems.push({ code: 'withdrawn', index });
    seen.add(c.entryId);
  });
  if (problems.length) return problems;

  const after = seedsAfter(entries, changes);
  const holder = new Map<number, string>();
  // Unlisted seeded entries hold their ranks first, then the list in its order.
  const listed = new Set(changes.map((c) => c.entryId));
  for (const e of entries) if (e.active && !listed.has(e.id) && e.seed !== null) holder.set(e.seed, e.id);
  changes.forEach((c, index) => {
    if (c.seed === null || !byId.get(c.entryId)!.active) return;
    const other = holder.get(c.seed);
    if (other !== undefined) problems.push({ code: 'rank_twice', index, seed: c.seed, other });
    else holder.set(c.seed, c.entryId);
  });
  if (problems.length) return problems;

  const active = entries.filter((e) => e.active);
  const seeds = active.filter((e) => after.get(e.id) !== null).length;
  const room = Math.floor(active.length / 2);
  if (seeds > room) problems.push({ code: 'too_many', seeds, room });
  return problems;
}

/** Did the set of seeded entries change? (A new rank among the same seeds draws the same way: seeds are drawn by lot into the positions.) */
export function seededSetChanged(entries: readonly SeededEntry[], changes: readonly SeedChange[]): boolean {
  const after = seedsAfter(entries, changes);
  return entries.some((e) => e.active && (e.seed !== null) !== (after.get(e.id) !== null));
}

/** An entry as an ordered list can name it: its draw number or one of its names. */
export interface NamedEntry {
  id: string;
  active: boolean;
  drawNumber: number | null;
  names: readonly string[];
}

export type SeedOrder = { ok: true; changes: SeedChange[] } | { ok: false; code: 'unknown' | 'ambiguous' | 'twice'; line: number; text: string };

const key = (s: string) => s.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * A pasted list, top seed first, one entry a line (its draw number, "#12", or its name in either
 * script): seeds 1, 2, 3 … in that order, and every other active entry unseeded. Blank lines are
 * skipped; a line that names no entry, or more than one, or one named before, is refused by number.
 */
export function seedsFromOrder(text: string, entries: readonly NamedEntry[]): SeedOrder {
  const active = entries.filter((e) => e.active);
  const chosen: string[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line) continue;
    const number = /^#?\s*(\d+)$/.exec(line);
    const found = number ? active.filter((e) => e.drawNumber === Number(number[1])) : active.filter((e) => e.names.some((n) => key(n) === key(line)));
    if (found.length === 0) return { ok: false, code: 'unknown', line: i + 1, text: line };
    if (found.length > 1) return { ok: false, code: 'ambiguous', line: i + 1, text: line };
    if (chosen.includes(found[0].id)) return { ok: false, code: 'twice', line: i + 1, text: line };
    chosen.push(found[0].id);
  }
  return {
    ok: true,
    changes: [
      ...chosen.map((entryId, i) => ({ entryId, seed: i + 1 })),
      ...active.filter((e) => !chosen.includes(e.id)).map((e) => ({ entryId: e.id, seed: null })),
    ],
  };
}
