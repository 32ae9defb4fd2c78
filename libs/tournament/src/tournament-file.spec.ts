import { parseTournament, parseTournamentText, formatTournamentFileErrors } from './tournament-file';

const base = {
  name: 'demo',
  options: { scoring: '2-1-0', sameAffiliation: 'round1', forbiddenPairs: [['a', 'c']], colourLotSeed: 'lot-1' },
  entries: [
    { id: 'a', drawNumber: 1, rating: 2400, affiliation: 'HK' },
    { id: 'b', drawNumber: 2, affiliation: 'HK' },
    { id: 'c', drawNumber: 3, withdrawn: true },
  ],
  rounds: [{ round: 1, games: [{ red: 'a', black: 'b', result: 'draw' }], byes: ['c'] }],
};

describe('parseTournament', () => {
  it('normalizes the games shorthand into pairings and fills option defaults', () => {
    const r = parseTournament(base);
    if (!r.ok) throw new Error(formatTournamentFileErrors(r.error));
    const t = r.value;
    expect(t.options).toMatchObject({ eventKind: 'individual', scoring: '2-1-0', gamesPerPairing: 1, boards: 3, colourLotSeed: 'lot-1' });
    expect(t.rounds).toEqual([{ round: 1, pairings: [{ red: 'a', black: 'b', games: [{ red: 'a', black: 'b', result: 'draw' }] }], byes: ['c'] }]);
    expect(t.entries[2].withdrawnAfterRound).toBe(1);
    expect(t.entries[0].withdrawnAfterRound).toBeUndefined();
  });

  it('accepts players as a synonym of entries and explicit pairings', () => {
    const r = parseTournament({
      options: { gamesPerPairing: 2 },
      players: [
        { id: 'x', drawNumber: 1 },
        { id: 'y', drawNumber: 2 },
      ],
      rounds: [
        {
          pairings: [
            {
              red: 'x',
              black: 'y',
              games: [
                { red: 'x', black: 'y', result: 'red_win' },
                { red: 'y', black: 'x', result: null },
              ],
            },
          ],
        },
      ],
    });
    expect(r.ok && r.value.rounds[0].pairings[0].games[1].result).toBeNull();
  });

  it.each([
    [{ ...base, entries: [...base.entries, { id: 'a', drawNumber: 9 }] }, '$.entries[3].id', 'duplicate'],
    [{ ...base, entries: [...base.entries, { id: 'd', drawNumber: 2 }] }, '$.entries[3].drawNumber', 'duplicate'],
    [{ ...base, entries: [...base.entries, { id: 'd' }] }, '$.entries[3].drawNumber', 'missing'],
    [{ ...base, entries: [...base.entries, { id: 'd', drawNumber: 4, ratng: 3 }] }, '$.entries[3].ratng', 'unknown_field'],
    [{ ...base, rounds: [{ games: [{ red: 'a', black: 'zz', result: 'draw' }] }] }, '$.rounds[0].games[0].black', 'unknown_entry'],
    [{ ...base, rounds: [{ games: [{ red: 'a', black: 'b', result: 'won' }] }] }, '$.rounds[0].games[0].result', 'invalid_value'],
    [{ ...base, rounds: [{ games: [{ red: 'a', black: 'b', result: 'draw' }], byes: ['a'] }] }, '$.rounds[0].byes[0]', 'entry_twice_in_round'],
    [{ ...base, rounds: [{ round: 2, games: [] }] }, '$.rounds[0].round', 'round_number'],
    [{ ...base, options: { scoring: '3-1-0' } }, '$.options.scoring', 'invalid_value'],
    [{ ...base, options: { forbiddenPairs: [['a', 'nobody']] } }, '$.options.forbiddenPairs[0][1]', 'unknown_entry'],
    [{ ...base, rounds: [{ games: [{ red: 'a', black: 'b' }] }] }, '$.rounds[0].games[0].result', 'missing'],
  ])('reports %#: path and code', (json, path, code) => {
    const r = parseTournament(json);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toEqual(expect.arrayContaining([expect.objectContaining({ path, code })]));
  });

  it('rejects the games shorthand in team events', () => {
    const r = parseTournament({ ...base, options: { eventKind: 'team' } });
    expect(!r.ok && r.error.map((e) => e.path)).toEqual(['$.rounds[0].games']);
  });

  it('checks team board games belong to the two teams', () => {
    const json = {
      options: { eventKind: 'team', boards: 1 },
      entries: [
        { id: 'T1', drawNumber: 1, members: [{ id: 't1a', board: 1 }] },
        { id: 'T2', drawNumber: 2, members: [{ id: 't2a', board: 1 }] },
        { id: 'T3', drawNumber: 3, members: [{ id: 't3a', board: 1 }] },
      ],
      rounds: [{ pairings: [{ red: 'T1', black: 'T2', games: [{ red: 't1a', black: 't3a', result: 'draw', board: 1 }] }], byes: ['T3'] }],
    };
    const r = parseTournament(json);
    expect(!r.ok && r.error[0]).toMatchObject({ path: '$.rounds[0].pairings[0].games[0]', code: 'game_players' });
  });

  describe('leg: the game within a board when a team pairing plays two games per board (二章5节4)', () => {
    const teamFile = (games: unknown[]) => ({
      options: { eventKind: 'team', boards: 1, gamesPerPairing: 2 },
      entries: [
        { id: 'T1', drawNumber: 1, members: [{ id: 't1a', board: 1 }] },
        { id: 'T2', drawNumber: 2, members: [{ id: 't2a', board: 1 }] },
      ],
      rounds: [{ pairings: [{ red: 'T1', black: 'T2', games }] }],
    });
    it('is read and kept on the game; absent means leg 1 and stays absent', () => {
      const r = parseTournament(
        teamFile([
          { red: 't1a', black: 't2a', result: 'draw', board: 1 },
          { red: 't2a', black: 't1a', result: 'red_win', board: 1, leg: 2 },
        ]),
      );
      if (!r.ok) throw new Error(formatTournamentFileErrors(r.error));
      expect(r.value.rounds[0].pairings[0].games).toEqual([
        { red: 't1a', black: 't2a', result: 'draw', board: 1 },
        { red: 't2a', black: 't1a', result: 'red_win', board: 1, leg: 2 },
      ]);
    });
    it.each([0, -1, 1.5, '2', null])('a leg of %p is refused like a bad board', (leg) => {
      const r = parseTournament(teamFile([{ red: 't1a', black: 't2a', result: 'draw', board: 1, leg }]));
      expect(!r.ok && r.error).toEqual([expect.objectContaining({ path: '$.rounds[0].pairings[0].games[0].leg' })]);
    });
  });

  it('reports bad JSON text and non-objects at $', () => {
    const r = parseTournamentText('{"entries": [');
    expect(!r.ok && r.error[0].path).toBe('$');
    expect(parseTournament([]).ok).toBe(false);
  });
});

describe('tournament.schema.json', () => {
  const schema = require('../tournament.schema.json');

  const model = require('./model');
  it('lists the same vocabulary as the model', () => {
    expect(schema.$defs.result.enum.filter((x: unknown) => x !== null)).toEqual([...model.GAME_RESULTS]);
    expect(schema.$defs.game.properties.penaltyReason.enum).toEqual([...model.PENALTY_REASONS]);
    expect(schema.$defs.options.properties.scoring.enum).toEqual([...model.SCORING_SYSTEMS]);
    expect(schema.$defs.options.properties.round1Pairing.enum).toEqual([...model.ROUND1_PAIRINGS]);
    expect(schema.$defs.options.properties.sameAffiliation.enum).toEqual([...model.SAME_AFFILIATION_RULES]);
    expect(schema.$defs.options.properties.teamFarPairing.enum).toEqual([...model.TEAM_FAR_PAIRINGS]);
  });
});
