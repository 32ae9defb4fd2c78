import { Tournament } from '@chuhe/tournament';
import { Sanction } from './sanctions';
import { computeStandings, Standings, StandingsOptions } from './standings';
import { individual, team } from './spec-helpers';

function standings(t: Tournament, options: StandingsOptions): Standings {
  const s = computeStandings(t, options);
  if (!s.ok) throw s.error;
  return s.value;
}
const scoreOf = (s: Standings, id: string) => s.rows.find((r) => r.entry === id)!.score;
const drawn = () => individual(['a', 'b'], ['a-b =']);
const run = (sanctions: Sanction[], t = drawn()) => standings(t, { format: 'swiss', sanctions });

describe('sanctions that change a result', () => {
  test('two technical fouls in one game lose it (一章3节6); one does not', () => {
    const one = run([{ kind: 'technical_foul', round: 1, player: 'a' }]);
    expect([scoreOf(one, 'a'), scoreOf(one, 'b')]).toEqual([1, 1]);
    const two = run([
      { kind: 'technical_foul', round: 1, player: 'a' },
      { kind: 'technical_foul', round: 1, player: 'a' },
    ]);
    expect([scoreOf(two, 'a'), scoreOf(two, 'b')]).toEqual([0, 2]);
    expect(two.discipline.penalties).toEqual([{ round: 1, board: 1, red: 'a', black: 'b', result: 'black_win_penalty', reason: 'technical_fouls' }]);
    expect(two.discipline.fouls).toEqual([{ player: 'a', technical: 2, violations: 0 }]);
  });

  test('fouls in different games do not add up to a loss', () => {
    const t = individual(['a', 'b'], ['a-b =', 'b-a =']);
    const s = run(
      [
        { kind: 'technical_foul', round: 1, player: 'a' },
        { kind: 'technical_foul', round: 2, player: 'a' },
      ],
      t,
    );
    expect(scoreOf(s, 'a')).toBe(2);
    expect(s.rows.find((r) => r.entry === 'a')!.values.fouls).toBe(2);
  });

  test('four violations lose the game (一章3节7, 二章8节5); three do not', () => {
    const v = (n: number): Sanction[] => Array.from({ length: n }, () => ({ kind: 'violation', round: 1, player: 'b' }));
    expect(scoreOf(run(v(3)), 'b')).toBe(1);
    const four = run(v(4));
    expect([scoreOf(four, 'a'), scoreOf(four, 'b')]).toEqual([2, 0]);
    // 犯规少 counts technical fouls only by default; violations too when asked.
    expect(four.rows.find((r) => r.entry === 'b')!.values.fouls).toBe(0);
    const both = standings(drawn(), { format: 'swiss', sanctions: v(4), counting: { fouls: 'technical_and_violations' } });
    expect(both.rows.find((r) => r.entry === 'b')!.values.fouls).toBe(4);
  });

  test('16 unrecorded moves lose the game (二章3节6)', () => {
    expect(scoreOf(run([{ kind: 'unrecorded_moves', round: 1, player: 'a', count: 15 }]), 'a')).toBe(1);
    const s = run([
      { kind: 'unrecorded_moves', round: 1, player: 'a', count: 10 },
      { kind: 'unrecorded_moves', round: 1, player: 'a', count: 6 },
    ]);
    expect(scoreOf(s, 'a')).toBe(0);
    expect(s.discipline.penalties[0].reason).toBe('unrecorded_moves');
  });

  test.each([
    ['device', 'device'], // 二章8节10
    ['self_exposure', 'self_exposure'], // 一章3节5
  ] as const)('%s loses the game at once', (kind, reason) => {
    const s = run([{ kind, round: 1, player: 'b' }]);
    expect(scoreOf(s, 'a')).toBe(2);
    expect(s.discipline.penalties[0].reason).toBe(reason);
  });

  test('the first to reach a threshold loses; later sanctions in that game change nothing', () => {
    const s = run([
      { kind: 'technical_foul', round: 1, player: 'a' },
      { kind: 'technical_foul', round: 1, player: 'b' },
      { kind: 'technical_foul', round: 1, player: 'b' },
      { kind: 'technical_foul', round: 1, player: 'a' },
    ]);
    expect([scoreOf(s, 'a'), scoreOf(s, 'b')]).toEqual([2, 0]);
    expect(s.notes.join('\n')).toMatch(/already decided/);
  });

  test('a sanction on a forfeited game does not change it', () => {
    const s = run([{ kind: 'device', round: 1, player: 'a' }], individual(['a', 'b'], ['a-b +']));
    expect(scoreOf(s, 'a')).toBe(2);
    expect(s.notes.join('\n')).toMatch(/not played over the board/);
  });

  test('the notes name the player "name (#draw number)", not by id (issue 30)', () => {
    const t = individual(['a', 'b'], ['a-b =']);
    t.entries = t.entries.map((e, i) => ({ ...e, name: e.id === 'a' ? '王甲' : '李乙', drawNumber: i + 1 }));
    const s = run(
      [
        { kind: 'technical_foul', round: 1, player: 'b' },
        { kind: 'technical_foul', round: 1, player: 'b' },
        { kind: 'technical_foul', round: 1, player: 'a' },
        { kind: 'technical_foul', round: 1, player: 'a' },
        { kind: 'adjournment_no_show', round: 1, player: 'a', minutesLate: 1 },
      ],
      t,
    );
    const notes = s.notes.join('\n');
    expect(notes).toContain('game of 王甲 (#1) was already decided');
    expect(notes).toContain('王甲 (#1) returned 1 minute late');
    expect(notes).not.toMatch(/'a'/);
  });

  test('a penalty result entered without its fouls counts the fouls it implies', () => {
    const t = individual(['a', 'b'], ['a-b p']);
    t.rounds[0].pairings[0].games[0].penaltyReason = 'technical_fouls';
    const s = run([], t);
    expect(s.rows.find((r) => r.entry === 'b')!.values.fouls).toBe(2);
  });
});

describe('the warning ladder (二章8节11)', () => {
  const t = () => individual(['a', 'b', 'c', 'd'], ['a-b =, c-d =', 'a-c =, b-d =', 'a-d =, b-c =', 'b-a ?, d-c =']);
  const ladder = (decision?: 'loss' | 'removal' | 'none'): Sanction[] => [
    { kind: 'misconduct', round: 1, player: 'a' },
    { kind: 'misconduct', round: 2, player: 'a' },
    { kind: 'misconduct', round: 3, player: 'a', ...(decision && { decision }) },
  ];
  test('reminder, warning, then the third offence loses the game', () => {
    const s = standings(t(), { format: 'swiss', sanctions: ladder() });
    expect(s.discipline.ladder.map((l) => l.step)).toEqual(['reminder', 'warning', 'loss']);
    expect(scoreOf(s, 'a')).toBe(2); // draws in rounds 1–2, the loss in round 3, round 4 unfinished
    expect(scoreOf(s, 'd')).toBe(5);
  });
  test('or removal: the game is lost and the player leaves the event', () => {
    const s = standings(t(), { format: 'swiss', sanctions: ladder('removal') });
    expect(s.rows.find((r) => r.entry === 'a')!.withdrawn).toEqual({ afterRound: 3, reason: 'removal' });
    expect(scoreOf(s, 'b')).toBe(5); // round 4 b-a becomes b's forfeit win
  });
  test('or no sanction at the third offence', () => {
    const s = standings(t(), { format: 'swiss', sanctions: ladder('none') });
    expect(scoreOf(s, 'a')).toBe(3);
  });
});

describe('collusion (二章8节3)', () => {
  test('the game’s results and points are cancelled', () => {
    const t = individual(['a', 'b', 'c', 'd'], ['a-b 1, c-d 1', 'a-c =, b-d =']);
    const s = standings(t, { format: 'swiss', sanctions: [{ kind: 'collusion', round: 1, player: 'a' }] });
    expect(scoreOf(s, 'a')).toBe(1);
    expect(scoreOf(s, 'b')).toBe(1);
    // They did not meet for tie-breaks: a's only opponent is c.
    expect(s.rows.find((r) => r.entry === 'a')!.values.opponentScore).toBe(3);
  });
  test('with disqualification the entries leave the ranking', () => {
    const t = individual(['a', 'b', 'c', 'd'], ['a-b 1, c-d 1', 'a-c =, b-d =']);
    const s = standings(t, { format: 'swiss', sanctions: [{ kind: 'collusion', round: 2, player: 'a', disqualify: ['a', 'c'] }] });
    expect(s.rows.map((r) => r.entry)).toEqual(['d', 'b']); // 1 each; d had Black twice
    expect(s.excluded).toEqual([
      { entry: 'a', reason: 'disqualified' },
      { entry: 'c', reason: 'disqualified' },
    ]);
  });
});

describe('collusion after the entries were withdrawn by the server (issue 22 #1)', () => {
  test('二章8节3 取消其比赛权利及积分: the disqualification replaces a withdrawal of the same round; the colluders keep no points and leave the ranking', () => {
    // The server records the disqualified entries as withdrawn after the round (Entry.withdrawnAfterRound)
    // before the file's sanctions are read: the disqualification must still win.
    const t = individual(['a', 'b', 'c', 'd', 'e', 'f'], ['a-b 1, c-d 1, e-f =', 'a-c x, b-e 1, d-f =']);
    t.entries.find((e) => e.id === 'a')!.withdrawnAfterRound = 2;
    t.entries.find((e) => e.id === 'c')!.withdrawnAfterRound = 2;
    const s = standings(t, { format: 'swiss', sanctions: [{ kind: 'collusion', round: 2, player: 'a', disqualify: ['a', 'c'] }] });
    expect(s.rows.map((r) => r.entry)).not.toContain('a');
    expect(s.rows.map((r) => r.entry)).not.toContain('c');
    expect(s.excluded).toEqual([
      { entry: 'a', reason: 'disqualified' },
      { entry: 'c', reason: 'disqualified' },
    ]);
    expect(s.withdrawals.find((w) => w.entry === 'a')).toMatchObject({ reason: 'disqualification' });
  });
  test('a disqualification after an earlier withdrawal still cancels the points', () => {
    const t = individual(['a', 'b', 'c', 'd'], ['a-b 1, c-d 1', 'a-c x, b-d =']);
    const s = standings(t, {
      format: 'swiss',
      withdrawals: [{ entry: 'a', afterRound: 2 }],
      sanctions: [{ kind: 'collusion', round: 2, player: 'a', disqualify: ['a'] }],
    });
    expect(s.rows.map((r) => r.entry)).not.toContain('a');
    expect(s.excluded).toContainEqual({ entry: 'a', reason: 'disqualified' });
  });
});

describe('time adjustments are recorded as data (二章4节, 二章8节13)', () => {
  test('false move-limit claim: a technical foul and 5 minutes off; knocked-over pieces: a foul and 2 minutes for the opponent', () => {
    const s = run([
      { kind: 'false_move_limit_claim', round: 1, player: 'a' },
      { kind: 'knocked_over_pieces', round: 1, player: 'b' },
      { kind: 'time_deduction', round: 1, player: 'b', minutes: 3, note: 'arbiter' },
    ]);
    expect(s.discipline.timeAdjustments).toEqual([
      { round: 1, player: 'a', minutes: -5, reason: 'false_move_limit_claim' },
      { round: 1, player: 'a', minutes: 2, reason: 'knocked_over_pieces' },
      { round: 1, player: 'b', minutes: -3, reason: 'time_deduction' },
    ]);
    expect(s.discipline.fouls).toEqual([
      { player: 'a', technical: 1, violations: 0 },
      { player: 'b', technical: 1, violations: 0 },
    ]);
    expect(scoreOf(s, 'a')).toBe(1);
  });
  test('two false claims in one game: two technical fouls, the game is lost', () => {
    const s = run([
      { kind: 'false_move_limit_claim', round: 1, player: 'a' },
      { kind: 'false_move_limit_claim', round: 1, player: 'a' },
    ]);
    expect(scoreOf(s, 'a')).toBe(0);
  });
});

describe('team events', () => {
  test('a board lost by sanction changes the match; fouls add up for the team (全队技术犯规)', () => {
    const t = team(['A', 'B'], ['A-B ddd']);
    const s = standings(t, {
      format: 'swiss',
      sanctions: [
        { kind: 'technical_foul', round: 1, player: 'B1' },
        { kind: 'technical_foul', round: 1, player: 'B1' },
        { kind: 'technical_foul', round: 1, player: 'B3' },
      ],
    });
    expect(s.teamMatches![0]).toMatchObject({ matchPoints: [2, 0], gamePoints: [4, 2] });
    expect(s.rows[1]).toMatchObject({ entry: 'B', values: { fouls: 3 } });
  });
  test('collusion on one board: that game is annulled, the other boards decide the match', () => {
    // Boards: A wins 1, draws 2, loses 3 (3–3); board 3 annulled → 3–1 for A.
    const t = team(['A', 'B'], ['A-B wdl']);
    const s = standings(t, { format: 'swiss', sanctions: [{ kind: 'collusion', round: 1, player: 'A3' }] });
    expect(s.teamMatches![0]).toMatchObject({ matchPoints: [2, 0], gamePoints: [3, 1] });
    expect(s.teamMatches![0].annulledGames).toEqual([{ board: 3, red: 'A3', black: 'B3', result: 'annulled', points: [0, 0] }]);
  });
  test('a removal by the ladder in a team event removes the player, not the team', () => {
    const t = team(['A', 'B'], ['A-B ddd', 'B-A ddd', 'A-B ddd']);
    const sanctions: Sanction[] = [1, 2, 3].map((round) => ({ kind: 'misconduct', round, player: 'A1', ...(round === 3 && { decision: 'removal' as const }) }));
    const s = standings(t, { format: 'swiss', sanctions });
    expect(s.rows.find((r) => r.entry === 'A')!.withdrawn).toBeUndefined();
    expect(s.notes.join('\n')).toMatch(/'A1' removed/);
    expect(s.teamMatches![2].gamePoints).toEqual([2, 4]);
  });
});

describe('sanction errors', () => {
  test('a player without a game in that round', () => {
    const s = computeStandings(drawn(), { sanctions: [{ kind: 'violation', round: 1, player: 'zz' }] });
    expect(!s.ok && s.error.code).toBe('unknown_player');
    expect(!s.ok && s.error.path).toBe('sanctions[0].player');
  });
  test('two games in the round need `game`', () => {
    const t = individual(['a', 'b'], ['a-b ==']);
    const s = computeStandings(t, { sanctions: [{ kind: 'device', round: 1, player: 'a' }] });
    expect(!s.ok && s.error.code).toBe('ambiguous_game');
    const ok = computeStandings({ ...t, options: { ...t.options, gamesPerPairing: 2 } }, { sanctions: [{ kind: 'device', round: 1, player: 'a', game: 2 }] });
    if (!ok.ok) throw ok.error;
    // a lost game 2 (a was Black): 小分 1–3, 大分 0–2.
    expect(ok.value.rows.map((r) => [r.entry, r.score])).toEqual([
      ['b', 2],
      ['a', 0],
    ]);
  });
});

describe('two games per board in a team pairing (二章5节4): `game` names the board, `leg` the game on it', () => {
  // A1 plays board 1 twice: leg 1 as Red, leg 2 (colours reversed, `leg: 2` as the server writes it) as Black.
  const t = () => team(['A', 'B'], ['A-B dd/dd/dd'], { gamesPerPairing: 2 });
  const foul = (leg?: number): Sanction => ({ kind: 'technical_foul', round: 1, player: 'A1', game: 1, ...(leg !== undefined && { leg }) });
  const boardOne = (s: Standings) => s.teamMatches![0].games.filter((g) => g.board === 1).map((g) => [g.red, g.black, g.result]);

  test('two technical fouls on leg 2 lose leg 2 (一章3节6), not leg 1', () => {
    const s = standings(t(), { format: 'swiss', sanctions: [foul(2), foul(2)] });
    expect(boardOne(s)).toEqual([
      ['A1', 'B1', 'draw'],
      ['B1', 'A1', 'red_win_penalty'],
    ]);
    expect(s.discipline.penalties).toEqual([{ round: 1, board: 1, leg: 2, red: 'B1', black: 'A1', result: 'red_win_penalty', reason: 'technical_fouls' }]);
    expect(s.discipline.fouls).toEqual([{ player: 'A1', technical: 2, violations: 0 }]);
  });

  test('leg 1 is named by `leg: 1`; a foul in each game does not add up to a loss', () => {
    const one = standings(t(), { format: 'swiss', sanctions: [foul(1), foul(1)] });
    expect(boardOne(one)).toEqual([
      ['A1', 'B1', 'black_win_penalty'],
      ['B1', 'A1', 'draw'],
    ]);
    const split = standings(t(), { format: 'swiss', sanctions: [foul(1), foul(2)] });
    expect(boardOne(split)).toEqual([
      ['A1', 'B1', 'draw'],
      ['B1', 'A1', 'draw'],
    ]);
    expect(split.discipline.fouls).toEqual([{ player: 'A1', technical: 2, violations: 0 }]);
  });

  test('`leg` without `game`: the player plays one board', () => {
    const s = standings(t(), { format: 'swiss', sanctions: [{ kind: 'device', round: 1, player: 'A1', leg: 2 }] });
    expect(boardOne(s)).toEqual([
      ['A1', 'B1', 'draw'],
      ['B1', 'A1', 'red_win_penalty'],
    ]);
  });

  test('without `leg` on a board with two games: ambiguous_game, give "leg" — never a silent leg 1', () => {
    for (const sanction of [foul(), { kind: 'device', round: 1, player: 'A1' } as Sanction]) {
      const s = computeStandings(t(), { sanctions: [sanction] });
      expect(!s.ok && s.error.code).toBe('ambiguous_game');
      expect(!s.ok && s.error.path).toBe('sanctions[0].leg');
      expect(!s.ok && s.error.message).toMatch(/2 games on board 1 in round 1.*give "leg"/);
    }
  });

  test('a file whose games on a board do not carry `leg`: ambiguous_game, even with `leg`', () => {
    const old = t();
    for (const p of old.rounds[0].pairings) for (const g of p.games) delete g.leg;
    const s = computeStandings(old, { sanctions: [foul(1)] });
    expect(!s.ok && s.error.code).toBe('ambiguous_game');
    expect(!s.ok && s.error.message).toMatch(/each game of the board its "leg"/);
  });

  test('a leg the board does not have', () => {
    const s = computeStandings(t(), { sanctions: [foul(3)] });
    expect(!s.ok && s.error).toMatchObject({ code: 'unknown_player', path: 'sanctions[0].leg' });
    expect(!s.ok && s.error.message).toMatch(/no game on board 1, leg 3 in round 1/);
  });

  test('one game per board: `leg` may be omitted, and `leg: 1` names the game', () => {
    const one = team(['A', 'B'], ['A-B ddd']);
    const sanctions = (leg?: number): Sanction[] =>
      [1, 2].map(() => ({ kind: 'technical_foul', round: 1, player: 'A2', game: 2, ...(leg !== undefined && { leg }) }));
    for (const leg of [undefined, 1])
      expect(standings(one, { format: 'swiss', sanctions: sanctions(leg) }).teamMatches![0].games[1].result).toBe('red_win_penalty');
  });
});

describe('misconduct away from the board', () => {
  test('climbs the ladder even in a round without a game of the player', () => {
    const t = individual(['a', 'b', 'c'], ['a-b =, c bye', 'a-c =, b bye', 'b-c =, a bye']);
    const sanctions: Sanction[] = [
      { kind: 'misconduct', round: 1, player: 'c' },
      { kind: 'misconduct', round: 2, player: 'c' },
      { kind: 'misconduct', round: 3, player: 'a' },
    ];
    const s = standings(t, { format: 'swiss', sanctions });
    expect(s.discipline.ladder.map((l) => [l.player, l.step])).toEqual([
      ['c', 'reminder'],
      ['c', 'warning'],
      ['a', 'reminder'],
    ]);
    const third = standings(t, {
      format: 'swiss',
      sanctions: [...sanctions, { kind: 'misconduct', round: 3, player: 'c' }, { kind: 'misconduct', round: 1, player: 'c' }],
    });
    // Round order: c's offences are R1, R1, R2, R3 → the third (R2) loses the R2 game a–c.
    expect(third.discipline.ladder.filter((l) => l.player === 'c').map((l) => [l.round, l.step])).toEqual([
      [1, 'reminder'],
      [1, 'warning'],
      [2, 'loss'],
      [3, 'loss'],
    ]);
    expect(scoreOf(third, 'a')).toBe(1 + 2 + 2); // drew b, won R2 by the ruling against c, bye
  });
  test('a violation by a player without a game is still an error', () => {
    const t = individual(['a', 'b', 'c'], ['a-b =, c bye']);
    const s = computeStandings(t, { sanctions: [{ kind: 'violation', round: 1, player: 'c' }] });
    expect(!s.ok && s.error.code).toBe('unknown_player');
  });
});
