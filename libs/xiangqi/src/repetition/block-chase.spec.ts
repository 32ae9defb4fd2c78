/**
 * A move that stands in the way (拦) and newly attacks a piece with gain is also a 捉 (补充 2, 4:
 * several kinds — the heaviest counts), including a rook stepping onto the leg of a checking horse
 * (细则 18 图-50 一将一反捉); 细则 14's "黑车不动" exemption is for a rook that stays put.
 */
import { Position } from '../position';
import { parseSquare } from '../types';
import { adjudicate } from './adjudicate';
import { analyseCaptures } from './captures';

function value(input: Parameters<typeof adjudicate>[0]) {
  const r = adjudicate(input);
  if (!r.ok) throw r.error;
  return r.value;
}
function pos(fen: string): Position {
  const r = Position.fromFen(fen);
  if (!r.ok) throw r.error;
  return r.value;
}
const s = (name: string) => parseSquare(name)!;

// 细则 18 图-50, the 一将一反捉 reading: 马2进3 checks the king e1 over the leg d2; 车六退二 blocks
// that leg and attacks the unprotected horse c2.
const XIZE18_CHECK = {
  fen: '5k3/9/9/C8/9/1n7/9/3R5/4K4/9 w - - 0 1',
  moves: 'd2d4 b4c2 d4d2 c2b4 d2d4 b4c2 d4d2 c2b4 d2d4',
};
// 细则 30 图-86 without the black rook i9: the cannon is unprotected on i5 and i4 but protected by
// the elephant g9 on i7 (真根).
const XIZE30_NO_ROOK = {
  fen: '3akab2/4n4/8c/9/7R1/9/9/9/9/3K4R w - - 0 1',
  moves: 'h5h7 i7i5 h7h5 i5i4 h5h4 i4i5 h4h5 i5i7 h5h7',
};

describe('拦 that also chases (细则 18 图-50, 补充 2, 4)', () => {
  it('the rook blocking the horse check on its leg chases the horse: Red 长捉, Black 一将一捉 — Red loses (细则 18)', () => {
    const v = value(XIZE18_CHECK);
    expect(v.result).toBe('red_loses');
    expect(v.sides.red.pattern).toBe('perpetualChase');
    expect(v.sides.red.violation).toBe(true);
    expect(v.sides.red.chased).toEqual([{ role: 'horse', square: 'b4' }]);
    expect(v.sides.black.pattern).toBe('checkAndChase');
    expect(v.sides.black.violation).toBe(false);
    const block = v.moves.find((m) => m.iccs === 'd4d2')!;
    expect(block.primary).toBe('chase');
    expect(block.kinds).toContainEqual(expect.objectContaining({ kind: 'chase', piece: 'rook', from: 'd2', to: 'c2', target: 'horse', protected: false }));
    const check = v.moves.find((m) => m.iccs === 'b4c2')!;
    expect(check.primary).toBe('check');
    expect(v.moves.find((m) => m.iccs === 'c2b4')!.kinds).toContainEqual(expect.objectContaining({ kind: 'chase', to: 'a6', target: 'cannon' }));
  });

  it('细则 14 marks a rook that stays on the leg of the horse that pins it (exempt over the cycle while chased); not one that just stepped there (细则 18 图-50)', () => {
    // the 图-50 position after 车六退二: the rook d2 stands on the leg of the horse c2 toward the king e1
    const p = pos('5k3/9/9/C8/9/9/9/2nR5/4K4/9 b - - 0 1');
    const still = analyseCaptures(p, 'red', 'axf').find((c) => c.attacker === s('d2') && c.target === s('c2'))!;
    // 细则 14 (narrow, issue 14): the capture gains; whether it counts is decided over the cycle
    // (not while the horse's side chases the rook — move-kinds.ts dropHeldCounterChases)
    expect(still.gainful).toBe(true);
    expect(still.heldByTarget).toBe(true);
    expect(still.reason).toMatch(/细则 14/);
    const moved = analyseCaptures(p, 'red', 'axf', s('d2')).find((c) => c.attacker === s('d2') && c.target === s('c2'))!;
    expect(moved.gainful).toBe(true);
    expect(moved.heldByTarget).toBeUndefined();
    expect(moved.root).toBe('none');
  });

  it('细则 30 图-86 without the protecting rook: the attack on the cannon protected by the elephant (真根) is no chase — draw (细则 12, 30)', () => {
    const v = value(XIZE30_NO_ROOK);
    expect(v.result).toBe('draw');
    expect(v.sides.red.pattern).toBe('chaseAndIdle');
    expect(v.sides.red.violation).toBe(false);
    const last = v.moves[v.moves.length - 1];
    expect(last.iccs).toBe('h5h7');
    expect(last.kinds.map((k) => k.kind)).not.toContain('chase');
    expect(last.kinds[0].reason).toMatch(/truly protected \(真根\) cannon on i7/);
    for (const iccs of ['h7h5', 'h5h4', 'h4h5']) {
      expect(v.moves.find((m) => m.iccs === iccs)!.primary).toBe('chase');
    }
  });
});
