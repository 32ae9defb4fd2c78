/** The capture analysis behind 捉: protection, 真根/假根, pins, kings facing, illegal captures. */
import { Position } from '../position';
import { Side, parseSquare } from '../types';
import { analyseCapture, exchangeGain, horsePinner } from './captures';

function pos(fen: string): Position {
  const r = Position.fromFen(fen);
  if (!r.ok) throw r.error;
  return r.value;
}
const s = (name: string) => parseSquare(name)!;
function capture(fen: string, from: string, to: string, side: Side, rules: 'axf' | 'cxa' = 'axf') {
  return analyseCapture(pos(fen), s(from), s(to), side, rules);
}

describe('analyseCapture (四章1节 13–15)', () => {
  it('an unprotected horse attacked by a rook: 无根, the capture gains', () => {
    const c = capture('5k3/9/9/9/2n6/9/9/2R6/9/3K5 w - - 0 1', 'c2', 'c5', 'red')!;
    expect(c.root).toBe('none');
    expect(c.protected).toBe(false);
    expect(c.gainful).toBe(true);
  });

  it('a horse guarded by a rook that can recapture: 真根, no gain (总纲 6)', () => {
    const c = capture('2r2k3/9/9/9/2n6/9/9/2R6/9/3K5 w - - 0 1', 'c2', 'c5', 'red')!;
    expect(c.root).toBe('real');
    expect(c.gainful).toBe(false);
  });

  it('a guard pinned against its king: 假根, the capture gains (细则 29)', () => {
    // black rook e5 guards c5 but is pinned on the e-file by the red rook e2
    const c = capture('4k4/9/9/9/2n1r4/9/9/2R1R4/9/3K5 w - - 0 1', 'c2', 'c5', 'red')!;
    expect(c.protected).toBe(true);
    expect(c.root).toBe('false');
    expect(c.gainful).toBe(true);
  });

  it('a king guard that would face the other king: 假根 (一章2节9)', () => {
    const c = capture('3k5/9/9/9/9/9/3r5/9/9/3NK4 w - - 0 1', 'd3', 'd0', 'black')!;
    expect(c.root).toBe('false');
    expect(c.gainful).toBe(true);
  });

  it('the same king guard is real when a piece stands between the kings', () => {
    const c = capture('3k5/9/9/3n5/9/9/3r5/9/9/3NK4 w - - 0 1', 'd3', 'd0', 'black')!;
    expect(c.root).toBe('real');
    expect(c.gainful).toBe(false);
  });

  it('a cannon "guard" whose screen is the capturer: false after the capture', () => {
    const c = capture('5k3/9/9/9/9/1C7/1r7/9/1C7/4K4 w - - 0 1', 'b3', 'b4', 'black')!;
    expect(c.protected).toBe(true);
    expect(c.root).toBe('false');
    expect(c.gainful).toBe(true);
  });

  it('a pinned attacker cannot capture: no capture at all', () => {
    // red rook e4 would uncover the black rook e8 on the red king e0
    expect(capture('3k5/4r4/9/9/9/2n1R4/9/9/9/4K4 w - - 0 1', 'e4', 'c4', 'red')).toBeUndefined();
  });

  it('a horse attacking a protected rook is a chase (总纲 6)', () => {
    const c = capture('2r2k3/9/9/9/2r6/9/1N7/9/9/3K5 w - - 0 1', 'b3', 'c5', 'red')!;
    expect(c.root).toBe('real');
    expect(c.gainful).toBe(true);
  });

  it('a rook attacking a protected cannon is not (细则 12)', () => {
    const c = capture('2r2k3/9/9/9/2c6/9/9/2R6/9/3K5 w - - 0 1', 'c2', 'c5', 'red')!;
    expect(c.gainful).toBe(false);
  });

  it('rooks that can take each other: an offer, not a chase (细则 19)', () => {
    const c = capture('5k3/9/9/9/2r6/9/9/2R6/9/3K5 w - - 0 1', 'c2', 'c5', 'red')!;
    expect(c.mutualSameKind).toBe(true);
    expect(c.gainful).toBe(false);
  });

  it('a pawn that has not crossed the river may be chased (总纲 3)', () => {
    const c = capture('5k3/9/9/2p6/9/9/9/2R6/9/3K5 w - - 0 1', 'c2', 'c6', 'red')!;
    expect(c.gainful).toBe(true);
    expect(c.exempt).toBe('uncrossedPawn');
  });

  it('a rook on a horse leg attacking that horse is marked held (细则 14: no chase while the horse side chases it, decided over the cycle)', () => {
    const p = pos('2baka1r1/C4rN2/9/1Rp1p4/9/9/4P4/9/4A4/4KA3 w - - 0 1');
    expect(horsePinner(p, s('f8'), 'black')).toBe(s('g8'));
    const c = analyseCapture(p, s('f8'), s('g8'), 'black', 'axf')!;
    expect(c.gainful).toBe(true);
    expect(c.heldByTarget).toBe(true);
    expect(c.reason).toMatch(/细则 14/);
  });

  it('CXA: a cannon guarded once but attacked twice (少根) is won in the exchange; AXF: 真根', () => {
    const fen = '4rk3/9/9/9/4c4/9/3N1N3/9/9/3K5 w - - 0 1';
    expect(capture(fen, 'd3', 'e5', 'red', 'cxa')!.gainful).toBe(true);
    expect(capture(fen, 'd3', 'e5', 'red', 'axf')!.gainful).toBe(false);
    expect(exchangeGain(pos(fen), s('e5'), 'red')).toBe(2);
  });

  it('CXA: a protected cannon attacked by a horse is not won (equal value)', () => {
    const c = capture('2r2k3/9/9/9/2c6/9/1N7/9/9/3K5 w - - 0 1', 'b3', 'c5', 'red', 'cxa')!;
    expect(c.gainful).toBe(false);
  });
});
