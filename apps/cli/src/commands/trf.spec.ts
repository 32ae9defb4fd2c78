import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fakeIo } from '../testing/fake-io';
import { main } from '../main';

const fixture = (name: string): string => readFileSync(join(__dirname, '../../../../libs/pairing/fixtures/trf', name), 'utf8');

const tournament = (extra: Record<string, unknown> = {}, entries = [1, 2, 3, 4].map((n) => ({ id: `p${n}`, drawNumber: n }))) =>
  JSON.stringify({
    options: { eventKind: 'individual', ...extra },
    entries,
    rounds: [
      {
        games: [
          { red: 'p1', black: 'p2', result: 'draw' },
          { red: 'p3', black: 'p4', result: 'red_win_forfeit' },
        ],
      },
    ],
  });

describe('chuhe trf', () => {
  test('import of a bbpPairings-style file (CR line ends, XXR 9 after 8 rounds)', async () => {
    const io = fakeIo(fixture('bbp-style-cr-xxr.trf'));
    expect(await main(['trf', 'import'], io)).toBe(0);
    const doc = JSON.parse(io.out.join('')) as { options: { totalRounds: number }; entries: unknown[]; rounds: unknown[] };
    expect([doc.entries.length, doc.rounds.length, doc.options.totalRounds]).toEqual([9, 8, 9]);
  });

  test('import without player lines is an error', async () => {
    const io = fakeIo('012 Empty\r');
    expect(await main(['trf', 'import'], io)).toBe(2);
    expect(io.err.join('')).toMatch(/no player lines/);
  });

  test('export writes the total rounds: --rounds, else options.totalRounds, else the rounds played with a note', async () => {
    const flag = fakeIo(tournament());
    expect(await main(['trf', 'export', '--rounds', '9'], flag)).toBe(0);
    expect(flag.out.join('')).toContain('XXR 9\n');
    expect(flag.err).toEqual([]);
    const option = fakeIo(tournament({ totalRounds: 7 }));
    expect(await main(['trf', 'export'], option)).toBe(0);
    expect(option.out.join('')).toContain('XXR 7\n');
    const none = fakeIo(tournament());
    expect(await main(['trf', 'export'], none)).toBe(0);
    expect(none.out.join('')).toContain('XXR 1\n');
    expect(none.err.join('')).toMatch(/pass --rounds N/);
    const bad = fakeIo(tournament());
    await expect(main(['trf', 'import', '--rounds', '9'], bad)).resolves.toBe(2);
  });

  test('export refuses draw numbers above 9,999 (exit 2), instead of cutting them', async () => {
    const entries = [1, 2, 3, 10000].map((n, i) => ({ id: `p${i + 1}`, drawNumber: n }));
    const io = fakeIo(tournament({}, entries));
    expect(await main(['trf', 'export'], io)).toBe(2);
    expect(io.err.join('')).toMatch(/draw numbers above 9999 cannot be written \(1 entries: p4 \(#10000\)\)/);
    expect(io.out).toEqual([]);
  });

  test('export then import gives the same field back', async () => {
    const out = fakeIo(tournament({ totalRounds: 5 }));
    expect(await main(['trf', 'export'], out)).toBe(0);
    const back = fakeIo(out.out.join(''));
    expect(await main(['trf', 'import'], back)).toBe(0);
    const doc = JSON.parse(back.out.join('')) as {
      options: { totalRounds: number };
      rounds: Array<{ pairings: Array<{ red: string; games: Array<{ result: string }> }> }>;
    };
    expect(doc.options.totalRounds).toBe(5);
    expect(doc.rounds[0].pairings.map((p) => [p.red, p.games[0].result])).toEqual([
      ['p1', 'draw'],
      ['p3', 'red_win_forfeit'],
    ]);
  });
});
