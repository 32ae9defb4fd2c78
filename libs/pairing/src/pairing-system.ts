import { Round, Tournament } from '@chuhe/tournament';
import { Result } from '@chuhe/tournament';

/**
 * The plug-in interface every pairing system implements (STYLE.md: bbpPairings' `Info`, one
 * registry map). A system reads the tournament (entries, options, rounds so far) and proposes
 * the next round; it never parses files and never touches the database.
 */
export const PAIRING_SYSTEM_IDS = ['swiss-individual', 'swiss-team', 'round-robin', 'championship-5-2', 'championship-6-1', 'stage-chain'] as const;
export type PairingSystemId = (typeof PAIRING_SYSTEM_IDS)[number];

export interface PairingRequest {
  tournament: Tournament;
  /** The round to pair; default the one after the last round in the tournament. */
  round?: number;
}

export const PAIRING_WARNING_CODES = ['colour_difference', 'three_same_colour'] as const;
export type PairingWarningCode = (typeof PAIRING_WARNING_CODES)[number];

/** Something the pairing had to accept although the rules prefer otherwise (not an error). */
export interface PairingWarning {
  code: PairingWarningCode;
  entries: string[];
  message: string;
}

/** A proposed round: the model's Round (pairings with games to be played, byes) plus warnings. */
export interface RoundPairing extends Round {
  warnings: PairingWarning[];
}

export const PAIRING_ERROR_CODES = [
  'previous_round_unfinished', // results missing: scores for score groups are unknown
  'round_out_of_order', // only the next round can be paired
  'no_bye_candidate', // odd field and every active entry already had a bye
  'no_valid_pairing', // the absolute rules (no rematch, forbidden pairs) leave entries unpaired
  'unsupported', // the tournament is not one this system pairs
] as const;
export type PairingErrorCode = (typeof PAIRING_ERROR_CODES)[number];

export class PairingError extends Error {
  constructor(
    readonly code: PairingErrorCode,
    message: string,
    /** The entries concerned, e.g. those who cannot be paired. */
    readonly entries: string[] = [],
  ) {
    super(message);
    this.name = 'PairingError';
  }
}

export interface PairingSystem {
  id: PairingSystemId;
  /** One line for humans (CLI help, server UI). */
  summary: string;
  pair(request: PairingRequest): Result<RoundPairing, PairingError>;
}
