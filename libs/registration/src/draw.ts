import { Random, seededRandom, shuffled } from './prng';

/**
 * Drawing draw numbers (抽签定代号) by lot, reproducibly: the same seed and the same entries give
 * the same numbers, so the draw can be re-run and audited.
 *
 * Order of placement:
 * 1. explicit pins (the chief arbiter fixes an entry to a number);
 * 2. seeded entries drawn by lot into the seed positions — 附录1 #5: last edition's top four
 *    are drawn into 1, 6, 9, 14 so they do not meet in round 1;
 * 3. the host's extra team of an odd field and a team of its own affiliation drawn into one
 *    pair of numbers (2k−1, 2k), because round 1 pairs 1–2, 3–4 … (附录1 #3, #4);
 * 4. everyone else by lot into the remaining numbers.
 */
export interface DrawEntry {
  id: string;
  /** Seed rank, 1 = top seed. */
  seed?: number;
  affiliation?: string;
  /** The extra team added by the host to make the field even (附录1 #3). */
  hostExtra?: boolean;
}

export interface DrawOptions {
  seed: string;
  pinned?: ReadonlyArray<{ entryId: string; drawNumber: number }>;
  /** Numbers the seeded entries are drawn into, in any order; default none (seeds drawn like others). */
  seedPositions?: readonly number[];
}

export interface DrawAssignment {
  entryId: string;
  drawNumber: number;
}

export type DrawErrorCode =
  | 'no_entries'
  | 'duplicate_entry'
  | 'pin_unknown_entry'
  | 'pin_out_of_range'
  | 'pin_number_taken'
  | 'too_many_seeds'
  | 'seed_position_out_of_range'
  | 'seed_position_twice'
  | 'host_extra_without_partner'
  | 'host_extra_twice';

export class DrawError extends Error {
  constructor(
    readonly code: DrawErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DrawError';
  }
}

export type DrawResult = { ok: true; value: DrawAssignment[] } | { ok: false; error: DrawError };

export function drawNumbers(entries: readonly DrawEntry[], options: DrawOptions): DrawResult {
  const fail = (code: DrawErrorCode, message: string): DrawResult => ({ ok: false, error: new DrawError(code, message) });
  const n = entries.length;
  if (n === 0) return fail('no_entries', 'there are no entries to draw');
  // Sort by id so the result depends on the seed and the set of entries, not on input order.
  const sorted = entries.slice().sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const ids = new Set<string>();
  for (const e of sorted) {
    if (ids.has(e.id)) return fail('duplicate_entry', `entry ${e.id} appears twice`);
    ids.add(e.id);
  }
  const random: Random = seededRandom(options.seed);
  const numberOf = new Map<string, number>();
  const holder = new Map<number, string>();
  const place = (entryId: string, drawNumber: number) => {
    numberOf.set(entryId, drawNumber);
    holder.set(drawNumber, entryId);
  };

  for (const pin of options.pinned ?? []) {
    if (!ids.has(pin.entryId)) return fail('pin_unknown_entry', `pinned entry ${pin.entryId} is not in the event`);
    if (!Number.isInteger(pin.drawNumber) || pin.drawNumber < 1 || pin.drawNumber > n)
      return fail('pin_out_of_range', `draw number ${pin.drawNumber} is outside 1–${n}`);
    if (holder.has(pin.drawNumber) || numberOf.has(pin.entryId))
      return fail('pin_number_taken', `draw number ${pin.drawNumber} or entry ${pin.entryId} is pinned twice`);
    place(pin.entryId, pin.drawNumber);
  }

  // 附录1 #5: seeds drawn by lot into the seed positions.
  const seedPositions = (options.seedPositions ?? []).filter((p) => !holder.has(p));
  const seen = new Set<number>();
  for (const p of seedPositions) {
    if (!Number.isInteger(p) || p < 1 || p > n) return fail('seed_position_out_of_range', `seed position ${p} is outside 1–${n}`);
    // Two seeds cannot share a number: each seed position is one draw number (附录1 #5).
    if (seen.has(p)) return fail('seed_position_twice', `seed position ${p} is listed twice`);
    seen.add(p);
  }
  if (seedPositions.length > 0) {
    const seeded = sorted.filter((e) => e.seed !== undefined && !numberOf.has(e.id)).sort((a, b) => a.seed! - b.seed!);
    if (seeded.length > seedPositions.length) return fail('too_many_seeds', `${seeded.length} seeded entries but only ${seedPositions.length} seed positions`);
    const positions = shuffled(seedPositions, random);
    seeded.forEach((e, i) => place(e.id, positions[i]));
  }

  // 附录1 #3: the host's extra team meets a team of its own affiliation in round 1.
  const extras = sorted.filter((e) => e.hostExtra && !numberOf.has(e.id));
  if (extras.length > 1) return fail('host_extra_twice', 'only one extra host team can be added');
  if (extras.length === 1) {
    const extra = extras[0];
    const partners = sorted.filter(
      (e) => e.id !== extra.id && !e.hostExtra && !numberOf.has(e.id) && e.affiliation !== undefined && e.affiliation === extra.affiliation,
    );
    const freePairs: number[] = [];
    for (let k = 1; k + 1 <= n; k += 2) if (!holder.has(k) && !holder.has(k + 1)) freePairs.push(k);
    if (partners.length === 0 || freePairs.length === 0)
      return fail(
        'host_extra_without_partner',
        `the extra host team ${extra.id} needs an undrawn team of its own affiliation and a free pair of numbers (2k−1, 2k)`,
      );
    const partner = partners[Math.floor(random() * partners.length)];
    const k = freePairs[Math.floor(random() * freePairs.length)];
    const [a, b] = random() < 0.5 ? [k, k + 1] : [k + 1, k];
    place(partner.id, a);
    place(extra.id, b);
  }

  const rest = sorted.filter((e) => !numberOf.has(e.id));
  const free: number[] = [];
  for (let i = 1; i <= n; i++) if (!holder.has(i)) free.push(i);
  const numbers = shuffled(free, random);
  rest.forEach((e, i) => place(e.id, numbers[i]));

  const value = [...numberOf.entries()].map(([entryId, drawNumber]) => ({ entryId, drawNumber })).sort((a, b) => a.drawNumber - b.drawNumber);
  return { ok: true, value };
}

/** 附录1 #5: where last edition's top four are drawn. */
export const AXF_TEAM_SEED_POSITIONS: readonly number[] = [1, 6, 9, 14];
