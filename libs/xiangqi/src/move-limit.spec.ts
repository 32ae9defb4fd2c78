import { parseIccs } from './iccs';
import { checkMoveLimitClaim } from './move-limit';
import { Game, gameFromMoves } from './record';
import { Move } from './types';

const m = (s: string): Move => parseIccs(s)!;

function game(fen: string, cycle: string[], plies: number, prefix: string[] = []): Game {
  const moves = prefix.map(m);
  while (moves.length < plies) moves.push(m(cycle[(moves.length - prefix.length) % cycle.length]));
  const g = gameFromMoves(fen, moves);
  if (!g.ok) throw g.error;
  return g.value;
}

const QUIET = '3k5/9/9/9/9/9/9/9/9/R3K4 w';
// Red's rook checks along rank 8 every fourth ply: a1a8+ d8d9 a8a1 d9d8.
const CHECKING = '9/3k5/9/9/9/9/9/9/R8/4K4 w';

describe('natural move limit (二章4节)', () => {
  test('100 quiet plies: valid at 100, not at 99', () => {
    const g = game(QUIET, ['a0a1', 'd9d8', 'a1a0', 'd8d9'], 100);
    expect(checkMoveLimitClaim(g, { afterPly: 100, claimant: 'red' })).toMatchObject({ valid: true, countedPlies: 100, voidChecks: 0 });
    const early = checkMoveLimitClaim(g, { afterPly: 99, claimant: 'black' });
    expect(early).toMatchObject({ valid: false, countedPlies: 99 });
    expect(early.reason).toContain('technical foul');
  });

  test('more than 10 checks by the claimant: the excess are 无效步', () => {
    const g = game(CHECKING, ['a1a8', 'd8d9', 'a8a1', 'd9d8'], 120);
    expect(g.plies[0].check).toBe(true);
    const red100 = checkMoveLimitClaim(g, { afterPly: 100, claimant: 'red' });
    expect(red100).toMatchObject({ valid: false, claimantChecks: 25, voidChecks: 15, countedPlies: 85 });
    // Black gave no check: all 100 count for Black's claim.
    expect(checkMoveLimitClaim(g, { afterPly: 100, claimant: 'black' })).toMatchObject({ valid: true, claimantChecks: 0 });
    expect(checkMoveLimitClaim(g, { afterPly: 119, claimant: 'red' })).toMatchObject({ valid: false, countedPlies: 99 });
    expect(checkMoveLimitClaim(g, { afterPly: 120, claimant: 'red' })).toMatchObject({ valid: true, voidChecks: 20, countedPlies: 100 });
  });

  test('exactly 10 checks all count', () => {
    // 10 checking cycles, then quiet rook moves on the a-file.
    const checking = Array.from({ length: 10 }, () => ['a1a8', 'd8d9', 'a8a1', 'd9d8']).flat();
    const g = game(CHECKING, ['a1a2', 'd8d9', 'a2a1', 'd9d8'], 100, checking);
    expect(checkMoveLimitClaim(g, { afterPly: 100, claimant: 'red' })).toMatchObject({ valid: true, claimantChecks: 10, voidChecks: 0 });
  });

  test('a capture restarts the count', () => {
    const g = game('3k5/9/9/9/9/9/9/9/p8/R3K4 w', ['d9d8', 'a1a0', 'd8d9', 'a0a1'], 102, ['a0a1']);
    expect(g.plies[0].captured).toEqual({ side: 'black', role: 'pawn' });
    expect(checkMoveLimitClaim(g, { afterPly: 100, claimant: 'black' })).toMatchObject({ valid: false, lastCapturePly: 1, pliesWithoutCapture: 99 });
    expect(checkMoveLimitClaim(g, { afterPly: 101, claimant: 'black' })).toMatchObject({ valid: true });
  });

  test('a claim past the end of the record cannot be verified', () => {
    const g = game(QUIET, ['a0a1', 'd9d8', 'a1a0', 'd8d9'], 10);
    expect(checkMoveLimitClaim(g, { afterPly: 200, claimant: 'red' }).valid).toBe(false);
  });
});
