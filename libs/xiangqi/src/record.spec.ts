import fc from 'fast-check';
import { FEN_ERROR_CODES } from './fen';
import { makeIccs } from './iccs';
import { Position } from './position';
import { mulberry32 } from './prng';
import { EXPORT_FORMATS, RECORD_ERROR_CODES, exportGame, gameFromMoves, importGame } from './record';
import { Move } from './types';

function randomMoves(seed: number, plies: number, fen?: string): { fen: string; moves: Move[] } {
  const rnd = mulberry32(seed);
  const start = fen ? Position.fromFen(fen) : { ok: true as const, value: Position.default() };
  if (!start.ok) throw start.error;
  const p = start.value.clone();
  const moves: Move[] = [];
  for (let i = 0; i < plies; i++) {
    const legal = p.legalMoves();
    if (!legal.length) break;
    const m = legal[Math.floor(rnd() * legal.length)];
    moves.push(m);
    p.play(m);
  }
  return { fen: start.value.toFen(), moves };
}

describe('importGame', () => {
  test('a Chinese move list with numbers', () => {
    const g = importGame('1. 炮二平五 马8进7 2. 马二进三 车9平8\n3. 车一平二 马2进3');
    expect(g.ok).toBe(true);
    if (!g.ok) return;
    expect(g.value.plies.map((p) => makeIccs(p.move))).toEqual(['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0', 'b9c7']);
    expect(g.value.plies[3]).toMatchObject({ ply: 4, moveNumber: 2, side: 'black', text: '车9平8' });
    expect(g.value.end).toEqual({ kind: 'ongoing' });
  });

  test('full-width spaces and dots, WXF moves that look like numbers', () => {
    const g = importGame('1．炮二平五\u3000马８进７\n2． 马二进三');
    expect(g.ok && g.value.plies.length).toBe(3);
    const w = importGame('1. 16.5', { fen: '5k3/3Pa4/9/3P5/3P5/9/9/9/9/4K4 w' });
    expect(w.ok && makeIccs(w.value.plies[0].move)).toBe('d8e8');
  });

  test('the rulebook example in AXF letters (二章3节4)', () => {
    // The rulebook continues '3. H2+3, H2+3', but Red's horse on file 2 has already moved: a
    // misprint in the example, so only its first two moves are checked here.
    const g = importGame('1. C2=5, H8+7； 2. H2+3, R9=8');
    expect(g.ok).toBe(true);
    if (g.ok) expect(g.value.plies.map((p) => makeIccs(p.move))).toEqual(['h2e2', 'h9g7', 'h0g2', 'i9h9']);
  });

  test('a PGN with a FEN tag, comments, variations and ICCS moves', () => {
    const pgn = `[Game "Chinese Chess"]
[Event "Test"]
[FEN "3k5/9/9/9/9/9/9/9/9/R4K3 w - - 0 1"]
[Format "ICCS"]

1. A0-A7 {quiet} D9-D8 (1... D9-E9 ) 2. A7-A0
; a line comment
D8-D9 1-0`;
    const g = importGame(pgn);
    expect(g.ok).toBe(true);
    if (!g.ok) return;
    expect(g.value.tags.Event).toBe('Test');
    expect(g.value.plies).toHaveLength(4);
    expect(g.value.plies[0].check).toBe(false);
    expect(g.value.resultToken).toBe('1-0');
  });

  test('the first illegal move: number, text, reason', () => {
    const g = importGame('1. 炮二平五 马8进7 2. 马二进三 车9进9');
    expect(g.ok).toBe(false);
    if (g.ok) return;
    expect(g.error).toMatchObject({ code: 'illegal_move', ply: 4, moveNumber: 2, side: 'black', text: '车9进9', reason: 'illegal' });
    expect(g.error.message).toContain('move 2...');
    const w = importGame('1. 炮二平五 车5进1');
    expect(!w.ok && w.error.reason).toBe('no_such_piece');
    const rn = importGame('1. 炮二平五 炮五平四');
    expect(!rn.ok && rn.error.reason).toBe('wrong_side');
    const ws = importGame('1. 炮二平五 兵七进一');
    expect(!ws.ok && ws.error.reason).toBe('wrong_side');
    const a = importGame('1. 炮五平四');
    expect(!a.ok && a.error.reason).toBe('no_such_piece');
    const s = importGame('1. e9e8');
    expect(!s.ok && s.error.reason).toBe('wrong_side');
    const x = importGame('1. hello');
    expect(!x.ok && x.error.reason).toBe('syntax');
  });

  test('self-exposure ends the game: the mover loses (一章3节5)', () => {
    const g = importGame('车五平一', { fen: '4k4/9/9/9/9/4r4/9/9/4R4/4K4 w' });
    expect(g.ok && g.value.end).toEqual({ kind: 'self_exposure', loser: 'red', ply: 1 });
    const after = importGame('车五平一 将5平4', { fen: '4k4/9/9/9/9/4r4/9/9/4R4/4K4 w' });
    expect(!after.ok && after.error.code).toBe('after_end');
  });

  test('checkmate and stalemate end the game', () => {
    const mate = importGame('R7=6', { fen: '3k5/R8/9/9/9/9/9/9/2R6/4K4 w' });
    expect(mate.ok && mate.value.end).toEqual({ kind: 'checkmate', loser: 'black' });
    const stale = importGame('R9+6', { fen: '3k5/9/9/9/9/9/9/R8/9/4K4 w' });
    expect(stale.ok && stale.value.end).toEqual({ kind: 'stalemate', loser: 'black' });
  });

  test('a bad FEN tag and bad syntax are typed errors', () => {
    const g = importGame('[FEN "nonsense"]\n1. h2e2');
    expect(!g.ok && g.error.code).toBe('bad_fen');
    const c = importGame('1. h2e2 {open comment');
    expect(!c.ok && c.error.code).toBe('syntax');
    const t = importGame('[Bad tag]\n1. h2e2');
    expect(!t.ok && t.error.code).toBe('syntax');
  });
});

describe('exportGame', () => {
  test('formats', () => {
    const g = importGame('1. 炮二平五 马8进7 2. 马二进三');
    if (!g.ok) throw g.error;
    expect(exportGame(g.value, 'axf')).toBe('1. C2=5 H8+7\n2. H2+3');
    expect(exportGame(g.value, 'wxf')).toBe('1. C2.5 H8+7\n2. H2+3');
    expect(exportGame(g.value, 'iccs')).toBe('1. h2e2 h9g7\n2. h0g2');
    expect(exportGame(g.value, 'chinese-traditional')).toBe('1. 炮二平五 馬8進7\n2. 馬二進三');
    const pgn = exportGame(g.value, 'pgn');
    expect(pgn).toContain('[Result "*"]');
    expect(pgn).toContain('1. 炮二平五 马8进7 2. 马二进三 *');
  });

  test('a game starting with Black', () => {
    const g = importGame('马8进7 马二进三', { fen: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1' });
    if (!g.ok) throw g.error;
    expect(exportGame(g.value, 'axf')).toBe('1... H8+7\n2. H2+3');
    const back = importGame(exportGame(g.value, 'pgn'));
    expect(back.ok && back.value.plies.length).toBe(2);
  });

  test('property: export then import gives the same moves, every format', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 120 }), (seed, plies) => {
        const { fen, moves } = randomMoves(seed, plies);
        const g = gameFromMoves(fen, moves);
        if (!g.ok) throw g.error;
        for (const format of EXPORT_FORMATS) {
          const text = exportGame(g.value, format);
          const back = importGame(text, { fen });
          if (!back.ok) throw new Error(`${format}: ${back.error.message}\n${text}`);
          expect(back.value.plies.map((p) => makeIccs(p.move))).toEqual(moves.map(makeIccs));
        }
      }),
      { numRuns: 15 },
    );
  });
});

describe('robustness (property)', () => {
  const fenChars = fc.constantFrom(...'rnbakcpRNBAKCPeEhH0123456789/ wb-x'.split(''));
  test('random FEN strings: a Position or a FenError', () => {
    fc.assert(
      fc.property(fc.array(fenChars, { maxLength: 90 }), (chars) => {
        const r = Position.fromFen(chars.join(''));
        if (r.ok) expect(Position.fromFen(r.value.toFen()).ok).toBe(true);
        else expect(FEN_ERROR_CODES).toContain(r.error.code);
      }),
      { numRuns: 500 },
    );
  });

  test('mutated valid FENs: a Position or a FenError', () => {
    const base = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
    fc.assert(
      fc.property(fc.integer({ min: 0, max: base.length - 1 }), fenChars, fc.boolean(), (i, ch, insert) => {
        const fen = base.slice(0, i) + ch + base.slice(insert ? i : i + 1);
        const r = Position.fromFen(fen);
        if (!r.ok) expect(FEN_ERROR_CODES).toContain(r.error.code);
        else expect(r.value.legalMoves().length).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 500 },
    );
  });

  test('random and mutated records: a Game or a RecordError', () => {
    const tokens = fc.constantFrom(
      '1.',
      '炮二平五',
      '马8进7',
      'h2e2',
      'H2-E2',
      '{',
      '}',
      '(',
      ')',
      '[FEN "x"]',
      '\n',
      ' ',
      'C2=5',
      '1-0',
      ';',
      '36=5',
      '前炮平五',
      '$1',
      '"',
      '[',
    );
    fc.assert(
      fc.property(fc.array(tokens, { maxLength: 30 }), (parts) => {
        const r = importGame(parts.join(' '));
        if (!r.ok) expect(RECORD_ERROR_CODES).toContain(r.error.code);
        else expect(Array.isArray(r.value.plies)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  test('arbitrary unicode never throws', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        expect(() => importGame(s)).not.toThrow();
        expect(() => Position.fromFen(s)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});
