import { Tournament } from '@chuhe/tournament';
import { computeStandings, Standings, StandingsOptions } from './standings';
import { individual, team } from './spec-helpers';

function standings(t: Tournament, options: StandingsOptions): Standings {
  const s = computeStandings(t, options);
  if (!s.ok) throw s.error;
  return s.value;
}
const scores = (s: Standings) => s.rows.map((r) => [r.entry, r.score]);

/** Four-player round-robin (附录6 order): R1 a-d, b-c · R2 d-c, a-b · R3 b-d, c-a. d leaves. */
describe('round-robin withdrawal (二章7节3)', () => {
  test('fewer than half played: every result annulled, including the opponents’ points', () => {
    // d played 1 of 3 (< 1.5) and beat a; the later results entered for d are annulled too.
    const t = individual(['a', 'b', 'c', 'd'], ['a-d 0, b-c 1', 'd-c -, a-b =', 'b-d +, c-a =']);
    const s = standings(t, { format: 'round-robin', withdrawals: [{ entry: 'd', afterRound: 1 }] });
    expect(scores(s)).toEqual([
      ['b', 3],
      ['a', 2],
      ['c', 1],
    ]);
    expect(s.excluded).toEqual([{ entry: 'd', reason: 'results_annulled' }]);
    expect(s.withdrawals).toEqual([
      { entry: 'd', afterRound: 1, reason: 'withdrawal', opponentsPlayed: 1, opponents: 3, played: 1, scheduled: 3, annulled: true },
    ]);
    const a = s.crosstable!.find((r) => r.entry === 'a')!;
    expect(a.cells.d).toEqual([{ round: 1, side: 'red', kind: 'annulled', outcome: null, score: null }]);
  });

  test('half or more played: results stand, the remaining games are forfeit wins for the opponents', () => {
    // d played 2 of 3; round 3 b-d is unfinished in the file and becomes b's forfeit win.
    const t = individual(['a', 'b', 'c', 'd'], ['a-d 0, b-c 1', 'd-c =, a-b =', 'b-d ?, c-a =']);
    const s = standings(t, { format: 'round-robin', withdrawals: [{ entry: 'd', afterRound: 2 }] });
    expect(scores(s)).toEqual([
      ['b', 5],
      ['d', 3],
      ['a', 2],
      ['c', 2],
    ]);
    // a before c on 小分: a drew b (5) and c (2) = 3.5; c drew d (3) and a (2) = 2.5.
    expect(s.rows[3].decidedBy).toMatchObject({ criterion: 'sonnebornBerger', previous: 3.5, current: 2.5 });
    expect(s.rows[1].withdrawn).toEqual({ afterRound: 2, reason: 'withdrawal' });
    expect(s.crosstable!.find((r) => r.entry === 'b')!.cells.d).toEqual([{ round: 3, side: 'red', kind: 'forfeit', outcome: 'win', score: 2 }]);
    // The forfeit counts as b's win, not as a game with Black for d.
    expect(s.rows[0].values.wins).toBe(2);
  });

  test('the half-way point: exactly half stands; forfeits are not games played', () => {
    // 5 players, 4 games each (one rest round). e played 2 of 4: results stand.
    const five = ['a', 'b', 'c', 'd', 'e'];
    const rounds = ['a-e 1, b-d =, c bye', 'e-c 1, a-b =, d bye', 'b-e ?, c-a =, d bye'];
    const stand = standings(individual(five, rounds), { format: 'round-robin', withdrawals: [{ entry: 'e', afterRound: 2 }] });
    expect(stand.withdrawals[0]).toMatchObject({ opponentsPlayed: 2, opponents: 4, played: 2, scheduled: 4, annulled: false });
    expect(stand.rows.find((r) => r.entry === 'e')!.score).toBe(2);
    // The same, but e's first game was a forfeit: 1 played of 4 → annulled.
    const forfeit = ['a-e +, b-d =, c bye', 'e-c 1, a-b =, d bye', 'b-e ?, c-a =, d bye'];
    const annul = standings(individual(five, forfeit), { format: 'round-robin', withdrawals: [{ entry: 'e', afterRound: 2 }] });
    expect(annul.withdrawals[0]).toMatchObject({ opponentsPlayed: 1, played: 1, annulled: true });
    expect(annul.rows.find((r) => r.entry === 'c')!.score).toBe(1);
  });

  /**
   * Double round-robin of four (附录6 order twice, colours reversed in the second cycle):
   * R1 a-d, b-c · R2 d-c, a-b · R3 b-d, c-a · R4 d-a, c-b · R5 c-d, b-a · R6 d-b, a-c.
   */
  const DOUBLE = ['a-d 0, b-c 1', 'd-c =, a-b =', 'b-d ?, c-a =', 'd-a ?, c-b =', 'c-d ?, b-a =', 'd-b ?, a-c ='];

  test('二章7节3 counts opponents (已赛对手), not games: a double round-robin entry that met 2 of 3 opponents keeps its results', () => {
    // d leaves after round 2: it met a and c (2 of 3 opponents ≥ half) but played only 2 of 6 games.
    // Counting games would annul; the rule counts opponents, so d's results stand and its remaining
    // four pairings are forfeit wins for the opponents.
    const s = standings(individual(['a', 'b', 'c', 'd'], DOUBLE), { format: 'round-robin', roundRobinCycles: 2, withdrawals: [{ entry: 'd', afterRound: 2 }] });
    expect(s.withdrawals).toEqual([
      { entry: 'd', afterRound: 2, reason: 'withdrawal', opponentsPlayed: 2, opponents: 3, played: 2, scheduled: 6, annulled: false },
    ]);
    expect(s.excluded).toEqual([]);
    expect(s.notes).toContain(
      "'d' left after round 2 having met 2 of 3 opponents over the board (half or more): its results stand, its remaining games are forfeit wins for the opponents (二章7节3)",
    );
    // d: beat a (2) + drew c (1) = 3.
    const score = new Map(scores(s) as [string, number][]);
    expect(score.get('d')).toBe(3);
    // b: beat c (R1 red win), drew a twice, drew c, forfeit wins over d in R3 and R6 = 2+1+1+1+2+2 = 9.
    expect(score.get('b')).toBe(9);
    // c: lost to b, drew d, a, b, a, forfeit win over d in R5 = 0+1+1+1+1+2 = 6.
    expect(score.get('c')).toBe(6);
    // a: lost to d, drew b, drew c, forfeit win over d in R4, drew b, drew c.
    expect(score.get('a')).toBe(0 + 1 + 1 + 2 + 1 + 1);
  });

  test('二章7节3 in a double round-robin: met 1 of 3 opponents → every result annulled, even a second game against it', () => {
    // d leaves after round 4: it met a twice (R1, R4) but c never (R2 forfeit) and b never: 1 of 3 opponents.
    const rounds = ['a-d 0, b-c 1', 'd-c -, a-b =', 'b-d +, c-a =', 'd-a 1, c-b =', 'c-d ?, b-a =', 'd-b ?, a-c ='];
    const s = standings(individual(['a', 'b', 'c', 'd'], rounds), { format: 'round-robin', roundRobinCycles: 2, withdrawals: [{ entry: 'd', afterRound: 4 }] });
    // Two games played over the board (2 of 6 = one third, below half either way), one opponent.
    expect(s.withdrawals[0]).toMatchObject({ opponentsPlayed: 1, opponents: 3, played: 2, annulled: true });
    expect(s.excluded).toEqual([{ entry: 'd', reason: 'results_annulled' }]);
    expect(s.notes.join('\n')).toContain(
      "'d' left after round 4 having met 1 of 3 opponents over the board (fewer than half): every result of 'd' is annulled",
    );
    // c's forfeit win over d in round 2 and b's in round 3 are annulled with the rest.
    const score = new Map(scores(s) as [string, number][]);
    expect(score.get('c')).toBe(0 + 1 + 1 + 1);
    expect(score.get('b')).toBe(2 + 1 + 1 + 1);
  });

  test('二章7节3: the same double round-robin withdrawal with two-game pairings (附录6 用法1 两局) — one pairing is one opponent', () => {
    // Three rounds, each a two-game pairing; d leaves after round 2 having met a and c: 2 of 3 → stands.
    const rounds = ['a-d 01, b-c 1=', 'd-c ==, a-b ==', 'b-d ??, c-a =='];
    const s = standings(individual(['a', 'b', 'c', 'd'], rounds), { format: 'round-robin', withdrawals: [{ entry: 'd', afterRound: 2 }] });
    expect(s.withdrawals[0]).toMatchObject({ opponentsPlayed: 2, opponents: 3, played: 2, scheduled: 3, annulled: false });
  });

  test('a team round-robin withdrawal (the same rule for 棋队)', () => {
    const t = team(['A', 'B', 'C', 'D'], ['A-D lll, B-C wdl', 'D-C www, A-B ddd']);
    const s = standings(t, { format: 'round-robin', withdrawals: [{ entry: 'D', afterRound: 1 }] });
    expect(s.excluded).toEqual([{ entry: 'D', reason: 'results_annulled' }]);
    // B 2 (drew C, drew A); A and C 1: 总局分 3 each, 小分 equal, 全队胜局 C 1, A 0.
    expect(scores(s)).toEqual([
      ['B', 2],
      ['C', 1],
      ['A', 1],
    ]);
    expect(s.rows[2].decidedBy).toMatchObject({ criterion: 'wins' });
  });
});

describe('Swiss withdrawal (二章7节4)', () => {
  test('results stand; a later pairing is a forfeit win; later byes are ignored', () => {
    const t = individual(['a', 'b', 'c', 'd', 'e'], ['a-b 1, c-e 0, d bye', 'a-e ?, b-c =, d bye', 'a-c 1, b-d =, e bye']);
    const s = standings(t, { format: 'swiss', withdrawals: [{ entry: 'e', afterRound: 1 }] });
    expect(scores(s)).toEqual([
      ['a', 6],
      ['d', 5],
      ['b', 2],
      ['e', 2],
      ['c', 1],
    ]);
    // 对手分: b met a 6, c 1, d 5 = 12; e met c 1 and a 6 (the forfeit counts the opponent) = 7.
    expect(s.rows[3].decidedBy).toMatchObject({ criterion: 'opponentScore', previous: 12, current: 7 });
    expect(s.rows.find((r) => r.entry === 'e')!.withdrawn).toEqual({ afterRound: 1, reason: 'withdrawal' });
    expect(s.progressive!.find((r) => r.entry === 'e')!.scores).toEqual([2, 2, 2]);
    expect(s.notes).toContain("round 2: 'e' had left the event; 'a'–'e' scored as a forfeit win for 'a' (二章7节4)");
    expect(s.progressive!.find((r) => r.entry === 'a')!.scores).toEqual([2, 4, 6]);
  });

  test('the notes name the entries as the file does, with their draw numbers, never by id (issue 30)', () => {
    const t = individual(['a', 'b', 'c', 'd', 'e'], ['a-b 1, c-e 0, d bye', 'a-e ?, b-c =, d bye', 'a-c 1, b-d =, e bye']);
    const named = { ...t, entries: t.entries.map((e) => ({ ...e, name: `王${e.id.toUpperCase()}` })) };
    const s = standings(named, { format: 'swiss', withdrawals: [{ entry: 'e', afterRound: 1 }] });
    const e = named.entries.find((x) => x.id === 'e')!;
    const a = named.entries.find((x) => x.id === 'a')!;
    expect(s.notes).toContain(
      `round 2: 王E (#${e.drawNumber}) had left the event; 王A (#${a.drawNumber})–王E (#${e.drawNumber}) scored as a forfeit win for 王A (#${a.drawNumber}) (二章7节4)`,
    );
    expect(s.notes.join(' ')).not.toMatch(/'[a-e]'/);
  });

  test('Entry.withdrawnAfterRound in the tournament works like a withdrawal record', () => {
    const t = individual(['a', 'b', 'c', 'd'], ['a-b 1, c-d 1', 'a-c ?, b-d 1']);
    t.entries[2].withdrawnAfterRound = 1;
    const s = standings(t, { format: 'swiss' });
    expect(scores(s)).toEqual([
      ['a', 4],
      ['b', 2],
      ['c', 2],
      ['d', 0],
    ]);
  });
});

describe('withdrawal before round 1 (二章7节2)', () => {
  test('the entry is removed', () => {
    const t = individual(['a', 'b', 'c'], ['a-b 1']);
    const s = standings(t, { format: 'swiss', withdrawals: [{ entry: 'c', afterRound: 0 }] });
    expect(s.rows.map((r) => r.entry)).toEqual(['a', 'b']);
    expect(s.excluded).toEqual([{ entry: 'c', reason: 'withdrawn_before_round_1' }]);
  });
  test('still paired: an error asking for a new draw', () => {
    const t = individual(['a', 'b', 'c', 'd'], ['a-b 1, c-d 1']);
    const s = computeStandings(t, { format: 'swiss', withdrawals: [{ entry: 'c', afterRound: 0 }] });
    expect(!s.ok && s.error.code).toBe('paired_after_withdrawal_before_start');
    expect(!s.ok && s.error.message).toMatch(/new draw/);
  });
  test('an unknown entry is an error', () => {
    const s = computeStandings(individual(['a', 'b'], ['a-b 1']), { withdrawals: [{ entry: 'zz', afterRound: 1 }] });
    expect(!s.ok && s.error.code).toBe('unknown_entry');
  });
});

describe('adjourned games (三章6K)', () => {
  const t = () => individual(['a', 'b'], ['a-b =']);
  test('not back within 15 minutes of the resumption: loss', () => {
    const s = standings(t(), { sanctions: [{ kind: 'adjournment_no_show', round: 1, player: 'a', minutesLate: 16 }] });
    expect(scores(s)).toEqual([
      ['b', 2],
      ['a', 0],
    ]);
    expect(s.discipline.penalties).toEqual([{ round: 1, board: 1, red: 'a', black: 'b', result: 'black_win_penalty', reason: 'adjournment_no_show' }]);
  });
  test('never came back: loss; 15 minutes late: the result stands', () => {
    const never = standings(t(), { sanctions: [{ kind: 'adjournment_no_show', round: 1, player: 'b' }] });
    expect(scores(never)[0]).toEqual(['a', 2]);
    const onTime = standings(t(), { sanctions: [{ kind: 'adjournment_no_show', round: 1, player: 'b', minutesLate: 15 }] });
    expect(scores(onTime)).toEqual([
      ['b', 1],
      ['a', 1],
    ]);
    expect(onTime.notes.join('\n')).toMatch(/15-minute grace/);
  });
});
