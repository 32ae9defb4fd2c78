import { GameResult, Round, Tournament } from '@chuhe/tournament';
import { FIVE_ROUNDS, SIX_PLUS_ONE_AFTER_SIX_ROUNDS, round, tournament } from './championship.fixtures';
import { championshipFivePlusTwo, championshipKnockouts, championshipSixPlusOne, createChampionshipSystem, ChampionshipRanker } from './championship-system';
import { checkRound } from './checker';
import { PAIRING_SYSTEMS, pairingSystemFor } from './registry';
import { RoundPairing } from './pairing-system';
import { swissIndividual } from './swiss/swiss-individual';

function paired(t: Tournament): RoundPairing {
  const r = PAIRING_SYSTEMS[t.options.pairingSystem as 'championship-5-2'].pair({ tournament: t });
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

const pairs = (r: Round) => r.pairings.map((p) => [p.red, p.black]);
const sorted = (xs: string[][]) => xs.map((x) => [...x].sort()).sort();

/** The checker's errors on `r` added as the next round. */
function checkerErrors(t: Tournament, r: Round) {
  return checkRound({ ...t, rounds: [...t.rounds, r] }, r.round).filter((f) => f.severity === 'error');
}

/** Store a proposed round with the given results (one per pairing, in order). */
function played(r: RoundPairing, results: (GameResult | null)[]): Round {
  return { round: r.round, byes: r.byes, pairings: r.pairings.map((p, i) => ({ ...p, games: [{ ...p.games[0], result: results[i] }] })) };
}

describe("registry: 'championship-5-2' and 'championship-6-1'", () => {
  test('options.pairingSystem selects them', () => {
    expect(pairingSystemFor(tournament('championship-5-2', []))?.id).toBe('championship-5-2');
    expect(pairingSystemFor(tournament('championship-6-1', []))?.id).toBe('championship-6-1');
  });

  test('rounds 1–5 are the Swiss system’s rounds', () => {
    const t = tournament('championship-5-2', FIVE_ROUNDS.slice(0, 2));
    const swiss = swissIndividual.pair({ tournament: t });
    expect(swiss.ok).toBe(true);
    expect(championshipFivePlusTwo.pair({ tournament: t })).toEqual(swiss);
  });

  test('team events, rounds out of order and an eighth round are refused', () => {
    expect(
      championshipSixPlusOne.pair({ tournament: { ...tournament('championship-6-1', []), options: { ...tournament('x', []).options, eventKind: 'team' } } }),
    ).toMatchObject({
      ok: false,
      error: { code: 'unsupported' },
    });
    expect(championshipFivePlusTwo.pair({ tournament: tournament('championship-5-2', FIVE_ROUNDS), round: 7 })).toMatchObject({
      ok: false,
      error: { code: 'round_out_of_order' },
    });
  });
});

describe('附录2 5+2 through the registry', () => {
  const t5 = tournament('championship-5-2', FIVE_ROUNDS);

  test('round 6: A1 already met A4 → semi-finals A1–A3 and A2–A4 (7a); p5–p8 paired without rematches', () => {
    const r6 = paired(t5);
    expect(r6.round).toBe(6);
    expect(sorted(pairs(r6).slice(0, 2))).toEqual([
      ['p1', 'p3'],
      ['p2', 'p4'],
    ]);
    // The others: p5–p6 and p7–p8 met in round 1.
    expect(sorted(pairs(r6).slice(2))).not.toContainEqual(['p5', 'p6']);
    expect(sorted(pairs(r6).slice(2)).flat().sort()).toEqual(['p5', 'p6', 'p7', 'p8']);
    expect(r6.byes).toEqual([]);
    expect(r6.pairings[0].games).toEqual([{ red: r6.pairings[0].red, black: r6.pairings[0].black, result: null }]);
    expect(checkerErrors(t5, r6)).toEqual([]);
  });

  test('round 6 without the switch: A1–A4 and A2–A3 when they have not met', () => {
    // Same field with p3 and p4 exchanging their round-1 games: p1–p3 and p2–p4 met instead.
    const swapped = tournament('championship-5-2', [
      round(1, [
        ['p1', 'p3', 'red_win'],
        ['p2', 'p4', 'red_win'],
        ['p6', 'p5', 'draw'],
        ['p7', 'p8', 'draw'],
      ]),
      ...FIVE_ROUNDS.slice(1),
    ]);
    expect(sorted(pairs(paired(swapped)).slice(0, 2))).toEqual([
      ['p1', 'p4'],
      ['p2', 'p3'],
    ]);
  });

  test('recorded lots decide the semi-final colours (附录2 #7)', () => {
    const lots = { '5+2 semi-final 1': 'p3', '5+2 semi-final 2': 'p2' };
    const r6 = paired(tournament('championship-5-2', FIVE_ROUNDS, 8, { championshipLots: lots }));
    expect(pairs(r6).slice(0, 2)).toEqual([
      ['p3', 'p1'],
      ['p2', 'p4'],
    ]);
    const wrong = championshipFivePlusTwo.pair({
      tournament: tournament('championship-5-2', FIVE_ROUNDS, 8, { championshipLots: { '5+2 semi-final 1': 'p7' } }),
    });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'unsupported', message: expect.stringContaining('p7, who is not in that match') } });
  });

  test('a missing result of round 5 stops the stage', () => {
    const open = tournament('championship-5-2', [
      ...FIVE_ROUNDS.slice(0, 4),
      round(5, [
        ['p1', 'p8', null],
        ['p2', 'p5', 'red_win'],
        ['p6', 'p3', 'black_win'],
        ['p7', 'p4', 'black_win'],
      ]),
    ]);
    expect(championshipFivePlusTwo.pair({ tournament: open })).toMatchObject({
      ok: false,
      error: { code: 'previous_round_unfinished', entries: ['p1', 'p8'] },
    });
  });

  test('round 7: a drawn semi-final needs its rapid game first; then final, third place, the others; the checker accepts rounds 6 and 7', () => {
    const r6 = paired(t5);
    const semi1 = r6.pairings.find((p) => [p.red, p.black].includes('p1'))!;
    const semi2 = r6.pairings.find((p) => [p.red, p.black].includes('p2'))!;
    const stored6 = played(
      r6,
      r6.pairings.map((p) => (p === semi1 ? 'draw' : p === semi2 ? (p.red === 'p2' ? 'red_win' : 'black_win') : 'draw')),
    );
    const t6 = { ...t5, rounds: [...t5.rounds, stored6] };

    // Semi-final 1 drawn: no round 7 yet; the message names the rapid game, colours reversed (附录2 7b).
    const blocked = championshipFivePlusTwo.pair({ tournament: t6 });
    expect(blocked).toMatchObject({
      ok: false,
      error: {
        code: 'previous_round_unfinished',
        message: expect.stringContaining(`game 2 (rapid): ${semi1.black} Red, ${semi1.red} Black, 30'+30"`),
      },
    });
    const ko = championshipKnockouts('5+2', t6);
    if (!ko.ok) throw new Error(ko.error.message);
    expect(ko.value.map((k) => [k.stage, k.number, k.state.status])).toEqual([
      ['semi_final', 1, 'next'],
      ['semi_final', 2, 'decided'],
    ]);

    // The rapid game is a second game of the same pairing: p1 wins it.
    const withRapid: Round = {
      ...stored6,
      pairings: stored6.pairings.map((p) =>
        p.red === semi1.red && p.black === semi1.black
          ? { ...p, games: [...p.games, { red: semi1.black, black: semi1.red, result: semi1.black === 'p1' ? 'red_win' : 'black_win' }] }
          : p,
      ),
    };
    const t6b = { ...t5, rounds: [...t5.rounds, withRapid] };
    expect(checkerErrors(t5, withRapid)).toEqual([]);
    const r7 = paired(t6b);
    expect(r7.round).toBe(7);
    // 附录2 #6: final p1–p2 (winners), third place p3–p4 (losers); colours balanced first (7b).
    expect(sorted(pairs(r7).slice(0, 2))).toEqual([
      ['p1', 'p2'],
      ['p3', 'p4'],
    ]);
    expect(sorted(pairs(r7).slice(0, 1))).toEqual([['p1', 'p2']]);
    expect(sorted(pairs(r7).slice(2)).flat().sort()).toEqual(['p5', 'p6', 'p7', 'p8']);
    expect(checkerErrors(t6b, r7)).toEqual([]);

    // Round 7 played, the final's slow game drawn: the rapid game is named, a draw in it counting for Black (附录2 7b).
    const final = r7.pairings[0];
    const stored7 = played(
      r7,
      r7.pairings.map((p, i) => (i === 1 ? 'red_win' : 'draw')),
    );
    const t7 = { ...t6b, rounds: [...t6b.rounds, stored7] };
    expect(championshipFivePlusTwo.pair({ tournament: t7 })).toMatchObject({
      ok: false,
      error: { code: 'previous_round_unfinished', message: expect.stringMatching(/^final .*game 2 \(rapid\): .*a draw counts as a win for Black/) },
    });
    // The rapid game drawn too: 正赛及快棋赛均和再和则以执后手者为胜 — Black of the rapid game (the
    // slow game's Red) is champion; no armageddon game, the championship is complete.
    stored7.pairings[0].games.push({ red: final.black, black: final.red, result: 'draw' });
    expect(championshipFivePlusTwo.pair({ tournament: t7 })).toMatchObject({
      ok: false,
      error: { code: 'unsupported', message: expect.stringContaining('complete') },
    });
    const ko7 = championshipKnockouts('5+2', t7);
    if (!ko7.ok) throw new Error(ko7.error.message);
    expect(ko7.value.filter((k) => k.round === 7).map((k) => [k.stage, k.state.status === 'decided' ? k.state.winner : k.state.status])).toEqual([
      ['final', final.red], // rapid drawn: its Black wins
      ['third_place', r7.pairings[1].red],
    ]);
    expect(ko7.value.find((k) => k.stage === 'final')!.state).toMatchObject({ decidedBy: 'rapid', drawCountedFor: 'black' });
    // A third game stored in 5+2 is refused: there is none.
    stored7.pairings[0].games.push({ red: final.red, black: final.black, result: 'draw' });
    expect(championshipKnockouts('5+2', t7)).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('game 3 was played after the match was over') },
    });
  });

  test('a knockout game stored with the wrong colours is reported', () => {
    const r6 = paired(t5);
    const bad = played(
      r6,
      r6.pairings.map(() => 'draw'),
    );
    bad.pairings[0].games.push({ red: bad.pairings[0].red, black: bad.pairings[0].black, result: null }); // rapid must reverse colours
    expect(championshipFivePlusTwo.pair({ tournament: { ...t5, rounds: [...t5.rounds, bad] } })).toMatchObject({
      ok: false,
      error: { code: 'unsupported', message: expect.stringContaining('should be the rapid game') },
    });
  });

  test('a withdrawn top-four player is replaced by the next one; a ranking function can be passed in', () => {
    const t = { ...t5, entries: t5.entries.map((e) => (e.id === 'p2' ? { ...e, withdrawnAfterRound: 5 } : e)) };
    const r6 = paired(t);
    // p6 and p8 tie on 2 points and 对手分 35; p8 played Black 3 times, p6 twice (附录2 #10 执后手多).
    expect(
      r6.pairings
        .slice(0, 2)
        .flatMap((p) => [p.red, p.black])
        .sort(),
    ).toEqual(['p1', 'p3', 'p4', 'p8']);
    const seen: number[] = [];
    const rank: ChampionshipRanker = (swissOnly, { chain }) => {
      seen.push(swissOnly.rounds.length);
      expect(chain).toBe('axf-appendix-2');
      return { ok: true, value: ['p5', 'p6', 'p7', 'p8', 'p1', 'p2', 'p3', 'p4'] };
    };
    const custom = createChampionshipSystem('5+2', { rank }).pair({ tournament: t5 });
    if (!custom.ok) throw new Error(custom.error.message);
    expect(
      custom.value.pairings
        .slice(0, 2)
        .flatMap((p) => [p.red, p.black])
        .sort(),
    ).toEqual(['p5', 'p6', 'p7', 'p8']);
    expect(seen).toEqual([5]);
  });
});

describe('附录3 6+1 through the registry', () => {
  const six = SIX_PLUS_ONE_AFTER_SIX_ROUNDS;

  test('round 7: the final A1 p1 – A2 p7; 6a balance gives Red to p7 (2 Red 4 Black against 4 Red 2 Black); the others play the remaining pairs', () => {
    const r7 = paired(six);
    expect(r7.round).toBe(7);
    expect(pairs(r7)[0]).toEqual(['p7', 'p1']);
    expect(sorted(pairs(r7).slice(1))).toEqual([
      ['p2', 'p6'],
      ['p3', 'p5'],
      ['p4', 'p8'],
    ]);
    expect(checkerErrors(six, r7)).toEqual([]);
  });

  test('the final drawn: rapid with colours reversed (15\'+5"), then armageddon Red 15\'+5" / Black 10\'+5"', () => {
    const r7 = played(paired(six), [null, 'draw', 'draw', 'draw']);
    const t7 = { ...six, rounds: [...six.rounds, r7] };
    const status = () => {
      const ko = championshipKnockouts('6+1', t7);
      if (!ko.ok) throw new Error(ko.error.message);
      return ko.value[0].state;
    };
    expect(status()).toMatchObject({ status: 'in_progress', game: { kind: 'regular', red: 'p7', black: 'p1' } });
    r7.pairings[0].games[0].result = 'draw';
    expect(status()).toMatchObject({ status: 'next', game: { number: 2, kind: 'rapid', red: 'p1', black: 'p7', timeControl: { red: { baseMinutes: 15 } } } });
    r7.pairings[0].games.push({ red: 'p1', black: 'p7', result: 'draw' });
    expect(status()).toMatchObject({
      status: 'next',
      game: {
        number: 3,
        kind: 'armageddon',
        red: 'p7',
        black: 'p1',
        drawWinner: 'black',
        timeControl: { red: { baseMinutes: 15 }, black: { baseMinutes: 10 } },
      },
    });
    expect(championshipSixPlusOne.pair({ tournament: t7 })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining(`Red 15'+5", Black 10'+5"`) },
    });
  });
});
