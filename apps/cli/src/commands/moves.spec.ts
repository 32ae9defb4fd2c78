import { fakeIo } from '../testing/fake-io';
import { main } from '../main';

describe('chuhe moves', () => {
  test('start position in Chinese (default) and AXF', async () => {
    const io = fakeIo();
    expect(await main(['moves'], io)).toBe(0);
    const lines = io.out.join('\n').split('\n');
    expect(lines).toHaveLength(44);
    expect(lines).toContain('炮二平五');
    const axf = fakeIo();
    expect(await main(['moves', '--notation', 'axf'], axf)).toBe(0);
    expect(axf.out.join('\n').split('\n')).toContain('C2=5');
  });

  test('a FEN, WXF and ICCS', async () => {
    const fen = '3k5/9/9/9/9/9/7C1/9/7C1/4K4 w';
    const io = fakeIo();
    expect(await main(['moves', '--fen', fen, '--notation', 'wxf'], io)).toBe(0);
    expect(io.out.join('\n')).toContain('C+.5');
    const iccs = fakeIo();
    expect(await main(['moves', '--fen', fen, '--notation', 'iccs'], iccs)).toBe(0);
    expect(iccs.out.join('\n').split('\n')).toContain('h3e3');
  });

  test('no legal move says why', async () => {
    const io = fakeIo();
    expect(await main(['moves', '--fen', '3k5/R8/9/9/9/9/9/9/9/4K4 b'], io)).toBe(0);
    expect(io.out.join('')).toContain('困毙');
  });

  test('errors', async () => {
    for (const args of [
      ['moves', '--fen', '9/9 w'],
      ['moves', '--notation', 'klingon'],
    ]) {
      const io = fakeIo();
      expect(await main(args, io)).toBe(2);
      expect(io.err.join('')).toMatch(/fen|notation/);
    }
  });
});
