import { aimlessRounds, disputeProcedure } from './dispute-procedure';
import { adjudicate } from './repetition';
import { XIZE_01_05 } from './repetition/cases/xize-01-05.cases';
import { repeatMoves } from './repetition/cases/case-types';

function judged(fen: string, moves: string[]) {
  const r = adjudicate({ fen, moves });
  if (!r.ok) throw r.error;
  return r.value;
}

describe('disputeProcedure (三章6G)', () => {
  const perpetual = XIZE_01_05.find((c) => c.id === '细则 1 图1')!;
  const bothCheck = XIZE_01_05.find((c) => c.id === '细则 2 图4')!;

  it('perpetual check: pending after three cycles, loses after one more', () => {
    const two = disputeProcedure(judged(perpetual.fen, repeatMoves('h8h9 f9f8 h9h8 f8f9', 8)));
    expect(two.cycles).toBe(2);
    expect(two.pending).toBe(false);
    const three = judged(perpetual.fen, repeatMoves('h8h9 f9f8 h9h8 f8f9', 12));
    const p = disputeProcedure(three);
    expect(p).toMatchObject({ cycles: 3, pending: true, instruction: 'perpetual_check_loses', offender: 'red', onRepeat: 'red_loses', result: 'none' });
    expect(disputeProcedure(three, { cyclesAfterInstruction: 1 }).result).toBe('red_loses');
    expect(p.zh).toContain('长将');
  });

  it('both sides check (allowed vs allowed by 细则 2): drawn after one more cycle', () => {
    const a = judged(bothCheck.fen, bothCheck.moves);
    const p = disputeProcedure(a, { cyclesAfterInstruction: 1 });
    expect(p.instruction).toBe('draw_after_one_more_cycle');
    expect(p.result).toBe('draw');
  });

  it('forbidden vs allowed (not a check): the offender must change', () => {
    const p = disputeProcedure({
      result: 'black_loses',
      cycle: { startPly: 1, endPly: 4, plies: 4, occurrences: 4 },
      sides: { red: { pattern: 'idle' }, black: { pattern: 'perpetualChase' } },
    } as never);
    expect(p).toMatchObject({ pending: true, instruction: 'offender_must_change', offender: 'black', onRepeat: 'black_loses' });
  });

  it('no repetition: nothing to rule, unless a 9-round claim makes it pending', () => {
    const p = disputeProcedure({ result: 'none', cycle: null, sides: {} } as never);
    expect(p.instruction).toBe('no_repetition');
    expect(p.pending).toBe(false);
    expect(disputeProcedure({ result: 'none', cycle: null, sides: {} } as never, { aimlessClaim: true }).pending).toBe(true);
  });
});

describe('aimlessRounds (三章6G, 9 rounds over three or more points)', () => {
  it('counts the side’s moves by every piece, not one piece’s run (issue 22): a horse and a rook in turn over three points', () => {
    // Red: horse b0→c2, rook a0→a1, horse c2→b0, rook a1→a0, … — no single piece moves twice in a row.
    const tour = ['b0c2', 'a0a1', 'c2b0', 'a1a0'];
    const moves: { from: string; to: string; capture: boolean }[] = [];
    for (let i = 0; i < 9; i++) {
      const m = tour[i % 4];
      moves.push({ from: m.slice(0, 2), to: m.slice(2), capture: false });
      moves.push({ from: 'e9', to: 'e8', capture: false });
    }
    const run = aimlessRounds(moves, 'red');
    expect(run.rounds).toBe(9);
    expect(run.points).toBe(4);
    expect(run.claimable).toBe(true);
    // A capture in the run ends it.
    moves[14] = { ...moves[14], capture: true };
    expect(aimlessRounds(moves, 'red')).toMatchObject({ rounds: 1, claimable: false });
  });

  it('counts the side’s trailing run of one piece without captures', () => {
    const tour = ['a0a1', 'a1b1', 'b1b0', 'b0a0'];
    const moves: { from: string; to: string; capture: boolean }[] = [];
    for (let i = 0; i < 9; i++) {
      const m = tour[i % 4];
      moves.push({ from: m.slice(0, 2), to: m.slice(2), capture: false });
      moves.push({ from: 'e9', to: 'e9', capture: false });
    }
    const run = aimlessRounds(moves, 'red');
    expect(run.rounds).toBe(9);
    expect(run.points).toBe(4);
    expect(run.claimable).toBe(true);
    moves[8] = { ...moves[8], capture: true };
    expect(aimlessRounds(moves, 'red').claimable).toBe(false);
  });
});

import { disputeReport } from './dispute-report';

describe('disputeReport', () => {
  it('细则 1 图1: Red loses, moves in Chinese notation, one diagram per position of the cycle with check arrows', () => {
    const c = XIZE_01_05.find((x) => x.id === '细则 1 图1')!;
    const r = disputeReport({ fen: c.fen, moves: c.moves });
    if (!r.ok) throw new Error(r.error.message);
    const rep = r.value;
    expect(rep.verdict).toBe('red_loses');
    expect(rep.verdictText.zh).toBe('红方判负');
    expect(rep.cycleMoves.length).toBe(rep.cycle!.plies);
    expect(rep.cycleMoves.map((m) => m.zh)).toEqual(expect.arrayContaining(['车二进一', '车二退一']));
    expect(rep.cycleMoves.find((m) => m.side === 'red')!.primaryZh).toBe('将');
    expect(rep.diagrams).toHaveLength(rep.cycle!.plies);
    expect(rep.diagrams.some((d) => d.svg.includes('class="arrow check"'))).toBe(true);
    expect(rep.articles.length).toBeGreaterThan(0);
  });

  it('reports the first illegal move with its ply', () => {
    const r = disputeReport({ fen: XIZE_01_05[0].fen, moves: ['h8h9', 'a0a9'] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.ply).toBe(2);
  });
});

describe('disputeReport: the 9-round rule on a claim', () => {
  it('a rook shuttling over three points for 9 rounds, the other side answering: the claim makes it pending', () => {
    // Red's rook tours a0 → a1 → b1 → b0 → a0 …; Black's king steps e9 ↔ d9.
    const tour = ['a0a1', 'a1b1', 'b1b0', 'b0a0'];
    const black = ['e9d9', 'd9e9'];
    const moves: string[] = [];
    for (let i = 0; i < 9; i++) moves.push(tour[i % 4], black[i % 2]);
    const r = disputeReport({ fen: '4k4/9/9/9/9/9/9/9/9/R4K3 w - - 0 1', moves, aimlessClaim: true });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.aimless.red).toMatchObject({ rounds: 9, points: 4, claimable: true });
    expect(r.value.procedure.pending).toBe(true);
    const short = disputeReport({ fen: '4k4/9/9/9/9/9/9/9/9/R4K3 w - - 0 1', moves: moves.slice(0, 8), aimlessClaim: true });
    if (!short.ok) throw new Error(short.error.message);
    expect(short.value.aimless.red.claimable).toBe(false);
  });
});

describe('disputeReport: a position typed from the board (lenient)', () => {
  it('accepts an unusual placement with warnings; strict refuses it', () => {
    const fen = '5k3/7R1/9/9/9/9/9/9/2P6/3K5 w - - 0 1'; // a red pawn on c1: no game reaches it
    const moves = repeatMoves('h8h9 f9f8 h9h8 f8f9', 12);
    const strict = disputeReport({ fen, moves });
    expect(strict.ok).toBe(false);
    if (!strict.ok) expect(strict.error.code).toBe('bad_fen');
    const lenient = disputeReport({ fen, moves, lenient: true });
    if (!lenient.ok) throw new Error(lenient.error.message);
    expect(lenient.value.verdict).toBe('red_loses');
    expect(lenient.value.warnings.length).toBeGreaterThan(0);
  });
});
