import type { Tournament } from '@chuhe/tournament';
import { EVENT_STAGE_TYPES, eventFormatProblems, formatOptions, stageRoundCount } from './event-format';
import { readStages } from './stage-chain';

describe('eventFormatProblems', () => {
  it('accepts the formats of 二章1节3 with their parameters', () => {
    expect(eventFormatProblems({ kind: 'individual', stages: [{ type: 'swiss', rounds: 9 }] })).toEqual([]);
    expect(
      eventFormatProblems({
        kind: 'individual',
        stages: [
          { type: 'group_round_robin', groups: 4 },
          { type: 'knockout', qualifiers: 8 },
        ],
      }),
    ).toEqual([]);
    expect(eventFormatProblems({ kind: 'individual', stages: [{ type: 'championship_6_1' }] })).toEqual([]);
  });

  it('names missing and misplaced parameters', () => {
    expect(eventFormatProblems({ kind: 'team', stages: [{ type: 'swiss' }, { type: 'knockout', rounds: 3, groups: 2 }] })).toMatchObject([
      { field: 'stages.0.rounds', reason: 'a Swiss stage needs its number of rounds' },
      { field: 'stages.1.rounds', reason: 'only a Swiss stage has a number of rounds (this is knockout)' },
      { field: 'stages.1.groups', reason: 'only a group round-robin has groups' },
      { field: 'stages.1.qualifiers', reason: 'a knockout after another stage needs its number of qualifiers (e.g. 8)' },
    ]);
  });

  it('keeps the championship formats individual and whole (附录2, 附录3)', () => {
    expect(eventFormatProblems({ kind: 'team', stages: [{ type: 'championship_5_2' }] })).toMatchObject([
      { field: 'stages.0.type', reason: 'championship_5_2 is an individual format (附录2/附录3)' },
    ]);
    expect(eventFormatProblems({ kind: 'individual', stages: [{ type: 'swiss', rounds: 3 }, { type: 'championship_5_2' }] })).toMatchObject([
      { field: 'stages.1.type', reason: 'championship_5_2 is a whole format and cannot be combined with other stages' },
    ]);
  });

  it('stage chains (二章1节3): qualifiers only after the first stage, a multiple of the groups, nothing after a knockout; team events may play two games per board', () => {
    expect(
      eventFormatProblems({
        kind: 'individual',
        stages: [
          { type: 'swiss', rounds: 5 },
          { type: 'knockout', qualifiers: 8 },
        ],
      }),
    ).toEqual([]);
    expect(eventFormatProblems({ kind: 'individual', stages: [{ type: 'knockout', qualifiers: 8 }] }).map((p) => p.field)).toEqual(['stages.0.qualifiers']);
    expect(
      eventFormatProblems({
        kind: 'individual',
        stages: [
          { type: 'group_round_robin', groups: 3 },
          { type: 'knockout', qualifiers: 8 },
        ],
      }).map((p) => p.field),
    ).toEqual(['stages.1.qualifiers']);
    expect(eventFormatProblems({ kind: 'individual', stages: [{ type: 'knockout' }, { type: 'swiss', rounds: 3 }] }).map((p) => p.field)).toEqual([
      'stages.1.type',
    ]);
    // 二章5节4: two games per board in a team match are run (Game.leg).
    expect(eventFormatProblems({ kind: 'team', stages: [{ type: 'swiss', rounds: 5 }], gamesPerPairing: 2 })).toEqual([]);
    expect(eventFormatProblems({ kind: 'individual', stages: [{ type: 'swiss', rounds: 5 }], gamesPerPairing: 2 })).toEqual([]);
  });
});

describe('the format stated once (issue 22: the server restated it)', () => {
  const chain = (stages: unknown[], eventKind: 'individual' | 'team' = 'individual') =>
    readStages({ name: 'T', entries: [], rounds: [], options: { pairingSystem: 'stage-chain', eventKind, stages } } as unknown as Tournament);

  it('the stage chain refuses exactly what the API refuses, with the same reason', () => {
    const team = chain(
      [
        { type: 'swiss', rounds: 3 },
        { type: 'knockout', qualifiers: 4 },
      ],
      'team',
    );
    // 二章6节1: a team knockout is the organizer's choice (team-knockout-match.ts), no longer refused.
    expect(team.ok).toBe(true);
    const teamChampionship = chain([{ type: 'championship_5_2' }], 'team');
    expect(teamChampionship.ok).toBe(false);
    // A number of rounds on a knockout: the API said no, the chain used to ignore it.
    const rounds = chain([{ type: 'knockout', rounds: 3 }]);
    expect(rounds.ok).toBe(false);
    if (!rounds.ok) expect(rounds.error.message).toBe('options.stages[0].rounds: only a Swiss stage has a number of rounds (this is knockout)');
    expect(
      chain([
        { type: 'swiss', rounds: 4 },
        { type: 'knockout', qualifiers: 8 },
      ]).ok,
    ).toBe(true);
  });

  it('names an unknown stage type', () => {
    expect(eventFormatProblems({ kind: 'individual', stages: [{ type: 'ladder' }] })).toMatchObject([
      { field: 'stages.0.type', reason: `must be one of ${EVENT_STAGE_TYPES.join(', ')}` },
    ]);
  });

  it('rounds of a one-stage format (附录6, 附录2, 附录3); the chain plans the others', () => {
    expect(stageRoundCount({ type: 'swiss', rounds: 9 }, 40)).toBe(9);
    expect(stageRoundCount({ type: 'round_robin' }, 6)).toBe(5);
    expect(stageRoundCount({ type: 'round_robin' }, 7)).toBe(7);
    expect(stageRoundCount({ type: 'double_round_robin' }, 6)).toBe(10);
    expect(stageRoundCount({ type: 'championship_5_2' }, 30)).toBe(7);
    expect(stageRoundCount({ type: 'championship_6_1' }, 30)).toBe(7);
    expect(stageRoundCount({ type: 'knockout' }, 8)).toBeNull();
    expect(stageRoundCount({ type: 'group_round_robin', groups: 2 }, 8)).toBeNull();
  });

  it('the pairing system each format runs on', () => {
    expect(formatOptions('team', [{ type: 'swiss', rounds: 7 }])).toEqual({ pairingSystem: 'swiss-team', totalRounds: 7 });
    expect(formatOptions('individual', [{ type: 'double_round_robin' }])).toEqual({ pairingSystem: 'round-robin', roundRobinCycles: 2 });
    expect(formatOptions('individual', [{ type: 'championship_6_1' }])).toEqual({ pairingSystem: 'championship-6-1' });
    expect(formatOptions('individual', [{ type: 'knockout' }])).toEqual({ pairingSystem: 'stage-chain', stages: [{ type: 'knockout' }] });
  });
});
