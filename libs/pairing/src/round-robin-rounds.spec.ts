import { Entry } from '@chuhe/tournament';
import { AXF_TEAM_SEED_POSITIONS, drawNumbers } from '@chuhe/registration';
import { roundRobinTable } from './round-robin';
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

  test('a field of exactly 14 drawn by lot (附录6 用法1, seeds by lot 附录1 #5): entries sit on the 13/14 table by their draw numbers', () => {
    const ids = Array.from({ length: 14 }, (_, i) => `t${String(i + 1).padStart(2, '0')}`);
    for (const seed of ['a', 'b', 'c']) {
      const drawn = drawNumbers(
        ids.map((id, i) => ({ id, ...(i < 4 && { seed: i + 1 }) })),
        { seed, seedPositions: AXF_TEAM_SEED_POSITIONS },
      );
      if (!drawn.ok) throw drawn.error;
      const numberOf = new Map(drawn.value.map((a) => [a.entryId, a.drawNumber]));
      expect(ids.some((id, i) => numberOf.get(id) !== i + 1)).toBe(true); // a real lot, not the list order
      // Entries given in id order; the table must follow the draw numbers, not the order of the list.
      const field: Entry[] = ids.map((id) => ({ id, drawNumber: numberOf.get(id)! }));
      const r = roundRobinRounds(field, { eventKind: 'team', gamesPerPairing: 1 });
      if (!r.ok) throw new Error(r.error.message);
      const table = roundRobinTable(14);
      if (!table.ok) throw table.error;
      expect(r.value).toHaveLength(13);
      const number = (id: string) => numberOf.get(id)!;
      for (const [k, round] of r.value.entries()) {
        expect(round.byes).toEqual([]);
        expect(round.pairings.map((p) => [number(p.red), number(p.black)])).toEqual(table.value.rounds[k].pairs);
      }
      // Round 1 of the printed 13/14 table: 1-(14) 2-13 3-12 4-11 5-10 6-9 7-8.
      expect(r.value[0].pairings.map((p) => [number(p.red), number(p.black)])).toEqual([
        [1, 14],
        [2, 13],
        [3, 12],
        [4, 11],
        [5, 10],
        [6, 9],
        [7, 8],
      ]);
      // Each team meets each other team once.
      const met = new Set(r.value.flatMap((x) => x.pairings.map((p) => [p.red, p.black].sort().join('-'))));
      expect(met.size).toBe((14 * 13) / 2);
      // 附录1 #5's seed positions 1, 6, 9, 14 keep the seeds apart in round 1 of 附录1's Swiss
      // (1–2, 3–4 …, 附录1 #4), not in a 附录6 round-robin, where 1–14 and 6–9 are round 1's pairs:
      // the seed positions belong to the 附录1 team Swiss (附录1 #2), not to a round-robin draw.
      const seeds = new Set(ids.slice(0, 4));
      expect(r.value[0].pairings.filter((p) => seeds.has(p.red) && seeds.has(p.black))).toHaveLength(2);
    }
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
      options: {
        eventKind: 'individual' as const,
        scoring: '2-1-0' as const,
        gamesPerPairing: 1 as const,
        boards: 3,
        ...(cycles && { roundRobinCycles: cycles }),
      },
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
    expect(second).toMatchObject({
      ok: true,
      value: {
        round: 4,
        pairings: [
          { red: 'p4', black: 'p1' },
          { red: 'p3', black: 'p2' },
        ],
      },
    });
    expect(roundRobinSystem.pair({ tournament: t(3) })).toMatchObject({ ok: false, error: { code: 'unsupported' } });
    expect(roundRobinSystem.pair({ tournament: t(1), round: 3 })).toMatchObject({ ok: false, error: { code: 'round_out_of_order' } });
  });
});
