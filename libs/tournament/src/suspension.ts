/**
 * Suspension of play (三章4E): 在进行赛程中，因特殊原因而无法进行时，裁判长有权宣布暂停及安排恢复
 * 进行之时间与地点 — when play cannot go on, the chief arbiter declares it suspended and sets the
 * time and place it resumes. Pure rules; the server stores Round.suspendedAt / resumesAt /
 * resumeVenue and shows them on the public pages.
 *
 * Chuhe's choices where the article is silent (play/API.md "Suspension"):
 * - Only a published round that is not complete can be suspended (a draft is not being played, a
 *   complete round has nothing left to stop).
 * - The announcement can be changed while suspended (a new time or place: suspend again).
 * - The resumption is announced for a later moment than the declaration.
 * - Results entry stays open while a round is suspended: the games that ended before the
 *   suspension are recorded (their slips are signed, 二章8节6), and a suspended game is finished
 *   when play resumes; a result entered for it is the arbiter's statement that it ended.
 */
export type SuspensionRefusal = 'suspension.not_published' | 'suspension.complete' | 'suspension.resume_before_now' | 'suspension.not_suspended';

export interface SuspendableRound {
  state: 'draft' | 'published' | 'completed';
  suspendedAt: Date | null;
}

export type SuspensionDecision<T> = { ok: true; value: T } | { ok: false; code: SuspensionRefusal; field: string };

/** Declaring (or re-announcing) a suspension: the stored fields, or why not. */
export function suspendRound(
  round: SuspendableRound,
  now: Date,
  announcement: { resumesAt: Date; resumeVenue: string },
): SuspensionDecision<{ suspendedAt: Date; resumesAt: Date; resumeVenue: string }> {
  if (round.state === 'draft') return { ok: false, code: 'suspension.not_published', field: 'roundId' };
  if (round.state === 'completed') return { ok: false, code: 'suspension.complete', field: 'roundId' };
  if (announcement.resumesAt.getTime() <= now.getTime()) return { ok: false, code: 'suspension.resume_before_now', field: 'resumesAt' };
  // A new announcement keeps the moment play stopped.
  return { ok: true, value: { suspendedAt: round.suspendedAt ?? now, resumesAt: announcement.resumesAt, resumeVenue: announcement.resumeVenue.trim() } };
}

/** Resuming play: the suspension's fields cleared, or why not. */
export function resumeRound(round: SuspendableRound): SuspensionDecision<{ suspendedAt: null; resumesAt: null; resumeVenue: null }> {
  if (round.suspendedAt === null) return { ok: false, code: 'suspension.not_suspended', field: 'roundId' };
  return { ok: true, value: { suspendedAt: null, resumesAt: null, resumeVenue: null } };
}
