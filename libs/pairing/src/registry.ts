import { Tournament } from '@chuhe/tournament';
import { championshipFivePlusTwo, championshipSixPlusOne } from './championship-system';
import { PAIRING_SYSTEM_IDS, PairingSystem, PairingSystemId } from './pairing-system';
import { roundRobinSystem } from './round-robin-rounds';
import { stageChainSystem } from './stage-chain';
import { swissIndividual } from './swiss/swiss-individual';
import { swissTeam } from './swiss/swiss-team';

/** Every pairing system, by id (STYLE.md: one registry map; bbpPairings' getInfo). */
export const PAIRING_SYSTEMS: Record<PairingSystemId, PairingSystem> = {
  'swiss-individual': swissIndividual,
  'swiss-team': swissTeam,
  'round-robin': roundRobinSystem,
  'championship-5-2': championshipFivePlusTwo,
  'championship-6-1': championshipSixPlusOne,
  'stage-chain': stageChainSystem,
};

export function isPairingSystemId(id: string): id is PairingSystemId {
  return (PAIRING_SYSTEM_IDS as readonly string[]).includes(id);
}

/** The system a tournament asks for: options.pairingSystem, else by event kind. Undefined for an unknown id. */
export function pairingSystemFor(tournament: Tournament): PairingSystem | undefined {
  const id = tournament.options.pairingSystem ?? (tournament.options.eventKind === 'team' ? 'swiss-team' : 'swiss-individual');
  return isPairingSystemId(id) ? PAIRING_SYSTEMS[id] : undefined;
}
