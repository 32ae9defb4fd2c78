import { ChainId, CRITERION_IDS, DEFAULT_CHAINS, defaultChainId } from '@chuhe/standings';
import type { EventStageType } from '@chuhe/pairing';

/**
 * The tie-break chain an event starts with when the organizer names none: the one the rules
 * prescribe for its kind and format (二章6节2–5); the championship formats use their own
 * appendix's chain (附录2 #10, 附录3 #5). Stored as criterion ids (libs/standings CRITERION_IDS).
 */
export function defaultChainFor(kind: 'individual' | 'team', stages: { type: EventStageType }[]): ChainId {
  const first = stages[0]?.type;
  if (first === 'championship_5_2') return 'axf-appendix-2';
  if (first === 'championship_6_1') return 'axf-appendix-3';
  const roundRobin = first === 'round_robin' || first === 'double_round_robin' || first === 'group_round_robin';
  return defaultChainId(kind, roundRobin ? 'round-robin' : 'swiss');
}

export function defaultTieBreaks(kind: 'individual' | 'team', stages: { type: EventStageType }[]): string[] {
  return DEFAULT_CHAINS[defaultChainFor(kind, stages)].map((step) => step.criterion);
}

export const TIE_BREAK_CRITERIA: readonly string[] = CRITERION_IDS;

/** The catalogue the API shows: every criterion and every chain the rules list. */
export function tieBreakCatalogue() {
  return { criteria: CRITERION_IDS, chains: DEFAULT_CHAINS };
}
