/**
 * Knockout brackets (淘汰赛) from seeds.
 *
 * Standard seeding: the bracket of size P (the next power of two ≥ the field) is laid out so
 * that, if the better seed always wins, seeds 1 and 2 meet only in the final, 1–4 only from the
 * semi-finals on, and in every round the seeds of a match add up to (players left) + 1.
 * Order for P = 8: 1-8, 4-5, 2-7, 3-6 (built by doubling: [1] → [1,2] → [1,4,2,3] → …).
 *
 * Byes: with N < P the seeds N+1…P do not exist, so their opponents — the top P − N seeds —
 * advance without playing in round 1.
 *
 * Generic over the entrant type: pass entrants best seed first; matches refer to them by
 * value, with `seed` numbers alongside.
 *
 * Usage:
 *   const b = knockoutBracket(['a', 'b', 'c', 'd', 'e']);   // P = 8, seeds 1–3 get byes
 *   b.value.firstRound  // [{ match: 1, top: { seed: 1, entrant: 'a' }, bottom: null }, …]
 *   knockoutNextRound(['a', 'd', 'b', 'c'])  // winners in match order → next round's matches
 */
import { Result } from '@chuhe/tournament';

export interface Seeded<T> {
  seed: number;
  entrant: T;
}

export interface KnockoutMatch<T> {
  /** 1-based position in the round, top of the bracket first. */
  match: number;
  /** The better seed of the slot pair (first round); in later rounds the winner from above. */
  top: T;
  /** null: `top` has a bye. */
  bottom: T | null;
}

export interface KnockoutBracket<T> {
  entrants: number;
  /** Bracket size: a power of two. */
  size: number;
  /** Number of knockout rounds (log2 size). */
  rounds: number;
  firstRound: KnockoutMatch<Seeded<T>>[];
}

export interface KnockoutError {
  code: 'too_few_entrants' | 'odd_number_of_winners';
  message: string;
}

/** The seed in each bracket slot, top to bottom, for a bracket of `size` (a power of two). */
export function bracketSeedOrder(size: number): number[] {
  if (!Number.isInteger(Math.log2(size)) || size < 1) throw new Error(`bracket size must be a power of two, got ${size}`);
  let order = [1];
  while (order.length < size) {
    const n = order.length * 2;
    order = order.flatMap((s) => [s, n + 1 - s]);
  }
  return order;
}

export function knockoutBracket<T>(seeded: readonly T[]): Result<KnockoutBracket<T>, KnockoutError> {
  if (seeded.length < 2) {
    return { ok: false, error: { code: 'too_few_entrants', message: `a knockout needs at least 2 entrants, got ${seeded.length}` } };
  }
  let size = 1;
  while (size < seeded.length) size *= 2;
  const order = bracketSeedOrder(size);
  const slot = (seed: number): Seeded<T> | null => (seed <= seeded.length ? { seed, entrant: seeded[seed - 1] } : null);
  const firstRound: KnockoutMatch<Seeded<T>>[] = [];
  for (let i = 0; i < size; i += 2) {
    // order[i] is always the better seed of its slot pair, so it exists; order[i + 1] may be a bye.
    firstRound.push({ match: i / 2 + 1, top: slot(order[i])!, bottom: slot(order[i + 1]) });
  }
  return { ok: true, value: { entrants: seeded.length, size, rounds: Math.log2(size), firstRound } };
}

/** The next round from the winners of the previous one, in match order (1 v 2, 3 v 4, …). */
export function knockoutNextRound<T>(winners: readonly T[]): Result<KnockoutMatch<T>[], KnockoutError> {
  if (winners.length < 2 || winners.length % 2 !== 0) {
    return {
      ok: false,
      error: { code: 'odd_number_of_winners', message: `a knockout round needs an even number (≥ 2) of winners, got ${winners.length}` },
    };
  }
  const matches: KnockoutMatch<T>[] = [];
  for (let i = 0; i < winners.length; i += 2) matches.push({ match: i / 2 + 1, top: winners[i], bottom: winners[i + 1] });
  return { ok: true, value: matches };
}

/**
 * 附录2 #6: the semi-final winners play the final (冠、亚军), the losers the third-place match
 * (季、殿军). `semiFinals` are [winner, loser] of semi-final 1 and 2, in bracket order.
 */
export function finalAndThirdPlace<T>(semiFinals: readonly [[winner: T, loser: T], [winner: T, loser: T]]): {
  final: [T, T];
  thirdPlace: [T, T];
} {
  return { final: [semiFinals[0][0], semiFinals[1][0]], thirdPlace: [semiFinals[0][1], semiFinals[1][1]] };
}
