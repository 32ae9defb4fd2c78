import { lineupDeadline, lineupSubmissionPlan, type LineupSubmission } from './lineup-deadline';

const start = new Date('2026-11-29T09:00:00Z');
const deadline = lineupDeadline(start, 30)!;
const at = (hhmm: string) => new Date(`2026-11-29T${hhmm}:00Z`);
const submission = (over: Partial<LineupSubmission>): LineupSubmission => ({
  by: 'captain',
  arrived: at('08:00'),
  deadline,
  existing: 'none',
  bothIn: false,
  resultsEntered: false,
  ...over,
});

describe('附录1 #8 lineup deadline', () => {
  it('is 30 minutes (the event setting) before the scheduled start; none without a start', () => {
    expect(deadline.toISOString()).toBe('2026-11-29T08:30:00.000Z');
    expect(lineupDeadline(null, 30)).toBeNull();
  });

  it('a captain hands in before the deadline; at or after it only the chief arbiter, with a reason', () => {
    expect(lineupSubmissionPlan(submission({}))).toEqual({ ok: true, deadlinePassed: false, replacesDefault: false });
    expect(lineupSubmissionPlan(submission({ arrived: at('08:30') }))).toEqual({ ok: false, refusal: 'deadline_passed', deadline });
    expect(lineupSubmissionPlan(submission({ by: 'arbiter', arrived: at('08:45') }))).toEqual({ ok: false, refusal: 'reason_needed' });
    expect(lineupSubmissionPlan(submission({ by: 'arbiter', arrived: at('08:45'), reason: 'board order typo' }))).toEqual({
      ok: true,
      deadlinePassed: true,
      replacesDefault: false,
    });
  });

  it('secrecy: once both are in, a captain cannot change theirs; an on-time lineup replaces the starters the sweep put in', () => {
    expect(lineupSubmissionPlan(submission({ existing: 'captain', bothIn: true }))).toEqual({ ok: false, refusal: 'released' });
    expect(lineupSubmissionPlan(submission({ existing: 'default_starters', bothIn: true }))).toEqual({
      ok: true,
      deadlinePassed: false,
      replacesDefault: true,
    });
  });

  it('no lineup change once a board has a result', () => {
    expect(lineupSubmissionPlan(submission({ resultsEntered: true }))).toEqual({ ok: false, refusal: 'results_entered' });
  });
});
