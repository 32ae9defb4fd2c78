import { GameResult, Pairing, Round, Tournament } from '@chuhe/tournament';
import { FIVE_ROUNDS, SIX_PLUS_ONE_AFTER_SIX_ROUNDS, tournament } from './championship.fixtures';
import { championshipStandings, ChampionshipStandings } from './championship-standings';
import { championshipFivePlusTwo, championshipSixPlusOne } from './championship-system';
import { PairingSystem } from './pairing-system';

function next(system: PairingSystem, t: Tournament): Round {
  const r = system.pair({ tournament: t });
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return { round: r.value.round, pairings: r.value.pairings, byes: r.value.byes };
}

function places(t: Tournament): ChampionshipStandings {
  const r = championshipStandings(t);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

const has = (p: Pairing, a: string, b: string) => [p.red, p.black].sort().join() === [a, b].sort().join();
const find = (r: Round, a: string, b: string) => r.pairings.find((p) => has(p, a, b))!;
/** A result for the game won by `winner` (undefined = draw). */
const res = (red: string, winner?: string): GameResult => (winner === undefined ? 'draw' : winner === red ? 'red_win' : 'black_win');
/** Knockout games in order: each item the winner of that game or undefined for a draw; colours alternate from the first game. */
function playMatch(p: Pairing, winners: (string | undefined)[]): void {
  p.games = winners.map((w, i) => {
    const red = i % 2 === 0 ? p.red : p.black;
    const black = red === p.red ? p.black : p.red;
    return { red, black, result: res(red, w) };
  });
}
/** Every non-knockout pairing of the round drawn, except `wins`: [winner, loser] pairs. */
function others(r: Round, stage: string[], wins: [string, string][] = []): void {
  for (const p of r.pairings) {
    if (stage.includes(p.red) && stage.includes(p.black)) continue;
    const w = wins.find(([a, b]) => has(p, a, b));
    p.games = [{ red: p.red, black: p.black, result: res(p.red, w?.[0]) }];
  }
}

const STAGE = ['p1', 'p2', 'p3', 'p4'];
const five = tournament('championship-5-2', FIVE_ROUNDS);

/**
 * Round 6: semi-final 1 p1–p3 won by p3 in the slow game; semi-final 2 p2–p4: slow draw, p2 wins
 * the rapid game. Others: p5 beats p7 … (whatever the Swiss pairs, all drawn except p5's win).
 * Round 7: final p3–p2: slow draw, rapid draw → Black of the rapid game wins, no third game
 * (附录2 7b 正赛及快棋赛均和再和则以执后手者为胜); third place p1–p4
 * won by p1 in the slow game; others drawn.
 */
function fullField(): { t: Tournament; r6: Round; r7: Round } {
  const r6 = next(championshipFivePlusTwo, five);
  playMatch(find(r6, 'p1', 'p3'), ['p3']);
  playMatch(find(r6, 'p2', 'p4'), [undefined, 'p2']);
  const p5Game = r6.pairings.find((p) => p.red === 'p5' || p.black === 'p5')!;
  others(r6, STAGE, [['p5', p5Game.red === 'p5' ? p5Game.black : p5Game.red]]);
  const t6 = { ...five, rounds: [...five.rounds, r6] };
  const r7 = next(championshipFivePlusTwo, t6);
  playMatch(find(r7, 'p2', 'p3'), [undefined, undefined]);
  playMatch(find(r7, 'p1', 'p4'), ['p1']);
  others(r7, STAGE);
  return { t: { ...t6, rounds: [...t6.rounds, r7] }, r6, r7 };
}

describe('championshipStandings: 5+2 (附录2 #6, #10)', () => {
  test('places 1–4 from the knockout, with the deciding game; the others 5–8 by their 7 rounds', () => {
    const { t, r7 } = fullField();
    const s = places(t);
    expect(s.complete).toBe(true);
    expect(s.phase).toBe('complete');
    expect(s.pending).toEqual([]);
    const final = find(r7, 'p2', 'p3');
    // 附录2 7b: slow and rapid drawn → Black of the rapid game (game 2, colours reversed) is champion.
    expect(final.games).toHaveLength(2);
    const champion = final.games[1].black;
    const runnerUp = final.games[1].red;
    expect(champion).toBe(final.games[0].red);
    expect(s.places.slice(0, 4).map((p) => [p.place, p.entry, p.status, p.basis])).toEqual([
      [1, champion, 'final', 'knockout'],
      [2, runnerUp, 'final', 'knockout'],
      [3, 'p1', 'final', 'knockout'],
      [4, 'p4', 'final', 'knockout'],
    ]);
    const first = s.places[0];
    expect(first.why).toContain('won the final (round 7)');
    expect(first.why).toContain('in the rapid game');
    expect(first.why).toContain('a draw counts as a win for Black (附录2 7b)');
    expect(first.why).not.toContain('armageddon');
    const finalResult = s.knockouts.find((k) => k.stage === 'final')!;
    expect(finalResult.decidingGame).toEqual({ number: 2, kind: 'rapid', red: runnerUp, black: champion, result: 'draw', drawCountsAsBlackWin: true });
    expect(finalResult.games.map((g) => g.kind)).toEqual(['regular', 'rapid']);
    // A drawn slow game that led to the rapid game does not count for anyone.
    expect(finalResult.games[0]).not.toHaveProperty('drawCountsAsBlackWin');
    // Semi-finals: slow game and rapid game.
    const semis = s.knockouts.filter((k) => k.stage === 'semi_final');
    expect(semis.map((k) => [k.number, k.winner, k.decidingGame?.kind])).toEqual([
      [1, 'p3', 'regular'],
      [2, 'p2', 'rapid'],
    ]);
    expect(s.places[3].why).toContain('lost the third-place match (round 7) to p1 in the slow game');
    // The others: p5 (won in round 6) first.
    expect(s.places.slice(4).map((p) => [p.place, p.basis, p.status])).toEqual([
      [5, 'standings', 'final'],
      [6, 'standings', 'final'],
      [7, 'standings', 'final'],
      [8, 'standings', 'final'],
    ]);
    expect(s.places[4].entry).toBe('p5');
    // Without a lot seed, entries tied on the whole chain share the place.
    const { championshipLotSeed: _, ...noSeed } = t.options;
    const shared = places({ ...t, options: noSeed });
    expect(shared.places.slice(4).map((p) => p.place)).toEqual([5, 6, 6, 8]);
    expect(shared.places[6].why).toContain('same place');
    expect(s.places[4].row!.values).toHaveProperty('opponentScore');
    expect(new Set(s.places.map((p) => p.entry)).size).toBe(8);
  });

  test('the others’ 对手分 count the knockout players’ slow games only, never the rapid or armageddon games', () => {
    const { t } = fullField();
    const s = places(t);
    // Final scores as opponents: p1 10 + 0 (semi lost) + 2 (third place) = 12; p2 9 + 1 + 1 = 11;
    // p3 8 + 2 + 1 = 11; p4 7 + 1 + 0 = 8. With the tie-break games p2 would have 9+3+2 = 14.
    const row = (id: string) => s.standings.rows.find((r) => r.entry === id)!;
    const scores = new Map(s.standings.rows.map((r) => [r.entry, r.score]));
    const expected = (id: string, stageOpponents: number) => {
      // Sum of the others' final scores met in rounds 1–7 + the knockout players' scores met in rounds 1–5.
      let sum = stageOpponents;
      for (const r of t.rounds) {
        for (const p of r.pairings) {
          const opp = p.red === id ? p.black : p.black === id ? p.red : null;
          if (opp !== null && !STAGE.includes(opp)) sum += scores.get(opp)!;
        }
      }
      return sum;
    };
    // p5 met p1 (12), p4 (8), p3 (11), p2 (11) in rounds 2–5.
    expect(row('p5').values.opponentScore).toBe(expected('p5', 12 + 8 + 11 + 11));
    // p8 met p4 (8), p3 (11), p2 (11), p1 (12).
    expect(row('p8').values.opponentScore).toBe(expected('p8', 8 + 11 + 11 + 12));
    // The knockout players get no row in the others' table.
    expect(s.standings.rows.map((r) => r.entry).sort()).toEqual(['p5', 'p6', 'p7', 'p8']);
    expect(s.notes.join(' ')).toContain('slow game only');
  });

  test('unfinished knockout: ranges pending, the others provisional, the missing game named', () => {
    const r6 = next(championshipFivePlusTwo, five);
    playMatch(find(r6, 'p1', 'p3'), ['p1']);
    playMatch(find(r6, 'p2', 'p4'), [undefined]); // rapid game still to play
    others(r6, STAGE);
    const s = places({ ...five, rounds: [...five.rounds, r6] });
    expect(s.complete).toBe(false);
    expect(s.phase).toBe('knockout');
    const ko = s.places.slice(0, 4).map((p) => [p.entry, p.places, p.status]);
    expect(ko).toEqual([
      ['p1', [1, 2], 'pending'],
      ['p2', [1, 4], 'pending'],
      ['p4', [1, 4], 'pending'],
      ['p3', [3, 4], 'pending'],
    ]);
    expect(s.places.slice(4).every((p) => p.status === 'provisional' && p.place >= 5)).toBe(true);
    expect(s.pending.join('\n')).toMatch(/semi-final 2 p\d–p\d \(round 6\) not decided: add game 2 \(rapid\)/);
    expect(s.pending.join('\n')).toContain('provisional until round 7');
  });

  test('after the Swiss rounds, before the knockout is paired: the qualifiers hold places 1–4 pending', () => {
    const s = places(five);
    expect(s.phase).toBe('swiss');
    expect(s.places.slice(0, 4).map((p) => [p.entry, p.places])).toEqual([
      ['p1', [1, 4]],
      ['p2', [1, 4]],
      ['p3', [1, 4]],
      ['p4', [1, 4]],
    ]);
    expect(s.pending[0]).toContain('qualified for places 1–4');
  });

  test('during the Swiss rounds everyone is provisional by the current standings', () => {
    const s = places(tournament('championship-5-2', FIVE_ROUNDS.slice(0, 3)));
    expect(s.places.every((p) => p.status === 'provisional' && p.basis === 'standings')).toBe(true);
    expect(s.places.map((p) => p.place)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].slice(0, s.places.length));
    expect(s.pending[0]).toContain('not finished');
  });

  test('not a championship file, or a team event: typed errors', () => {
    expect(championshipStandings(tournament('swiss-individual', FIVE_ROUNDS))).toMatchObject({ ok: false, error: { code: 'not_a_championship' } });
    const t = tournament('championship-5-2', []);
    expect(championshipStandings({ ...t, options: { ...t.options, eventKind: 'team' } })).toMatchObject({ ok: false, error: { code: 'not_a_championship' } });
  });
});

describe('championshipStandings: 6+1 (附录3 #2, #6)', () => {
  const six = SIX_PLUS_ONE_AFTER_SIX_ROUNDS;

  test('the final decided by a drawn armageddon: Black is champion; the others 3rd … 8th by 7 rounds', () => {
    const r7 = next(championshipSixPlusOne, six);
    const final = find(r7, 'p1', 'p7');
    playMatch(final, [undefined, undefined, undefined]);
    others(r7, ['p1', 'p7'], [['p3', 'p5']]);
    const s = places({ ...six, rounds: [...six.rounds, r7] });
    expect(s.complete).toBe(true);
    // Final p7 Red (6a balance) – p1; rapid p1 Red; armageddon p7 Red, p1 Black: draw → p1.
    expect(s.places.slice(0, 2).map((p) => [p.place, p.entry])).toEqual([
      [1, 'p1'],
      [2, 'p7'],
    ]);
    expect(s.knockouts[0].decidingGame).toMatchObject({ number: 3, kind: 'armageddon', red: 'p7', black: 'p1', drawCountsAsBlackWin: true });
    expect(s.places[1].why).toContain('lost the final (round 7) to p1 in the armageddon game');
    expect(s.places[2]).toMatchObject({ place: 3, entry: 'p3', basis: 'standings', status: 'final' });
    expect(s.places.slice(2).map((p) => p.place)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(s.standings.chainId).toBe('axf-appendix-3');
    // p1 as an opponent: 12 + 1 (slow draw) = 13, not 12 + 3.
    const p3 = s.standings.rows.find((r) => r.entry === 'p3')!;
    const scores = new Map(s.standings.rows.map((r) => [r.entry, r.score]));
    // p7: 11 after six rounds + 1 for the slow draw = 12.
    let sum = 0;
    for (const r of [...six.rounds, r7]) {
      for (const p of r.pairings) {
        const opp = p.red === 'p3' ? p.black : p.black === 'p3' ? p.red : null;
        if (opp === null) continue;
        sum += opp === 'p1' ? 13 : opp === 'p7' ? 12 : scores.get(opp)!;
      }
    }
    expect(p3.values.opponentScore).toBe(sum);
  });

  test('final not finished: places 1–2 pending; the armageddon to add is named with its clocks', () => {
    const r7 = next(championshipSixPlusOne, six);
    playMatch(find(r7, 'p1', 'p7'), [undefined, undefined]);
    others(r7, ['p1', 'p7']);
    const s = places({ ...six, rounds: [...six.rounds, r7] });
    expect(s.complete).toBe(false);
    expect(s.places.slice(0, 2).map((p) => [p.entry, p.places, p.status])).toEqual([
      ['p1', [1, 2], 'pending'],
      ['p7', [1, 2], 'pending'],
    ]);
    expect(s.pending.join('\n')).toContain(`game 3 (armageddon): p7 Red, p1 Black, Red 15'+5", Black 10'+5", a draw counts as a win for Black`);
    // The others' round 7 is complete: their places are final.
    expect(s.places.slice(2).every((p) => p.status === 'final')).toBe(true);
  });
});
