import type { TournamentRoleName } from '../generated/prisma/client';

/** Who gives the start signal: the chief arbiter (二章7节1), the deputy with the chief's rights (三章3A), the organizer. */
export const START_SIGNALLERS: TournamentRoleName[] = ['organizer', 'chief_arbiter', 'deputy_chief_arbiter'];
