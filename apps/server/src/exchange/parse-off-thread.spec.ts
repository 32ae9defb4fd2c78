import { parseStandingsFile } from '@chuhe/standings';
import { parseFileOffThread } from './parse-off-thread';

const file = {
  name: '公开赛 Open',
  options: { eventKind: 'individual', scoring: '2-1-0', gamesPerPairing: 1, boards: 1, pairingSystem: 'swiss-individual', totalRounds: 3 },
  entries: [1, 2, 3].map((n) => ({ id: `p${n}`, drawNumber: n, name: `棋手${n} Player ${n}` })),
  rounds: [{ round: 1, pairings: [{ red: 'p1', black: 'p2', games: [{ red: 'p1', black: 'p2', result: 'draw' }] }], byes: ['p3'] }],
  standings: { chain: 'axf-appendix-5' },
  sanctions: [{ kind: 'technical_foul', round: 1, player: 'p1' }],
  withdrawals: [],
};

describe('parseFileOffThread: libs/standings parseStandingsFile on a worker thread', () => {
  it('answers what parseStandingsFile answers in place, for a good file and a bad one', async () => {
    expect(await parseFileOffThread(JSON.stringify({ file }))).toEqual(parseStandingsFile(file));
    const bad = { ...file, entries: [{ id: 'p1' }] };
    const off = await parseFileOffThread(JSON.stringify({ file: bad, nameZh: 'x' }));
    expect(off).toEqual(parseStandingsFile(bad));
    expect(off?.ok).toBe(false);
  });

  it('gives up (null: the caller parses in place) on text that is not JSON', async () => {
    expect(await parseFileOffThread('{"file": ')).toBeNull();
  });
});
