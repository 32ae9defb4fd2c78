import { fakeIo } from '../testing/fake-io';
import { main } from '../main';

/** Issue 9: one file format for pair, check-pairing and standings (the standings extras accepted). */
const entries = [1, 2, 3, 4, 5].map((n) => ({ id: `p${n}`, drawNumber: n }));
const base = {
  options: { eventKind: 'individual', scoring: '2-1-0', gamesPerPairing: 1, boards: 1, pairingSystem: 'swiss-individual' },
  entries,
  rounds: [
    {
      games: [
        { red: 'p1', black: 'p2', result: 'draw' },
        { red: 'p3', black: 'p4', result: 'red_win' },
      ],
      byes: ['p5'],
    },
    {
      games: [
        { red: 'p2', black: 'p3', result: null },
        { red: 'p4', black: 'p1', result: null },
      ],
      byes: [],
    },
  ],
  standings: { chain: 'axf-2-6-3' },
  sanctions: [],
  withdrawals: [{ entry: 'p5', afterRound: 1 }],
};

describe('chuhe check-pairing on the one file format', () => {
  test('accepts the standings extras; a withdrawn entry needs no pairing', async () => {
    const io = fakeIo(JSON.stringify(base));
    expect(await main(['check-pairing', '--json'], io)).toBe(0);
    expect(JSON.parse(io.out.join('')).findings.filter((f: { code: string }) => f.code === 'unpaired' || f.code === 'withdrawn_paired')).toEqual([]);
  });

  test('a withdrawn entry paired again is an error', async () => {
    const io = fakeIo(JSON.stringify({ ...base, withdrawals: [{ entry: 'p4', afterRound: 1 }] }));
    expect(await main(['check-pairing', '--json'], io)).toBe(1);
    expect(JSON.parse(io.out.join('')).findings.map((f: { code: string }) => f.code)).toContain('withdrawn_paired');
  });

  test('a bad extra is a file error naming its path', async () => {
    const io = fakeIo(JSON.stringify({ ...base, sanctions: {} }));
    expect(await main(['check-pairing'], io)).toBe(2);
    expect(io.err.join('')).toContain('$.sanctions');
  });
});
