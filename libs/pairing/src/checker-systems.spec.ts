import { GameResult, Round, Tournament } from '@chuhe/tournament';
import { checkRound } from './checker';
import { FIVE_ROUNDS, SIX_PLUS_ONE_AFTER_SIX_ROUNDS, tournament } from './championship.fixtures';
import { PAIRING_SYSTEMS } from './registry';
import { roundRobinRounds } from './round-robin-rounds';

/** The checker knows the pairing system (issue 9): round-robin withdrawals, championship knockouts. */
describe('checker: a withdrawn entry in a round-robin table (二章7节3)', () => {
  const rr = (round2: Round['pairings']): Tournament => ({
    ...tournament('round-robin', []),
    entries: ['a', 'b', 'c', 'd'].map((id, i) => ({ id, drawNumber: i + 1, ...(id === 'd' ? { withdrawnAfterRound: 1 } : {}) })),
    rounds: [
      {
        round: 1,
        pairings: [
          { red: 'a', black: 'd', games: [{ red: 'a', black: 'd', result: 'draw' }] },
          { red: 'b', black: 'c', games: [{ red: 'b', black: 'c', result: 'draw' }] },
        ],
        byes: [],
      },
      { round: 2, pairings: round2, byes: [] },
    ],
  });
  const codes = (t: Tournament) => checkRound(t, 2).map((f) => f.code);

  test('stays in the table with its games forfeited: no error', () => {
    expect(
      codes(
        rr([
          { red: 'd', black: 'b', games: [{ red: 'd', black: 'b', result: 'black_win_forfeit' }] },
          { red: 'c', black: 'a', games: [{ red: 'c', black: 'a', result: null }] },
        ]),
      ),
    ).not.toContain('withdrawn_paired');
    expect(
      codes(
        rr([
          { red: 'b', black: 'd', games: [{ red: 'b', black: 'd', result: 'red_win_forfeit' }] },
          { red: 'c', black: 'a', games: [{ red: 'c', black: 'a', result: null }] },
        ]),
      ),
    ).not.toContain('withdrawn_paired');
  });

  test('a game to play, a game it played, or one it won by forfeit, is an error', () => {
    expect(
      codes(
        rr([
          { red: 'b', black: 'd', games: [{ red: 'b', black: 'd', result: null }] },
          { red: 'c', black: 'a', games: [{ red: 'c', black: 'a', result: null }] },
        ]),
      ),
    ).toContain('withdrawn_paired');
    expect(
      codes(
        rr([
          { red: 'd', black: 'b', games: [{ red: 'd', black: 'b', result: 'draw' }] },
          { red: 'c', black: 'a', games: [{ red: 'c', black: 'a', result: null }] },
        ]),
      ),
    ).toContain('withdrawn_paired');
    expect(
      codes(
        rr([
          { red: 'd', black: 'b', games: [{ red: 'd', black: 'b', result: 'red_win_forfeit' }] },
          { red: 'c', black: 'a', games: [{ red: 'c', black: 'a', result: null }] },
        ]),
      ),
    ).toContain('withdrawn_paired');
  });

  test('in a Swiss the withdrawn entry is not paired at all', () => {
    const t = rr([
      { red: 'd', black: 'b', games: [{ red: 'd', black: 'b', result: 'black_win_forfeit' }] },
      { red: 'c', black: 'a', games: [{ red: 'c', black: 'a', result: null }] },
    ]);
    expect(checkRound({ ...t, options: { ...t.options, pairingSystem: 'swiss-individual' } }, 2).map((f) => f.code)).toContain('withdrawn_paired');
  });
});

describe('checker: rest rounds of a double round-robin (附录6 #3–4)', () => {
  const five = (cycles: 1 | 2, pairingSystem = 'round-robin'): Tournament => {
    const rounds = roundRobinRounds(
      ['a', 'b', 'c', 'd', 'e'].map((id, i) => ({ id, drawNumber: i + 1 })),
      { eventKind: 'individual', gamesPerPairing: 1, cycles },
    );
    if (!rounds.ok) throw new Error(rounds.error.message);
    return {
      ...tournament(pairingSystem, rounds.value, 5, { roundRobinCycles: cycles }),
      entries: ['a', 'b', 'c', 'd', 'e'].map((id, i) => ({ id, drawNumber: i + 1 })),
    };
  };
  test('each entry rests once per cycle: the second cycle is no second_bye', () => {
    const t = five(2);
    for (const r of t.rounds) expect(checkRound(t, r.round).map((f) => f.code)).not.toContain('second_bye');
  });
  test('a third rest, or a second in a Swiss, is', () => {
    const t = five(2);
    const extra: Round = { round: 11, pairings: [], byes: [t.rounds[0].byes[0]] };
    expect(checkRound({ ...t, rounds: [...t.rounds, extra] }, 11).map((f) => f.code)).toContain('second_bye');
    const swiss = five(1, 'swiss-individual');
    const again: Round = { round: 6, pairings: [], byes: [swiss.rounds[0].byes[0]] };
    expect(checkRound({ ...swiss, rounds: [...swiss.rounds, again] }, 6).map((f) => f.code)).toContain('second_bye');
  });
});

describe('checker: a championship knockout match may be a rematch (附录3 #4–6)', () => {
  test('the 6+1 final is never reported as a rematch', () => {
    const t = SIX_PLUS_ONE_AFTER_SIX_ROUNDS;
    const paired = PAIRING_SYSTEMS['championship-6-1'].pair({ tournament: t });
    if (!paired.ok) throw new Error(paired.error.message);
    const round7: Round = { round: 7, pairings: paired.value.pairings, byes: paired.value.byes };
    const withRound7: Tournament = { ...t, rounds: [...t.rounds, round7] };
    // (The e2e proof, test/e2e/event-run.e2e-spec.ts, meets a 5+2 semi-final that is a rematch.)
    const rematches = checkRound(withRound7, 7).filter((f) => f.code === 'rematch');
    // Only pairs outside the knockout may be reported as rematches.
    const final = round7.pairings[0];
    expect(rematches.filter((f) => f.entries.includes(final.red) && f.entries.includes(final.black))).toEqual([]);
  });
});

/**
 * Issue 22: the colour limits are the Swiss pairer's (二章1节1, 附录2 #8). Colours the rules give — a
 * 附录6 table, a knockout match's balance-then-lot (附录2 7b, 附录3 #6 a) — are a note at most.
 */
describe('checker: colours the rules give never block a round', () => {
  const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
  /** 6-player 附录6 table, rounds 1–3 drawn except one no-show of `absent` in round 2 (a forfeit gives no colour). */
  const sixWithNoShow = (system: string): Tournament => {
    const rr = roundRobinRounds(
      ids.map((id, i) => ({ id, drawNumber: i + 1 })),
      { eventKind: 'individual', gamesPerPairing: 1, cycles: 1 },
    );
    if (!rr.ok) throw new Error(rr.error.message);
    const absent = 'a';
    const rounds = rr.value.map((r) => ({
      ...r,
      pairings: r.pairings.map((p) => ({
        ...p,
        games: p.games.map((g) => ({
          ...g,
          result: (r.round === 2 && (g.red === absent || g.black === absent)
            ? g.red === absent
              ? 'black_win_forfeit'
              : 'red_win_forfeit'
            : r.round < 4
              ? 'draw'
              : null) as GameResult | null,
        })),
      })),
    }));
    return { ...tournament(system, rounds, 6), entries: ids.map((id, i) => ({ id, drawNumber: i + 1 })) };
  };
  const colourFindings = (t: Tournament, n: number) => checkRound(t, n).filter((f) => f.code === 'colour_difference' || f.code === 'three_same_colour');

  test('round 4 of a 6-player round-robin after a no-show: the table’s colours are a warning, not an error', () => {
    const found = colourFindings(sixWithNoShow('round-robin'), 4);
    expect(found.map((f) => f.code)).toContain('colour_difference');
    expect(found.every((f) => f.severity === 'warning')).toBe(true);
    expect(found.find((f) => f.code === 'colour_difference')!.message).toMatch(/附录6/);
  });

  test('the same colours made by a Swiss pairer are an error', () => {
    expect(
      colourFindings(sixWithNoShow('swiss-individual'), 4)
        .filter((f) => f.severity === 'error')
        .map((f) => f.code),
    ).toContain('colour_difference');
  });

  test('switched off, they stay off', () => {
    const t = sixWithNoShow('round-robin');
    expect(checkRound(t, 4, { severities: { colour_difference: 'off' } }).map((f) => f.code)).not.toContain('colour_difference');
  });

  test('a 5+2 final whose colours fall to the lot (附录2 7b) is never refused for its colours', () => {
    // Every semi-final won by Red: a finalist who had Red in it would take a third Red in a row or a difference of 3.
    const t5 = tournament('championship-5-2', FIVE_ROUNDS);
    const r6 = PAIRING_SYSTEMS['championship-5-2'].pair({ tournament: t5 });
    if (!r6.ok) throw new Error(r6.error.message);
    const stored6: Round = {
      round: 6,
      byes: r6.value.byes,
      pairings: r6.value.pairings.map((p) => ({ ...p, games: [{ ...p.games[0], result: 'red_win' as GameResult }] })),
    };
    const t6 = { ...t5, rounds: [...t5.rounds, stored6] };
    const r7 = PAIRING_SYSTEMS['championship-5-2'].pair({ tournament: t6 });
    if (!r7.ok) throw new Error(r7.error.message);
    const final = r7.value.pairings[0];
    // Either colour order of the final (the lot's choice): never an error on the final's players.
    for (const [red, black] of [
      [final.red, final.black],
      [final.black, final.red],
    ]) {
      const round7: Round = { round: 7, byes: r7.value.byes, pairings: [{ red, black, games: [{ red, black, result: null }] }, ...r7.value.pairings.slice(1)] };
      const onFinal = checkRound({ ...t6, rounds: [...t6.rounds, round7] }, 7).filter(
        (f) => (f.code === 'colour_difference' || f.code === 'three_same_colour') && (f.entries.includes(red) || f.entries.includes(black)),
      );
      expect(onFinal.filter((f) => f.severity === 'error')).toEqual([]);
    }
    // …while the same final played as a Swiss round is refused in one of its orders.
    const asSwiss = { ...t6, options: { ...t6.options, pairingSystem: 'swiss-individual' } };
    const errs = [
      [final.red, final.black],
      [final.black, final.red],
    ].flatMap(([red, black]) => {
      const round7: Round = { round: 7, byes: [], pairings: [{ red, black, games: [{ red, black, result: null }] }] };
      return checkRound({ ...asSwiss, rounds: [...t6.rounds, round7] }, 7, { severities: { unpaired: 'off', rematch: 'off' } }).filter(
        (f) => f.code === 'colour_difference' && f.severity === 'error',
      );
    });
    expect(errs.length).toBeGreaterThan(0);
  });
});

describe('附录3 #3 特设第一轮同单位的赛员不相遇: on by default in a 6+1 championship (issue 22)', () => {
  /** 8 players, two affiliations of four, numbered so that 1–2, 3–4 … would be all within one. */
  const sixPlusOne = (options: Record<string, unknown> = {}): Tournament => ({
    ...tournament('championship-6-1', [], 8, options),
    entries: Array.from({ length: 8 }, (_, i) => ({ id: `p${i + 1}`, drawNumber: i + 1, affiliation: i % 4 < 2 ? 'A' : 'B', rating: 2400 - i })),
  });
  const sameInRound1 = (t: Tournament) => {
    const r = PAIRING_SYSTEMS['championship-6-1'].pair({ tournament: t });
    if (!r.ok) throw new Error(r.error.message);
    const aff = new Map(t.entries.map((e) => [e.id, e.affiliation]));
    return { round: r.value, same: r.value.pairings.filter((p) => aff.get(p.red) === aff.get(p.black)).length };
  };

  test('round 1 pairs no two players of one affiliation, with no option set', () => {
    expect(sameInRound1(sixPlusOne()).same).toBe(0);
  });

  test('the checker refuses a hand-made round 1 within one affiliation; an organizer who sets sameAffiliation "allowed" may', () => {
    const round1: Round = {
      round: 1,
      byes: [],
      pairings: [
        ['p1', 'p2'],
        ['p3', 'p4'],
        ['p5', 'p6'],
        ['p7', 'p8'],
      ].map(([red, black]) => ({ red, black, games: [{ red, black, result: null }] })),
    };
    const codes = (t: Tournament) =>
      checkRound({ ...t, rounds: [round1] }, 1)
        .filter((f) => f.severity === 'error')
        .map((f) => f.code);
    expect(codes(sixPlusOne())).toContain('forbidden_pair');
    expect(codes(sixPlusOne({ sameAffiliation: 'allowed' }))).not.toContain('forbidden_pair');
    // Other formats: no rule unless asked for.
    expect(codes({ ...sixPlusOne(), options: { ...sixPlusOne().options, pairingSystem: 'swiss-individual' } })).not.toContain('forbidden_pair');
  });
});
