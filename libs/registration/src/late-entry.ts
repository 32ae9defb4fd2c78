import { DrawAssignment } from './draw';
import { Random, seededRandom } from './prng';

/**
 * Draw numbers for entries added after the draw (抽签定代号) and before round 1 is paired.
 *
 * The rule, 附录6 用法1: "在循环赛开始前,按参加人(队)数制成由 1 号执顺序号码签号,每一人(队)各抽得
 * 一个号码" — lots numbered 1…N for the N participants, every participant draws one. (附录2 #3,
 * 附录3 #3, 附录4 #2: the Swiss codes are drawn the same way before round 1.) A late entry changes
 * N, so the draw already made no longer covers the field. Three ways to follow the rule:
 *
 *   a. Redraw everyone (drawNumbers again; 二章7节2 asks for a redraw, 重新抽签, when the field
 *      changes before the start by a withdrawal). Every announced number may change.
 *   b. Give the late entry one of the numbers still free. With a full draw the only free number is
 *      N+1: that is the "next free number" Chuhe gave until now — no lot at all, and the late
 *      entry knows its place on the 附录6 table (its colours and opponents' order) in advance.
 *   c. The late entry draws from ALL the lots 1…N+1, as 用法1 says; if it draws a number already
 *      held, the holder takes the new number N+1 instead (the lot swapped). This is the
 *      "inside-out" Fisher–Yates step: when the N numbers were drawn uniformly, the N+1 numbers
 *      after it are exactly as random as a full redraw (every assignment equally likely), yet at
 *      most one entry's number changes per late entry.
 *
 * Chuhe's choice: (c), method 'lot' (the default): it is the lot of 用法1 for the late entry and
 * it keeps the draw as fair as a redraw for everyone, moving at most one announced number.
 * Method 'free_numbers' is (b) for organisers who will not move any announced number: the late
 * entries draw among the free numbers of 1…N+k only (a real lot only when several are free).
 * For (a) call drawNumbers with a new seed.
 *
 * Details:
 * - Several late entries at once are drawn one after another, in the order of their ids (so the
 *   result depends on the seed and the set of entries, not on input order), each step as above.
 * - Entries marked `fixed` are never moved and their numbers are never drawn: pinned numbers,
 *   seeds drawn into their seed positions (附录1 #5: 1, 6, 9, 14) and the host's extra team with
 *   its partner (附录1 #3) — their placement is a rule, not a lot.
 * - The numbers of the existing entries must be distinct and within 1…N+k (N+k = the new field),
 *   so that the field ends with exactly 1…N+k, as a round-robin table needs (附录6 用法1). Numbers
 *   outside that range (an entry removed after the draw left a hole at the top) cannot be
 *   repaired by a late lot: the error 'redraw_needed' says to redraw (二章7节2 重新抽签).
 * - A late entry draws as an unseeded entry.
 * - The seed must be recorded (audit) so that the lot can be re-run: the same seed and the same
 *   entries give the same numbers.
 *
 * Usage (the server, when an entry is created after the draw):
 *   const r = lateEntryDraw({ existing: [{ entryId: 'e1', drawNumber: 1 }, …], lateEntries: ['e9'], seed });
 *   if (r.ok) { r.value.assignments  // [{ entryId: 'e9', drawNumber: 4 }]
 *               r.value.moved }      // [{ entryId: 'e4', from: 4, to: 9 }] — update and audit these too
 */

export const LATE_ENTRY_METHODS = ['lot', 'free_numbers'] as const;
export type LateEntryMethod = (typeof LATE_ENTRY_METHODS)[number];

export interface ExistingDrawNumber {
  entryId: string;
  drawNumber: number;
  /** Never moved, its number never drawn (pins, seed positions, the host extra pair). */
  fixed?: boolean;
}

export interface LateEntryDrawInput {
  /** The entries that already hold a draw number. */
  existing: readonly ExistingDrawNumber[];
  /** Ids of the entries added after the draw (at least one). */
  lateEntries: readonly string[];
  /** Seed of this lot (record it). */
  seed: string;
  /** 'lot' (default, see the file comment) or 'free_numbers'. */
  method?: LateEntryMethod;
}

export interface MovedDrawNumber {
  entryId: string;
  from: number;
  to: number;
}

export interface LateEntryDraw {
  /** The late entries' numbers, by number. */
  assignments: DrawAssignment[];
  /** Existing entries whose number changed (method 'lot' only), by entry id. */
  moved: MovedDrawNumber[];
  /** The field's size after the late entries: every number 1…fieldSize is held once. */
  fieldSize: number;
}

export type LateEntryDrawErrorCode = 'no_late_entries' | 'duplicate_entry' | 'duplicate_number' | 'redraw_needed';

export class LateEntryDrawError extends Error {
  constructor(
    readonly code: LateEntryDrawErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'LateEntryDrawError';
  }
}

export type LateEntryDrawResult = { ok: true; value: LateEntryDraw } | { ok: false; error: LateEntryDrawError };

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function lateEntryDraw(input: LateEntryDrawInput): LateEntryDrawResult {
  const fail = (code: LateEntryDrawErrorCode, message: string): LateEntryDrawResult => ({ ok: false, error: new LateEntryDrawError(code, message) });
  const method = input.method ?? 'lot';
  const late = input.lateEntries.slice().sort(byId);
  if (late.length === 0) return fail('no_late_entries', 'there is no late entry to draw');
  const fieldSize = input.existing.length + late.length;

  const ids = new Set<string>();
  for (const id of [...input.existing.map((e) => e.entryId), ...late]) {
    if (ids.has(id)) return fail('duplicate_entry', `entry ${id} appears twice`);
    ids.add(id);
  }
  const holder = new Map<number, string>();
  const fixed = new Set<number>();
  for (const e of input.existing) {
    if (!Number.isInteger(e.drawNumber) || e.drawNumber < 1 || e.drawNumber > fieldSize) {
      return fail(
        'redraw_needed',
        `entry ${e.entryId} holds draw number ${e.drawNumber}, outside 1–${fieldSize} (the field after the late entries): the numbers are no longer 1…N — redraw (二章7节2 重新抽签)`,
      );
    }
    if (holder.has(e.drawNumber)) return fail('duplicate_number', `draw number ${e.drawNumber} is held by ${holder.get(e.drawNumber)} and ${e.entryId}`);
    holder.set(e.drawNumber, e.entryId);
    if (e.fixed) fixed.add(e.drawNumber);
  }
  const original = new Map(input.existing.map((e) => [e.entryId, e.drawNumber]));
  // The free numbers, ascending: exactly one per late entry (the existing numbers are distinct and in range).
  const free: number[] = [];
  for (let n = 1; n <= fieldSize; n++) if (!holder.has(n)) free.push(n);

  const random: Random = seededRandom(input.seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const assigned = new Map<string, number>();

  if (method === 'free_numbers') {
    // (b): a lot among the free numbers only.
    const pool = free.slice();
    for (const id of late) {
      const i = Math.floor(random() * pool.length);
      assigned.set(id, pool[i]);
      holder.set(pool[i], id);
      pool.splice(i, 1);
    }
  } else {
    // (c): each late entry draws from every movable number and one free number; a held number
    // swaps its holder onto the free one (inside-out Fisher–Yates, 附录6 用法1's lot for N+1).
    for (const [k, id] of late.entries()) {
      const fresh = free[k];
      const lots: number[] = [];
      for (const [n] of holder) if (!fixed.has(n)) lots.push(n);
      lots.sort((a, b) => a - b);
      lots.push(fresh);
      const drawn = pick(lots);
      if (drawn !== fresh) {
        const displaced = holder.get(drawn)!;
        holder.set(fresh, displaced);
        if (assigned.has(displaced)) assigned.set(displaced, fresh);
      }
      holder.set(drawn, id);
      assigned.set(id, drawn);
    }
  }

  const lateSet = new Set(late);
  const moved: MovedDrawNumber[] = [];
  for (const [n, id] of holder) {
    if (lateSet.has(id)) continue;
    const from = original.get(id)!;
    if (from !== n) moved.push({ entryId: id, from, to: n });
  }
  moved.sort((a, b) => byId(a.entryId, b.entryId));
  const assignments = late.map((id) => ({ entryId: id, drawNumber: assigned.get(id)! })).sort((a, b) => a.drawNumber - b.drawNumber);
  return { ok: true, value: { assignments, moved, fieldSize } };
}
