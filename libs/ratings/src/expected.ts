/**
 * Expected-score functions: the share of the points a player of rating difference `d` (own minus
 * opponent's, already capped) is expected to score. Replaceable: a list names one by key.
 */
export type ExpectedScore = (d: number, scale: number) => number;

/** Elo's logistic curve as FIDE uses it: 1 / (1 + 10^(−d/scale)). */
const logistic: ExpectedScore = (d, scale) => 1 / (1 + Math.pow(10, -d / scale));

/** Elo's original normal curve: Φ(d / (σ√2)) with σ = scale / 2 (σ = 200 at scale 400). */
const normal: ExpectedScore = (d, scale) => phi(d / ((scale / 2) * Math.SQRT2));

export const EXPECTED_SCORE: Record<string, ExpectedScore> = { logistic, normal };

/** The standard normal distribution function (Abramowitz–Stegun 26.2.17, error < 7.5e-8). */
function phi(x: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(x));
  const poly = t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  const tail = (Math.exp((-x * x) / 2) / Math.sqrt(2 * Math.PI)) * poly;
  return x >= 0 ? 1 - tail : tail;
}

/** The difference d with f(d) = p (bisection: works for any increasing function). */
export function inverseExpected(f: ExpectedScore, p: number, scale: number, limit: number): number {
  if (p <= f(-limit, scale)) return -limit;
  if (p >= f(limit, scale)) return limit;
  let lo = -limit;
  let hi = limit;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (f(mid, scale) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
