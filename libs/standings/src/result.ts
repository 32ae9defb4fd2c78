import { ok, type Result } from '@chuhe/tournament';
/** Expected failures of the standings library: a string code for programs, a message for people. */
export const STANDINGS_ERROR_CODES = [
  'invalid_input', // the tournament file or its standings extras are malformed
  'unknown_entry', // a pairing, sanction, withdrawal or lot names an entry that does not exist
  'unknown_player', // a sanction names a player who has no game in that round
  'unknown_criterion', // a chain names a criterion that does not exist
  'unknown_chain', // a default chain id that does not exist
  'chain_locked', // the tie-break chain changed after round 1 was published
  'paired_after_withdrawal_before_start', // 二章7节2: withdrawn before round 1 but still paired
  'ambiguous_game', // a sanction matches several games (give `game`, and `leg` on a board with two games, 二章5节4)
] as const;
export type StandingsErrorCode = (typeof STANDINGS_ERROR_CODES)[number];

export class StandingsError extends Error {
  constructor(
    readonly code: StandingsErrorCode,
    message: string,
    /** JSON path of the offending input, when there is one (e.g. `sanctions[3].round`). */
    readonly path?: string,
  ) {
    super(message);
    this.name = 'StandingsError';
  }
}

/** A standings Result: the libraries' one Result type (libs/xiangqi result.ts) failing with a StandingsError. */
export type StandingsResult<T> = Result<T, StandingsError>;

export { ok };

export function fail(code: StandingsErrorCode, message: string, path?: string): { ok: false; error: StandingsError } {
  return { ok: false, error: new StandingsError(code, message, path) };
}
