import { Position } from '../position';
import { canMateByChecks, threatensMate } from './search';

function pos(fen: string): Position {
  const r = Position.fromFen(fen);
  if (!r.ok) throw r.error;
  return r.value;
}

describe('杀 search (四章1节2)', () => {
  it('finds a mate in one check', () => {
    expect(canMateByChecks(pos('4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1'), 1)).toBe(true);
  });
  it('sees the threat when the defender is to move (null move)', () => {
    expect(threatensMate(pos('4k4/R8/9/9/9/9/9/9/9/1R1K5 b - - 0 1'), 'red', 1)).toBe(true);
  });
  it('finds no mate with a single rook', () => {
    expect(canMateByChecks(pos('4k4/9/9/9/9/9/9/9/9/1R1K5 w - - 0 1'), 3)).toBe(false);
  });
});
