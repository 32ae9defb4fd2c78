import { EARLY_DRAW_PLIES, isEarlyDraw } from './early-draw';

describe('early agreed draws (二章8节12: 20 moves, 40 plies)', () => {
  it('before 40 plies needs the arbiter; from 40 on, or with no record, it does not', () => {
    expect(EARLY_DRAW_PLIES).toBe(40);
    expect(isEarlyDraw(39)).toBe(true);
    expect(isEarlyDraw(40)).toBe(false);
    expect(isEarlyDraw(null)).toBe(false);
  });
});
