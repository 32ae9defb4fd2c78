import { DEFAULT_METHOD, rateTimeline, type TimelineItem } from '@chuhe/ratings';
import { sameAsJsonb } from '../persistence/jsonb-equal';
import { reportOf } from './rating-report';

/**
 * The recompute sends a row only when sameAsJsonb says its report differs from the stored one
 * (docs/notes/2026-11-30-rerate5.md): it must say "same" exactly when PostgreSQL's jsonb `=` does.
 * `stored` below is what PostgreSQL 15 prints for the jsonb (its keys sorted, its numbers as the
 * numerics it holds), parsed as the pg driver parses it; each jsonb answer was asked of PostgreSQL
 * (`SELECT '<written>'::jsonb = '<stored>'::jsonb`), and test/e2e/ratings-rerate asks it again.
 */
const stored = (jsonbText: string): unknown => JSON.parse(jsonbText);

describe('sameAsJsonb: jsonb equality without sending the value', () => {
  it.each<[string, unknown, string, boolean]>([
    // [case, the value the server writes (as JSON.stringify sends it), the stored jsonb text, jsonb's answer]
    ['key order', { b: 2, a: 1 }, '{"a": 1, "b": 2}', true],
    ['1 written, 1.0 stored (jsonb: 1.0 = 1)', 1, '1.0', true],
    ['-0 written (JSON.stringify: 0), 0 stored', -0, '0', true],
    ['0 written, -0 stored (jsonb prints 0)', 0, '0', true],
    ['100 written, 1e2 stored (jsonb prints 100)', 100, '100', true],
    ['0.1 written, 0.10 stored', 0.1, '0.10', true],
    ['1e-7 written, printed by jsonb as 0.0000001', 1e-7, '0.0000001', true],
    ['0.1 + 0.2 against 0.3', 0.1 + 0.2, '0.3', false],
    ['a double one step apart', 0.7597470123456789, '0.759747012345679', false],
    ['array order matters', [2, 1], '[1, 2]', false],
    ['a null key is not a missing one', {}, '{"a": null}', false],
    ['a missing key is not a null one', { a: null }, '{}', false],
    ['an undefined key is not written', { a: undefined, b: 1 }, '{"b": 1}', true],
    ['an undefined array element is written as null', [undefined], '[null]', true],
    ['a non-finite number is written as null', { x: Number.NaN }, '{"x": null}', true],
    ['1 is not "1"', 1, '"1"', false],
    ['0 is not false', 0, 'false', false],
    ['null is not 0', null, '0', false],
    ['an extra stored key', { a: 1 }, '{"a": 1, "b": 2}', false],
    ['a date as its ISO string', { at: new Date('2026-11-30T12:00:00Z') }, '{"at": "2026-11-30T12:00:00.000Z"}', true],
    ['a date at another instant', { at: new Date('2026-11-30T12:00:01Z') }, '{"at": "2026-11-30T12:00:00.000Z"}', false],
    ['strings by their characters', 'red', '"black"', false],
    ['nested arrays of objects', [{ o: 'a', n: [1, 2.5] }], '[{"n": [1, 2.5], "o": "a"}]', true],
    ['an object is not an array', { 0: 1 }, '[1]', false],
  ])('%s', (_case, value, jsonbText, jsonb) => {
    expect(sameAsJsonb(stored(jsonbText), value)).toBe(jsonb);
  });

  it('never calls a value it cannot write "same"', () => {
    expect(sameAsJsonb(null, undefined)).toBe(false);
    expect(sameAsJsonb(1, BigInt(1))).toBe(false);
  });

  describe("the method's reports", () => {
    const list: TimelineItem = {
      kind: 'list',
      key: 'l',
      at: '2026-01-01',
      ratings: [
        { personId: 'a', rating: 1600, games: 40 },
        { personId: 'b', rating: 1400, games: 40 },
        { personId: 'c', rating: 1523, games: 3 },
      ],
    };
    const event = (key: string, at: string, games: { red: string; black: string; result: string }[]): TimelineItem => ({ kind: 'event', key, at, games });
    const timeline = (first: string) => [
      list,
      event('e1', '2026-02-01', [
        { red: 'a', black: 'b', result: first },
        { red: 'c', black: 'd', result: 'draw' },
      ]),
      event('e2', '2026-03-01', [
        { red: 'b', black: 'a', result: 'draw' },
        { red: 'd', black: 'c', result: 'red_win' },
        { red: 'a', black: 'c', result: 'black_win' },
      ]),
    ];
    const reports = (first: string) =>
      new Map([...rateTimeline(DEFAULT_METHOD, timeline(first)).events].flatMap(([e, cs]) => cs.map((c) => [`${e} ${c.personId}`, reportOf(c)] as const)));
    /** The report as it comes back from the column: written as JSON, its keys in jsonb's order (by length, then bytes). */
    const roundTrip = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (_k, v: unknown) => (isObject(v) ? sortedKeys(v) : v)));

    it('are "same" as themselves stored, whatever the key order', () => {
      const now = reports('black_win');
      expect(now.size).toBeGreaterThan(4);
      for (const report of now.values()) {
        const back = roundTrip(report);
        expect(JSON.stringify(Object.keys(back as object))).not.toBe(JSON.stringify(Object.keys(report)));
        expect(sameAsJsonb(back, report)).toBe(true);
      }
    });

    it('differ from the stored ones a correction moved, and only from those', () => {
      const before = reports('black_win');
      const after = reports('draw');
      let moved = 0;
      for (const [key, report] of after) {
        const old = before.get(key)!;
        const equalAsText = JSON.stringify(roundTrip(old)) === JSON.stringify(roundTrip(report));
        expect(sameAsJsonb(roundTrip(old), report)).toBe(equalAsText);
        if (!equalAsText) moved++;
      }
      expect(moved).toBeGreaterThan(0);
    });

    it('differ when one number moves by the last bit of its double', () => {
      const report = [...reports('black_win').values()][0];
      const nudged = { ...report, expected: nextUp(report.expected) };
      expect(sameAsJsonb(roundTrip(report), nudged)).toBe(false);
      const line = { ...report.games[0], opponentRating: report.games[0].opponentRating + 1 };
      expect(sameAsJsonb(roundTrip(report), { ...report, games: [line, ...report.games.slice(1)] })).toBe(false);
    });
  });
});

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** jsonb's key order: shorter keys first, then by bytes. */
function sortedKeys(v: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(v).sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(keys.map((k) => [k, v[k]]));
}

function nextUp(x: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  view.setBigUint64(0, view.getBigUint64(0) + 1n);
  return view.getFloat64(0);
}
