import { FenError } from '../fen';
import { adjudicate, adjudicateBatch } from './adjudicate';

const CANNON_CHASE = {
  fen: '2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1',
  moves: 'c2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7 b2a2',
};
// one black rook chases two red pieces in turn while a red pawn and cannon chase it (dev case #2)
const ONE_CHASES_TWO = {
  fen: '2bakabr1/9/9/r1p1p1p2/p7R/P8/9/9/9/CC1AKA3 w - - 0 1',
  moves: 'a4a5 a6b6 a5b5 b6a6 b5a5 a6b6 a5b5 b6a6 b5a5',
};

function value(input: Parameters<typeof adjudicate>[0]) {
  const r = adjudicate(input);
  if (!r.ok) throw r.error;
  return r.value;
}

describe('adjudicate — no repetition', () => {
  it('returns none when the final position is new', () => {
    const v = value({ moves: 'h2e2 h9g7 h0g2' });
    expect(v.result).toBe('none');
    expect(v.cycle).toBeNull();
    expect(v.moves).toEqual([]);
    expect(v.explanation.en).toMatch(/no repetition/);
  });
  it('returns none without moves', () => {
    expect(value({ moves: [] }).result).toBe('none');
  });
  it('needs the same side to move: a position seen with the other side to move is not a repetition', () => {
    // after h0g2 g9... the placement differs anyway; a 2-ply back-and-forth by one side alone cannot occur
    expect(value({ moves: 'h0g2 h9g7 g2h0 g7h9' }).result).not.toBe('none');
    expect(value({ moves: 'h0g2 h9g7 g2h0' }).result).toBe('none');
  });
});

describe('adjudicate — malformed input', () => {
  it('a bad FEN gives bad_fen carrying the FenError', () => {
    const r = adjudicate({ fen: 'not a fen', moves: [] });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('bad_fen');
    expect(r.error.cause).toBeInstanceOf(FenError);
  });
  it('a token that is not ICCS gives bad_move with its ply', () => {
    const r = adjudicate({ moves: 'h2e2 zz9' });
    expect(!r.ok && r.error.code).toBe('bad_move');
    expect(!r.ok && r.error.ply).toBe(2);
  });
  it('an illegal move gives illegal_move', () => {
    const r = adjudicate({ moves: ['h2e2', 'a9a4'] });
    expect(!r.ok && r.error.code).toBe('illegal_move');
  });
  it('an unknown rule set gives bad_input', () => {
    const r = adjudicate({ moves: [], rules: 'fide' as never });
    expect(!r.ok && r.error.code).toBe('bad_input');
  });
});

describe('adjudicate — result shape', () => {
  const v = value(CANNON_CHASE);
  it('finds the last cycle', () => {
    expect(v.cycle).toEqual({ startPly: 6, endPly: 9, plies: 4, occurrences: 3 });
    expect(v.moves.map((m) => m.iccs)).toEqual(['a7b7', 'a2b2', 'b7a7', 'b2a2']);
  });
  it('names the chase, the pieces and the squares', () => {
    expect(v.result).toBe('red_loses');
    const red = v.moves.filter((m) => m.side === 'red');
    for (const m of red) {
      expect(m.primary).toBe('chase');
      const k = m.kinds.find((x) => x.kind === 'chase')!;
      expect(k.piece).toBe('cannon');
      expect(k.target).toBe('rook');
      expect(k.reason).toMatch(/总纲 6/);
    }
    expect(v.sides.red).toMatchObject({ pattern: 'perpetualChase', violation: true, chased: [{ role: 'rook', square: 'a7' }] });
    expect(v.sides.black.violation).toBe(false);
  });
  it('cites the articles and explains in both languages', () => {
    expect(v.articles).toEqual(expect.arrayContaining(['第二节 1 I', '细则 10', '总纲 6']));
    expect(v.explanation.zh).toMatch(/细则 10/);
    expect(v.explanation.zh).toMatch(/红方.*不变作负/);
    expect(v.explanation.en).toMatch(/Red must change its move or lose/);
  });
  it('accepts move numbers and commas', () => {
    const numbered = '1. c2a2 a7b7 2. a2b2, b7a7 3. b2a2 a7b7 4. a2b2 b7a7 5. b2a2';
    expect(value({ fen: CANNON_CHASE.fen, moves: numbered }).result).toBe('red_loses');
  });
});

describe('AXF vs CXA', () => {
  it('一子分捉两子 is allowed by AXF (总纲 4) but a forbidden 长捉 under CXA', () => {
    const axf = value({ ...ONE_CHASES_TWO, rules: 'axf' });
    const cxa = value({ ...ONE_CHASES_TWO, rules: 'cxa' });
    expect(axf.result).toBe('red_loses');
    expect(axf.sides.black.pattern).toBe('alternateChase');
    expect(axf.sides.black.violation).toBe(false);
    expect(cxa.sides.black.violation).toBe(true);
    expect(cxa.result).toBe('draw');
    expect(cxa.articles).toContain('CXA 棋例总则 3');
  });
});

describe('adjudicateBatch', () => {
  it('keeps the order and reports errors per item', () => {
    const out = adjudicateBatch([CANNON_CHASE, { moves: 'zz' }, { moves: '' }]);
    expect(out.map((r) => (r.ok ? r.value.result : r.error.code))).toEqual(['red_loses', 'bad_move', 'none']);
  });
});

describe('other notations and whole records', () => {
  it('reads Chinese notation (notation.ts parseMove)', () => {
    const moves = '炮七平九 车1平2 炮九平八 车2平1 炮八平九 车1平2 炮九平八 车2平1 炮八平九';
    expect(value({ fen: CANNON_CHASE.fen, moves }).result).toBe('red_loses');
  });
  it('reads a game record with a FEN tag', () => {
    const record = `[FEN "${CANNON_CHASE.fen}"]\n1. c2a2 a7b7 2. a2b2 b7a7 3. b2a2 a7b7 4. a2b2 b7a7 5. b2a2 *`;
    const v = value({ record });
    expect(v.result).toBe('red_loses');
    expect(v.cycle?.endPly).toBe(9);
  });
  it('a broken record gives bad_record', () => {
    const r = adjudicate({ record: '1. 炮二平五 马8进7 2. 炮五进九' });
    expect(!r.ok && r.error.code).toMatch(/bad_record/);
  });
});
