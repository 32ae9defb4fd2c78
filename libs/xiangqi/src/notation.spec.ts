import fc from 'fast-check';
import { parseIccs, makeIccs } from './iccs';
import { NOTATIONS, NOTATION_ERROR_CODES, formatMove, parseMove } from './notation';
import { Position } from './position';
import { mulberry32 } from './prng';
import { Move } from './types';

function pos(fen: string): Position {
  const r = Position.fromFen(fen);
  if (!r.ok) throw r.error;
  return r.value;
}

function play(p: Position, ...iccs: string[]): Position {
  for (const m of iccs) p.play(parseIccs(m)!);
  return p;
}

function fmtAll(p: Position, iccs: string) {
  const m = parseIccs(iccs)!;
  return Object.fromEntries(NOTATIONS.map((n) => [n, formatMove(p, m, n)]));
}

// 二章3节2 (the AXF international notation) gives three examples: A. 车二进六 → 车 2 + 6;
// B. 马三退五 → 马 2 - 5; C. 炮二平四 → 炮 2 = 4. Example B is a misprint in the rulebook: the
// horse stands on file 三, so 马三退五 is 马 3 - 5 (H3-5), as rule 1 B (the second character is the
// piece's file) and examples A and C show. The tests below follow the rule, not the misprint.
describe('formatting (二章3节)', () => {
  test('opening moves', () => {
    const p = Position.default();
    expect(fmtAll(p, 'h2e2')).toEqual({
      chinese: '炮二平五',
      'chinese-traditional': '炮二平五',
      axf: 'C2=5',
      'axf-chinese': '炮2=5',
      wxf: 'C2.5',
      iccs: 'h2e2',
    });
    expect(formatMove(p, parseIccs('h0g2')!, 'axf')).toBe('H2+3');
    expect(formatMove(p, parseIccs('i0i1')!, 'chinese')).toBe('车一进一');
    play(p, 'h2e2');
    expect(fmtAll(p, 'b9c7')).toMatchObject({ chinese: '马2进3', axf: 'H2+3', 'chinese-traditional': '馬2進3' });
    expect(formatMove(p, parseIccs('b9c7')!, 'chinese', { digits: 'fullwidth' })).toBe('马２进３');
    expect(formatMove(p, parseIccs('e9e8')!, 'chinese')).toBe('将5进1');
    expect(formatMove(p, parseIccs('d9e8')!, 'chinese')).toBe('士4进5');
    expect(formatMove(p, parseIccs('c9e7')!, 'chinese-traditional')).toBe('象3進5');
    expect(formatMove(p, parseIccs('h7h0')!, 'chinese')).toBe('炮8进7');
  });

  test('two pieces on a file: 前/后, +/- (二章3节5)', () => {
    const q = pos('3k5/9/9/9/9/9/7C1/9/7C1/4K4 w');
    expect(fmtAll(q, 'h3e3')).toMatchObject({ chinese: '前炮平五', axf: 'C+=5', wxf: 'C+.5', 'axf-chinese': '炮前=5' });
    expect(fmtAll(q, 'h1h2')).toMatchObject({ chinese: '后炮进一', axf: 'C-+1' });
    expect(formatMove(q, parseIccs('h3e3')!, 'chinese', { tandem: 'after' })).toBe('炮前平五');
    expect(formatMove(q, parseIccs('h1h2')!, 'chinese-traditional')).toBe('後炮進一');
  });

  test('advisors and elephants keep their file number', () => {
    const p = pos('3k5/9/9/9/9/2B6/9/9/9/2B1K4 w');
    expect(formatMove(p, parseIccs('c0e2')!, 'chinese')).toBe('相七进五');
    expect(formatMove(p, parseIccs('c4e2')!, 'chinese')).toBe('相七退五');
    expect(formatMove(p, parseIccs('c4a2')!, 'axf')).toBe('E7-9');
  });

  test('图-B: three pawns on a file, the two-digit form', () => {
    const p = pos('5k3/3Pa4/9/3P5/3P5/9/9/9/9/4K4 w');
    expect(fmtAll(p, 'd5e5')).toMatchObject({ axf: '36=5', chinese: '后兵平五' });
    expect(fmtAll(p, 'd6e6')).toMatchObject({ axf: '26=5', chinese: '中兵平五' });
    expect(fmtAll(p, 'd8e8')).toMatchObject({ axf: '16=5', wxf: '16.5', chinese: '前兵平五' });
  });

  test('pawns doubled on two files: the file replaces the piece', () => {
    const p = pos('3k5/9/9/3P1P3/3P1P3/9/9/9/9/4K4 w');
    expect(fmtAll(p, 'd5e5')).toMatchObject({ axf: '26=5', chinese: '后六平五' });
    expect(fmtAll(p, 'f6f7')).toMatchObject({ axf: '14+1', chinese: '前四进一' });
  });
});

describe('parsing', () => {
  const start = Position.default();
  test.each([
    ['炮二平五', 'h2e2'],
    ['炮2平5', 'h2e2'],
    ['炮２平５', 'h2e2'],
    ['C2=5', 'h2e2'],
    ['C2.5', 'h2e2'],
    ['c2.5', 'h2e2'],
    ['炮2=5', 'h2e2'],
    ['H2+3', 'h0g2'],
    ['N2+3', 'h0g2'],
    ['馬二進三', 'h0g2'],
    ['h2e2', 'h2e2'],
    ['H2-E2', 'h2e2'],
    [' 兵七进一 ', 'c3c4'],
    ['车一进一', 'i0i1'],
    ['仕四进五', 'f0e1'],
    ['相三进五', 'g0e2'],
    // 二章3节3: the short forms.
    ['炮25', 'h2e2'],
    ['仕4₅', 'f0e1'],
  ])('%s → %s', (text, iccs) => {
    const r = parseMove(start, text);
    expect(r.ok && makeIccs(r.value)).toBe(iccs);
  });

  test('tandem forms, both orders and WXF signs', () => {
    const q = pos('3k5/9/9/9/9/9/7C1/9/7C1/4K4 w');
    for (const text of ['前炮平五', '炮前平五', 'C+=5', 'C+.5', '+C.5', '炮前=5', '前砲平五']) {
      const r = parseMove(q, text);
      expect(r.ok && makeIccs(r.value)).toBe('h3e3');
    }
  });

  test('图-B two-digit form and multi-file pawns', () => {
    const p = pos('5k3/3Pa4/9/3P5/3P5/9/9/9/9/4K4 w');
    for (const [text, iccs] of [
      ['36=5', 'd5e5'],
      ['26=5', 'd6e6'],
      ['16=5', 'd8e8'],
      ['兵36=5', 'd5e5'],
      ['后兵平五', 'd5e5'],
      ['中兵平五', 'd6e6'],
    ]) {
      const r = parseMove(p, text);
      expect([text, r.ok && makeIccs(r.value)]).toEqual([text, iccs]);
    }
    const q = pos('3k5/9/9/3P1P3/3P1P3/9/9/9/9/4K4 w');
    const r = parseMove(q, '后六平五');
    expect(r.ok && makeIccs(r.value)).toBe('d5e5');
    const amb = parseMove(q, '后兵平五');
    expect(!amb.ok && amb.error.code).toBe('ambiguous');
  });

  test.each([
    ['xyz', 'syntax'],
    ['炮二平', 'syntax'],
    ['车五进一', 'no_such_piece'],
    ['将5进1', 'wrong_side'],
    ['炮二进九', 'illegal'],
    ['马二进四', 'illegal'],
    ['e0e2', 'illegal'],
    ['e5e6', 'no_such_piece'],
    ['e9e8', 'wrong_side'],
  ])('%s → %s', (text, code) => {
    const r = parseMove(start, text);
    expect(!r.ok && r.error.code).toBe(code);
  });

  test('short retreat form 马8⁻7 (二章3节3 B)', () => {
    const p = pos('3k5/9/9/9/9/9/9/1N7/9/4K4 w');
    const r = parseMove(p, '马8⁻7');
    expect(r.ok && makeIccs(r.value)).toBe('b2c0');
  });

  test('self-exposure is named (一章3节5)', () => {
    const p = pos('4k4/9/9/9/9/4r4/9/9/4R4/4K4 w');
    const r = parseMove(p, '车五平一');
    expect(!r.ok && r.error.code).toBe('self_exposure');
    const s = parseMove(p, 'e1a1');
    expect(!s.ok && s.error.code).toBe('self_exposure');
  });

  test('ambiguous file form with two pieces on the file', () => {
    const q = pos('3k5/9/9/9/9/9/7C1/9/7C1/4K4 w');
    const r = parseMove(q, '炮二平一');
    expect(!r.ok && r.error.code).toBe('ambiguous');
  });
});

function randomGame(seed: number, plies: number): { positions: Position[]; moves: Move[] } {
  const rnd = mulberry32(seed);
  const p = Position.default();
  const positions: Position[] = [];
  const moves: Move[] = [];
  for (let i = 0; i < plies; i++) {
    const legal = p.legalMoves();
    if (legal.length === 0) break;
    // Prefer pawn moves now and then so that doubled pawns occur.
    const pawnMoves = legal.filter((m) => p.pieceAt(m.from)?.role === 'pawn');
    const pool = pawnMoves.length && rnd() < 0.35 ? pawnMoves : legal;
    const m = pool[Math.floor(rnd() * pool.length)];
    positions.push(p.clone());
    moves.push(m);
    p.play(m);
  }
  return { positions, moves };
}

describe('round trips over random legal games (property)', () => {
  test('every legal move formats and parses back in every notation', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const { positions } = randomGame(seed, 80);
        for (const p of positions.filter((_, i) => i % 4 === 0)) {
          for (const m of p.legalMoves()) {
            for (const n of NOTATIONS) {
              const text = formatMove(p, m, n);
              const back = parseMove(p, text);
              if (!back.ok || back.value.from !== m.from || back.value.to !== m.to) {
                throw new Error(`${p.toFen()} ${makeIccs(m)} ${n} '${text}' → ${back.ok ? makeIccs(back.value) : back.error.message}`);
              }
            }
          }
        }
      }),
      { numRuns: 12 },
    );
  });

  test('random move texts give a move or a typed error', () => {
    const alphabet = fc.constantFrom(...'炮马车兵卒相仕帅将前后中进退平一二三五九12359+-=.CHRPKAE abcehi0'.split(''));
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 8 }), fc.integer({ min: 0, max: 1000 }), (chars, seed) => {
        const { positions } = randomGame(seed, 30);
        const p = positions[positions.length - 1] ?? Position.default();
        const r = parseMove(p, chars.join(''));
        if (r.ok) expect(p.isLegal(r.value)).toBe(true);
        else expect(NOTATION_ERROR_CODES).toContain(r.error.code);
      }),
      { numRuns: 300 },
    );
  });
});
