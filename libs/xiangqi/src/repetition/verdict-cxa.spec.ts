/** The CXA rule set where it differs from AXF (README.md, "AXF vs CXA"). */
import { adjudicate } from './adjudicate';

function both(fen: string, moves: string) {
  const a = adjudicate({ fen, moves, rules: 'axf' });
  const c = adjudicate({ fen, moves, rules: 'cxa' });
  if (!a.ok) throw a.error;
  if (!c.ok) throw c.error;
  return { axf: a.value, cxa: c.value };
}

describe('CXA vs AXF', () => {
  it('一将一杀: allowed by AXF (总纲 2, 细则 6), forbidden by CXA (棋例释义 2, 总则 4)', () => {
    const { axf, cxa } = both('4k4/9/4P4/9/5R3/9/9/9/9/4K4 w - - 0 1', 'f5h5 e9f9 h5f5 f9e9 f5h5 e9f9 h5f5 f9e9');
    expect(axf.sides.red.pattern).toBe('checkAndMateThreat');
    expect(axf.result).toBe('draw');
    expect(cxa.result).toBe('red_loses');
    expect(cxa.articles).toContain('CXA 棋例总则 4');
  });

  it('长杀 with a chase: AXF draw (细则 4 图-6), CXA the attacker must change', () => {
    const { axf, cxa } = both('3k2b2/2P6/9/9/7R1/9/9/9/9/4K4 w - - 0 1', 'h5g5 g9i7 g5h5 i7g9 h5g5 g9i7 g5h5 i7g9 h5g5');
    expect(axf.result).toBe('draw');
    expect(cxa.result).toBe('red_loses');
  });

  it('the king chasing by itself: draw under both (AXF 细则 23; CXA 通则 1 treats it as 闲)', () => {
    const { axf, cxa } = both('3k5/9/3a5/9/9/9/9/9/4c4/3K5 w - - 0 1', 'd0e0 e1f1 e0f0 f1e1 f0e0 e1f1 e0f0');
    expect(axf.result).toBe('draw');
    expect(axf.articles).toContain('细则 23');
    expect(cxa.result).toBe('draw');
    expect(cxa.sides.red.violation).toBe(false);
  });

  it('one-sided perpetual check loses under both; mutual perpetual check draws under both', () => {
    const one = both('9/3kc4/3a5/3P5/9/4p4/9/4K4/9/3C5 w - - 0 1', 'd6e6 e4d4 e6d6 d4e4 d6e6 e4d4 e6d6 d4e4');
    expect(one.axf.result).toBe('black_loses');
    expect(one.cxa.result).toBe('black_loses');
    expect(one.cxa.articles).toContain('CXA 棋例总则 1');
    const mutual = both('9/4c4/3k5/3r5/9/9/4C4/9/4K4/3R5 w - - 0 1', 'e3d3 d6e6 d3e3 e6d6 e3d3 d6e6 d3e3 e6d6');
    expect(mutual.axf.result).toBe('draw');
    expect(mutual.cxa.result).toBe('draw');
  });
});
