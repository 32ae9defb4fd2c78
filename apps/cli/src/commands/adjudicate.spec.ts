import { fakeIo } from '../testing/fake-io';
import { main } from '../main';

const FEN = '2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1';
const MOVES = 'c2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7 b2a2';

describe('chuhe adjudicate', () => {
  test('--json prints the contract shape', async () => {
    const io = fakeIo();
    expect(await main(['adjudicate', '--fen', FEN, '--moves', MOVES, '--json'], io)).toBe(0);
    const doc = JSON.parse(io.out.join(''));
    expect(doc.result).toBe('red_loses');
    expect(doc.rules).toBe('axf');
    expect(doc.sides.red.pattern).toBe('perpetualChase');
    expect(doc.moves[1]).toMatchObject({ ply: 7, iccs: 'a2b2', side: 'red', primary: 'chase' });
    expect(doc.articles).toContain('细则 10');
    expect(typeof doc.explanation.zh).toBe('string');
  });

  test('human-readable: the verdict first, then each move with kinds and reasons', async () => {
    const io = fakeIo();
    expect(await main(['adjudicate', '--fen', FEN, '--moves', MOVES], io)).toBe(0);
    const lines = io.out.join('\n').split('\n');
    expect(lines[0]).toMatch(/^Verdict: red_loses/);
    const text = lines.join('\n');
    expect(text).toMatch(/a2b2 {2}捉 chase/);
    expect(text).toMatch(/总纲 6/);
  });

  test('--rules cxa', async () => {
    const io = fakeIo();
    expect(await main(['adjudicate', '--fen', FEN, '--moves', MOVES, '--rules', 'cxa', '--json'], io)).toBe(0);
    expect(JSON.parse(io.out.join('')).rules).toBe('cxa');
  });

  test('--batch prints results in order', async () => {
    const io = fakeIo('', { 'b.json': JSON.stringify([{ fen: FEN, moves: MOVES }, { moves: 'h2e2' }, { moves: 'xx' }]) });
    expect(await main(['adjudicate', '--batch', 'b.json'], io)).toBe(0);
    const doc = JSON.parse(io.out.join(''));
    expect(doc).toHaveLength(3);
    expect(doc[0].result).toBe('red_loses');
    expect(doc[1].result).toBe('none');
    expect(doc[2].error.code).toBe('bad_move');
  });

  test('--record reads a game record', async () => {
    const io = fakeIo('', { 'g.pgn': `[FEN "${FEN}"]\n1. c2a2 a7b7 2. a2b2 b7a7 3. b2a2 a7b7 4. a2b2 b7a7 5. b2a2` });
    expect(await main(['adjudicate', '--record', 'g.pgn', '--json'], io)).toBe(0);
    expect(JSON.parse(io.out.join('')).result).toBe('red_loses');
  });

  test('--help prints the usage', async () => {
    const io = fakeIo();
    expect(await main(['adjudicate', '--help'], io)).toBe(0);
    expect(io.out.join('')).toMatch(/--batch FILE/);
  });

  test('none is printed plainly', async () => {
    const io = fakeIo();
    expect(await main(['adjudicate', '--moves', 'h2e2 h9g7'], io)).toBe(0);
    expect(io.out.join('\n')).toMatch(/^Verdict: none/);
  });

  test('bad input exits 2 with a message', async () => {
    const cases: [string[], RegExp][] = [
      [['adjudicate'], /--moves, --record or --batch/],
      [['adjudicate', '--moves', 'h2e2', '--rules', 'fide'], /axf or cxa/],
      [['adjudicate', '--moves', 'h2e2', '--colour', 'x'], /unknown option/],
      [['adjudicate', '--fen', 'nonsense', '--moves', 'h2e2'], /bad_fen/],
      [['adjudicate', '--moves', 'h2e2 a9a4'], /illegal_move/],
      [['adjudicate', '--batch', 'missing.json'], /cannot read/],
    ];
    for (const [args, message] of cases) {
      const io = fakeIo();
      expect(await main(args, io)).toBe(2);
      expect(io.err.join('\n')).toMatch(message);
    }
  });

  // issue 14: an arbiter asked about a record hears about every cycle, also one the last move departed from
  const NESTED = '4k4/9/1c7/7n1/9/3R5/9/9/9/5K3 w - - 0 1';
  const DEPARTS = '1. d4b4 b7d7 2. b4d4 d7b7 3. d4d6 h6g4 4. d6d4 g4h6 5. d4d3';

  test("--record lists every cycle of the record with its verdict and ply range (the verdict stays the final position's)", async () => {
    const io = fakeIo('', { 'g.pgn': `[FEN "${NESTED}"]\n${DEPARTS}` });
    expect(await main(['adjudicate', '--record', 'g.pgn'], io)).toBe(0);
    const text = io.out.join('\n');
    expect(text).toMatch(/^Verdict: none/);
    expect(text).toMatch(/Cycles in the record \(2; reading: shortest\)/);
    expect(text).toMatch(/plies 1–4 \(4 plies, repeated from ply 4\): red_loses; red perpetualChase \(violation\)/);
    expect(text).toMatch(/plies 5–8 \(4 plies, repeated from ply 8\): red_loses/);
    const json = fakeIo('', { 'g.pgn': `[FEN "${NESTED}"]\n${DEPARTS}` });
    expect(await main(['adjudicate', '--record', 'g.pgn', '--json'], json)).toBe(0);
    const doc = JSON.parse(json.out.join(''));
    expect(doc.result).toBe('none');
    expect(doc.cycles.map((c: { startPly: number; endPly: number; result: string }) => [c.startPly, c.endPly, c.result])).toEqual([
      [1, 4, 'red_loses'],
      [5, 8, 'red_loses'],
    ]);
  });

  test('--cycle window judges the whole window of nested cycles', async () => {
    const moves = 'd4b4 b7d7 b4d4 d7b7 d4d6 h6g4 d6d4 g4h6';
    const io = fakeIo();
    expect(await main(['adjudicate', '--fen', NESTED, '--moves', moves, '--json'], io)).toBe(0);
    expect(JSON.parse(io.out.join('')).result).toBe('red_loses');
    const w = fakeIo();
    expect(await main(['adjudicate', '--fen', NESTED, '--moves', moves, '--cycle', 'window', '--json'], w)).toBe(0);
    expect(JSON.parse(w.out.join('')).result).toBe('draw');
    const bad = fakeIo();
    expect(await main(['adjudicate', '--fen', NESTED, '--moves', moves, '--cycle', 'longest'], bad)).toBe(2);
  });

  test('--lenient accepts a position typed from a diagram, with a warning; strict refuses it', async () => {
    const fen = '4k4/9/9/9/9/9/9/9/4P4/3K5 w - - 0 1';
    const strict = fakeIo();
    expect(await main(['adjudicate', '--fen', fen, '--moves', 'd0d1'], strict)).toBe(2);
    expect(strict.err.join('\n')).toMatch(/bad_fen/);
    const io = fakeIo();
    expect(await main(['adjudicate', '--fen', fen, '--moves', 'd0d1 e9f9 d1d0 f9e9', '--lenient'], io)).toBe(0);
    expect(io.out.join('\n')).toMatch(/Warning \(lenient FEN\): Red pawn on e1/);
    const json = fakeIo();
    expect(await main(['adjudicate', '--fen', fen, '--moves', 'd0d1 e9f9 d1d0 f9e9', '--lenient', '--json'], json)).toBe(0);
    expect(JSON.parse(json.out.join('')).warnings).toHaveLength(1);
    expect(json.err.join('\n')).toMatch(/warning/);
  });
});
