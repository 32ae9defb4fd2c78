import { expectedScore, kFactor, performanceRating, rateEvent, redScore, type RatingState } from './elo';
import { DEFAULT_METHOD, methodOf, methodProblems } from './method';
import { EXPECTED_SCORE } from './expected';

const m = DEFAULT_METHOD;

describe('expected score', () => {
  it('is the logistic curve on a 400 scale, capped at a 400-point difference', () => {
    // 1 / (1 + 10^(−200/400)) = 1 / (1 + 0.316228) = 0.759747
    expect(expectedScore(m, 1600, 1400)).toBeCloseTo(0.759747, 6);
    expect(expectedScore(m, 1400, 1600)).toBeCloseTo(0.240253, 6);
    expect(expectedScore(m, 1500, 1500)).toBe(0.5);
    // 600 points apart count as 400: 1 / (1 + 10^−1) = 0.909091
    expect(expectedScore(m, 2000, 1400)).toBeCloseTo(0.909091, 6);
  });

  it('offers the normal curve under its name', () => {
    const normal = methodOf({ expected: 'normal' });
    expect(expectedScore(normal, 1500, 1500)).toBeCloseTo(0.5, 6);
    // Φ(200 / (200·√2)) = Φ(0.7071) = 0.76025
    expect(expectedScore(normal, 1600, 1400)).toBeCloseTo(0.76025, 4);
  });
});

describe('scores', () => {
  it('maps wins, draws and losses of both scoring systems onto 1, ½, 0 and leaves unplayed games out', () => {
    expect(redScore('red_win', m)).toBe(1);
    expect(redScore('draw', m)).toBe(0.5);
    expect(redScore('black_win', m)).toBe(0);
    expect(redScore('red_win_penalty', m)).toBe(1);
    expect(redScore('red_win_penalty', { ratePenaltyResults: false })).toBeNull();
    expect(redScore('red_win_forfeit', m)).toBeNull();
    expect(redScore('double_forfeit', m)).toBeNull();
    expect(redScore('annulled', m)).toBeNull();
  });
});

describe('K', () => {
  it('is 40 for the first 30 games, 20 below 2400, 10 from 2400', () => {
    expect(kFactor(m, { rating: 2500, games: 29 })).toBe(40);
    expect(kFactor(m, { rating: 2399, games: 30 })).toBe(20);
    expect(kFactor(m, { rating: 2400, games: 30 })).toBe(10);
  });
});

describe('rateEvent', () => {
  it('changes two rated players by K·(S − E), rounded once per event', () => {
    const states = new Map<string, RatingState>([
      ['a', { rating: 1600, games: 40 }],
      ['b', { rating: 1400, games: 10 }],
    ]);
    const [a, b] = rateEvent(m, states, [{ red: 'a', black: 'b', result: 'draw' }]);
    // a: K 20 · (0.5 − 0.759747) = −5.19 → −5; b: K 40 · (0.5 − 0.240253) = +10.39 → +10
    expect([a.personId, a.ratingBefore, a.rating, a.k]).toEqual(['a', 1600, 1595, 20]);
    expect([b.personId, b.ratingBefore, b.rating, b.k]).toEqual(['b', 1400, 1410, 40]);
    expect(a.report[0]).toMatchObject({ opponent: 'b', opponentRating: 1400, colour: 'red', score: 0.5 });
    expect(a.report[0].expected).toBeCloseTo(0.759747, 6);
  });

  it('rounds per game when the list says so', () => {
    const states = new Map<string, RatingState>([
      ['a', { rating: 1500, games: 50 }],
      ['b', { rating: 1500, games: 50 }],
      ['c', { rating: 1500, games: 50 }],
    ]);
    const games = [
      { red: 'a', black: 'b', result: 'red_win' },
      { red: 'a', black: 'c', result: 'red_win' },
    ];
    // two wins at K 20 against equals: 2 · 20 · (1 − 0.5) = +20
    const perEvent = rateEvent(methodOf({ rounding: 'floor' }), states, games).find((c) => c.personId === 'a')!;
    expect(perEvent.rating).toBe(1520);
    const drawn = [
      { red: 'a', black: 'b', result: 'draw' },
      { red: 'c', black: 'a', result: 'draw' },
    ];
    const s2 = new Map<string, RatingState>([
      ['a', { rating: 1510, games: 50 }],
      ['b', { rating: 1500, games: 50 }],
      ['c', { rating: 1500, games: 50 }],
    ]);
    // a: each game 20 · (0.5 − 0.514387) = −0.2877; per event: −0.575 → −1 (round); per game: −0 + −0 = 0
    expect(rateEvent(m, s2, drawn).find((c) => c.personId === 'a')!.rating).toBe(1509);
    expect(rateEvent(methodOf({ roundPer: 'game' }), s2, drawn).find((c) => c.personId === 'a')!.rating).toBe(1510);
  });

  it("gives a new player their first event's performance against rated opponents", () => {
    const states = new Map<string, RatingState>([
      ['a', { rating: 1600, games: 40 }],
      ['b', { rating: 1400, games: 40 }],
      ['c', { rating: 1500, games: 40 }],
    ]);
    const games = [
      { red: 'n', black: 'a', result: 'red_win' },
      { red: 'b', black: 'n', result: 'draw' },
      { red: 'n', black: 'c', result: 'black_win' },
    ];
    const n = rateEvent(m, states, games).find((c) => c.personId === 'n')!;
    // 1.5 of 3 against an average of 1500: the difference for 50 % is 0 → 1500, unchanged by the event.
    expect(n).toMatchObject({ ratingBefore: null, rating: 1500, games: 3, performance: 1500 });
    // a lost to n rated 1500: K 20 · (0 − 0.640065) = −12.8 → −13
    expect(rateEvent(m, states, games).find((c) => c.personId === 'a')!.rating).toBe(1587);
  });

  it('starts a new player with too few rated games at the initial rating and changes it', () => {
    const states = new Map<string, RatingState>([['a', { rating: 1500, games: 40 }]]);
    const n = rateEvent(m, states, [{ red: 'n', black: 'a', result: 'red_win' }]).find((c) => c.personId === 'n')!;
    // 1500 + 40 · (1 − 0.5) = 1520
    expect(n).toMatchObject({ ratingBefore: null, rating: 1520, k: 40 });
  });

  it('skips forfeits, tie-break kinds and games against oneself', () => {
    const states = new Map<string, RatingState>([
      ['a', { rating: 1500, games: 40 }],
      ['b', { rating: 1500, games: 40 }],
    ]);
    expect(
      rateEvent(m, states, [
        { red: 'a', black: 'b', result: 'red_win_forfeit' },
        { red: 'a', black: 'b', result: 'red_win', kind: 'armageddon' },
        { red: 'a', black: 'a', result: 'red_win' },
      ]),
    ).toEqual([]);
  });
});

describe('performance rating', () => {
  it('is the average opponent plus the difference the score share needs, ±800 at the ends', () => {
    // 75 % → d with 1/(1+10^(−d/400)) = 0.75: d = 400·log10(3) = 190.85
    expect(performanceRating(m, [1500, 1500, 1500, 1500], 3)).toBe(1691);
    expect(performanceRating(m, [1500, 1700], 2)).toBe(2400);
    expect(performanceRating(m, [1500, 1700], 0)).toBe(800);
    expect(performanceRating(m, [], 0)).toBeNull();
  });
});

describe('method', () => {
  it('fills what a list does not set and names what is wrong', () => {
    expect(methodOf({ defaultK: 15 }).defaultK).toBe(15);
    expect(methodOf({ initial: { rating: 1200 } }).initial).toMatchObject({ rating: 1200, mode: 'performance' });
    expect(methodProblems({ expected: 'cubic', scale: -1 }, Object.keys(EXPECTED_SCORE)).map((p) => p.field)).toEqual(['expected', 'scale']);
    expect(methodProblems({}, Object.keys(EXPECTED_SCORE))).toEqual([]);
  });
});
