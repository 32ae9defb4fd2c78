import { Entry, Round, Tournament } from '@chuhe/tournament';
import { pairOthersSwiss, SwissRoundPairer } from './championship';
import { decideColours, recordedLot, seededLot } from './championship-colours';
import { fivePlusTwoFinals, fivePlusTwoSemiFinals } from './championship-five-plus-two';
import { sixPlusOneFinal } from './championship-six-plus-one';
import { isActiveIn } from './checker-history';
import { checkRound } from './checker';
import { scoresAfter } from '@chuhe/tournament';
import { playRandomTournament } from './swiss/random-tournament';
import { swissIndividual } from './swiss/swiss-individual';
import { MatchGame } from './knockout-match';

const entries = (n: number): Entry[] => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, drawNumber: i + 1 }));

/** A hand-made field: `rounds` Swiss rounds holding exactly the listed games [red, black, round]. */
function field(games: [string, string, number][], rounds = 5, n = 8): Tournament {
  const rs: Round[] = Array.from({ length: rounds }, (_, i) => ({ round: i + 1, pairings: [], byes: [] }));
  for (const [red, black, r] of games) rs[r - 1].pairings.push({ red, black, games: [{ red, black, result: 'draw' }] });
  return { options: { eventKind: 'individual', scoring: '2-1-0', gamesPerPairing: 1, boards: 3 }, entries: entries(n), rounds: rs };
}

const lotA = recordedLot({ '5+2 semi-final 1': 'p1', '5+2 semi-final 2': 'p2', '5+2 final': 'p1', '5+2 third place': 'p3', '6+1 final': 'p2' });

function semis(t: Tournament, ranking = ['p1', 'p2', 'p3', 'p4'], colours?: 'lot' | 'balance_then_lot') {
  const s = fivePlusTwoSemiFinals({ tournament: t, ranking, lot: seededLot('test'), colours });
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
}
const layout = (s: ReturnType<typeof semis>) => s.semiFinals.map((m) => [m.players.first, m.players.second].sort());

describe('附录2 5+2: semi-finals', () => {
  test('#7: A1–A4 and A2–A3 when they have not met; colours by lot', () => {
    const s = semis(field([['p1', 'p5', 1]]));
    expect(s.switched).toBe(false);
    expect(layout(s)).toEqual([
      ['p1', 'p4'],
      ['p2', 'p3'],
    ]);
    expect(s.semiFinals.map((m) => [m.stage, m.number, m.colourReason, m.metInRounds])).toEqual([
      ['semi_final', 1, 'lot', []],
      ['semi_final', 2, 'lot', []],
    ]);
    expect(s.semiFinals[0].format.rapid?.baseMinutes).toBe(30);
  });

  test('7a: A1 already met A4 → A1–A3, A2–A4', () => {
    const s = semis(field([['p4', 'p1', 3]]));
    expect(s.switched).toBe(true);
    expect(layout(s)).toEqual([
      ['p1', 'p3'],
      ['p2', 'p4'],
    ]);
  });

  test('7a: A2 already met A3 → A1–A3, A2–A4 (A1 and A2 keep their places)', () => {
    const s = semis(field([['p2', 'p3', 2]]));
    expect(s.switched).toBe(true);
    expect(layout(s)).toEqual([
      ['p1', 'p3'],
      ['p2', 'p4'],
    ]);
  });

  test('7a when both layouts hold a rematch: fewer rematches, then A1 avoids one, then the standard layout', () => {
    // A1 met both A3 and A4: one rematch either way, A1 cannot avoid it → standard layout.
    const both = semis(
      field([
        ['p1', 'p4', 1],
        ['p1', 'p3', 2],
      ]),
    );
    expect([both.switched, both.semiFinals[0].metInRounds]).toEqual([false, [1]]);
    // A1 met A4, A2 met A4: one each way; A1 avoids its rematch → switched, A2–A4 is the rematch.
    const a1 = semis(
      field([
        ['p1', 'p4', 1],
        ['p2', 'p4', 2],
      ]),
    );
    expect([a1.switched, a1.semiFinals.map((m) => m.metInRounds)]).toEqual([true, [[], [2]]]);
    // Standard has two rematches, the switch one → switched.
    const fewer = semis(
      field([
        ['p1', 'p4', 1],
        ['p2', 'p3', 2],
        ['p1', 'p3', 3],
      ]),
    );
    expect(fewer.switched).toBe(true);
  });

  test("'balance_then_lot': the player with more Reds gets Black", () => {
    const t = field([
      ['p1', 'p5', 1],
      ['p1', 'p6', 2],
      ['p7', 'p4', 1],
      ['p3', 'p8', 1],
      ['p2', 'p6', 3],
    ]);
    const s = semis(t, ['p1', 'p2', 'p3', 'p4'], 'balance_then_lot');
    // p1: R R (+2) vs p4: B (−1) → p4 Red. p2: R (+1) vs p3: R (+1) → lot.
    expect(s.semiFinals[0].players).toEqual({ first: 'p4', second: 'p1' });
    expect(s.semiFinals[0].colourReason).toBe('balance');
    expect(s.semiFinals[1].colourReason).toBe('lot');
  });

  test('input errors', () => {
    const t = field([]);
    const run = (ranking: string[], tt = t) => fivePlusTwoSemiFinals({ tournament: tt, ranking, lot: lotA });
    expect(run(['p1', 'p2', 'p3'])).toMatchObject({ ok: false, error: { code: 'ranking_too_short' } });
    expect(run(['p1', 'p2', 'p3', 'p1'])).toMatchObject({ ok: false, error: { code: 'ranking_duplicate' } });
    expect(run(['p1', 'p2', 'p3', 'zz'])).toMatchObject({ ok: false, error: { code: 'unknown_entry' } });
    expect(run(['p1', 'p2', 'p3', 'p4'], field([], 4))).toMatchObject({ ok: false, error: { code: 'swiss_incomplete' } });
    const withdrawn = { ...t, entries: t.entries.map((e) => (e.id === 'p4' ? { ...e, withdrawnAfterRound: 5 } : e)) };
    expect(run(['p1', 'p2', 'p3', 'p4'], withdrawn)).toMatchObject({ ok: false, error: { code: 'withdrawn' } });
  });
});

describe('附录2 5+2: final and third place', () => {
  // Swiss colours: p1 R B R (+1), p2 B R B (−1), p3 R B (0), p4 B R (0).
  const t = field([
    ['p1', 'p5', 1],
    ['p6', 'p1', 2],
    ['p1', 'p7', 3],
    ['p5', 'p2', 1],
    ['p2', 'p6', 2],
    ['p7', 'p2', 3],
    ['p3', 'p8', 1],
    ['p8', 'p3', 2],
    ['p8', 'p4', 3],
    ['p4', 'p5', 4],
  ]);
  const s = semis(t);
  const [s1, s2] = s.semiFinals;
  const g = (red: string, black: string, result: MatchGame['result']): MatchGame => ({ red, black, result });

  test('winners play the final, losers the third place; 7b balance first (semi-final slow game counts, tie-breaks do not)', () => {
    const semi1 = { match: s1, games: [g(s1.players.first, s1.players.second, s1.players.first === 'p1' ? 'red_win' : 'black_win')] };
    // Semi-final 2 goes to tie-breaks: drawn, then the rapid game (colours reversed) won by p2.
    const p2Red = s2.players.first === 'p2';
    const semi2 = {
      match: s2,
      games: [g(s2.players.first, s2.players.second, 'draw'), g(s2.players.second, s2.players.first, p2Red ? 'black_win' : 'red_win')],
    };
    const f = fivePlusTwoFinals({ tournament: t, semiFinals: [semi1, semi2], lot: lotA });
    if (!f.ok) throw new Error(f.error.message);
    const { final, thirdPlace } = f.value;
    expect([final.players.first, final.players.second].sort()).toEqual(['p1', 'p2']);
    expect([thirdPlace.players.first, thirdPlace.players.second].sort()).toEqual(['p3', 'p4']);
    // p1 is +1 plus its semi colour, p2 is −1 plus its slow-game colour: p2 is lower whatever the lot gave.
    expect(final.players.first).toBe('p2');
    expect(final.colourReason).toBe('balance');
    // p3 and p4 are both 0 before the semis; their semi-final colours decide.
    const p3Colour = s2.players.first === 'p3' ? 1 : -1;
    const p4Colour = s1.players.first === 'p4' ? 1 : -1;
    if (p3Colour === p4Colour) expect(thirdPlace).toMatchObject({ colourReason: 'lot', players: { first: 'p3' } });
    else expect(thirdPlace).toMatchObject({ colourReason: 'balance', players: { first: p3Colour < p4Colour ? 'p3' : 'p4' } });
    // 附录2 7b: no armageddon in 5+2; a drawn rapid game goes to Black.
    expect(final.format).toMatchObject({ rapidDrawWinner: 'black', armageddon: null });
    expect(thirdPlace.format).toBe(final.format);
  });

  test('附录2 7b: a semi-final with slow and rapid games drawn sends the rapid game’s Black to the final — no third game', () => {
    const semi1 = { match: s1, games: [g(s1.players.first, s1.players.second, s1.players.first === 'p1' ? 'red_win' : 'black_win')] };
    const [red, black] = [s2.players.first, s2.players.second];
    // Slow game: `red` Red. Rapid game, colours reversed: `red` Black. Both drawn → `red` wins.
    const semi2 = { match: s2, games: [g(red, black, 'draw'), g(black, red, 'draw')] };
    const f = fivePlusTwoFinals({ tournament: t, semiFinals: [semi1, semi2], lot: lotA });
    if (!f.ok) throw new Error(f.error.message);
    expect([f.value.final.players.first, f.value.final.players.second].sort()).toEqual(['p1', red].sort());
    expect([f.value.thirdPlace.players.first, f.value.thirdPlace.players.second]).toContain(black);
    // A third game recorded after that is an error, not an armageddon game.
    const extra = { match: s2, games: [...semi2.games, g(red, black, 'draw')] };
    expect(fivePlusTwoFinals({ tournament: t, semiFinals: [semi1, extra], lot: lotA })).toMatchObject({
      ok: false,
      error: { code: 'match_not_decided', message: expect.stringContaining('after the match was over') },
    });
  });

  test('an undecided semi-final is an error', () => {
    const f = fivePlusTwoFinals({
      tournament: t,
      semiFinals: [
        { match: s1, games: [] },
        { match: s2, games: [] },
      ],
      lot: lotA,
    });
    expect(f).toMatchObject({ ok: false, error: { code: 'match_not_decided' } });
  });
});

describe('附录3 6+1: the final', () => {
  const final = (t: Tournament) => {
    const f = sixPlusOneFinal({ tournament: t, ranking: ['p1', 'p2', 'p3'], lot: lotA });
    if (!f.ok) throw new Error(f.error.message);
    return f.value;
  };

  test('6a: balance of the first six rounds decides', () => {
    // p1: R R B (+1); p2: B B R (−1) → p2 Red.
    const t = field(
      [
        ['p1', 'p3', 1],
        ['p1', 'p4', 2],
        ['p5', 'p1', 3],
        ['p3', 'p2', 1],
        ['p4', 'p2', 2],
        ['p2', 'p5', 3],
      ],
      6,
    );
    expect(final(t)).toMatchObject({ stage: 'final', players: { first: 'p2', second: 'p1' }, colourReason: 'balance', metInRounds: [] });
    expect(final(t).format.armageddon?.timeControl).toEqual({
      red: { baseMinutes: 15, incrementSeconds: 5, recordMoves: false },
      black: { baseMinutes: 10, incrementSeconds: 5, recordMoves: false },
    });
  });

  test('6a: same counts and they met → reverse the colours of that game', () => {
    // p1: R B B R; p2: B R R B (both 0); they met in round 4 with p1 Red → p2 Red now.
    const t = field(
      [
        ['p1', 'p3', 1],
        ['p4', 'p1', 2],
        ['p5', 'p1', 3],
        ['p1', 'p2', 4],
        ['p3', 'p2', 1],
        ['p2', 'p4', 2],
        ['p2', 'p5', 3],
      ],
      6,
    );
    expect(final(t)).toMatchObject({ players: { first: 'p2', second: 'p1' }, colourReason: 'earlier_meeting_reversed', metInRounds: [4] });
  });

  test('6a: same counts and they never met → lot', () => {
    const t = field(
      [
        ['p1', 'p3', 1],
        ['p2', 'p4', 1],
      ],
      6,
    );
    expect(final(t)).toMatchObject({ players: { first: 'p2', second: 'p1' }, colourReason: 'lot' });
  });

  test('rounds after six do not count; fewer than six rounds is an error', () => {
    const t = field(
      [
        ['p1', 'p3', 7],
        ['p2', 'p4', 1],
      ],
      7,
    );
    expect(final(t).colourReason).toBe('balance');
    expect(final(t).players.first).toBe('p1');
    expect(sixPlusOneFinal({ tournament: field([], 5), ranking: ['p1', 'p2'], lot: lotA })).toMatchObject({ ok: false, error: { code: 'swiss_incomplete' } });
  });
});

describe('the others go on in Swiss rounds', () => {
  /** A stand-in Swiss system: pairs the active entries by draw number; remembers what it saw. */
  function fakeSwiss(): SwissRoundPairer & { seen: Tournament[] } {
    const seen: Tournament[] = [];
    const pair = ((t: Tournament): ReturnType<SwissRoundPairer> => {
      seen.push(t);
      const next = t.rounds.length + 1;
      const active = t.entries.filter((e) => isActiveIn(e, next)).sort((a, b) => a.drawNumber - b.drawNumber);
      const pairings: Round['pairings'] = [];
      for (let i = 0; i + 1 < active.length; i += 2) pairings.push({ red: active[i].id, black: active[i + 1].id, games: [] });
      return { ok: true, value: { round: next, pairings, byes: active.length % 2 ? [active[active.length - 1].id] : [] } };
    }) as SwissRoundPairer & { seen: Tournament[] };
    pair.seen = seen;
    return pair;
  }

  test('5+2 round 6: the knockout four are left out, the others paired with their history', () => {
    const t = field([['p1', 'p5', 1]], 5, 10);
    const swiss = fakeSwiss();
    const r = pairOthersSwiss({ tournament: t, stagePlayers: ['p1', 'p2', 'p3', 'p4'], stageFromRound: 6, pairSwiss: swiss });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.round).toBe(6);
    expect(r.value.pairings.map((p) => [p.red, p.black])).toEqual([
      ['p5', 'p6'],
      ['p7', 'p8'],
      ['p9', 'p10'],
    ]);
    expect(swiss.seen[0].rounds[0].pairings).toHaveLength(1); // history intact
    expect(t.entries[0].withdrawnAfterRound).toBeUndefined(); // the input is not changed
  });

  test('5+2 round 7: knockout games stored in round 6 are hidden from the Swiss system', () => {
    const t = field(
      [
        ['p1', 'p4', 6],
        ['p2', 'p3', 6],
        ['p5', 'p6', 6],
        ['p7', 'p8', 6],
      ],
      6,
      8,
    );
    const swiss = fakeSwiss();
    const r = pairOthersSwiss({ tournament: t, stagePlayers: ['p1', 'p2', 'p3', 'p4'], stageFromRound: 6, pairSwiss: swiss });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.round).toBe(7);
    expect(swiss.seen[0].rounds[5].pairings.map((p) => p.red)).toEqual(['p5', 'p7']);
  });

  test('6+1 round 7 for the others; a failing Swiss system is reported', () => {
    const t = field([], 6, 6);
    const r = pairOthersSwiss({ tournament: t, stagePlayers: ['p1', 'p2'], stageFromRound: 7, pairSwiss: fakeSwiss() });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.pairings.map((p) => [p.red, p.black])).toEqual([
      ['p3', 'p4'],
      ['p5', 'p6'],
    ]);
    const failing: SwissRoundPairer = () => ({ ok: false, error: { message: 'p3 and p4 cannot be paired' } });
    expect(pairOthersSwiss({ tournament: t, stagePlayers: ['p1', 'p2'], stageFromRound: 7, pairSwiss: failing })).toMatchObject({
      ok: false,
      error: { code: 'swiss_pairing_failed', message: expect.stringContaining('p3 and p4') },
    });
  });
});

describe('colour decisions and lots', () => {
  test('seeded lots are reproducible and order-independent', () => {
    const lot = seededLot('2026');
    expect(lot(['a', 'b'], 'final')).toBe(lot(['b', 'a'], 'final'));
    const winners = new Set(Array.from({ length: 40 }, (_, i) => seededLot(`seed${i}`)(['a', 'b'], 'k')));
    expect(winners).toEqual(new Set(['a', 'b']));
  });

  test('given the entries, a seeded lot names the pair by draw numbers: new ids (an import) draw the same', () => {
    for (let i = 0; i < 20; i++) {
      const before = seededLot(`seed${i}`, [
        { id: 'a', drawNumber: 3 },
        { id: 'b', drawNumber: 7 },
      ])(['a', 'b'], 'final');
      const after = seededLot(`seed${i}`, [
        { id: 'x-new', drawNumber: 3 },
        { id: 'y-new', drawNumber: 7 },
      ])(['y-new', 'x-new'], 'final');
      expect(after).toBe(before === 'a' ? 'x-new' : 'y-new');
    }
  });

  test('recorded lots must name one of the two', () => {
    expect(() => recordedLot({ k: 'c' })(['a', 'b'], 'k')).toThrow(/no recorded lot/);
    expect(decideColours({ a: 'a', b: 'b', lot: recordedLot({ k: 'b' }), lotKey: 'k' })).toEqual({ red: 'b', black: 'a', reason: 'lot' });
  });
});

describe('5+2 and 6+1 end to end with the registry Swiss system', () => {
  /** Ranking stand-in for the standings library: score, then draw number. */
  function ranking(t: Tournament): string[] {
    const scores = scoresAfter(t).scores;
    return [...t.entries].sort((a, b) => scores.get(b.id)! - scores.get(a.id)! || a.drawNumber - b.drawNumber).map((e) => e.id);
  }
  const asRound = (n: number, matches: { players: { first: string; second: string } }[], others: Round): Round => ({
    round: n,
    pairings: [
      ...matches.map((m) => ({ red: m.players.first, black: m.players.second, games: [{ red: m.players.first, black: m.players.second, result: null }] })),
      ...others.pairings,
    ],
    byes: others.byes,
  });

  test('5+2: five Swiss rounds, semi-finals, the others paired for round 6; the checker accepts round 6', () => {
    const { tournament, error } = playRandomTournament({ seed: 'e2e-5+2', players: 12, rounds: 5 }, swissIndividual);
    expect(error).toBeUndefined();
    const top = ranking(tournament).slice(0, 4);
    const s = fivePlusTwoSemiFinals({ tournament, ranking: top, lot: seededLot('e2e') });
    if (!s.ok) throw new Error(s.error.message);
    const others = pairOthersSwiss({ tournament, stagePlayers: top, stageFromRound: 6 });
    if (!others.ok) throw new Error(others.error.message);
    expect(others.value.pairings).toHaveLength(4);
    const round6 = asRound(6, s.value.semiFinals, others.value);
    // Semi-finals may be rematches (a knockout allows them); everything else must be clean.
    const errors = checkRound({ ...tournament, rounds: [...tournament.rounds, round6] }, 6).filter(
      (f) => f.severity === 'error' && !(f.code === 'rematch' && s.value.semiFinals.some((m) => f.entries.includes(m.players.first))),
    );
    expect(errors.filter((f) => f.code !== 'colour_difference')).toEqual([]);
  });

  test('6+1: six Swiss rounds, the final, the others paired for round 7', () => {
    const { tournament, error } = playRandomTournament({ seed: 'e2e-6+1', players: 10, rounds: 6 }, swissIndividual);
    expect(error).toBeUndefined();
    const top = ranking(tournament).slice(0, 2);
    const f = sixPlusOneFinal({ tournament, ranking: top, lot: seededLot('e2e') });
    if (!f.ok) throw new Error(f.error.message);
    expect([f.value.players.first, f.value.players.second].sort()).toEqual([...top].sort());
    const others = pairOthersSwiss({ tournament, stagePlayers: top, stageFromRound: 7 });
    if (!others.ok) throw new Error(others.error.message);
    const ids = others.value.pairings.flatMap((p) => [p.red, p.black]);
    expect(ids).toHaveLength(8);
    expect(ids.some((id) => top.includes(id))).toBe(false);
  });
});
