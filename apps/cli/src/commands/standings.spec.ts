import { main } from '../main';
import { fakeIo } from '../testing/fake-io';

const entries = ['a', 'b', 'c', 'd'].map((id, i) => ({ id, drawNumber: i + 1, name: id.toUpperCase() }));
/** All draws, two rounds: equal scores and 对手分; 后手局 d 2, b 1, c 1, a 0; b has a technical foul. */
const swiss = {
  name: 'Test Open',
  entries,
  rounds: [
    {
      games: [
        { red: 'a', black: 'b', result: 'draw' },
        { red: 'c', black: 'd', result: 'draw' },
      ],
    },
    {
      games: [
        { red: 'a', black: 'c', result: 'draw' },
        { red: 'b', black: 'd', result: 'draw' },
      ],
    },
  ],
  standings: { format: 'swiss' },
  sanctions: [{ kind: 'technical_foul', round: 2, player: 'b' }],
};

describe('chuhe standings', () => {
  test('prints the table with the reason for each tied rank', async () => {
    const io = fakeIo(JSON.stringify(swiss));
    expect(await main(['standings'], io)).toBe(0);
    const text = io.out.join('\n');
    expect(text).toMatch(/^Test Open — standings after round 2 \(individual, swiss, chain axf-2-6-3\)/);
    const lines = text.split('\n');
    const row = (name: string) => lines.find((l) => new RegExp(`^\\s*=?\\d+\\s+\\d+\\s+${name}\\b`).test(l))!;
    expect(row('D')).toMatch(/^\s+1\s+4\s+D/);
    expect(row('C')).toMatch(/E\. 后手赛局多者为胜: 2 vs 1 \(二章6节3 E\)$/);
    expect(row('B')).toMatch(/G\. 技术犯规少者为胜: 0 vs 1 \(二章6节3 G\)$/);
    expect(text).toMatch(/Progressive scores:/);
    expect(text).toMatch(/B: 1 technical foul/);
  });

  test('--json gives the full standings for machines', async () => {
    const io = fakeIo(JSON.stringify(swiss));
    expect(await main(['standings', '--json'], io)).toBe(0);
    const json = JSON.parse(io.out.join(''));
    expect(json.rows.map((r: { entry: string; rank: number }) => [r.entry, r.rank])).toEqual([
      ['d', 1],
      ['c', 2],
      ['b', 3],
      ['a', 4],
    ]);
    expect(json.rows[2].decidedBy).toMatchObject({ criterion: 'fouls', rule: '二章6节3 G', previous: 0, current: 1 });
    expect(json.chain[1]).toMatchObject({ criterion: 'opponentScore', label: 'A. 对手分' });
    expect(json.chain[1].definition).toMatch(/opponent/);
  });

  test('--chain and --format override the file; a FILE argument is read', async () => {
    const io = fakeIo('', { 't.json': JSON.stringify(swiss) });
    expect(await main(['standings', 't.json', '--chain', 'axf-appendix-4', '--format', 'round-robin', '--json'], io)).toBe(0);
    const json = JSON.parse(io.out.join(''));
    expect(json.chainId).toBe('axf-appendix-4');
    expect(json.format).toBe('round-robin');
    expect(json.crosstable).toHaveLength(4);
  });

  test('a team file prints the match details', async () => {
    const team = (id: string, n: number) => ({ id, drawNumber: n, members: [1, 2, 3].map((b) => ({ id: `${id}${b}`, board: b })) });
    const file = {
      options: { eventKind: 'team', boards: 3 },
      entries: [team('A', 1), team('B', 2)],
      rounds: [
        {
          pairings: [
            {
              red: 'A',
              black: 'B',
              games: [
                { red: 'A1', black: 'B1', result: 'red_win', board: 1 },
                { red: 'B2', black: 'A2', result: 'draw', board: 2 },
                { red: 'A3', black: 'B3', result: 'draw', board: 3 },
              ],
            },
          ],
        },
      ],
    };
    const io = fakeIo(JSON.stringify(file));
    expect(await main(['standings'], io)).toBe(0);
    const text = io.out.join('\n');
    expect(text).toMatch(/R1 A–B {2}场分 2–0 {2}局分 4–2/);
    expect(text).toMatch(/board 1: A1–B1 red_win/);
  });

  test('file problems are listed with their paths, exit 2', async () => {
    const bad = { ...swiss, sanctions: [{ kind: 'slap', round: 0, player: 'a' }], standings: { chain: 'fide' } };
    const io = fakeIo(JSON.stringify(bad));
    expect(await main(['standings'], io)).toBe(2);
    const err = io.err.join('\n');
    expect(err).toMatch(/\$\.sanctions\[0\]\.kind: 'kind' must be one of/);
    expect(err).toMatch(/\$\.sanctions\[0\]\.round/);
    expect(err).toMatch(/\$\.standings\.chain: unknown chain 'fide'/);
  });

  test('a sanction naming a player without a game: exit 2 with the reason', async () => {
    const io = fakeIo(JSON.stringify({ ...swiss, sanctions: [{ kind: 'device', round: 1, player: 'zz' }] }));
    expect(await main(['standings'], io)).toBe(2);
    expect(io.err.join('')).toMatch(/player 'zz' has no game in round 1/);
  });

  test('bad usage exits 2', async () => {
    expect(await main(['standings', '--chain', 'fide'], fakeIo('{}'))).toBe(2);
    expect(await main(['standings', '--frobnicate'], fakeIo('{}'))).toBe(2);
    const io = fakeIo('', {});
    expect(await main(['standings', 'missing.json'], io)).toBe(2);
    expect(io.err.join('')).toMatch(/cannot read missing\.json/);
    const syntax = fakeIo('{');
    expect(await main(['standings'], syntax)).toBe(2);
    expect(syntax.err.join('')).toMatch(/not valid JSON/);
  });
});
