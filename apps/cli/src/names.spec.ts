import { main } from './main';
import { namer } from './names';
import { fakeIo } from './testing/fake-io';

/** Issue 22: `chuhe` text output names players, never ids. Ids here are opaque on purpose. */
const ids = ['e-7f3a', 'e-91bc', 'e-02de', 'e-55aa'];
const names = ['王天一', '郑惟桐', '许银川', '赵鑫鑫'];
const entries = ids.map((id, i) => ({ id, drawNumber: i + 1, name: names[i] }));

const swiss = {
  name: 'Names Open',
  entries,
  options: { pairingSystem: 'swiss-individual', totalRounds: 3 },
  rounds: [
    {
      games: [
        { red: ids[0], black: ids[1], result: 'red_win' },
        { red: ids[2], black: ids[3], result: 'draw' },
      ],
    },
  ],
  standings: { format: 'swiss' },
  sanctions: [{ kind: 'technical_foul', round: 1, player: ids[1] }],
};

const roundRobin = {
  name: 'Names RR',
  entries,
  rounds: [
    {
      games: [
        { red: ids[0], black: ids[3], result: 'red_win' },
        { red: ids[1], black: ids[2], result: null },
      ],
    },
  ],
  standings: { format: 'round-robin' },
};

function expectNamesOnly(text: string) {
  for (const id of ids) expect(text).not.toContain(id);
  for (const name of names) expect(text).toContain(name);
}

describe('text output names players, never ids (issue 22)', () => {
  it('namer: the entry’s or member’s name, the id only when the file has none', () => {
    const n = namer({
      entries: [
        { id: 't1', drawNumber: 1, name: 'Team', members: [{ id: 'm1', name: '甲' }, { id: 'm2' }] },
        { id: 'x', drawNumber: 2 },
      ],
    });
    expect([n('t1'), n('m1'), n('m2'), n('x')]).toEqual(['Team', '甲', 'm2', 'x']);
  });

  it('chuhe pair --text', async () => {
    const io = fakeIo(JSON.stringify(swiss));
    expect(await main(['pair', '--text'], io)).toBe(0);
    expectNamesOnly(io.out.join('\n'));
  });

  it('chuhe standings: the table, the progressive scores, the discipline', async () => {
    const io = fakeIo(JSON.stringify(swiss));
    expect(await main(['standings'], io)).toBe(0);
    const text = io.out.join('\n');
    expectNamesOnly(text);
    expect(text).toMatch(/郑惟桐: 1 technical foul/);
  });

  it('chuhe check-pairing: the findings name the players', async () => {
    const rematch = {
      ...swiss,
      rounds: [
        ...swiss.rounds,
        {
          games: [
            { red: ids[1], black: ids[0], result: null },
            { red: ids[3], black: ids[2], result: null },
          ],
        },
      ],
    };
    const io = fakeIo(JSON.stringify(rematch));
    expect(await main(['check-pairing'], io)).toBe(1);
    const text = io.out.join('\n');
    expect(text).toContain('郑惟桐 (#2) and 王天一 (#1) already met in round 1');
    for (const id of ids) expect(text).not.toContain(id);
  });

  it('chuhe standings: the crosstable and the results not counted yet', async () => {
    const io = fakeIo(JSON.stringify(roundRobin));
    expect(await main(['standings'], io)).toBe(0);
    const text = io.out.join('\n');
    expectNamesOnly(text);
    expect(text).toMatch(/R1 郑惟桐–许银川/);
  });
});
