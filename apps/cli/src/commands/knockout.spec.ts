import { fakeIo } from '../testing/fake-io';
import { main } from '../main';

async function run(argv: string[], stdin = '', files: Record<string, string> = {}) {
  const io = fakeIo(stdin, files);
  const code = await main(argv, io);
  return { code, out: io.out.join('\n'), err: io.err.join('\n') };
}

describe('chuhe knockout bracket', () => {
  test('--json: 5 entrants in a bracket of 8, seeds 1–3 have byes, standard order 1-8, 4-5, 2-7, 3-6', async () => {
    const r = await run(['knockout', 'bracket', '5', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({
      entrants: 5,
      size: 8,
      rounds: 3,
      matches: [
        { match: 1, top: 1, bottom: null },
        { match: 2, top: 4, bottom: 5 },
        { match: 3, top: 2, bottom: null },
        { match: 4, top: 3, bottom: null },
      ],
    });
  });

  test('text for people', async () => {
    const r = await run(['knockout', 'bracket', '4']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('size 4, 2 rounds; 0 byes');
    expect(r.out).toMatch(/1 {2}1 - 4\n {4}2 {2}2 - 3$/);
  });

  test('bad N and bad usage exit 2 with a message', async () => {
    expect(await run(['knockout', 'bracket', '1'])).toMatchObject({ code: 2, err: expect.stringContaining('at least 2') });
    expect(await run(['knockout', 'bracket', 'x'])).toMatchObject({ code: 2, err: expect.stringContaining('whole number') });
    expect(await run(['knockout'])).toMatchObject({ code: 2, err: expect.stringContaining('usage') });
    expect(await run(['knockout', 'seed'])).toMatchObject({ code: 2, err: expect.stringContaining("unknown subcommand 'seed'") });
    expect(await run(['knockout', 'bracket', '4', '--svg'])).toMatchObject({ code: 2, err: expect.stringContaining('--svg') });
  });
});

describe('chuhe knockout next', () => {
  const match = (games: unknown[], format = '5+2') => JSON.stringify({ format, first: 'p1', second: 'p4', games });

  test('no game yet: the regular game, p1 Red, the slow clock', async () => {
    const r = await run(['knockout', 'next'], match([]));
    expect(r).toMatchObject({ code: 0, out: `next: game 1 (regular): p1 Red, p4 Black, 80'+30" both, score sheet kept` });
  });

  test('5+2: drawn → rapid with colours reversed (附录2 7b), as JSON', async () => {
    const r = await run(['knockout', 'next', '--json'], match([{ red: 'p1', black: 'p4', result: 'draw' }]));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({
      status: 'next',
      game: { number: 2, kind: 'rapid', red: 'p4', black: 'p1', drawWinner: 'black', timeControl: { red: { baseMinutes: 30, incrementSeconds: 30 } } },
    });
    const text = await run(['knockout', 'next'], match([{ red: 'p1', black: 'p4', result: 'draw' }]));
    expect(text.out).toBe(`next: game 2 (rapid): p4 Red, p1 Black, 30'+30" both, no score sheet; a draw counts as a win for Black (p1)`);
  });

  test("5+2: slow and rapid drawn → the rapid game's Black wins, no armageddon (附录2 7b 正赛及快棋赛均和再和则以执后手者为胜)", async () => {
    const games = [
      { red: 'p1', black: 'p4', result: 'draw' },
      { red: 'p4', black: 'p1', result: 'draw' },
    ];
    const json = await run(['knockout', 'next', '--json'], match(games));
    expect(json.code).toBe(0);
    expect(JSON.parse(json.out)).toEqual({ status: 'decided', winner: 'p1', loser: 'p4', decidedBy: 'rapid', drawCountedFor: 'black' });
    const text = await run(['knockout', 'next'], match(games));
    expect(text).toMatchObject({ code: 0, out: 'winner: p1 (decided by the rapid game, drawn: a draw counts as a win for Black, 附录2 7b); p4 is out' });
    // A third game in a 5+2 match is refused.
    const third = await run(['knockout', 'next'], match([...games, { red: 'p1', black: 'p4', result: 'draw' }]));
    expect(third).toMatchObject({ code: 2, err: expect.stringContaining('game 3 was played after the match was over') });
  });

  test('6+1: two draws → armageddon, Red 15\'+5", Black 10\'+5", draw = Black wins (附录3 6); from a FILE', async () => {
    const file = match(
      [
        { red: 'p1', black: 'p4', result: 'draw' },
        { red: 'p4', black: 'p1', result: 'draw' },
      ],
      '6+1',
    );
    const r = await run(['knockout', 'next', 'm.json'], '', { 'm.json': file });
    expect(r).toMatchObject({
      code: 0,
      out: `next: game 3 (armageddon): p1 Red, p4 Black, Red 15'+5", Black 10'+5", no score sheet; a draw counts as a win for Black (p4)`,
    });
  });

  test('the winner, and a game on the board', async () => {
    const decided = await run(
      ['knockout', 'next'],
      match([
        { red: 'p1', black: 'p4', result: 'draw' },
        { red: 'p4', black: 'p1', result: 'black_win' },
      ]),
    );
    expect(decided).toMatchObject({ code: 0, out: 'winner: p1 (decided by the rapid game); p4 is out' });
    const armageddonGames = [
      { red: 'p1', black: 'p4', result: 'draw' },
      { red: 'p4', black: 'p1', result: 'draw' },
      { red: 'p1', black: 'p4', result: 'draw' },
    ];
    const armageddonDraw = await run(['knockout', 'next', '--json'], match(armageddonGames, '6+1'));
    expect(JSON.parse(armageddonDraw.out)).toEqual({ status: 'decided', winner: 'p4', loser: 'p1', decidedBy: 'armageddon', drawCountedFor: 'black' });
    expect((await run(['knockout', 'next'], match(armageddonGames, '6+1'))).out).toBe(
      'winner: p4 (decided by the armageddon game, drawn: a draw counts as a win for Black, 附录3 6); p1 is out',
    );
    const onBoard = await run(['knockout', 'next'], match([{ red: 'p1', black: 'p4', result: null }]));
    expect(onBoard.out).toMatch(/^in progress: game 1 \(regular\)/);
  });

  test('errors: wrong colours, bad JSON, bad fields — exit 2 with the reason', async () => {
    expect(await run(['knockout', 'next'], match([{ red: 'p4', black: 'p1', result: 'draw' }]))).toMatchObject({
      code: 2,
      err: expect.stringContaining('game 1 should be the regular game with p1 Red and p4 Black'),
    });
    expect(await run(['knockout', 'next'], '{')).toMatchObject({ code: 2, err: expect.stringContaining('not JSON') });
    const bad = await run(['knockout', 'next'], JSON.stringify({ format: '3+3', first: 'p1', games: [{ red: 'p1', black: 'p2', result: 'won' }] }));
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('$.format');
    expect(bad.err).toContain('$.second');
    expect(bad.err).toContain('$.games[0].result');
    expect(await run(['knockout', 'next', 'missing.json'])).toMatchObject({ code: 2, err: expect.stringContaining('cannot read missing.json') });
  });
});
