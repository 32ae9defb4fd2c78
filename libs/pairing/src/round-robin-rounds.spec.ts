import { Entry } from '../../tournament/src';
import { roundRobinRounds, roundRobinSystem } from './round-robin-rounds';

const entries = (n: number): Entry[] => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, drawNumber: i + 1 }));

describe('round-robin rounds for a field', () => {
  test('odd field: byes, and a two-game pairing reverses colours', () => {
    const r = roundRobinRounds(entries(3), { eventKind: 'individual', gamesPerPairing: 2 });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value).toHaveLength(3);
    expect(r.value[0]).toEqual({
      round: 1,
      pairings: [
        {
          red: 'p2',
          black: 'p3',
          games: [
            { red: 'p2', black: 'p3', result: null, board: 1 },
            { red: 'p3', black: 'p2', result: null, board: 2 },
          ],
        },
      ],
      byes: ['p1'],
    });
  });

  test('double round-robin, team event: second cycle reversed, board games left to the lineups', () => {
    const r = roundRobinRounds(entries(4), { eventKind: 'team', gamesPerPairing: 1, cycles: 2 });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value).toHaveLength(6);
    expect(r.value[0].pairings.map((p) => [p.red, p.black])).toEqual([
      ['p1', 'p4'],
      ['p2', 'p3'],
    ]);
    expect(r.value[3].pairings.map((p) => [p.red, p.black])).toEqual([
      ['p4', 'p1'],
      ['p3', 'p2'],
    ]);
    expect(r.value[3].pairings[0].games).toEqual([]);
  });

  test('draw numbers must be 1…N', () => {
    const bad = entries(4).map((e) => (e.id === 'p4' ? { ...e, drawNumber: 7 } : e));
    expect(roundRobinRounds(bad, { eventKind: 'individual', gamesPerPairing: 1 })).toMatchObject({
      ok: false,
      error: { code: 'bad_draw_numbers' },
    });
  });
});

describe('roundRobinSystem (PairingSystem shape)', () => {
  const t = (rounds: number, cycles?: number) => {
    const all = roundRobinRounds(entries(4), { eventKind: 'individual', gamesPerPairing: 1, cycles: cycles === 2 ? 2 : 1 });
    if (!all.ok) throw new Error(all.error.message);
    return {
      options: { eventKind: 'individual' as const, scoring: '2-1-0' as const, gamesPerPairing: 1 as const, boards: 3, ...(cycles && { roundRobinCycles: cycles }) },
      entries: entries(4),
      rounds: all.value.slice(0, rounds),
    };
  };

  test('pairs the next round of the table', () => {
    const r = roundRobinSystem.pair({ tournament: t(1) });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.round).toBe(2);
    expect(r.value.pairings.map((p) => [p.red, p.black])).toEqual([
      ['p4', 'p3'],
      ['p1', 'p2'],
    ]);
    expect(r.value.warnings).toEqual([]);
  });

  test('double round-robin goes on into the second cycle; past the end is an error', () => {
    const second = roundRobinSystem.pair({ tournament: t(3, 2) });
    expect(second).toMatchObject({ ok: true, value: { round: 4, pairings: [{ red: 'p4', black: 'p1' }, { red: 'p3', black: 'p2' }] } });
    expect(roundRobinSystem.pair({ tournament: t(3) })).toMatchObject({ ok: false, error: { code: 'unsupported' } });
    expect(roundRobinSystem.pair({ tournament: t(1), round: 3 })).toMatchObject({ ok: false, error: { code: 'round_out_of_order' } });
  });
});
