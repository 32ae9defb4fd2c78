/**
 * The appeals committee for one appeal (三章7): the tournament's appeals members, less those whose
 * affiliation is involved in the game (三章7D 避席), and how its vote decides (三章7C 表决).
 *
 * 三章7A 人数至少三人或以上，以单数为适合: at least three members sit — a requirement — and an odd
 * number is "preferable" (适合), not required. So an even panel (five members, one recused) still
 * hears the appeal (issue 22: it used to refuse every vote with 409 and the appeal was stuck).
 * Its tie — as many votes to uphold as to dismiss once every sitting member has voted — has one
 * rule, Chuhe's documented reading where the rules are silent (not an event setting: nobody has
 * to find it): the appeal is dismissed, because a review (复审, 三章7C) without a majority for
 * change leaves the arbiter's ruling in force (EVEN_PANEL_TIE_RULE; the hearing file shows it as
 * `tieRule` whenever the sitting panel is even).
 * Pure (no framework): the server's appeals module and anything else can call it.
 */
export const MIN_COMMITTEE = 3;

/** What a tie of an even panel does (see the file comment). */
export const EVEN_PANEL_TIE_RULE =
  'an even panel (三章7A 以单数为适合, after 三章7D recusals) still decides by a majority of its sitting members; a tie once all have voted dismisses the appeal: without a majority for change the arbiter’s ruling stands (三章7C)';

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
  /** The tie rule when the sitting panel is even (EVEN_PANEL_TIE_RULE), else null. */
  tieRule: string | null;
}

export function committeeFor(members: CommitteeMember[], involvedAffiliations: readonly string[]): Committee {
  const involved = new Set(involvedAffiliations);
  const recused = members.filter((m) => m.affiliationId !== null && involved.has(m.affiliationId));
  const sitting = members.filter((m) => !recused.includes(m));
  let problem: string | null = null;
  if (members.length === 0) problem = 'the event has no appeals committee: the chief arbiter’s ruling is final (三章4F)';
  else if (sitting.length < MIN_COMMITTEE)
    problem = `${sitting.length} member(s) can sit (${recused.length} recused, 三章7D): at least ${MIN_COMMITTEE} are needed (三章7A)`;
  const tieRule = problem === null && sitting.length % 2 === 0 ? EVEN_PANEL_TIE_RULE : null;
  return { members, recused, sitting, canDecide: problem === null, problem, majority: Math.floor(sitting.length / 2) + 1, tieRule };
}

export type VoteChoice = 'uphold' | 'dismiss';

export interface CommitteeDecision {
  choice: VoteChoice;
  result: string | null;
  tally: Record<VoteChoice, number>;
  /** Set when a tie of an even panel decided (the arbiter's ruling stands), with the article. */
  tie?: string;
}

/**
 * The decision once a choice has a majority of the sitting members — or, an even panel having all
 * voted and tied, the tie rule's (see the file comment) — else null.
 */
export function decisionOf(committee: Committee, votes: { userId: string; choice: VoteChoice; result?: string | null }[]): CommitteeDecision | null {
  const sitting = new Set(committee.sitting.map((m) => m.userId));
  const counted = votes.filter((v) => sitting.has(v.userId));
  const tally = { uphold: counted.filter((v) => v.choice === 'uphold').length, dismiss: counted.filter((v) => v.choice === 'dismiss').length };
  const choice: VoteChoice | null = tally.uphold >= committee.majority ? 'uphold' : tally.dismiss >= committee.majority ? 'dismiss' : null;
  if (!choice) {
    const allVoted = new Set(counted.map((v) => v.userId)).size === committee.sitting.length;
    if (allVoted && tally.uphold === tally.dismiss && committee.tieRule !== null) {
      return {
        choice: 'dismiss',
        result: null,
        tally,
        tie: `${tally.uphold}–${tally.dismiss} tie of an even panel (三章7A 以单数为适合 after 三章7D): no majority to change the ruling, which stands (三章7C)`,
      };
    }
    return null;
  }
  let result: string | null = null;
  if (choice === 'uphold') {
    const named = new Map<string, number>();
    for (const v of counted) if (v.choice === 'uphold' && v.result) named.set(v.result, (named.get(v.result) ?? 0) + 1);
    const best = [...named.entries()].sort((a, b) => b[1] - a[1]);
    if (best.length && (best.length === 1 || best[0][1] > best[1][1])) result = best[0][0];
  }
  return { choice, result, tally };
}

/**
 * 二章8节4 (申诉费 … 败诉则没收): the fee is forfeited when the appeal fails. Whether a tie of an even
 * panel — dismissed only because no majority wanted change (EVEN_PANEL_TIE_RULE) — is a failed
 * appeal is an open reading, an event setting (`appealTieFee`, Event.standingsOptions.readings):
 * - 'forfeited' (default, Chuhe's behaviour before the setting): the appeal was dismissed, so it
 *   failed (败诉) and the fee goes;
 * - 'refunded': nobody ruled against the appellant (no majority either way), so it was not lost.
 */
export const APPEAL_TIE_FEES = ['forfeited', 'refunded'] as const;
export type AppealTieFee = (typeof APPEAL_TIE_FEES)[number];

/** What becomes of the fee once the committee decided: refunded when upheld, forfeited when dismissed, a tie per the event's reading. */
export function appealFeeAfter(decision: Pick<CommitteeDecision, 'choice' | 'tie'>, tieFee: AppealTieFee = 'forfeited'): 'refunded' | 'forfeited' {
  if (decision.choice === 'uphold') return 'refunded';
  return decision.tie ? tieFee : 'forfeited';
}
