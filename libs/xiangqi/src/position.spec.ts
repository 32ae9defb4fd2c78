import { FEN_ERROR_CODES, INITIAL_FEN } from './fen';
import { parseIccs } from './iccs';
import { Position } from './position';
import { makeSquareName, parseSquare } from './types';

function pos(fen: string): Position {
  const r = Position.fromFen(fen);
  if (!r.ok) throw r.error;
  return r.value;
}

const sq = (name: string) => parseSquare(name)!;

describe('FEN', () => {
  test('round trip of the start position', () => {
    expect(Position.default().toFen()).toBe(INITIAL_FEN);
    expect(pos('rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w').toFen()).toBe(INITIAL_FEN);
  });

  test.each([
    ['', 'empty'],
    ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w', 'wrong_rank_count'],
    ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w', 'wrong_file_count'],
    ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C11/9/RNBAKABNR w', 'wrong_file_count'],
    ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1X5C1/9/RNBAKABNR w', 'unknown_letter'],
    ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x', 'bad_turn'],
    ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1', 'bad_counter'],
    ['rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w', 'no_king'],
    ['rnbakabnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w', 'two_kings'],
    ['3k5/9/9/9/9/9/9/9/9/K8 w', 'king_outside_palace'],
    ['3k5/9/9/9/9/9/9/9/3A5/5K3 w', 'advisor_unreachable'],
    ['3k5/9/9/9/9/9/9/9/4B4/5K3 w', 'elephant_unreachable'],
    ['3k5/9/9/9/9/9/9/9/4P4/5K3 w', 'pawn_unreachable'],
    ['3k5/9/9/9/9/1P7/9/9/9/5K3 w', 'pawn_unreachable'],
    ['3k5/9/9/9/9/9/9/9/9/RRR2K3 w', 'too_many_pieces'],
    ['4k4/9/9/9/9/9/9/9/9/4K4 w', 'kings_facing'],
    ['4k4/9/9/9/9/9/9/9/9/r2K5 b', 'opponent_in_check'],
  ])('%s → %s', (fen, code) => {
    const r = Position.fromFen(fen);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe(code);
      expect(FEN_ERROR_CODES).toContain(r.error.code);
      expect(r.error.message.length).toBeGreaterThan(5);
    }
  });

  test('counters are optional and kept', () => {
    expect(pos('4k4/9/9/9/9/9/9/9/9/3K5 b - - 7 12').toFen()).toBe('4k4/9/9/9/9/9/9/9/9/3K5 b - - 7 12');
    expect(pos('4k4/9/9/9/9/9/9/9/9/3K5 b').toFen()).toBe('4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1');
  });
});

describe('moves (一章2节)', () => {
  test('the start position has 44 moves and play mutates', () => {
    const p = Position.default();
    expect(p.legalMoves()).toHaveLength(44);
    expect(p.turn).toBe('red');
    expect(p.play(parseIccs('h2e2')!)).toBeUndefined();
    expect(p.turn).toBe('black');
    expect(p.pieceAt(sq('e2'))).toEqual({ side: 'red', role: 'cannon' });
  });

  test('horse leg (蹩马腿) and elephant eye (塞象眼)', () => {
    const p = pos('4k4/9/9/9/9/9/9/9/4A4/3K1N3 w');
    // the horse on f0: legs f1 (towards e2/g2), e0 (towards d1), g0 (towards h1); the advisor on e1 is on none of them
    const targets = p
      .legalMovesFrom(sq('f0'))
      .map((m) => makeSquareName(m.to))
      .sort();
    expect(targets).toEqual(['d1', 'e2', 'g2', 'h1']);
    // a red rook on f1 (a point a rook may stand on) blocks the leg towards e2 and g2 only
    const blocked = pos('4k4/9/9/9/9/9/9/9/5R3/3K1N3 w');
    expect(blocked.pieceAt(sq('f1'))).toEqual({ side: 'red', role: 'rook' });
    expect(
      blocked
        .legalMovesFrom(sq('f0'))
        .map((m) => makeSquareName(m.to))
        .sort(),
    ).toEqual(['d1', 'h1']);
    expect(blocked.isLegal({ from: sq('f0'), to: sq('g2') })).toBe(false);
    expect(blocked.isLegal({ from: sq('f0'), to: sq('e2') })).toBe(false);
    // a black piece blocks a leg too: a black pawn on g0 (it has crossed the river) stops f0–h1
    const enemyLeg = pos('4k4/9/9/9/9/9/9/9/9/3K1Np2 w');
    expect(enemyLeg.pieceAt(sq('g0'))).toEqual({ side: 'black', role: 'pawn' });
    expect(
      enemyLeg
        .legalMovesFrom(sq('f0'))
        .map((m) => makeSquareName(m.to))
        .sort(),
    ).toEqual(['d1', 'e2', 'g2']);
    // the elephant on c0: eye d1 (towards e2) blocked by a horse, eye b1 (towards a2) free; e2 is empty
    const eye = pos('3k5/9/9/9/9/9/9/9/3N5/2B1K4 w');
    expect(eye.pieceAt(sq('e2'))).toBeUndefined();
    expect(eye.legalMovesFrom(sq('c0')).map((m) => makeSquareName(m.to))).toEqual(['a2']);
    const open = pos('3k5/9/9/9/9/9/9/9/9/2B1K4 w');
    expect(
      open
        .legalMovesFrom(sq('c0'))
        .map((m) => makeSquareName(m.to))
        .sort(),
    ).toEqual(['a2', 'e2']);
  });

  test('cannon needs exactly one screen to capture (炮架)', () => {
    const p = pos('3k5/9/9/9/9/4r4/9/4B4/9/4CK3 w');
    const targets = p
      .legalMovesFrom(sq('e0'))
      .map((m) => makeSquareName(m.to))
      .sort();
    expect(targets).toContain('e4');
    expect(targets).not.toContain('e2');
  });

  test('pawns move sideways only across the river', () => {
    const p = pos('3k5/9/9/9/4P4/9/2P6/9/9/4K4 w');
    expect(p.legalMovesFrom(sq('c3')).map((m) => makeSquareName(m.to))).toEqual(['c4']);
    expect(
      p
        .legalMovesFrom(sq('e5'))
        .map((m) => makeSquareName(m.to))
        .sort(),
    ).toEqual(['d5', 'e6', 'f5']);
  });

  test('kings may not face each other (一章2节9)', () => {
    const p = pos('3k5/9/9/9/9/9/9/9/9/4K4 w');
    const targets = p
      .legalMovesFrom(sq('e0'))
      .map((m) => makeSquareName(m.to))
      .sort();
    expect(targets).toEqual(['e1', 'f0']);
    expect(p.isSelfExposure({ from: sq('e0'), to: sq('d0') })).toBe(true);
  });

  test('a pinned piece cannot leave the line (自杀着法, 一章3节5)', () => {
    const p = pos('4k4/9/9/9/9/4r4/9/9/4R4/4K4 w');
    expect(p.isLegal({ from: sq('e1'), to: sq('a1') })).toBe(false);
    expect(p.isSelfExposure({ from: sq('e1'), to: sq('a1') })).toBe(true);
    expect(p.isLegal({ from: sq('e1'), to: sq('e4') })).toBe(true);
  });
});

describe('check, mate, stalemate', () => {
  test('check by rook, facing kings count as attack', () => {
    const p = pos('4k4/9/9/9/9/9/9/9/9/R2K5 w');
    expect(p.isCheck('black')).toBe(false);
    const q = pos('3k5/9/9/9/9/9/9/9/9/R3K4 b');
    expect(q.isCheck()).toBe(false);
    q.play({ from: sq('d9'), to: sq('e9') }); // black king steps into the file: self-exposure
    expect(q.isCheck('black')).toBe(true);
  });

  test('checkmate (将死)', () => {
    const p = pos('3k5/3R5/3R5/9/9/9/9/9/9/4K4 b');
    expect(p.isCheck()).toBe(true);
    expect(p.isCheckmate()).toBe(true);
    expect(p.isStalemate()).toBe(false);
  });

  test('stalemate (困毙) is not check and no move', () => {
    const p = pos('3k5/R8/9/9/9/9/9/9/9/4K4 b');
    expect(p.isCheck()).toBe(false);
    expect(p.legalMoves()).toEqual([]);
    expect(p.isStalemate()).toBe(true);
    expect(p.isCheckmate()).toBe(false);
  });

  test('attackers: horse with free leg, cannon with one screen, not through a blocked leg', () => {
    const p = pos('4k4/9/9/9/9/4c4/4P4/3N5/9/4K4 w');
    expect(p.attackers(sq('e4'), 'black').map(makeSquareName)).toEqual([]);
    expect(p.attackers(sq('e4'), 'red').map(makeSquareName).sort()).toEqual(['d2', 'e3']);
    expect(p.attackers(sq('e3'), 'black').map(makeSquareName)).toEqual([]);
    expect(p.attackers(sq('e1'), 'black').map(makeSquareName)).toEqual(['e4']);
  });
});

describe('key', () => {
  test('equal placement and turn give equal keys; turn matters', () => {
    const a = Position.default();
    const b = Position.default();
    for (const m of ['h2e2', 'h9g7', 'e2h2', 'g7h9']) b.play(parseIccs(m)!);
    expect(b.key()).toBe(a.key());
    expect(b.toFen()).not.toBe(a.toFen()); // counters differ
    const c = pos(INITIAL_FEN.replace(' w ', ' b '));
    expect(c.key()).not.toBe(a.key());
  });

  test('clone is independent', () => {
    const a = Position.default();
    const b = a.clone();
    b.play(parseIccs('h2e2')!);
    expect(a.pieceAt(sq('h2'))).toEqual({ side: 'red', role: 'cannon' });
  });
});
