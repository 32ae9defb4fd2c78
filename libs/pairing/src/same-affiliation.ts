import type { SameAffiliationRule, Tournament } from '@chuhe/tournament';

/**
 * Whether entries of one affiliation may meet: options.sameAffiliation when set, else the format's
 * own rule — the 6+1 championship's 附录3 #3 "特设第一轮同单位的赛员不相遇" ('round1'); no rule
 * elsewhere ('allowed'). An organizer who wants 6+1 without it sets 'allowed' (issue 22: the rule
 * was off unless asked for, and a 6+1 event paired one affiliation against itself in round 1).
 */
export function sameAffiliationRule(options: Tournament['options']): SameAffiliationRule {
  if (options.sameAffiliation !== undefined) return options.sameAffiliation;
  return options.pairingSystem === 'championship-6-1' ? 'round1' : 'allowed';
}

/** Does the rule keep two entries of one affiliation apart in `round`? */
export function affiliationBlocks(rule: SameAffiliationRule, round: number): boolean {
  return rule === 'event' || (rule === 'round1' && round === 1);
}
