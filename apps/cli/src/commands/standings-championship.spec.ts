import { main } from '../main';
import { FIVE_PLUS_TWO_AFTER_FIVE_ROUNDS, FilePairing, g } from '../testing/championship-file';
import { fakeIo } from '../testing/fake-io';

interface FileRound {
  round: number;
  pairings: FilePairing[];
  byes: string[];
}

const five = FIVE_PLUS_TWO_AFTER_FIVE_ROUNDS;

async function run(args: string[], file: object): Promise<{ code: number; out: string; err: string }> {
  const io = fakeIo(JSON.stringify(file));
  const code = await main(args, io);
  return { code, out: io.out.join('\n'), err: io.err.join('\n') };
}

async function pairNext(file: { rounds: unknown[] }): Promise<FileRound> {
  const r = await run(['pair'], file);
  if (r.code !== 0) throw new Error(r.err);
  const proposed = JSON.parse(r.out) as FileRound;
  return { round: proposed.round, pairings: proposed.pairings, byes: proposed.byes };
}

const isStage = (p: FilePairing, stage: string[]) => stage.includes(p.red) && stage.includes(p.black);
/** Knockout games from the winners of each game (undefined = draw), colours alternating from the first game. */
function play(p: FilePairing, winners: (string | undefined)[]): FilePairing {
  return {
    ...p,
    games: winners.map((w, i) => {
      const red = i % 2 === 0 ? p.red : p.black;
      const black = red === p.red ? p.black : p.red;
      return g(red, black, w === undefined ? 'draw' : w === red ? 'red_win' : 'black_win');
    }),
  };
}
const drawn = (p: FilePairing): FilePairing => play(p, [undefined]);
const with_ = (p: FilePairing, a: string, b: string) => [p.red, p.black].sort().join() === [a, b].sort().join();

describe('chuhe standings on a championship file', () => {
  test('5+2 paired through rounds 6 and 7 by chuhe pair: places 1–4 from the knockout, 5–8 by the 7 rounds', async () => {
    const stage = ['p1', 'p2', 'p3', 'p4'];
    const r6 = await pairNext(five);
    // Semi-final p1–p3: p1 wins the slow game; p2–p4: slow draw, p4 wins the rapid game.
    r6.pairings = r6.pairings.map((p) => (with_(p, 'p1', 'p3') ? play(p, ['p1']) : with_(p, 'p2', 'p4') ? play(p, [undefined, 'p4']) : drawn(p)));
    const six = { ...five, rounds: [...five.rounds, r6] };
    const r7 = await pairNext(six);
    expect(r7.pairings.slice(0, 2).every((p) => isStage(p, stage))).toBe(true);
    // Final p1–p4 won by p4 in the slow game; third place p2–p3: slow draw, rapid draw → Black of the
    // rapid game wins, no third game (附录2 7b 正赛及快棋赛均和再和则以执后手者为胜).
    r7.pairings = r7.pairings.map((p) => (with_(p, 'p1', 'p4') ? play(p, ['p4']) : with_(p, 'p2', 'p3') ? play(p, [undefined, undefined]) : drawn(p)));
    const seven = { ...six, rounds: [...six.rounds, r7] };
    const third = r7.pairings.find((p) => with_(p, 'p2', 'p3'))!;
    const thirdWinner = third.games[1].black;

    const text = await run(['standings'], seven);
    expect(text.err).toBe('');
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/^8-player 5\+2 test — 5\+2 championship \(championship-5-2\): places final/);
    const line = (place: string) => text.out.split('\n').find((l) => new RegExp(`^\\s*${place}\\s+\\d+\\s+Player`).test(l))!;
    expect(line('1')).toMatch(/Player 4\s+final\s+won the final \(round 7\) against p1 in the slow game/);
    expect(line('2')).toMatch(/Player 1\s+final\s+lost the final/);
    expect(line('3')).toContain(`Player ${thirdWinner.slice(1)}`);
    expect(line('3')).toContain('in the rapid game');
    expect(line('3')).toContain('a draw counts as a win for Black (附录2 7b)');
    expect(text.out).not.toContain('armageddon game');
    expect(text.out).toContain('semi-final 2 p');
    expect(text.out).toContain('in the rapid game');
    // The others' standings follow, with the 附录2 #10 chain.
    expect(text.out).toContain('The others, ranked among themselves (附录2 #10):');
    expect(text.out).toContain('chain axf-appendix-2');
    expect(text.out).toContain('a knockout match counts its slow game only');

    const json = await run(['standings', '--json'], seven);
    expect(json.code).toBe(0);
    const c = JSON.parse(json.out);
    expect(c.complete).toBe(true);
    expect(c.places.map((p: { place: number; basis: string }) => [p.place, p.basis])).toEqual([
      [1, 'knockout'],
      [2, 'knockout'],
      [3, 'knockout'],
      [4, 'knockout'],
      [5, 'standings'],
      [6, 'standings'],
      [7, 'standings'],
      [8, 'standings'],
    ]);
    expect(c.places.slice(0, 4).map((p: { entry: string }) => p.entry)).toEqual(['p4', 'p1', thirdWinner, thirdWinner === 'p2' ? 'p3' : 'p2']);
    expect(c.standings.rows.map((r: { entry: string }) => r.entry).sort()).toEqual(['p5', 'p6', 'p7', 'p8']);
    expect(c.standings.chain[1].definition).toMatch(/opponent/);
    expect(c.knockouts.find((k: { stage: string }) => k.stage === 'third_place').decidingGame).toMatchObject({
      number: 2,
      kind: 'rapid',
      result: 'draw',
      drawCountsAsBlackWin: true,
    });

    // --format forces the plain table over all eight.
    const plain = await run(['standings', '--format', 'swiss', '--json'], seven);
    expect(JSON.parse(plain.out).rows).toHaveLength(8);
  });

  test('5+2 with a semi-final still tied: places pending, the game to add named', async () => {
    const r6 = await pairNext(five);
    r6.pairings = r6.pairings.map((p) => (with_(p, 'p1', 'p3') ? play(p, ['p3']) : drawn(p)));
    const text = await run(['standings'], { ...five, rounds: [...five.rounds, r6] });
    expect(text.code).toBe(0);
    expect(text.out).toContain('places provisional (knockout not finished)');
    expect(text.out).toMatch(/^\s*1–4\s+\d+\s+Player \d\s+pending/m);
    expect(text.out).toMatch(/^\s*3–4\s+1\s+Player 1\s+pending/m);
    expect(text.out).toMatch(/Pending:\n(.*\n)*\s+semi-final 2 p\d–p\d \(round 6\) not decided: add game 2 \(rapid\)/);
  });

  test('6+1: the final decided by armageddon (a draw = Black wins); the others 3rd … 8th', async () => {
    // 附录6 table for 8, rounds 1–6; p1 and p7 win every game except p7–p6 (draw); everything else drawn.
    const table = [
      [
        [1, 8],
        [2, 7],
        [3, 6],
        [4, 5],
      ],
      [
        [8, 5],
        [6, 4],
        [7, 3],
        [1, 2],
      ],
      [
        [2, 8],
        [3, 1],
        [4, 7],
        [5, 6],
      ],
      [
        [8, 6],
        [7, 5],
        [1, 4],
        [2, 3],
      ],
      [
        [3, 8],
        [4, 2],
        [5, 1],
        [6, 7],
      ],
      [
        [8, 7],
        [1, 6],
        [2, 5],
        [3, 4],
      ],
    ];
    const result = (a: number, b: number) =>
      (a === 6 && b === 7) || (a === 7 && b === 6) ? 'draw' : a === 1 || a === 7 ? 'red_win' : b === 1 || b === 7 ? 'black_win' : 'draw';
    const six = {
      name: '6+1 test',
      options: { eventKind: 'individual', scoring: '2-1-0', pairingSystem: 'championship-6-1', championshipLotSeed: 'lot' },
      entries: [1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({ id: `p${n}`, drawNumber: n })),
      rounds: table.map((r, i) => ({ round: i + 1, games: r.map(([a, b]) => g(`p${a}`, `p${b}`, result(a, b))) })) as unknown[],
    };
    const r7 = await pairNext(six);
    // Final p7 Red – p1: slow draw, rapid draw (p1 Red), armageddon p7 Red – p1 Black won by p7.
    r7.pairings = r7.pairings.map((p) => (with_(p, 'p1', 'p7') ? play(p, [undefined, undefined, 'p7']) : drawn(p)));
    const done = { ...six, rounds: [...six.rounds, r7] };
    const text = await run(['standings'], done);
    expect(text.err).toBe('');
    expect(text.out).toMatch(/^\s*1\s+7\s+p7\s+final\s+won the final \(round 7\) against p1 in the armageddon game \(game 3: p7 Red, p1 Black, red_win\)/m);
    expect(text.out).toMatch(/^\s*2\s+1\s+p1\s+final\s+lost the final/m);
    expect(text.out).toMatch(/^\s*3\s+\d\s+p\d\s+final\s+3rd by the others' 7 rounds/m);
    expect(text.out).toContain('(附录3 #2, #5)');
    const json = JSON.parse((await run(['standings', '--json'], done)).out);
    expect(json.places.map((p: { place: number }) => p.place)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(json.knockouts[0].games.map((x: { kind: string }) => x.kind)).toEqual(['regular', 'rapid', 'armageddon']);
    expect(json.standings.chainId).toBe('axf-appendix-3');
  });

  test('a knockout match stored out of sequence is an error a person can act on', async () => {
    const r6 = await pairNext(five);
    r6.pairings = r6.pairings.map((p) => (with_(p, 'p1', 'p3') ? { ...p, games: [g(p.red, p.black, 'draw'), g(p.red, p.black, 'red_win')] } : drawn(p)));
    const r = await run(['standings'], { ...five, rounds: [...five.rounds, r6] });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/chuhe standings: .*game 2 should be the rapid game/);
  });
});
