import { fakeIo } from '../testing/fake-io';
import { main } from '../main';

describe('chuhe validate', () => {
  test('a legal record: exit 0 with the final state', async () => {
    const io = fakeIo('1. 炮二平五 马8进7');
    expect(await main(['validate', '-'], io)).toBe(0);
    expect(io.out.join('')).toBe('valid: 2 plies; the game goes on');
  });

  test('checkmate is reported', async () => {
    const io = fakeIo('R7=6');
    expect(await main(['validate', '-', '--fen', '3k5/R8/9/9/9/9/9/9/2R6/4K4 w'], io)).toBe(0);
    expect(io.out.join('')).toContain('black is checkmated (将死) and loses (1-0)');
  });

  test('self-exposure is reported (一章3节5)', async () => {
    const io = fakeIo('[FEN "4k4/9/9/9/9/4r4/9/9/4R4/4K4 w"]\n1. 车五平一');
    expect(await main(['validate', '-', '--json'], io)).toBe(0);
    expect(JSON.parse(io.out.join(''))).toMatchObject({ valid: true, end: { kind: 'self_exposure', loser: 'red' }, result: '0-1' });
  });

  test('an illegal move: exit 1 with its number, text and reason', async () => {
    const io = fakeIo('1. 炮二平五 马8进7 2. 马二进三 车9进9');
    expect(await main(['validate', '-'], io)).toBe(1);
    expect(io.err.join('')).toContain('move 2... 车9进9');
    const json = fakeIo('1. 炮二平五 马8进7 2. 马二进三 车9进9');
    expect(await main(['validate', '-', '--json'], json)).toBe(1);
    expect(JSON.parse(json.out.join(''))).toMatchObject({
      valid: false,
      error: { code: 'illegal_move', reason: 'illegal', ply: 4, moveNumber: 2, text: '车9进9' },
    });
  });

  test('a move-limit claim (二章4节)', async () => {
    const cycle = ['a0a1', 'd9d8', 'a1a0', 'd8d9'];
    const moves = Array.from({ length: 100 }, (_, i) => cycle[i % 4]).join(' ');
    const io = fakeIo(moves);
    expect(await main(['validate', '-', '--fen', '3k5/9/9/9/9/9/9/9/9/R3K4 w', '--claim', '100', '--by', 'red'], io)).toBe(0);
    expect(io.out.join('\n')).toContain('valid —');
    const early = fakeIo(moves);
    expect(await main(['validate', '-', '--fen', '3k5/9/9/9/9/9/9/9/9/R3K4 w', '--claim', '98', '--by', 'red'], early)).toBe(0);
    expect(early.out.join('\n')).toContain('not valid');
  });

  test('usage errors exit 2', async () => {
    for (const args of [
      ['validate'],
      ['validate', '-', '--claim', '3'],
      ['validate', '-', '--claim', 'x', '--by', 'red'],
      ['validate', '-', '--claim', '3', '--by', 'green'],
    ]) {
      const io = fakeIo('');
      expect(await main(args, io)).toBe(2);
      expect(io.err.join('')).not.toBe('');
    }
  });
});
