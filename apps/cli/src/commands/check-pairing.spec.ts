import { fakeIo } from '../testing/fake-io';
import { main } from '../main';

const entries = [1, 2, 3, 4].map((n) => ({ id: `p${n}`, drawNumber: n }));
const file = (round2: unknown) =>
  JSON.stringify({
    entries,
    rounds: [
      {
        games: [
          { red: 'p1', black: 'p2', result: 'draw' },
          { red: 'p3', black: 'p4', result: 'red_win' },
        ],
      },
      round2,
    ],
  });

describe('chuhe check-pairing', () => {
  test('a good round exits 0', async () => {
    const io = fakeIo(
      file({
        games: [
          { red: 'p2', black: 'p3', result: null },
          { red: 'p4', black: 'p1', result: null },
        ],
      }),
    );
    expect(await main(['check-pairing'], io)).toBe(0);
    expect(io.out.join('')).toBe('round 2: no problems found');
  });

  test('a rematch exits 1 and names the players', async () => {
    const io = fakeIo(
      file({
        games: [
          { red: 'p2', black: 'p1', result: null },
          { red: 'p4', black: 'p3', result: null },
        ],
      }),
    );
    expect(await main(['check-pairing'], io)).toBe(1);
    const text = io.out.join('\n');
    // p3 (2 points) against p4 (0) while p1 and p2 are on 1: also a float larger than needed.
    expect(text).toContain('round 2: 3 error(s), 0 warning(s)');
    expect(text).toContain('rematch           round 2: p2 (#2) and p1 (#1) already met in round 1');
    expect(text).toContain('needless_float    round 2: p4 (#4) on 0 and p3 (#3) on 2 float further than needed');
  });

  test('a hand-edited round with a player twice and one missing: findings, not file errors', async () => {
    const io = fakeIo(
      file({
        games: [
          { red: 'p2', black: 'p3', result: null },
          { red: 'p3', black: 'p1', result: null },
        ],
      }),
    );
    expect(await main(['check-pairing', '--json'], io)).toBe(1);
    const doc = JSON.parse(io.out.join('')) as { ok: boolean; findings: { code: string; entries: string[] }[] };
    expect(doc.ok).toBe(false);
    expect(doc.findings.map((f) => [f.code, f.entries])).toEqual([
      ['paired_twice', ['p3']],
      ['unpaired', ['p4']],
    ]);
  });

  test('--off skips checks', async () => {
    const io = fakeIo(
      file({
        games: [
          { red: 'p2', black: 'p1', result: null },
          { red: 'p4', black: 'p3', result: null },
        ],
      }),
    );
    expect(await main(['check-pairing', '--off', 'rematch,needless_float'], io)).toBe(0);
    const bad = fakeIo('{}');
    expect(await main(['check-pairing', '--off', 'nonsense'], bad)).toBe(2);
    expect(bad.err.join('')).toMatch(/unknown check 'nonsense'/);
  });

  test('a float larger than needed is an error naming the players (score groups, issue 15)', async () => {
    // After round 1: p3 on 2, p1 and p2 on 1, p4 on 0. p3–p1 and p2–p4 float one point each; p1–p2 is a rematch.
    const good = fakeIo(
      file({
        games: [
          { red: 'p3', black: 'p1', result: null },
          { red: 'p2', black: 'p4', result: null },
        ],
      }),
    );
    expect(await main(['check-pairing'], good)).toBe(0);
    const io = fakeIo(
      file({
        games: [
          { red: 'p2', black: 'p1', result: null },
          { red: 'p4', black: 'p3', result: null },
        ],
      }),
    );
    expect(await main(['check-pairing', '--json', '--off', 'rematch'], io)).toBe(1);
    const doc = JSON.parse(io.out.join('')) as { findings: { code: string; entries: string[] }[] };
    expect(doc.findings.map((f) => [f.code, f.entries])).toEqual([['needless_float', ['p4', 'p3']]]);
  });

  test('--round N checks an earlier round; FILE instead of stdin', async () => {
    const io = fakeIo('', {
      't.json': file({
        games: [
          { red: 'p2', black: 'p1', result: null },
          { red: 'p4', black: 'p3', result: null },
        ],
      }),
    });
    expect(await main(['check-pairing', 't.json', '--round', '1'], io)).toBe(0);
  });

  test('bad input exits 2 with a message', async () => {
    const cases: [string[], string, RegExp][] = [
      [['check-pairing'], 'not json', /not valid JSON/],
      [['check-pairing'], JSON.stringify({ entries, rounds: [] }), /no rounds/],
      [['check-pairing', '--round', '5'], file({ games: [] }), /no round 5/],
      [['check-pairing', '--round', 'x'], file({ games: [] }), /--round/],
      [['check-pairing', 'missing.json'], '', /cannot read missing.json/],
      [['check-pairing'], JSON.stringify({ entries: [{ id: 'p1' }], rounds: [{ games: [] }] }), /drawNumber/],
    ];
    for (const [args, stdin, message] of cases) {
      const io = fakeIo(stdin);
      expect(await main(args, io)).toBe(2);
      expect(io.err.join('')).toMatch(message);
    }
  });
});
