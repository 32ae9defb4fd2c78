import { Round, Tournament } from '@chuhe/tournament';
import { checkRound } from './checker';
import { SIX_PLUS_ONE_AFTER_SIX_ROUNDS, tournament } from './championship.fixtures';
import { PAIRING_SYSTEMS } from './registry';
import { roundRobinRounds } from './round-robin-rounds';

/** The checker knows the pairing system (issue 9): round-robin withdrawals, championship knockouts. */
describe('checker: a withdrawn entry in a round-robin table (二章7节3)', () => {
  const rr = (round2: Round['pairings']): Tournament => ({
    ...tournament('round-robin', []),
    entries: ['a', 'b', 'c', 'd'].map((id, i) => ({ id, drawNumber: i + 1, ...(id === 'd' ? { withdrawnAfterRound: 1 } : {}) })),
    rounds: [
      { round: 1, pairings: [{ red: 'a', black: 'd', games: [{ red: 'a', black: 'd', result: 'draw' }] }, { red: 'b', black: 'c', games: [{ red: 'b', black: 'c', result: 'draw' }] }], byes: [] },
      { round: 2, pairings: round2, byes: [] },
    ],
  });
  const codes = (t: Tournament) => checkRound(t, 2).map((f) => f.code);

  test('stays in the table with its games forfeited: no error', () => {
    expect(codes(rr([{ red: 'd', black: 'b', games: [{ red: 'd', black: 'b', result: 'black_win_forfeit' }] }, { red: 'c', black: 'a', games: [{ red: 'c', black: 'a', result: null }] }]))).not.toContain('withdrawn_paired');
    expect(codes(rr([{ red: 'b', black: 'd', games: [{ red: 'b', black: 'd', result: 'red_win_forfeit' }] }, { red: 'c', black: 'a', games: [{ red: 'c', black: 'a', result: null }] }]))).not.toContain('withdrawn_paired');
  });

  test('a game to play, a game it played, or one it won by forfeit, is an error', () => {
    expect(codes(rr([{ red: 'b', black: 'd', games: [{ red: 'b', black: 'd', result: null }] }, { red: 'c', black: 'a', games: [{ red: 'c', black: 'a', result: null }] }]))).toContain('withdrawn_paired');
    expect(codes(rr([{ red: 'd', black: 'b', games: [{ red: 'd', black: 'b', result: 'draw' }] }, { red: 'c', black: 'a', games: [{ red: 'c', black: 'a', result: null }] }]))).toContain('withdrawn_paired');
    expect(codes(rr([{ red: 'd', black: 'b', games: [{ red: 'd', black: 'b', result: 'red_win_forfeit' }] }, { red: 'c', black: 'a', games: [{ red: 'c', black: 'a', result: null }] }]))).toContain('withdrawn_paired');
  });

  test('in a Swiss the withdrawn entry is not paired at all', () => {
    const t = rr([{ red: 'd', black: 'b', games: [{ red: 'd', black: 'b', result: 'black_win_forfeit' }] }, { red: 'c', black: 'a', games: [{ red: 'c', black: 'a', result: null }] }]);
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
    return { ...tournament(pairingSystem, rounds.value, 5, { roundRobinCycles: cycles }), entries: ['a', 'b', 'c', 'd', 'e'].map((id, i) => ({ id, drawNumber: i + 1 })) };
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
