import { fakeIo } from '../testing/fake-io';
import { main } from '../main';

describe('chuhe round-robin', () => {
  test('--json prints the contract shape', async () => {
    const io = fakeIo();
    expect(await main(['round-robin', '3', '--json'], io)).toBe(0);
    expect(JSON.parse(io.out.join(''))).toEqual({
      rounds: [
        { round: 1, pairs: [[2, 3]], bye: 1 },
        { round: 2, pairs: [[1, 2]], bye: 3 },
        { round: 3, pairs: [[3, 1]], bye: 2 },
      ],
    });
  });

  test('20 entrants: 19 rounds, round 19 included', async () => {
    const io = fakeIo();
    expect(await main(['round-robin', '20', '--json'], io)).toBe(0);
    const doc = JSON.parse(io.out.join('')) as { rounds: { round: number; pairs: number[][]; bye: number | null }[] };
    expect(doc.rounds).toHaveLength(19);
    expect(doc.rounds[18].pairs[0]).toEqual([10, 20]);
  });

  test('readable table', async () => {
    const io = fakeIo();
    expect(await main(['round-robin', '4'], io)).toBe(0);
    const text = io.out.join('\n');
    expect(text).toContain('    1  1 - 4   2 - 3');
    expect(text).toContain('    2  4 - 3   1 - 2');
  });

  test('bad input exits 2 with a message', async () => {
    for (const args of [['round-robin'], ['round-robin', 'x'], ['round-robin', '1'], ['round-robin', '4', '--colour']]) {
      const io = fakeIo();
      expect(await main(args, io)).toBe(2);
      expect(io.err.join('')).toMatch(/round-robin/);
    }
  });
});
