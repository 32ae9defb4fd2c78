/**
 * The rating method of a rating list: every constant of the Elo system as data (RatingList.method).
 *
 * No public formula of the Chinese Xiangqi Association's 等级分 was found, so the default is the
 * system chess federations document and xiangqi's own lists (e.g. the Xiangqi Elo lists kept by
 * clubs and online servers) follow: Arpad Elo's logistic expected score on a 400-point scale,
 * FIDE's 400-point cap on a rating difference, K by experience (40 for a player's first 30 rated
 * games) and level (10 from 2400 up, 20 otherwise), a new player's first rating from the
 * performance of their first event against rated opponents, and the change rounded once per event.
 * A federation with its own formula changes these constants per list (RatingList.method) or adds an
 * expected-score function to EXPECTED_SCORE (expected.ts): nothing else depends on the choice.
 */
export interface KStep {
  /** Applies while the player has played fewer rated games than this (experience) … */
  readonly gamesBelow?: number;
  /** … and/or while their rating before the event is below this (level). */
  readonly ratingBelow?: number;
  readonly k: number;
}

export interface RatingMethod {
  /** Expected-score function by name (expected.ts): 'logistic' (Elo/FIDE) or 'normal' (Elo's original). */
  readonly expected: string;
  /** The scale of a rating difference: 400 means a 400-point lead expects ten times the opponent's score (logistic). */
  readonly scale: number;
  /** A difference beyond this counts as this (FIDE's 400-point rule), so one weak opponent cannot cost a strong player much. */
  readonly maxDifference: number;
  /** K factors, first step that applies wins (experience and level); `defaultK` when none applies. */
  readonly kSteps: readonly KStep[];
  readonly defaultK: number;
  /** A new player's first rating. */
  readonly initial: {
    /** 'performance': from the first event against rated opponents; 'given': always `rating` (a given list supplies the rest). */
    readonly mode: 'performance' | 'given';
    /** The rating of a new player without enough rated games for a performance (and in 'given' mode). */
    readonly rating: number;
    /** Games against rated opponents a first performance needs. */
    readonly minGames: number;
    /** A first rating is kept within [floor, ceiling]. */
    readonly floor: number;
    readonly ceiling: number;
  };
  /** 'event': the sum of an event's changes is rounded once (FIDE); 'game': each game's change is rounded. */
  readonly roundPer: 'event' | 'game';
  /** 'round' half away from zero, 'floor', 'trunc' (towards zero). */
  readonly rounding: 'round' | 'floor' | 'trunc';
  /** A performance at 100 % or 0 % is the average opponent ± this. */
  readonly maxPerformanceDelta: number;
  /** Game kinds rated (GameKind): tie-break rapid and armageddon games are not, by default. */
  readonly ratedKinds: readonly string[];
  /** Games decided by a penalty (判负, 二章9节) were played and count unless false. */
  readonly ratePenaltyResults: boolean;
  /** No rating falls below this. */
  readonly ratingFloor: number;
}

export const DEFAULT_METHOD: RatingMethod = {
  expected: 'logistic',
  scale: 400,
  maxDifference: 400,
  kSteps: [
    { gamesBelow: 30, k: 40 },
    { ratingBelow: 2400, k: 20 },
  ],
  defaultK: 10,
  initial: { mode: 'performance', rating: 1500, minGames: 3, floor: 1000, ceiling: 2200 },
  roundPer: 'event',
  rounding: 'round',
  maxPerformanceDelta: 800,
  ratedKinds: ['regular'],
  ratePenaltyResults: true,
  ratingFloor: 0,
};

/** A list's stored method over the defaults (a list stores only what it changes). */
export function methodOf(stored: unknown): RatingMethod {
  const s = (stored && typeof stored === 'object' ? stored : {}) as Partial<RatingMethod>;
  return { ...DEFAULT_METHOD, ...s, initial: { ...DEFAULT_METHOD.initial, ...(s.initial ?? {}) } };
}

/** The problems of a stored method (field, reason); empty when usable. */
export function methodProblems(stored: unknown, known: readonly string[]): { field: string; reason: string }[] {
  const m = methodOf(stored);
  const problems: { field: string; reason: string }[] = [];
  const positive = (field: string, v: unknown) => {
    if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) problems.push({ field, reason: 'must be a positive number' });
  };
  if (!known.includes(m.expected)) problems.push({ field: 'expected', reason: `must be one of ${known.join(', ')}` });
  positive('scale', m.scale);
  positive('maxDifference', m.maxDifference);
  positive('defaultK', m.defaultK);
  positive('maxPerformanceDelta', m.maxPerformanceDelta);
  if (!Array.isArray(m.kSteps)) problems.push({ field: 'kSteps', reason: 'must be a list' });
  else m.kSteps.forEach((s, i) => positive(`kSteps.${i}.k`, s?.k));
  if (!['performance', 'given'].includes(m.initial.mode)) problems.push({ field: 'initial.mode', reason: 'must be performance or given' });
  positive('initial.rating', m.initial.rating);
  if (!['event', 'game'].includes(m.roundPer)) problems.push({ field: 'roundPer', reason: 'must be event or game' });
  if (!['round', 'floor', 'trunc'].includes(m.rounding)) problems.push({ field: 'rounding', reason: 'must be round, floor or trunc' });
  return problems;
}
