import { eventConfigProblems } from './event-rules';

describe('eventConfigProblems', () => {
  it('accepts the formats of 二章1节3 with their parameters', () => {
    expect(eventConfigProblems({ kind: 'individual', stages: [{ type: 'swiss', rounds: 9 }] })).toEqual([]);
    expect(
      eventConfigProblems({
        kind: 'individual',
        stages: [
          { type: 'group_round_robin', groups: 4 },
          { type: 'knockout', qualifiers: 8 },
        ],
      }),
    ).toEqual([]);
    expect(eventConfigProblems({ kind: 'individual', stages: [{ type: 'championship_6_1' }] })).toEqual([]);
  });

  it('names missing and misplaced parameters', () => {
    expect(eventConfigProblems({ kind: 'team', stages: [{ type: 'swiss' }, { type: 'knockout', rounds: 3, groups: 2 }] })).toEqual([
      { field: 'stages.0.rounds', reason: 'a Swiss stage needs its number of rounds' },
      { field: 'stages.1.rounds', reason: 'only a Swiss stage has a number of rounds (this is knockout)' },
      { field: 'stages.1.groups', reason: 'only a group round-robin has groups' },
      { field: 'stages.1.qualifiers', reason: 'a knockout after another stage needs its number of qualifiers (e.g. 8)' },
      { field: 'stages.1.type', reason: 'a knockout stage is for individual events only (team knockouts are not supported)' },
    ]);
  });

  it('keeps the championship formats individual and whole (附录2, 附录3)', () => {
    expect(eventConfigProblems({ kind: 'team', stages: [{ type: 'championship_5_2' }] })).toEqual([
      { field: 'stages.0.type', reason: 'championship_5_2 is an individual format (附录2/附录3)' },
    ]);
    expect(eventConfigProblems({ kind: 'individual', stages: [{ type: 'swiss', rounds: 3 }, { type: 'championship_5_2' }] })).toEqual([
      { field: 'stages.1.type', reason: 'championship_5_2 is a whole format and cannot be combined with other stages' },
    ]);
  });

  it('stage chains (二章1节3): qualifiers only after the first stage, a multiple of the groups, nothing after a knockout; team events may play two games per board', () => {
    expect(
      eventConfigProblems({
        kind: 'individual',
        stages: [
          { type: 'swiss', rounds: 5 },
          { type: 'knockout', qualifiers: 8 },
        ],
      }),
    ).toEqual([]);
    expect(eventConfigProblems({ kind: 'individual', stages: [{ type: 'knockout', qualifiers: 8 }] }).map((p) => p.field)).toEqual(['stages.0.qualifiers']);
    expect(
      eventConfigProblems({
        kind: 'individual',
        stages: [
          { type: 'group_round_robin', groups: 3 },
          { type: 'knockout', qualifiers: 8 },
        ],
      }).map((p) => p.field),
    ).toEqual(['stages.1.qualifiers']);
    expect(eventConfigProblems({ kind: 'individual', stages: [{ type: 'knockout' }, { type: 'swiss', rounds: 3 }] }).map((p) => p.field)).toEqual([
      'stages.1.type',
    ]);
    // 二章5节4: two games per board in a team match are run (Game.leg).
    expect(eventConfigProblems({ kind: 'team', stages: [{ type: 'swiss', rounds: 5 }], gamesPerPairing: 2 })).toEqual([]);
    expect(eventConfigProblems({ kind: 'individual', stages: [{ type: 'swiss', rounds: 5 }], gamesPerPairing: 2 })).toEqual([]);
  });
});
