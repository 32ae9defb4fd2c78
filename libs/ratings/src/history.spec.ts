import { changedBetween, orderTimeline, rateTimeline, type TimelineItem } from './history';
import { DEFAULT_METHOD } from './method';
import { readRatingList, writeRatingList } from './rating-list-csv';

describe('rateTimeline', () => {
  const list: TimelineItem = {
    kind: 'list',
    key: 'l',
    at: '2026-01-01',
    ratings: [
      { personId: 'a', rating: 1600, games: 40 },
      { personId: 'b', rating: 1400, games: 40 },
    ],
  };
  const e1: TimelineItem = { kind: 'event', key: 'e1', at: '2026-02-01', games: [{ red: 'a', black: 'b', result: 'black_win' }] };
  const e2: TimelineItem = { kind: 'event', key: 'e2', at: '2026-03-01', games: [{ red: 'b', black: 'a', result: 'draw' }] };

  it('rates events in date order after the imported list, whatever order they are given in', () => {
    const h = rateTimeline(DEFAULT_METHOD, [e2, e1, list]);
    // e1: a 1600 − 20·0.759747 = 1584.8 → 1585; b 1400 + 20·0.759747 → 1415
    expect(h.events.get('e1')!.map((c) => [c.personId, c.rating])).toEqual([
      ['a', 1585],
      ['b', 1415],
    ]);
    // e2: a 1585 vs 1415: E = 1/(1+10^(−170/400)) = 0.726965; a 1585 + 20·(0.5 − 0.726965) = 1580.46 → 1580; b 1415 + 4.54 → 1420
    expect(h.events.get('e2')!.map((c) => [c.personId, c.rating])).toEqual([
      ['a', 1580],
      ['b', 1420],
    ]);
    expect(h.states.get('a')).toEqual({ rating: 1580, games: 42 });
  });

  it('is deterministic and says which later changes a correction moved', () => {
    const before = rateTimeline(DEFAULT_METHOD, [list, e1, e2]);
    const corrected: TimelineItem = { ...e1, games: [{ red: 'a', black: 'b', result: 'draw' }] } as TimelineItem;
    const after = rateTimeline(DEFAULT_METHOD, [list, corrected, e2]);
    const flat = (h: ReturnType<typeof rateTimeline>) =>
      [...h.events].flatMap(([eventKey, cs]) => cs.map((c) => ({ eventKey, personId: c.personId, ratingBefore: c.ratingBefore, rating: c.rating })));
    expect(changedBetween(flat(before), flat(before))).toEqual([]);
    const changed = changedBetween(flat(before), flat(after));
    expect(changed.map((c) => `${c.eventKey} ${c.personId}`)).toEqual(['e1 a', 'e1 b', 'e2 a', 'e2 b']);
    expect(rateTimeline(DEFAULT_METHOD, [list, corrected, e2])).toEqual(after);
  });

  it('orders a list before the events of its day', () => {
    const sameDay: TimelineItem = { ...list, at: '2026-02-01' } as TimelineItem;
    expect(orderTimeline([e1, sameDay]).map((i) => i.key)).toEqual(['l', 'e1']);
  });
});

describe('rating list CSV', () => {
  const people: Record<string, string> = { 'CXA-1': 'p1', 'CXA-2': 'p2' };
  const resolve = (_c: string, v: string) => people[v];
  const rec = (line: number, ...fields: string[]) => ({ line, fields });

  it('reads ids, ratings and games', () => {
    expect(
      readRatingList([rec(1, 'federation_id', 'name_zh', 'rating', 'games'), rec(2, 'CXA-1', '王', '1820', '12'), rec(3, 'CXA-2', '李', '1700', '')], resolve),
    ).toEqual({
      ok: true,
      value: [
        { line: 2, personId: 'p1', rating: 1820, games: 12 },
        { line: 3, personId: 'p2', rating: 1700 },
      ],
    });
  });

  it('refuses unknown ids, duplicates and non-numbers by line and column', () => {
    const r = readRatingList(
      [
        rec(1, 'federation_id', 'rating', 'games'),
        rec(2, 'CXA-9', '1800', ''),
        rec(3, 'CXA-1', '18x0', ''),
        rec(4, 'CXA-1', '1700', '-2'),
        rec(5, 'CXA-2', '', ''),
      ],
      resolve,
    );
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toEqual([
      { line: 2, column: 'federation_id', code: 'unknown_person', reason: 'no person has the id CXA-9', params: { value: 'CXA-9' } },
      { line: 3, column: 'rating', code: 'not_whole', reason: 'must be a whole number ≥ 0, not "18x0"', params: { value: '18x0' } },
      { line: 4, column: 'federation_id', code: 'same_person', reason: 'the same person as line 3', params: { otherLine: 3 } },
      { line: 4, column: 'games', code: 'not_whole', reason: 'must be a whole number ≥ 0, not "-2"', params: { value: '-2' } },
      { line: 5, column: 'rating', code: 'not_whole', reason: 'must be a whole number ≥ 0, not ""', params: { value: '' } },
    ]);
  });

  it('refuses a file without an id or rating column', () => {
    const r = readRatingList([rec(1, 'name', 'elo')], resolve);
    expect(!r.ok && r.error.map((p) => p.column)).toEqual(['name', 'elo', 'federation_id', 'rating']);
  });

  it('writes a list strongest first, quoting where needed', () => {
    expect(
      writeRatingList([
        { personId: 'p2', federationId: null, nameZh: '李', nameEn: 'Li, Si', rating: 1700, games: 3 },
        { personId: 'p1', federationId: 'CXA-1', nameZh: '王', nameEn: 'Wang', rating: 1820, games: 12 },
      ]),
    ).toBe('person_id,federation_id,name_zh,name_en,rating,games\r\np1,CXA-1,王,Wang,1820,12\r\np2,,李,"Li, Si",1700,3\r\n');
  });
});
