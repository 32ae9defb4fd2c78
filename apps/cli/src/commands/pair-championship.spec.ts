import { fakeIo } from '../testing/fake-io';
import { main } from '../main';
import { FIVE_PLUS_TWO_AFTER_FIVE_ROUNDS, FilePairing, g } from '../testing/championship-file';

interface Proposed {
  round: number;
  pairings: FilePairing[];
  byes: string[];
  warnings: unknown[];
}

const file = FIVE_PLUS_TWO_AFTER_FIVE_ROUNDS;

async function pair(tournament: object): Promise<{ code: number; round?: Proposed; err: string }> {
  const io = fakeIo(JSON.stringify(tournament));
  const code = await main(['pair'], io);
  return { code, round: code === 0 ? (JSON.parse(io.out.join('')) as Proposed) : undefined, err: io.err.join('\n') };
}

const sortedPair = (p: FilePairing) => [p.red, p.black].sort().join('-');
/** The winner of a one-game pairing: `winner` if in it, else Red. */
const decide = (p: FilePairing, winner?: string): FilePairing => ({
  ...p,
  games: [{ ...p.games[0], result: winner === undefined ? 'draw' : p.red === winner ? 'red_win' : 'black_win' }],
});

describe('chuhe pair: a 5+2 championship (附录2) through rounds 6 and 7', () => {
  test('round 6 = semi-finals (7a switch) + Swiss; round 7 after a rapid tie-break = final, third place + Swiss', async () => {
    const six = await pair(file);
    expect(six.err).toBe('');
    expect(six.code).toBe(0);
    const r6 = six.round!;
    expect(r6.round).toBe(6);
    expect(r6.pairings.slice(0, 2).map(sortedPair)).toEqual(['p1-p3', 'p2-p4']);
    expect(r6.pairings.slice(2).map(sortedPair).sort()).not.toContain('p5-p6');
    expect(r6.pairings).toHaveLength(4);

    // Store round 6: semi-final 1 drawn (p1–p3), p2 beats p4, the others draw.
    const semi1 = r6.pairings[0];
    const stored6 = [decide(semi1), decide(r6.pairings[1], 'p2'), ...r6.pairings.slice(2).map((p) => decide(p))];
    const blocked = await pair({ ...file, rounds: [...file.rounds, { round: 6, pairings: stored6, byes: [] }] });
    expect(blocked.code).toBe(2);
    expect(blocked.err).toContain('previous_round_unfinished');
    expect(blocked.err).toContain(`game 2 (rapid): ${semi1.black} Red, ${semi1.red} Black`);

    // The rapid game goes into the same pairing, colours reversed; p1 wins it.
    stored6[0] = {
      ...stored6[0],
      games: [...stored6[0].games, { red: semi1.black, black: semi1.red, result: semi1.black === 'p1' ? 'red_win' : 'black_win' }],
    };
    const withRapid = { ...file, rounds: [...file.rounds, { round: 6, pairings: stored6, byes: [] }] };
    const seven = await pair(withRapid);
    expect(seven.err).toBe('');
    const r7 = seven.round!;
    expect(r7.round).toBe(7);
    expect(r7.pairings.slice(0, 2).map(sortedPair)).toEqual(['p1-p2', 'p3-p4']); // final, third place (附录2 #6)
    const others7 = r7.pairings.slice(2).map(sortedPair);
    expect(others7.sort().join(' ')).toMatch(/^p\d-p\d p\d-p\d$/);
    for (const p of others7) expect(r6.pairings.slice(2).map(sortedPair)).not.toContain(p);

    // The checker (check-pairing) accepts round 6 (with its tie-break game) and round 7 as stored.
    const io6 = fakeIo(JSON.stringify(withRapid));
    expect(await main(['check-pairing', '--round', '6'], io6)).toBe(0);
    const io = fakeIo(JSON.stringify({ ...withRapid, rounds: [...withRapid.rounds, { round: 7, pairings: r7.pairings, byes: r7.byes }] }));
    expect(await main(['check-pairing'], io)).toBe(0);
  });

  test('asking for round 6 with a result of round 5 missing names the game', async () => {
    const open = {
      ...file,
      rounds: [
        ...file.rounds.slice(0, 4),
        { round: 5, games: [g('p1', 'p8', null), g('p2', 'p5', 'red_win'), g('p6', 'p3', 'black_win'), g('p7', 'p4', 'black_win')] },
      ],
    };
    const r = await pair(open);
    expect(r.code).toBe(2);
    expect(r.err).toContain('round 5 p1–p8');
  });
});
