import { GameResult, Tournament } from '../../../tournament/src/model';
import { playRandomTournament } from '../swiss/random-tournament';
import { swissIndividual } from '../swiss/swiss-individual';
import { makeTrf, parseTrf } from './trf';

/** What TRF carries: penalty wins read back as ordinary wins (see trf.ts). */
function representable(t: Tournament): unknown {
  const plain = (r: GameResult | null): GameResult | null => (r === 'red_win_penalty' ? 'red_win' : r === 'black_win_penalty' ? 'black_win' : r);
  return {
    entries: t.entries.map(({ id, drawNumber, rating, affiliation, name }) => ({ id, drawNumber, rating, affiliation, name })),
    rounds: t.rounds.map((r) => ({
      round: r.round,
      byes: [...r.byes].sort(),
      pairings: r.pairings
        .map((p) => ({ red: p.red, black: p.black, games: p.games.map((g) => ({ red: g.red, black: g.black, result: plain(g.result) })) }))
        .sort((a, b) => a.red.localeCompare(b.red)),
    })),
  };
}

describe('TRF export and import', () => {
  it.each([8, 12, 31])('round-trips a random %i-player Swiss field', (players) => {
    const { tournament, error } = playRandomTournament({ seed: `trf${players}`, players, rounds: 6, affiliations: 4 }, swissIndividual);
    expect(error).toBeUndefined();
    const trf = makeTrf(tournament);
    const back = parseTrf(trf);
    if (!back.ok) throw new Error(JSON.stringify(back.error));
    expect(representable(back.value)).toEqual(representable(tournament));
    expect(makeTrf(back.value)).toBe(trf);
  });

  it('writes the TRF-16 columns', () => {
    const t: Tournament = {
      name: 'Demo',
      options: { eventKind: 'individual', scoring: '2-1-0', gamesPerPairing: 1, boards: 3 },
      entries: [
        { id: 'a', drawNumber: 1, name: 'Lee', rating: 2400, affiliation: 'HKG' },
        { id: 'b', drawNumber: 2, name: 'Tan' },
        { id: 'c', drawNumber: 3, name: 'Wu' },
      ],
      rounds: [{ round: 1, pairings: [{ red: 'b', black: 'a', games: [{ red: 'b', black: 'a', result: 'draw' }] }], byes: ['c'] }],
    };
    const lines = makeTrf(t).split('\n');
    const a = lines.find((l) => l.startsWith('001    1'));
    expect(a?.slice(14, 47).trim()).toBe('Lee');
    expect(a?.slice(48, 52)).toBe('2400');
    expect(a?.slice(53, 56)).toBe('HKG');
    expect(a?.slice(80, 84)).toBe(' 0.5');
    expect(a?.slice(91, 99)).toBe('   2 b =');
    expect(lines.find((l) => l.startsWith('001    3'))?.slice(91, 99)).toBe('0000 - U');
  });

  it('reports a pairing that only one side records', () => {
    const bad = ['001    1      A'.padEnd(91) + '   2 w 1', '001    2      B'].join('\n');
    const r = parseTrf(bad);
    expect(!r.ok && r.error[0].message).toContain('does not say so');
  });
});
