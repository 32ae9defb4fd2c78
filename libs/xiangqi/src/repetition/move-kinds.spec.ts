/** What a single move is (四章1节 术语): new vs standing attacks, discovered attacks, lost protection. */
import { parseIccs } from '../iccs';
import { Position } from '../position';
import { analysePly } from './move-kinds';

function ply(fen: string, iccs: string, rules: 'axf' | 'cxa' = 'axf') {
  const r = Position.fromFen(fen);
  if (!r.ok) throw r.error;
  const pre = r.value;
  const move = parseIccs(iccs)!;
  expect(pre.isLegal(move)).toBe(true);
  const post = pre.clone();
  post.play(move);
  const preIds = new Int32Array(90).map((_, i) => (pre.pieceAt(i) ? i : -1));
  const postIds = new Int32Array(preIds);
  postIds[move.to] = postIds[move.from];
  postIds[move.from] = -1;
  return analysePly({ pre, post, move, ply: 1, mover: pre.turn, preIds, postIds, rules, opponentThreatBefore: false, mateThreat: false, mateChecks: 3 });
}

describe('analysePly', () => {
  it('a rook moving onto the line of an unprotected cannon chases it', () => {
    const p = ply('5k3/9/2c6/9/9/9/9/R8/9/3K5 w - - 0 1', 'a2c2');
    expect(p.primary).toBe('chase');
    expect(p.kinds[0]).toMatchObject({ kind: 'chase', piece: 'rook', from: 'c2', to: 'c7', target: 'cannon', protected: false });
  });

  it('sliding along the line it already attacked on is not a new chase (补充 2 图-107)', () => {
    const p = ply('5k3/9/2c6/9/9/9/9/2R6/9/3K5 w - - 0 1', 'c2c3');
    expect(p.chases).toHaveLength(0);
    expect(p.primary).toBe('idle');
  });

  it('moving a piece off the line discovers a chase by the piece behind it', () => {
    const p = ply('5k3/9/2c6/9/9/9/9/2N6/9/2RK5 w - - 0 1', 'c2b4');
    expect(p.primary).toBe('chase');
    expect(p.kinds[0]).toMatchObject({ piece: 'rook', from: 'c0', to: 'c7' });
  });

  it('taking away the screen of a guarding cannon makes a standing attack a chase (补充 2 图-106)', () => {
    const p = ply('5k3/9/cPn6/9/9/9/9/2R6/9/3K5 w - - 0 1', 'b7b8');
    expect(p.primary).toBe('chase');
    expect(p.kinds[0]).toMatchObject({ piece: 'rook', to: 'c7', target: 'horse' });
  });

  it('a check is 将 and names the checker', () => {
    const p = ply('4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1', 'a0a9');
    expect(p.isCheck).toBe(true);
    expect(p.kinds[0]).toMatchObject({ kind: 'check', piece: 'rook', from: 'a9', to: 'e9' });
  });

  it('a rook put where an enemy rook can take it and takes back is an offer or exchange, not a chase', () => {
    // red rook a2→c2 faces the black rook c7; neither is protected: 献 (细则 19, 35)
    const p = ply('5k3/9/2r6/9/9/9/9/R8/9/3K5 w - - 0 1', 'a2c2');
    expect(p.chases).toHaveLength(0);
    expect(p.primary).toBe('offer');
  });
});
