/**
 * The time control (对局时间, 二章2节) as data: Event.timeControl.
 *
 *   { baseMinutes, incrementSeconds?, movesInBase?, secondPeriod?, stages? }
 *
 * - 二章2节1 基本用时加秒制: baseMinutes + incrementSeconds per move (60′ + 30″).
 * - 二章2节2 限时限着制: movesInBase moves within baseMinutes (60′ for 25 moves), then a second
 *   period: once `afterMinutes` are used (two hours in the article's example; default the base
 *   time), every `minutes` (5) the player must make `moves` (10), "直至对局结束" — repeating.
 * - One clock per stage (附录3 #4 正赛 60′+30″, 快棋 15′+5″; 附录2 #4): `stages[i]` gives stage i
 *   (0-based, as Event.stages) its `slow` clock (the regular games; default the event's own) and
 *   its `rapid` clock (the rapid tie-break games, 二章6节1; default none set: the format's own).
 * The top level is the event's clock, so every stored {baseMinutes, incrementSeconds} stays valid.
 */
export interface Clock {
  baseMinutes: number;
  incrementSeconds?: number;
  movesInBase?: number;
  secondPeriod?: SecondPeriod;
}

/** 二章2节2: after `afterMinutes` used (default: the base time), `moves` moves in every `minutes`. */
export interface SecondPeriod {
  minutes: number;
  moves: number;
  afterMinutes?: number;
}

export interface StageClocks {
  slow?: Clock;
  rapid?: Clock;
}

export interface TimeControl extends Clock {
  stages?: (StageClocks | null)[];
}

export interface ClockProblem {
  field: string;
  reason: string;
  /** Stable code (the server words it in the page's language). */
  code: 'clock.stage_beyond' | 'clock.second_needs_moves' | 'clock.second_after_base';
  params?: Record<string, string | number>;
}

/**
 * What class-validator cannot say about a time control: the periods' relations, and the stages
 * against the event's stages. Empty when it is sound.
 */
export function timeControlProblems(tc: TimeControl, stageCount: number): ClockProblem[] {
  const out: ClockProblem[] = [];
  clockProblems(tc, 'timeControl', out);
  (tc.stages ?? []).forEach((s, i) => {
    if (i >= stageCount)
      out.push({
        field: `timeControl.stages.${i}`,
        reason: `the event has ${stageCount} stage(s)`,
        code: 'clock.stage_beyond',
        params: { count: stageCount },
      });
    if (s?.slow) clockProblems(s.slow, `timeControl.stages.${i}.slow`, out);
    if (s?.rapid) clockProblems(s.rapid, `timeControl.stages.${i}.rapid`, out);
  });
  return out;
}

function clockProblems(c: Clock, path: string, out: ClockProblem[]): void {
  const p = c.secondPeriod;
  if (!p) return;
  // 二章2节2: the second period follows a first period of so many moves in the base time.
  if (c.movesInBase === undefined)
    out.push({
      field: `${path}.secondPeriod`,
      reason: 'a second period (二章2节2 限时限着制) needs movesInBase, the moves of the first period',
      code: 'clock.second_needs_moves',
    });
  if (p.afterMinutes !== undefined && p.afterMinutes < c.baseMinutes)
    out.push({
      field: `${path}.secondPeriod.afterMinutes`,
      reason: 'the second period starts once the base time is used, or later',
      code: 'clock.second_after_base',
    });
}

/** The clock of a stage's regular (slow) games: the stage's own, else the event's. */
export function slowClockOf(tc: TimeControl, stageIndex: number): Clock {
  return tc.stages?.[stageIndex]?.slow ?? withoutStages(tc);
}

/** The clock of a stage's rapid tie-break games when the event sets one (二章6节1), else null. */
export function rapidClockOf(tc: TimeControl, stageIndex: number): Clock | null {
  return tc.stages?.[stageIndex]?.rapid ?? null;
}

function withoutStages(tc: TimeControl): Clock {
  const { stages: _stages, ...clock } = tc;
  return clock;
}

/** The words a clock is shown with, language-neutral: filled by the page's dictionary. */
export interface ClockParts {
  baseMinutes: number;
  incrementSeconds: number | null;
  movesInBase: number | null;
  secondPeriod: { minutes: number; moves: number; afterMinutes: number } | null;
}

export function clockParts(c: Clock): ClockParts {
  return {
    baseMinutes: c.baseMinutes,
    incrementSeconds: c.incrementSeconds ? c.incrementSeconds : null,
    movesInBase: c.movesInBase ?? null,
    secondPeriod: c.secondPeriod
      ? { minutes: c.secondPeriod.minutes, moves: c.secondPeriod.moves, afterMinutes: c.secondPeriod.afterMinutes ?? c.baseMinutes }
      : null,
  };
}

/**
 * Every clock an event announces, in order: the event's, then each stage that sets its own or a
 * rapid clock (stage index, kind). Stages that set nothing are left out (they play the event's).
 */
export function announcedClocks(tc: TimeControl): { stage: number | null; kind: 'slow' | 'rapid'; clock: Clock }[] {
  const out: { stage: number | null; kind: 'slow' | 'rapid'; clock: Clock }[] = [{ stage: null, kind: 'slow', clock: withoutStages(tc) }];
  (tc.stages ?? []).forEach((s, i) => {
    if (s?.slow) out.push({ stage: i, kind: 'slow', clock: s.slow });
    if (s?.rapid) out.push({ stage: i, kind: 'rapid', clock: s.rapid });
  });
  return out;
}
