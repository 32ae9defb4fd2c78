import { seededSetChanged, seedListProblems, seedsFromOrder, type SeededEntry } from './seed-list';

const field = (n: number, seeds: Record<string, number> = {}): SeededEntry[] =>
  Array.from({ length: n }, (_, i) => ({ id: `e${i + 1}`, active: true, seed: seeds[`e${i + 1}`] ?? null }));

describe('seedListProblems', () => {
  it('accepts a whole list of ranks, and removing seeds', () => {
    const entries = field(8, { e8: 1 });
    expect(
      seedListProblems(entries, [
        { entryId: 'e1', seed: 1 },
        { entryId: 'e2', seed: 2 },
        { entryId: 'e8', seed: null },
      ]),
    ).toEqual([]);
  });

  it('names the entry outside the event and the one listed twice', () => {
    const entries = field(4);
    expect(seedListProblems(entries, [{ entryId: 'x', seed: 1 }])).toEqual([{ code: 'not_in_event', index: 0 }]);
    expect(
      seedListProblems(entries, [
        { entryId: 'e1', seed: 1 },
        { entryId: 'e1', seed: 2 },
      ]),
    ).toEqual([{ code: 'listed_twice', index: 1 }]);
  });

  it('does not seed a withdrawn entry but lets its seed be removed (二章7节2)', () => {
    const entries = field(4);
    entries[0] = { ...entries[0], active: false, seed: 1 };
    expect(seedListProblems(entries, [{ entryId: 'e1', seed: 2 }])).toEqual([{ code: 'withdrawn', index: 0 }]);
    expect(seedListProblems(entries, [{ entryId: 'e1', seed: null }])).toEqual([]);
  });

  it('refuses two entries with one rank, listed or already seeded (附录1 #5)', () => {
    const entries = field(8, { e5: 2 });
    expect(
      seedListProblems(entries, [
        { entryId: 'e1', seed: 1 },
        { entryId: 'e2', seed: 1 },
      ]),
    ).toEqual([{ code: 'rank_twice', index: 1, seed: 1, other: 'e1' }]);
    expect(seedListProblems(entries, [{ entryId: 'e1', seed: 2 }])).toEqual([{ code: 'rank_twice', index: 0, seed: 2, other: 'e5' }]);
    // Moving a rank from one entry to another in the same list is one change, not a clash.
    expect(
      seedListProblems(entries, [
        { entryId: 'e5', seed: null },
        { entryId: 'e1', seed: 2 },
      ]),
    ).toEqual([]);
  });

  it('has room for one seed per round-1 pair', () => {
    const entries = field(5);
    const three = ['e1', 'e2', 'e3'].map((entryId, i) => ({ entryId, seed: i + 1 }));
    expect(seedListProblems(entries, three)).toEqual([{ code: 'too_many', seeds: 3, room: 2 }]);
    expect(seedListProblems(entries, three.slice(0, 2))).toEqual([]);
  });
});

describe('seededSetChanged', () => {
  it('is true when an entry gains or loses its seed, false for a new rank only', () => {
    const entries = field(6, { e1: 1, e2: 2 });
    expect(
      seededSetChanged(entries, [
        { entryId: 'e1', seed: 2 },
        { entryId: 'e2', seed: 1 },
      ]),
    ).toBe(false);
    expect(seededSetChanged(entries, [{ entryId: 'e3', seed: 3 }])).toBe(true);
    expect(seededSetChanged(entries, [{ entryId: 'e1', seed: null }])).toBe(true);
  });
});

describe('seedsFromOrder', () => {
  const entries = [
    { id: 'a', active: true, drawNumber: 3, names: ['王天一', 'Wang Tianyi', '王天一 Wang Tianyi'] },
    { id: 'b', active: true, drawNumber: 7, names: ['郑惟桐', 'Zheng Weitong'] },
    { id: 'c', active: true, drawNumber: null, names: ['王天一', 'Wang Tianyi (B)'] },
    { id: 'd', active: false, drawNumber: 9, names: ['许银川', 'Xu Yinchuan'] },
  ];

  it('seeds the lines in order by draw number or name, and unseeds the other active entries', () => {
    expect(seedsFromOrder('#7\n\n  wang   tianyi (b) \n', entries)).toEqual({
      ok: true,
      changes: [
        { entryId: 'b', seed: 1 },
        { entryId: 'c', seed: 2 },
        { entryId: 'a', seed: null },
      ],
    });
    expect(seedsFromOrder('3', entries)).toMatchObject({
      ok: true,
      changes: [
        { entryId: 'a', seed: 1 },
        { entryId: 'b', seed: null },
        { entryId: 'c', seed: null },
      ],
    });
  });

  it('refuses a line that names nobody active, two entries, or one named before, by line number', () => {
    expect(seedsFromOrder('7\n9', entries)).toEqual({ ok: false, code: 'unknown', line: 2, text: '9' });
    expect(seedsFromOrder('王天一', entries)).toEqual({ ok: false, code: 'ambiguous', line: 1, text: '王天一' });
    expect(seedsFromOrder('7\nZheng Weitong', entries)).toEqual({ ok: false, code: 'twice', line: 2, text: 'Zheng Weitong' });
  });
});
