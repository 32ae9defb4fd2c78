import { lineupReleased } from './lineup';

/**
 * 附录1 #8: "各队须于每轮比赛开始前30分钟将排阵表交给裁判长 … 逾时则按照正选上阵" — the lineup
 * deadline and who may hand in a lineup when (issue 29 #1: the rule out of transaction code).
 * The server locks the match, asks here, and writes; the clock (`arrived`) is the caller's.
 */

/** The deadline: `minutes` before the round's scheduled start (附录1 #8: 30); none without a start time. */
export function lineupDeadline(scheduledAt: Date | null, minutes: number): Date | null {
  return scheduledAt ? new Date(scheduledAt.getTime() - minutes * 60_000) : null;
}

/** Whose lineup is stored for the team: none, the captain's, the chief arbiter's, or the starters the deadline put in. */
export type LineupSource = 'none' | 'captain' | 'arbiter' | 'default_starters';

export interface LineupSubmission {
  /** The team's captain, or the chief arbiter (for the team, with a reason). */
  by: 'captain' | 'arbiter';
  /** When the lineup reached the server: a lineup sent before the deadline counts by its arrival. */
  arrived: Date;
  deadline: Date | null;
  /** What the team has stored now. */
  existing: LineupSource;
  /** Both teams of the match have a lineup stored. */
  bothIn: boolean;
  /** The chief arbiter's reason (required for their lineup or correction). */
  reason?: string;
  /** A board of the match already has a result. */
  resultsEntered: boolean;
}

export type LineupRefusal =
  { refusal: 'deadline_passed'; deadline: Date } | { refusal: 'released' } | { refusal: 'reason_needed' } | { refusal: 'results_entered' };

export type LineupSubmissionPlan =
  | {
      ok: true;
      deadlinePassed: boolean;
      /** A captain's on-time lineup that arrived while the deadline put the starters in: it replaces them. */
      replacesDefault: boolean;
    }
  | ({ ok: false } & LineupRefusal);

export function lineupSubmissionPlan(s: LineupSubmission): LineupSubmissionPlan {
  const deadlinePassed = s.deadline !== null && s.deadline <= s.arrived;
  const captain = s.by === 'captain';
  const replacesDefault = captain && !deadlinePassed && s.existing === 'default_starters';
  // 附录1 #8 逾时: after the deadline only the chief arbiter may still correct a lineup.
  if (captain && deadlinePassed) return { ok: false, refusal: 'deadline_passed', deadline: s.deadline! };
  // Secrecy (附录1 #8): once both are in they are public — a captain cannot change theirs then.
  if (captain && lineupReleased({ bothIn: s.bothIn, deadlinePassed }) && !replacesDefault) return { ok: false, refusal: 'released' };
  if (!captain && !s.reason?.trim()) return { ok: false, refusal: 'reason_needed' };
  if (s.resultsEntered) return { ok: false, refusal: 'results_entered' };
  return { ok: true, deadlinePassed, replacesDefault };
}
