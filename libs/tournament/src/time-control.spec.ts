import { announcedClocks, clockParts, rapidClockOf, slowClockOf, timeControlProblems, type TimeControl } from './time-control';

/** 附录3 #4: 正赛 60′+30″, 快棋 15′+5″ — here on a Swiss stage and the final's knockout. */
const SIX_PLUS_ONE: TimeControl = {
  baseMinutes: 60,
  incrementSeconds: 30,
  stages: [null, { slow: { baseMinutes: 60, incrementSeconds: 30 }, rapid: { baseMinutes: 15, incrementSeconds: 5 } }],
};

describe('time control (二章2节, 附录3 #4)', () => {
  it('a stored {baseMinutes, incrementSeconds} is the event’s clock for every stage', () => {
    const tc = { baseMinutes: 60, incrementSeconds: 30 };
    expect(slowClockOf(tc, 0)).toEqual(tc);
    expect(slowClockOf(tc, 3)).toEqual(tc);
    expect(rapidClockOf(tc, 0)).toBeNull();
    expect(timeControlProblems(tc, 1)).toEqual([]);
  });
  it('one clock per stage: a stage without its own plays the event’s; the rapid games their own', () => {
    expect(slowClockOf(SIX_PLUS_ONE, 0)).toEqual({ baseMinutes: 60, incrementSeconds: 30 });
    expect(rapidClockOf(SIX_PLUS_ONE, 1)).toEqual({ baseMinutes: 15, incrementSeconds: 5 });
    expect(rapidClockOf(SIX_PLUS_ONE, 0)).toBeNull();
    expect(announcedClocks(SIX_PLUS_ONE).map((c) => [c.stage, c.kind, c.clock.baseMinutes])).toEqual([
      [null, 'slow', 60],
      [1, 'slow', 60],
      [1, 'rapid', 15],
    ]);
  });
  it('二章2节2: 60′ for 25 moves, then after two hours 10 moves in every 5 minutes', () => {
    const tc: TimeControl = { baseMinutes: 60, movesInBase: 25, secondPeriod: { minutes: 5, moves: 10, afterMinutes: 120 } };
    expect(timeControlProblems(tc, 1)).toEqual([]);
    expect(clockParts(tc)).toEqual({ baseMinutes: 60, incrementSeconds: null, movesInBase: 25, secondPeriod: { minutes: 5, moves: 10, afterMinutes: 120 } });
    // Without afterMinutes the second period starts when the base time is used.
    expect(clockParts({ baseMinutes: 90, movesInBase: 40, secondPeriod: { minutes: 5, moves: 10 } }).secondPeriod?.afterMinutes).toBe(90);
  });
  it('refuses a second period without the first period’s moves, one starting before the base time ends, a clock for a stage the event lacks', () => {
    expect(timeControlProblems({ baseMinutes: 60, incrementSeconds: 30, secondPeriod: { minutes: 5, moves: 10 } }, 1)).toMatchObject([
      { field: 'timeControl.secondPeriod', reason: expect.stringMatching(/movesInBase/), code: 'clock.second_needs_moves' },
    ]);
    expect(timeControlProblems({ baseMinutes: 60, movesInBase: 25, secondPeriod: { minutes: 5, moves: 10, afterMinutes: 30 } }, 1)[0].field).toBe(
      'timeControl.secondPeriod.afterMinutes',
    );
    expect(timeControlProblems(SIX_PLUS_ONE, 1)).toMatchObject([
      { field: 'timeControl.stages.1', reason: 'the event has 1 stage(s)', code: 'clock.stage_beyond', params: { count: 1 } },
    ]);
    expect(
      timeControlProblems({ baseMinutes: 60, stages: [{ rapid: { baseMinutes: 15, secondPeriod: { minutes: 5, moves: 10 } } }] }, 1).map((p) => p.field),
    ).toEqual(['timeControl.stages.0.rapid.secondPeriod']);
  });
});
