/**
 * The checker's score-group test (issue 15): in a Swiss round, a float — a pair of different
 * scores — is larger than needed when exchanging partners with another pair of the round pairs
 * everyone closer in score: Σ (score difference)² of the two pairs drops, neither new pair has
 * met before or is forbidden, and the two new pairs have no more hard colour faults (a colour
 * difference above 2 or a third colour in a row, which the pairer avoids before score
 * differences) than the two old ones. Pairing equal scores and floating to the nearest score is
 * what every Swiss system does (一章3节1 and 附录1 #11 leave the details to the pairing software;
 * libs/pairing/src/swiss/swiss-engine.ts, priority 3).
 *
 * This is a two-pair exchange test: it proves a float too large (the exchange is the proof), but
 * a round that passes it is not proved optimal. Cost: floats × pairs score comparisons; the
 * colour and prohibition checks run only for exchanges that would bring the scores closer.
 */
import { Side } from '@chuhe/tournament';
import { pairColourCost } from './swiss/swiss-colours';

export interface FloatPair {
  red: string;
  black: string;
}

export interface FloatContext {
  score: (id: string) => number;
  colours: (id: string) => readonly Side[];
  /** May the two meet in this round (no rematch, not forbidden)? */
  allowed: (a: string, b: string) => boolean;
}

export interface NeedlessFloat {
  pair: FloatPair;
  /** The other pair of the exchange, and the two pairs it gives. */
  other: FloatPair;
  better: [[string, string], [string, string]];
  /** Σ (score difference)² of the two pairs before and after. */
  before: number;
  after: number;
}

export function needlessFloats(pairs: readonly FloatPair[], ctx: FloatContext): NeedlessFloat[] {
  const sq = (a: string, b: string): number => (ctx.score(a) - ctx.score(b)) ** 2;
  const hard = (a: string, b: string): number => pairColourCost(ctx.colours(a), ctx.colours(b)).hard;
  const found: NeedlessFloat[] = [];
  pairs.forEach((f, i) => {
    const fd = sq(f.red, f.black);
    if (fd === 0) return;
    let best: NeedlessFloat | undefined;
    pairs.forEach((g, j) => {
      if (i === j) return;
      const before = fd + sq(g.red, g.black);
      for (const [x, y] of [
        [g.red, g.black],
        [g.black, g.red],
      ]) {
        const after = sq(f.red, x) + sq(f.black, y);
        if (after >= before || (best && before - after <= best.before - best.after)) continue;
        if (!ctx.allowed(f.red, x) || !ctx.allowed(f.black, y)) continue;
        if (hard(f.red, x) + hard(f.black, y) > hard(f.red, f.black) + hard(g.red, g.black)) continue;
        best = {
          pair: f,
          other: g,
          better: [
            [f.red, x],
            [f.black, y],
          ],
          before,
          after,
        };
      }
    });
    if (best) found.push(best);
  });
  return found;
}
