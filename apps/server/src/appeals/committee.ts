/**
 * The appeals committee for one appeal (三章7): the tournament's appeals members, less those whose
 * affiliation is involved in the game (三章7D 避席). It decides only with at least three members
 * and an odd number (三章7A: 人数至少三人或以上，以单数为适合) — read as a requirement on the members
 * who sit (after recusal), checked when the hearing starts and at every vote. Pure.
 */
export const MIN_COMMITTEE = 3;

export interface CommitteeMember {
  userId: string;
  displayName: string;
  affiliationId: string | null;
}

export interface Committee {
  members: CommitteeMember[];
  recused: CommitteeMember[];
  sitting: CommitteeMember[];
  canDecide: boolean;
  /** Why it cannot decide (English, with the article). */
  problem: string | null;
  /** Votes one choice needs: a majority of the sitting members. */
  majority: number;
}

export function committeeFor(members: CommitteeMember[], involvedAffiliations: readonly string[]): Committee {
  const involved = new Set(involvedAffiliations);
  const recused = members.filter((m) => m.affiliationId !== null && involved.has(m.affiliationId));
  const sitting = members.filter((m) => !recused.includes(m));
  let problem: string | null = null;
  if (members.length === 0) problem = 'the event has no appeals committee: the chief arbiter’s ruling is final (三章4F)';
  else if (sitting.length < MIN_COMMITTEE) problem = `${sitting.length} member(s) can sit (${recused.length} recused, 三章7D): at least ${MIN_COMMITTEE} are needed (三章7A)`;
  else if (sitting.length % 2 === 0) problem = `${sitting.length} members can sit (${recused.length} recused, 三章7D): the committee must be an odd number (三章7A)`;
  return { members, recused, sitting, canDecide: problem === null, problem, majority: Math.floor(sitting.length / 2) + 1 };
}

export type VoteChoice = 'uphold' | 'dismiss';

/** The decision once a choice has a majority of the sitting members, else null. */
export function decisionOf(committee: Committee, votes: { userId: string; choice: VoteChoice; result?: string | null }[]): { choice: VoteChoice; result: string | null; tally: Record<VoteChoice, number> } | null {
  const sitting = new Set(committee.sitting.map((m) => m.userId));
  const counted = votes.filter((v) => sitting.has(v.userId));
  const tally = { uphold: counted.filter((v) => v.choice === 'uphold').length, dismiss: counted.filter((v) => v.choice === 'dismiss').length };
  const choice: VoteChoice | null = tally.uphold >= committee.majority ? 'uphold' : tally.dismiss >= committee.majority ? 'dismiss' : null;
  if (!choice) return null;
  let result: string | null = null;
  if (choice === 'uphold') {
    const named = new Map<string, number>();
    for (const v of counted) if (v.choice === 'uphold' && v.result) named.set(v.result, (named.get(v.result) ?? 0) + 1);
    const best = [...named.entries()].sort((a, b) => b[1] - a[1]);
    if (best.length && (best.length === 1 || best[0][1] > best[1][1])) result = best[0][0];
  }
  return { choice, result, tally };
}
