import { fakeIo } from '../testing/fake-io';
import { main } from '../main';

const entries = [1, 2, 3, 4].map((n) => ({ id: `p${n}`, drawNumber: n, name: `P${n}` }));
const file = JSON.stringify({
  entries,
  rounds: [
    {
      games: [
        { red: 'p1', black: 'p2', result: 'red_win' },
        { red: 'p3', black: 'p4', result: 'draw' },
      ],
      byes: [],
    },
    {
      games: [
        { red: 'p4', black: 'p1', result: null },
        { red: 'p2', black: 'p3', result: 'black_win' },
      ],
      byes: [],
    },
  ],
});

describe('chuhe withdraw', () => {
  it('二章7节4: withdrawn after round 1, the unplayed game of round 2 becomes a forfeit win for the opponent', async () => {
    const io = fakeIo(file);
    expect(await main(['withdraw', '--entry', 'p1', '--after', '1'], io)).toBe(0);
    const out = JSON.parse(io.out.join(''));
    expect(out.entries[0].withdrawnAfterRound).toBe(1);
    expect(out.rounds[1].games[0].result).toBe('red_win_forfeit'); // p4 (Red) wins by forfeit
    expect(out.rounds[1].games[1].result).toBe('black_win'); // untouched
    expect(io.err.join('\n')).toContain('round 2, table 1, board 1: red_win_forfeit (二章7节4)');
  });

  it('refuses to leave before a round the entry played over the board (exit 1, the reason)', async () => {
    const io = fakeIo(file);
    expect(await main(['withdraw', '--entry', 'p2', '--after', '1'], io)).toBe(1);
    expect(io.err.join('')).toContain('the entry played in round 2');
  });

  it('defaults to the last round; an unknown entry or a missing --entry is a usage error', async () => {
    const io = fakeIo(file);
    expect(await main(['withdraw', '--entry', 'p3'], io)).toBe(0);
    expect(JSON.parse(io.out.join('')).entries[2].withdrawnAfterRound).toBe(2);
    expect(await main(['withdraw', '--entry', 'nobody'], fakeIo(file))).toBe(2);
    expect(await main(['withdraw'], fakeIo(file))).toBe(2);
  });
});
