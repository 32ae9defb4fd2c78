import { fakeIo } from '../testing/fake-io';
import { main } from '../main';

const entries = [1, 2, 3, 4, 5].map((n) => ({ id: `p${n}`, drawNumber: n, rating: 2000 - n }));
const file = JSON.stringify({
  entries,
  rounds: [
    {
      games: [
        { red: 'p1', black: 'p3', result: 'red_win' },
        { red: 'p4', black: 'p2', result: 'draw' },
      ],
      byes: ['p5'],
    },
  ],
});

describe('chuhe pair', () => {
  it('prints the next round as JSON', async () => {
    const io = fakeIo(file);
    expect(await main(['pair'], io)).toBe(0);
    const round = JSON.parse(io.out.join(''));
    expect(round.round).toBe(2);
    const seen = [...round.pairings.flatMap((p: { red: string; black: string }) => [p.red, p.black]), ...round.byes].sort();
    expect(seen).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
    expect(round.byes).not.toContain('p5'); // no second bye
  });

  it('prints text with --text and reads a FILE', async () => {
    const io = fakeIo('', { 't.json': file });
    expect(await main(['pair', 't.json', '--text'], io)).toBe(0);
    expect(io.out.join('')).toMatch(/^round 2\n {2}1 {2}\S+ \(red\) – \S+ \(black\)/);
  });

  it('names the file errors with their JSON paths (exit 2)', async () => {
    const io = fakeIo(JSON.stringify({ entries: [{ id: 'p1' }] }));
    expect(await main(['pair'], io)).toBe(2);
    expect(io.err.join('')).toContain('$.entries[0].drawNumber');
  });

  it('exits 1 and names the players when no pairing is possible', async () => {
    const io = fakeIo(JSON.stringify({ entries: entries.slice(0, 2), rounds: [{ games: [{ red: 'p1', black: 'p2', result: 'draw' }] }] }));
    expect(await main(['pair'], io)).toBe(1);
    expect(io.err.join('')).toContain('cannot pair: p1, p2');
  });

  it('reads the standings extras of the one file format and honours its withdrawals (issue 9)', async () => {
    const extras = { ...JSON.parse(file), standings: { chain: 'axf-2-6-3' }, sanctions: [], withdrawals: [{ entry: 'p5', afterRound: 1 }] };
    const io = fakeIo(JSON.stringify(extras));
    expect(await main(['pair'], io)).toBe(0);
    const round = JSON.parse(io.out.join(''));
    const seen = [...round.pairings.flatMap((p: { red: string; black: string }) => [p.red, p.black]), ...round.byes].sort();
    expect(seen).toEqual(['p1', 'p2', 'p3', 'p4']);
    const bad = fakeIo(JSON.stringify({ ...extras, withdrawals: [{ entry: 'p5' }] }));
    expect(await main(['pair'], bad)).toBe(2);
    expect(bad.err.join('')).toContain('$.withdrawals[0].afterRound');
  });

  it('rejects unknown options and systems', async () => {
    expect(await main(['pair', '--bogus'], fakeIo(file))).toBe(2);
    expect(await main(['pair', '--system', 'dutch'], fakeIo(file))).toBe(2);
  });
});

describe('chuhe trf', () => {
  it('exports TRF and imports it back', async () => {
    const io = fakeIo(file);
    expect(await main(['trf', 'export'], io)).toBe(0);
    const trf = io.out.join('');
    expect(trf).toContain('XCI 1 p1');
    const back = fakeIo(trf);
    expect(await main(['trf', 'import'], back)).toBe(0);
    const t = JSON.parse(back.out.join(''));
    expect(t.rounds[0].pairings.map((p: { red: string; black: string }) => [p.red, p.black])).toEqual([
      ['p1', 'p3'],
      ['p4', 'p2'],
    ]);
    expect(t.rounds[0].byes).toEqual(['p5']);
  });

  it('needs export or import', async () => {
    expect(await main(['trf'], fakeIo(file))).toBe(2);
  });
});
