import { parseStandingsFile, parseStandingsText } from './standings-input';
import { computeStandings } from './standings';

const base = {
  entries: [
    { id: 'a', drawNumber: 1 },
    { id: 'b', drawNumber: 2 },
    { id: 'c', drawNumber: 3 },
  ],
  rounds: [{ games: [{ red: 'a', black: 'b', result: 'draw' }], byes: ['c'] }],
};

describe('parseStandingsFile', () => {
  test('a plain tournament file has no extras', () => {
    const r = parseStandingsFile(base);
    expect(r.ok && r.value.options).toEqual({});
    expect(r.ok && r.value.tournament.entries.map((e) => e.id)).toEqual(['a', 'b', 'c']);
  });

  test('standings, sanctions and withdrawals are read', () => {
    const r = parseStandingsFile({
      ...base,
      standings: {
        format: 'round-robin',
        chain: ['opponentScore', 'wins'],
        counting: { byeInOpponentCriteria: 'own_score', forfeitWinsAreWins: false, strongOpponent: 'best_opponent' },
        lot: { order: ['b', 'a'] },
        roundRobinCycles: 2,
        byeGamePoints: 1,
        reserveBoards: { A4: 2 },
      },
      sanctions: [
        { kind: 'technical_foul', round: 1, player: 'a', note: 'touched a piece' },
        { kind: 'misconduct', round: 1, player: 'b', decision: 'removal' },
        { kind: 'collusion', round: 1, player: 'a', disqualify: ['a'] },
        { kind: 'adjournment_no_show', round: 1, player: 'b', minutesLate: 20 },
        { kind: 'time_deduction', round: 1, player: 'b', minutes: 5 },
        { kind: 'unrecorded_moves', round: 1, player: 'a', count: 16, game: 1 },
        { kind: 'violation', round: 1, player: 'b', game: 1, leg: 2 },
      ],
      withdrawals: [{ entry: 'c', afterRound: 1, reason: 'withdrawal' }],
    });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    const o = r.value.options;
    expect(o.format).toBe('round-robin');
    expect(o.chain).toEqual(['opponentScore', 'wins']);
    expect(o.counting).toEqual({ byeInOpponentCriteria: 'own_score', forfeitWinsAreWins: false, strongOpponent: 'best_opponent' });
    expect(o.lot).toEqual({ order: ['b', 'a'] });
    expect(o.roundRobinCycles).toBe(2);
    expect(o.byeGamePoints).toBe(1);
    expect(o.reserveBoards).toEqual({ A4: 2 });
    expect(o.sanctions).toHaveLength(7);
    expect(o.sanctions![1]).toEqual({ kind: 'misconduct', round: 1, player: 'b', decision: 'removal' });
    expect(o.sanctions![5]).toEqual({ kind: 'unrecorded_moves', round: 1, player: 'a', count: 16, game: 1 });
    // 二章5节4: the second game on board 1 of a team pairing with two games per board.
    expect(o.sanctions![6]).toEqual({ kind: 'violation', round: 1, player: 'b', game: 1, leg: 2 });
    expect(o.withdrawals).toEqual([{ entry: 'c', afterRound: 1, reason: 'withdrawal' }]);
  });

  test('every problem is reported with its path, together with the tournament file’s own', () => {
    const r = parseStandingsFile({
      ...base,
      entries: [{ id: 'a' }, ...base.entries.slice(1)],
      standings: { format: 'knockout', chain: 'fide', counting: { byeIsWin: 'yes' }, extra: 1 },
      sanctions: [
        { kind: 'slap', round: 0 },
        'x',
        { kind: 'violation', round: 1, player: 'a', game: 1, leg: 0 },
        { kind: 'violation', round: 1, player: 'a', leg: 'two' },
      ],
      withdrawals: [{ entry: 'c' }],
    });
    expect(r.ok).toBe(false);
    const paths = !r.ok ? r.error.map((e) => e.path) : [];
    expect(paths).toEqual(
      expect.arrayContaining([
        '$.entries[0].drawNumber',
        '$.standings.format',
        '$.standings.chain',
        '$.standings.counting.byeIsWin',
        '$.standings.extra',
        '$.sanctions[0].kind',
        '$.sanctions[0].round',
        '$.sanctions[0].player',
        '$.sanctions[1]',
        '$.sanctions[2].leg',
        '$.sanctions[3].leg',
        '$.withdrawals[0].afterRound',
      ]),
    );
  });

  test('a chain with an unknown criterion', () => {
    const r = parseStandingsFile({ ...base, standings: { chain: ['score', 'elo'] } });
    expect(!r.ok && r.error[0]).toMatchObject({ path: '$.standings.chain[1]', code: 'invalid_value' });
  });

  test('text: JSON syntax errors are reported at $', () => {
    const r = parseStandingsText('{"entries": [');
    expect(!r.ok && r.error[0].path).toBe('$');
  });

  test('a parsed file goes straight into computeStandings', () => {
    const r = parseStandingsFile({ ...base, standings: { format: 'swiss' }, withdrawals: [{ entry: 'c', afterRound: 1 }] });
    if (!r.ok) throw new Error('parse');
    const s = computeStandings(r.value.tournament, r.value.options);
    expect(s.ok && s.value.rows.map((row) => [row.entry, row.score])).toEqual([
      ['c', 2],
      ['b', 1],
      ['a', 1],
    ]);
  });
});
