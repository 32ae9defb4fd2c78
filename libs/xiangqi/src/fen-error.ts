/**
 * Why a FEN (or a position set up from one) is refused. Its own module so that setup.ts, which
 * validates positions, does not import fen.ts, which builds them (chessops keeps the two apart).
 */
export const FEN_ERROR_CODES = [
  'empty',
  'bad_fields',
  'wrong_rank_count',
  'wrong_file_count',
  'unknown_letter',
  'bad_turn',
  'bad_counter',
  'no_king',
  'two_kings',
  'king_outside_palace',
  'advisor_unreachable',
  'elephant_unreachable',
  'pawn_unreachable',
  'too_many_pieces',
  'kings_facing',
  'opponent_in_check',
  'bad_board',
] as const;
export type FenErrorCode = (typeof FEN_ERROR_CODES)[number];

export class FenError extends Error {
  readonly code: FenErrorCode;
  constructor(code: FenErrorCode, message: string) {
    super(message);
    this.name = 'FenError';
    this.code = code;
  }
}
