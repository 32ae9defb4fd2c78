import { EXPECTED_SCORE, inverseExpected, type ExpectedScore } from './expected';
import type { RatingMethod } from './method';

/** A game as the rating sees it: the two persons, the result from red's side, the game's kind. */
export interface RatedGame {
  readonly red: string;
  readonly black: string;
  /** GameResult: red_win, draw, black_win, …_penalty, …_forfeit, double_forfeit, annulled. */
  readonly result: string;
  readonly kind?: string;
}

/** What a person carries from event to event. */
export interface RatingState {
  readonly rating: number;
  /** Rated games played so far (experience, for K). */
  readonly games: number;
}

/** One game of a person's report: the opponent's rating before the event, the score and the expectation. */
export interface ReportLine {
  readonly opponent: string;
  readonly opponentRating: number;
  readonly colour: 'red' | 'black';
  readonly score: number;
  readonly expected: number;
  /** K·(score − expected), unrounded (a new player's first performance rating changes nothing). */
  readonly change: number;
}

export interface PersonChange {
  readonly personId: string;
  /** null: the person had no rating (their first rated event). */
  readonly ratingBefore: number | null;
  readonly rating: number;
  readonly games: number;
  readonly k: number;
  readonly score: number;
  readonly expected: number;
  readonly performance: number | null;
  readonly report: readonly ReportLine[];
}

/**
 * Red's score of a result on the one scale every scoring system maps onto: a win 1, a draw ½, a
 * loss 0. 2-1-0 (2/1/0 points) and 1-½-0 scoring differ only by a factor, so the share of the
 * points won is the same; null when the game is not rated (forfeits and double forfeits were not
 * played, an annulled game does not count, a penalty result unless the list rates it).
 */
export function redScore(result: string, method: Pick<RatingMethod, 'ratePenaltyResults'>): number | null {
  switch (result) {
    case 'red_win':
      return 1;
    case 'black_win':
      return 0;
    case 'draw':
      return 0.5;
    case 'red_win_penalty':
      return method.ratePenaltyResults ? 1 : null;
    case 'black_win_penalty':
      return method.ratePenaltyResults ? 0 : null;
    default:
      return null;
  }
}

export function expectedFunction(method: RatingMethod): ExpectedScore {
  const f = EXPECTED_SCORE[method.expected];
  if (!f) throw new Error(`unknown expected-score function ${method.expected}`);
  return f;
}

/** The expected score of `own` against `opponent`, the difference capped at ±maxDifference. */
export function expectedScore(method: RatingMethod, own: number, opponent: number): number {
  const d = Math.max(-method.maxDifference, Math.min(method.maxDifference, own - opponent));
  return expectedFunction(method)(d, method.scale);
}

/** K: the first step whose bounds the player is under (experience, level), else the default. */
export function kFactor(method: RatingMethod, state: RatingState): number {
  for (const step of method.kSteps) {
    const byGames = step.gamesBelow === undefined || state.games < step.gamesBelow;
    const byRating = step.ratingBelow === undefined || state.rating < step.ratingBelow;
    if (byGames && byRating) return step.k;
  }
  return method.defaultK;
}

export function roundRating(method: RatingMethod, x: number): number {
  if (method.rounding === 'floor') return Math.floor(x);
  if (method.rounding === 'trunc') return Math.trunc(x);
  return Math.sign(x) * Math.round(Math.abs(x));
}

/**
 * Performance rating: the rating at which the score is the expected one against these opponents —
 * their average plus the difference the expected-score function gives the score share
 * (± maxPerformanceDelta at 100 % and 0 %). null without games.
 */
export function performanceRating(method: RatingMethod, opponentRatings: readonly number[], score: number): number | null {
  if (opponentRatings.length === 0) return null;
  const average = opponentRatings.reduce((a, b) => a + b, 0) / opponentRatings.length;
  const d = inverseExpected(expectedFunction(method), score / opponentRatings.length, method.scale, method.maxPerformanceDelta);
  return Math.round(average + d);
}

interface Side {
  readonly opponent: string;
  readonly colour: 'red' | 'black';
  readonly score: number;
}

/**
 * Rates one event. Everyone's rating before the event is used for every game (FIDE's per-event
 * rating), so the order of the games inside the event does not matter. A new player's first rating
 * comes first: with `initial.mode` 'performance' and at least `minGames` games against rated
 * players it is that performance (kept within floor and ceiling) and the event changes it no
 * further; otherwise they start at `initial.rating` and the event changes it like anyone's.
 */
export function rateEvent(method: RatingMethod, states: ReadonlyMap<string, RatingState>, games: readonly RatedGame[]): PersonChange[] {
  const sides = new Map<string, Side[]>();
  const add = (id: string, side: Side) => {
    const list = sides.get(id);
    if (list) list.push(side);
    else sides.set(id, [side]);
  };
  for (const g of games) {
    if (!g.red || !g.black || g.red === g.black) continue;
    if (!method.ratedKinds.includes(g.kind ?? 'regular')) continue;
    const s = redScore(g.result, method);
    if (s === null) continue;
    add(g.red, { opponent: g.black, colour: 'red', score: s });
    add(g.black, { opponent: g.red, colour: 'black', score: 1 - s });
  }

  // Ratings before the event: the state's, else a new player's first rating.
  const before = new Map<string, number>();
  const established = new Set<string>();
  for (const [id, list] of sides) {
    const state = states.get(id);
    if (state) {
      before.set(id, state.rating);
      continue;
    }
    let start = method.initial.rating;
    if (method.initial.mode === 'performance') {
      const rated = list.filter((s) => states.has(s.opponent));
      if (rated.length >= method.initial.minGames) {
        const p = performanceRating(
          method,
          rated.map((s) => states.get(s.opponent)!.rating),
          rated.reduce((a, s) => a + s.score, 0),
        );
        start = Math.max(method.initial.floor, Math.min(method.initial.ceiling, p!));
        established.add(id);
      }
    }
    before.set(id, start);
  }

  const changes: PersonChange[] = [];
  for (const id of [...sides.keys()].sort()) {
    const list = sides.get(id)!;
    const state = states.get(id);
    const own = before.get(id)!;
    const k = kFactor(method, state ?? { rating: own, games: 0 });
    const frozen = established.has(id);
    let sum = 0;
    let rounded = 0;
    let expectedTotal = 0;
    const report: ReportLine[] = list.map((s) => {
      const opponentRating = before.get(s.opponent)!;
      const expected = expectedScore(method, own, opponentRating);
      const change = frozen ? 0 : k * (s.score - expected);
      sum += change;
      rounded += roundRating(method, change);
      expectedTotal += expected;
      return { opponent: s.opponent, opponentRating, colour: s.colour, score: s.score, expected, change };
    });
    const delta = method.roundPer === 'game' ? rounded : roundRating(method, sum);
    const score = list.reduce((a, s) => a + s.score, 0);
    changes.push({
      personId: id,
      ratingBefore: state ? state.rating : null,
      rating: Math.max(method.ratingFloor, own + delta),
      games: list.length,
      k,
      score,
      expected: expectedTotal,
      performance: performanceRating(
        method,
        report.map((r) => r.opponentRating),
        score,
      ),
      report,
    });
  }
  return changes;
}
