import { computeStandings } from './standings';
import { individual } from './spec-helpers';

/** The event's readings of the open articles (settings.ts, issue 30): each default is the behaviour before the setting. */
describe('二章6节2 A in a two-game round-robin: 小分 as Sonneborn–Berger or as 局分 (二章5节2)', () => {
  // a: beats b 3–1 (大分 2), draws c 2–2 and d 2–2 → 大分 4, 局分 7, SB 3 + 4/2 + 1/2 = 5.5.
  // c: beats d 4–0, draws a and b → 大分 4, 局分 8, SB 1 + 4/2 + 3/2 = 4.5.
  const t = individual(['a', 'b', 'c', 'd'], ['a-b 1=, c-d 10', 'a-c ==, b-d 1=', 'a-d 00, b-c 11'], { gamesPerPairing: 2 });

  test('default sonneborn_berger: a before c on 5.5 to 4.5', () => {
    const s = computeStandings(t, { format: 'round-robin' });
    if (!s.ok) throw s.error;
    expect(s.value.rows.map((r) => r.entry)).toEqual(['a', 'c', 'b', 'd']);
    expect(s.value.rows[1].decidedBy).toMatchObject({ criterion: 'sonnebornBerger', label: 'A. 小分', rule: '二章6节2 A', previous: 5.5, current: 4.5 });
    expect(s.value.counting.twoGameSmallPoints).toBe('sonneborn_berger');
  });

  test('game_points: c before a on 局分 8 to 7, under the article’s label', () => {
    const s = computeStandings(t, { format: 'round-robin', counting: { twoGameSmallPoints: 'game_points' } });
    if (!s.ok) throw s.error;
    expect(s.value.rows.map((r) => r.entry)).toEqual(['c', 'a', 'b', 'd']);
    expect(s.value.rows[1].decidedBy).toMatchObject({ criterion: 'totalGamePoints', label: 'A. 小分', previous: 8, current: 7 });
    expect(s.value.rows[1].decidedBy!.rule).toMatch(/^二章6节2 A .*二章5节2/);
  });

  test('game_points changes nothing in a one-game event', () => {
    const one = individual(['a', 'b', 'c'], ['a-b 1, c bye', 'b-c 1, a bye', 'c-a 1, b bye']);
    const s = computeStandings(one, { format: 'round-robin', counting: { twoGameSmallPoints: 'game_points' } });
    if (!s.ok) throw s.error;
    expect(s.value.chain.map((c) => c.criterion)).toContain('sonnebornBerger');
    expect(s.value.chain.map((c) => c.criterion)).not.toContain('totalGamePoints');
  });
});

describe('二章6节2 F when more than two are tied', () => {
  // Three draws among three players: a had Black in none of them, b in one, c in two.
  const t = individual(['a', 'b', 'c'], ['a-b =, c bye', 'a-c =, b bye', 'b-c =, a bye']);
  const chain = ['score', 'blackInDirectGame'];

  test('default two_only: 两人 — skipped for three, they share the place', () => {
    const s = computeStandings(t, { format: 'round-robin', chain });
    if (!s.ok) throw s.error;
    expect(s.value.rows.every((r, i) => i === 0 || r.sharedRank)).toBe(true);
  });

  test('among_tied: the games with Black among the three decide', () => {
    const s = computeStandings(t, { format: 'round-robin', chain, counting: { blackInDirectGameTies: 'among_tied' } });
    if (!s.ok) throw s.error;
    expect(s.value.rows.map((r) => r.entry)).toEqual(['c', 'b', 'a']);
    expect(s.value.rows[1].decidedBy).toMatchObject({ criterion: 'blackInDirectGame', previous: 2, current: 1 });
  });

  test('among_tied: not applied when two of the tied never met', () => {
    const partial = individual(['a', 'b', 'c', 'd'], ['a-b =, c-d =']);
    const s = computeStandings(partial, { format: 'swiss', chain, counting: { blackInDirectGameTies: 'among_tied' } });
    if (!s.ok) throw s.error;
    expect(s.value.rows.every((r, i) => i === 0 || r.sharedRank)).toBe(true);
  });
});
