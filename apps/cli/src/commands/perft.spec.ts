import { fakeIo } from '../testing/fake-io';
import { main } from '../main';

describe('chuhe perft', () => {
  test('start position depth 3: the last line is the node count', async () => {
    const io = fakeIo();
    expect(await main(['perft', '3'], io)).toBe(0);
    expect(io.out[io.out.length - 1]).toBe('79666');
  });

  test('--fen and --divide', async () => {
    const io = fakeIo();
    const fen = '5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1';
    expect(await main(['perft', '2', '--fen', fen, '--divide'], io)).toBe(0);
    expect(io.out).toHaveLength(26);
    expect(io.out[25]).toBe('424');
    expect(io.out[0]).toMatch(/^[a-i][0-9][a-i][0-9] \d+$/);
  });

  test('bad input exits 2 with a message', async () => {
    for (const args of [['perft'], ['perft', 'x'], ['perft', '3', '--fen', 'bad'], ['perft', '2', '--colour']]) {
      const io = fakeIo();
      expect(await main(args, io)).toBe(2);
      expect(io.err.join('')).not.toBe('');
    }
  });
});
