/**
 * Issue 14, the 棋例 misreadings 1–5: each reading as a test with its article.
 */
import { Position, makeIccs, parseIccs, parseSquare } from '../index';
import { adjudicate } from './adjudicate';
import { analyseCaptures } from './captures';
import { positionFromFen } from './lenient';

const s = (name: string) => parseSquare(name)!;
function pos(fen: string): Position {
  const r = Position.fromFen(fen);
  if (!r.ok) throw r.error;
  return r.value;
}
function value(input: Parameters<typeof adjudicate>[0]) {
  const r = adjudicate(input);
  if (!r.ok) throw r.error;
  return r.value;
}

describe('misreading 1: a check is not a chase through a false root the check itself creates (第一节 15, 总纲 2, 细则 7)', () => {
  // 马七进六 checks the king e8 from d6 and uncovers the rook a4 on the horse g4, guarded by the rook g9.
  // After 车×马 the rook g9 could take back but for the check the horse still gives: not a false root.
  const FEN = '6r2/4k4/9/9/9/R1N3n2/9/9/9/3K5 w - - 0 1';
  const MOVES = 'c4d6 e8e9 d6c4 e9e8 c4d6';

  it('第一节 15: the guard kept back only by the check of the move is a real root — the checking move does not chase', () => {
    const after = pos('6r2/4k4/9/3N5/9/R5n2/9/9/9/3K5 b - - 1 1');
    const withoutCheck = analyseCaptures(after, 'red', 'axf').find((c) => c.target === s('g4'))!;
    expect(withoutCheck.root).toBe('false'); // the position as it stands: the recapture would leave the king in check
    const answered = analyseCaptures(after, 'red', 'axf', s('d6'), [s('d6')]).find((c) => c.target === s('g4'))!;
    expect(answered.root).toBe('real');
    expect(answered.rootOnlyCheck).toBe(true);
    expect(answered.gainful).toBe(false);
    expect(answered.reason).toMatch(/第一节 15/);
  });

  it('总纲 2 一将一闲: the cycle has no chase on the checking move', () => {
    const v = value({ fen: FEN, moves: MOVES });
    const check = v.moves.find((m) => m.iccs === 'c4d6')!;
    expect(check.primary).toBe('check');
    expect(check.kinds.map((k) => k.kind)).not.toContain('chase');
    expect(v.sides.red.pattern).toBe('checkAndIdle');
    expect(v.result).toBe('draw');
  });

  it('总纲 2 一将一捉 stays allowed: the check answered, the horse is protected again — draw (before issue 14: 长捉, red_loses)', () => {
    // The rook shuttles e2 ↔ f2. On e2 it pins the elephant e7 against the king e8, so the horse g5 (attacked by the rook g0)
    // is falsely protected (假根, 细则 29): a chase. On f2 it checks the king f8; the elephant could take back on g5 but for
    // that check. Counting that as a chase made Red 长捉 the horse on every move; it is 一将一捉 (总纲 2, 细则 7).
    const v = value({ fen: '9/5k3/4b4/9/6n2/9/9/4R4/9/3K2R2 w - - 0 1', moves: 'e2f2 f8e8 f2e2 e8f8 e2f2' });
    expect(v.result).toBe('draw');
    expect(v.sides.red.pattern).toBe('checkAndChase');
    expect(v.sides.red.violation).toBe(false);
    const pin = v.moves.find((m) => m.iccs === 'f2e2')!;
    expect(pin.kinds).toContainEqual(expect.objectContaining({ kind: 'chase', to: 'g5', root: 'false' }));
    const check = v.moves.find((m) => m.iccs === 'e2f2')!;
    expect(check.kinds.map((k) => k.kind)).toEqual(['check']);
    expect(v.articles).toEqual(expect.arrayContaining(['总纲 2', '细则 7']));
  });

  it('a guard stopped by the position, not by the check, still leaves the target unprotected on a checking move', () => {
    // the guard blocked for real by a red pawn on g5 between the rook g9 and the horse g4: unprotected (无根), a chase
    const after = pos('6r2/4k4/9/3N5/6P2/R5n2/9/9/9/3K5 b - - 1 1');
    const c = analyseCaptures(after, 'red', 'axf', s('d6'), [s('d6')]).find((x) => x.target === s('g4'))!;
    expect(c.root).toBe('none');
    expect(c.gainful).toBe(true);
  });
});

describe('misreading 2: 细则 14 exempts only a held rook chased by the horse side; 第五节 补充 1 "车等于长捉无根马"', () => {
  it('补充 1 with the rook on the horse leg: the pawn strips the cannon screen, the held rook chases the unprotected horse — Red must change', () => {
    // The 补充 1 图105 position, the rook standing on c2, the leg of the black horse c3 toward the red king d1 (车被马牵制).
    // Black never chases the rook, so 细则 14 does not excuse it: 红车等于长捉黑方无根马.
    const v = value({
      fen: '4k4/2c6/b3b4/2P6/9/9/2n6/2R6/3K5/9 w - - 0 1',
      moves: 'c6d6 a7c5 d6c6 c5a7 c6b6 e7c5 b6c6 c5e7 c6d6 a7c5',
    });
    expect(v.result).toBe('red_loses');
    expect(v.sides.red.pattern).toBe('perpetualChase');
    expect(v.sides.red.chased).toEqual([{ role: 'horse', square: 'c3' }]);
  });

  it('细则 14 图39–41 behaviour stays: the held rook is not counter-chasing while Red chases it (dev case 21)', () => {
    const dev = require('../../fixtures/dev-repetition-cases.json') as { fen: string; moves: string[] }[];
    const v = value({ fen: dev[21].fen, moves: dev[21].moves });
    expect(v.result).toBe('red_loses');
    expect(v.sides.black.violation).toBe(false);
    expect(v.articles).toContain('细则 14');
  });
});

describe('misreading 3: nested cycles — shortest complete cycle (default) or the whole window (第二节, 总纲 3, 总纲 4, 补充 3)', () => {
  // From A the rook chases the cannon b7 for one loop (b4, d4 — the cannon flees b7 ↔ d7), then the horse h6 for
  // the next (d6, d4 — the horse flees h6 ↔ g4): A occurs three times, the two loops differ.
  const FEN = '4k4/9/1c7/7n1/9/3R5/9/9/9/5K3 w - - 0 1';
  const MOVES = 'd4b4 b7d7 b4d4 d7b7 d4d6 h6g4 d6d4 g4h6';

  it('shortest (default): the last loop, in which the rook chases the horse on every move — 长捉 (总纲 3), Red must change', () => {
    const v = value({ fen: FEN, moves: MOVES });
    expect(v.cycleReading).toBe('shortest');
    expect(v.cycle).toEqual({ startPly: 5, endPly: 8, plies: 4, occurrences: 3 });
    expect(v.result).toBe('red_loses');
    expect(v.sides.red.chased[0].role).toBe('horse');
  });

  it('window: both loops together — the rook chases two pieces in turn, 一子分捉两子 (总纲 4): draw', () => {
    const v = value({ fen: FEN, moves: MOVES, cycleReading: 'window' });
    expect(v.cycle).toEqual({ startPly: 1, endPly: 8, plies: 8, occurrences: 3 });
    expect(v.result).toBe('draw');
    expect(v.sides.red.pattern).toBe('alternateChase');
    expect(v.articles).toContain('总纲 4');
  });

  it('an unknown reading is bad input', () => {
    const r = adjudicate({ fen: FEN, moves: MOVES, cycleReading: 'longest' as 'window' });
    expect(r.ok).toBe(false);
  });
});

describe("misreading 4: every completed cycle of the record, with verdict and ply range (result stays the final position's)", () => {
  const FEN = '4k4/9/1c7/7n1/9/3R5/9/9/9/5K3 w - - 0 1';

  it('the record departs from a repeated cycle: result none, the earlier cycles are reported as violations (第二节 1 I)', () => {
    const v = value({ fen: FEN, moves: 'd4b4 b7d7 b4d4 d7b7 d4d6 h6g4 d6d4 g4h6 d4d3' });
    expect(v.result).toBe('none');
    expect(v.cycle).toBeNull();
    expect(v.cycles.map((c) => [c.startPly, c.endPly, c.result, c.final])).toEqual([
      [1, 4, 'red_loses', false],
      [5, 8, 'red_loses', false],
    ]);
    expect(v.cycles[0].sides.red).toEqual({ pattern: 'perpetualChase', violation: true });
    expect(v.explanation.en).toMatch(/Earlier cycles in the record: plies 1–4: red_loses; plies 5–8: red_loses/);
  });

  it("the last entry is the final position's cycle when the record ends in a repetition", () => {
    const v = value({ fen: FEN, moves: 'd4b4 b7d7 b4d4 d7b7 d4d6 h6g4 d6d4 g4h6' });
    expect(v.cycles).toHaveLength(2);
    const last = v.cycles[v.cycles.length - 1];
    expect(last.final).toBe(true);
    expect(last.result).toBe(v.result);
    expect([last.startPly, last.endPly]).toEqual([v.cycle!.startPly, v.cycle!.endPly]);
  });

  it('a record without repetition has no cycles', () => {
    expect(value({ moves: 'h2e2 h9g7' }).cycles).toEqual([]);
  });
});

describe('misreading 5: lenient FEN for positions typed from diagrams (strict stays the default)', () => {
  const PAWN_BEHIND = '4k4/9/9/9/9/9/9/9/4P4/3K5 w - - 0 1'; // a red pawn on e1, behind its start rank

  it('strict by default: the unreachable pawn is refused', () => {
    const r = adjudicate({ fen: PAWN_BEHIND, moves: 'd0d1' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('bad_fen');
  });

  it('lenient: accepted, with a warning naming the unusual piece (一章2节7)', () => {
    const p = positionFromFen(PAWN_BEHIND, true);
    expect(p.ok).toBe(true);
    if (!p.ok) return;
    expect(p.value.position.toFen()).toBe(PAWN_BEHIND);
    expect(p.value.warnings).toEqual([expect.stringMatching(/Red pawn on e1.*一章2节7/)]);
    const v = value({ fen: PAWN_BEHIND, moves: 'd0d1 e9f9 d1d0 f9e9', lenient: true });
    expect(v.warnings).toHaveLength(1);
    expect(v.result).toBe('draw');
  });

  it('lenient: the position built plays like any other (legal moves, moves played and taken back)', () => {
    const p = positionFromFen(PAWN_BEHIND, true);
    if (!p.ok) throw p.error;
    const pos = p.value.position;
    const moves = pos
      .legalMoves()
      .map((m) => makeIccs(m))
      .sort();
    expect(moves).toEqual(['d0d1', 'd0e0', 'e1e2']);
    const q = pos.clone();
    q.play(parseIccs('e1e2')!);
    expect(q.toFen()).toBe('4k4/9/9/9/9/9/9/4P4/9/3K5 b - - 1 1');
    expect(q.legalMoves().length).toBeGreaterThan(0);
  });

  it('lenient lists every unusual piece (advisor, elephant, pawn) and keeps the side to move', () => {
    const fen = '4k4/9/9/9/4A4/9/3B5/9/P8/4K4 b - - 3 9';
    const p = positionFromFen(fen, true);
    expect(p.ok).toBe(true);
    if (!p.ok) return;
    expect(p.value.position.toFen()).toBe(fen);
    expect(p.value.position.turn).toBe('black');
    expect(p.value.warnings.map((w) => w.split(':')[0]).sort()).toEqual(['Red advisor on e5', 'Red elephant on d3', 'Red pawn on a1']);
  });

  it.each([
    ['two red kings', '4k4/9/9/9/9/9/9/9/4K4/3K5 w - - 0 1', 'two_kings'],
    ['a king outside its palace', '4k4/9/9/9/9/9/9/9/9/K8 w - - 0 1', 'king_outside_palace'],
    ['six red pawns', '4k4/9/9/9/PPPPPP3/9/9/9/9/4K4 w - - 0 1', 'too_many_pieces'],
    ['kings facing', '4k4/9/9/9/9/9/9/9/3P5/4K4 w - - 0 1', 'kings_facing'],
    ['no black king', '9/9/9/9/9/9/9/9/9/4K4 w - - 0 1', 'no_king'],
  ])('lenient still refuses the absurd: %s', (_name, fen, code) => {
    const p = positionFromFen(fen, true);
    expect(p.ok).toBe(false);
    if (!p.ok) expect(p.error.code).toBe(code);
  });

  it('lenient with a record whose FEN tag is only leniently valid', () => {
    const record = `[FEN "${PAWN_BEHIND}"]\n1. d0d1 e9f9 2. d1d0 f9e9`;
    expect(adjudicate({ record }).ok).toBe(false);
    const v = value({ record, lenient: true });
    expect(v.result).toBe('draw');
    expect(v.warnings).toHaveLength(1);
  });
});
