import fc from 'fast-check';
import { makeIccs } from './iccs';
import { NOTATIONS } from './notation';
import { Position } from './position';
import { mulberry32 } from './prng';
import { gameFromMoves, importGame } from './record';
import { RecordEntry } from './record-entry';
import { recordEntrant, recordFindings, recordResultOf } from './record-findings';
import { parseSquare } from './types';

const sq = (n: string) => parseSquare(n)!;

describe('RecordEntry (the entry page’s move input)', () => {
  test('tap a piece then its target; an illegal tap is refused; undo', () => {
    const e = new RecordEntry();
    expect(e.tap(sq('h2'))).toMatchObject({ kind: 'selected' });
    expect(e.tap(sq('h5'))).toMatchObject({ kind: 'moved' }); // 炮二进三? h2→h5 is legal (cannon slides)
    expect(e.tap(sq('e0'))).toEqual({ kind: 'refused', reason: 'black is to move', code: 'not_to_move' });
    expect(e.tap(sq('h9'))).toMatchObject({ kind: 'selected' });
    expect(e.tap(sq('h5'))).toMatchObject({ kind: 'refused', code: 'cannot_move_there' }); // a horse cannot reach h5
    expect(e.type('马8进7').ok).toBe(true);
    expect(e.texts('chinese')).toEqual(['炮二进三', '马8进7']);
    expect(e.undo()).toEqual({ from: sq('h9'), to: sq('g7') });
    expect(e.iccs()).toEqual(['h2h5']);
  });

  test('typed moves: Chinese, full-width WXF, ICCS; a wrong one is refused with the reason', () => {
    const e = new RecordEntry();
    expect(e.type('炮二平五').ok).toBe(true);
    expect(e.type('Ｈ８＋７').ok).toBe(true);
    expect(e.type('h0g2').ok).toBe(true);
    const bad = e.type('车9进9');
    expect(bad.ok).toBe(false);
    // The code a page words in its own language (issue 30 #5), beside the English reason.
    expect(e.typeOrWhy('车9进9')).toMatchObject({ ok: false, error: { code: expect.stringMatching(/^(illegal|no_such_piece)$/) } });
    expect(e.typeOrWhy('xyz')).toMatchObject({ ok: false, error: { code: 'syntax' } });
    expect(e.texts('wxf')).toEqual(['C2.5', 'H8+7', 'H2+3']);
  });

  test('an adjourned game starts from its position', () => {
    const e = new RecordEntry('4k4/9/9/9/9/9/9/9/4A4/3K1R3 b');
    expect(e.position.turn).toBe('black');
    expect(e.type('将5进1').ok).toBe(true);
  });

  test('random legal games typed in each notation read back identically (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.constantFrom(...NOTATIONS), (seed, notation) => {
        const rnd = mulberry32(seed);
        const pos = Position.default();
        const moves = [];
        for (let i = 0; i < 1 + (seed % 150) && pos.hasLegalMove(); i++) {
          const legal = pos.legalMoves();
          const m = legal[Math.floor(rnd() * legal.length)];
          moves.push(m);
          pos.play(m);
        }
        const written = new RecordEntry();
        for (const m of moves) {
          written.tap(m.from);
          written.tap(m.to);
        }
        expect(written.iccs()).toEqual(moves.map(makeIccs));
        const texts = written.texts(notation);
        const typed = new RecordEntry();
        for (const t of texts) {
          const r = typed.type(t);
          if (!r.ok) throw new Error(`${notation} '${t}': ${r.error}`);
        }
        expect(typed.iccs()).toEqual(moves.map(makeIccs));
        const imported = importGame(texts.join(' '));
        expect(imported.ok && imported.value.plies.map((p) => makeIccs(p.move))).toEqual(moves.map(makeIccs));
      }),
      { numRuns: 60 },
    );
  });
});

describe('record findings', () => {
  test('who enters the record (二章3节7)', () => {
    expect(recordEntrant(recordResultOf('black_win_forfeit'))).toBe('black');
    expect(recordEntrant(recordResultOf('red_win'))).toBe('red');
    expect(recordEntrant(recordResultOf('draw'))).toBe('red');
    expect(recordEntrant(recordResultOf(null))).toBeUndefined();
  });

  test('the last position against the result', () => {
    const mate = importGame('R7=6', { fen: '3k5/R8/9/9/9/9/9/9/2R6/4K4 w' });
    if (!mate.ok) throw mate.error;
    expect(recordFindings(mate.value, { result: 'red_win' }).map((f) => f.code)).toEqual(['end_consistent']);
    expect(recordFindings(mate.value, { result: 'draw' })).toEqual([
      expect.objectContaining({ code: 'end_contradicts', severity: 'flag' }),
      expect.objectContaining({ code: 'early_draw' }),
    ]);
    const resign = importGame('1. 炮二平五 马8进7');
    if (!resign.ok) throw resign.error;
    expect(recordFindings(resign.value, { result: 'black_win' })).toEqual([expect.objectContaining({ code: 'end_needs_no_mate', severity: 'note' })]);
  });

  test('natural move limit (二章4节) and 16 unrecorded moves (二章3节6)', () => {
    const cycle = ['a0a1', 'd9d8', 'a1a0', 'd8d9'].map((t) => ({ from: sq(t.slice(0, 2)), to: sq(t.slice(2)) }));
    const game = gameFromMoves(
      '3k5/9/9/9/9/9/9/9/9/R3K4 w',
      Array.from({ length: 104 }, (_, i) => cycle[i % 4]),
    );
    if (!game.ok) throw game.error;
    const f = recordFindings(game.value, { result: 'draw', unrecorded: { red: 16, black: 3 } });
    expect(f.find((x) => x.code === 'natural_move_limit')).toMatchObject({ ply: 100, severity: 'flag', article: '二章4节' });
    expect(f.find((x) => x.code === 'unrecorded_moves_loss')).toMatchObject({ side: 'red', severity: 'flag' });
    expect(f.find((x) => x.code === 'unrecorded_moves')).toMatchObject({ side: 'black', severity: 'note' });
  });
});
