import { parseIccs } from './iccs';
import { Position } from './position';
import { buildHistory, cycleBetween, lastCycle, occurrenceCount, occurrenceCounts, occurrencesOf } from './repetition-support';

describe('repetition support', () => {
  const moves = ['h2e2', 'h9g7', 'e2h2', 'g7h9', 'h2e2', 'h9g7'].map((s) => parseIccs(s)!);
  const h = buildHistory(Position.default(), moves);

  test('occurrences by key (placement + side to move)', () => {
    expect(h.keys).toHaveLength(7);
    expect(occurrencesOf(h, 4)).toEqual([0, 4]);
    expect(occurrenceCount(h, 4)).toBe(2);
    expect(occurrenceCount(h, 6)).toBe(2);
    expect(occurrenceCount(h, 1)).toBe(1);
    expect(occurrenceCounts(h).get(h.keys[0])).toBe(2);
  });

  test('the cycle between two occurrences', () => {
    expect(cycleBetween(h, 0, 4)?.moves).toEqual(moves.slice(0, 4));
    expect(cycleBetween(h, 0, 3)).toBeUndefined();
    expect(lastCycle(h)).toEqual({ from: 2, to: 6, moves: moves.slice(2, 6) });
    expect(lastCycle(buildHistory(Position.default(), moves.slice(0, 3)))).toBeUndefined();
  });
});
