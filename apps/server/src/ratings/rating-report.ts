import type { PersonChange } from '@chuhe/ratings';

/** A rating change's stored report (RatingChange.report): the method's figures and its game lines. */
export function reportOf(c: PersonChange) {
  return { k: c.k, score: c.score, expected: c.expected, games: c.report };
}
