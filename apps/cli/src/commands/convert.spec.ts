import { fakeIo } from '../testing/fake-io';
import { main } from '../main';

const GAME = '1. 炮二平五 马8进7\n2. 马二进三 车9平8';

describe('chuhe convert', () => {
  test('Chinese to AXF, WXF, ICCS and PGN', async () => {
    const cases: [string, string][] = [
      ['axf', '1. C2=5 H8+7\n2. H2+3 R9=8'],
      ['wxf', '1. C2.5 H8+7\n2. H2+3 R9.8'],
      ['iccs', '1. h2e2 h9g7\n2. h0g2 i9h9'],
    ];
    for (const [to, expected] of cases) {
      const io = fakeIo('', { 'g.txt': GAME });
      expect(await main(['convert', 'g.txt', '--to', to], io)).toBe(0);
      expect(io.out.join('\n')).toBe(expected);
    }
    const pgn = fakeIo(GAME);
    expect(await main(['convert', '-', '--to', 'pgn'], pgn)).toBe(0);
    expect(pgn.out.join('')).toContain('[Game "Chinese Chess"]');
  });

  test('PGN back to Chinese', async () => {
    const io = fakeIo('[Format "ICCS"]\n\n1. H2-E2 H9-G7 *');
    expect(await main(['convert', '-', '--to', 'chinese'], io)).toBe(0);
    expect(io.out.join('')).toBe('1. 炮二平五 马8进7');
  });

  test('an illegal record exits 1 naming the move', async () => {
    const io = fakeIo('1. 炮二平五 马8进6');
    expect(await main(['convert', '-', '--to', 'axf'], io)).toBe(1);
    expect(io.err.join('')).toContain('move 1... 马8进6');
  });

  test('usage errors exit 2', async () => {
    for (const args of [
      ['convert', 'x.txt'],
      ['convert', 'x.txt', '--to', 'klingon'],
      ['convert', 'missing.txt', '--to', 'axf'],
    ]) {
      const io = fakeIo();
      expect(await main(args, io)).toBe(2);
      expect(io.err.join('')).not.toBe('');
    }
  });
});
