import { Side } from '@chuhe/tournament';
import { allocateColours, colourCost, dueColour, pairColourCost } from './swiss-colours';

const R: Side = 'red';
const B: Side = 'black';

describe('Swiss colours', () => {
  it.each([
    [[], undefined],
    [[R], B],
    [[R, B], R], // level: alternate (梅花间竹)
    [[B, R, R], B],
    [[B, B, R], R],
  ] as Array<[Side[], Side | undefined]>)('due colour after %j is %s', (history, due) => {
    expect(dueColour(history)).toBe(due);
  });

  it('counts hard violations: difference above 2, third colour in a row', () => {
    expect(colourCost([B, R, R], R)).toEqual({ hard: 1, soft: 2 }); // 3 in a row, difference 2
    expect(colourCost([R, B, R, R], R)).toEqual({ hard: 2, soft: 2 }); // 3 in a row and difference 3
    expect(colourCost([R, R, B, R, R], R)).toEqual({ hard: 2, soft: 2 }); // difference 4 after, 3 in a row
    expect(colourCost([R, B], B)).toEqual({ hard: 0, soft: 1 }); // breaks the alternation only
    expect(colourCost([R, B], R)).toEqual({ hard: 0, soft: 0 });
  });

  it('prices a pair by its better assignment', () => {
    expect(pairColourCost([R], [B])).toEqual({ hard: 0, soft: 0 });
    expect(pairColourCost([R], [R])).toEqual({ hard: 0, soft: 2 });
  });

  it('gives the higher scorer its due colour when both are due the same one (附录1 #10, 附录2 #8)', () => {
    const hi = { colours: [R, B, R], score: 6, order: 9 };
    const lo = { colours: [R, B, R], score: 4, order: 1 };
    expect(allocateColours(hi, lo, () => R)).toBe(B);
    expect(allocateColours(lo, hi, () => R)).toBe(R);
  });

  it('balance beats the higher score: a difference of 2 is avoided first', () => {
    const hi = { colours: [R, B], score: 6, order: 1 }; // due Red (alternation), level
    const lo = { colours: [B, R, B], score: 2, order: 2 }; // due Red, would reach −2 with Black
    expect(allocateColours(hi, lo, () => R)).toBe(B);
  });
});
