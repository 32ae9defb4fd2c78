/**
 * FEN for xiangqi: ranks from Black's back rank (rank 9) down to Red's (rank 0), uppercase Red,
 * lowercase Black, letters `k a b n r c p` (`e` = elephant and `h` = horse accepted as synonyms),
 * then the side to move `w` (Red; `r` accepted) or `b`, then optionally `- -` and the half-move
 * clock and full-move number.
 *
 * Error codes (FenError.code):
 * - syntax:    `empty`, `bad_fields`, `wrong_rank_count`, `wrong_file_count`, `unknown_letter`,
 *              `bad_turn`, `bad_counter`
 * - placement: `no_king`, `two_kings`, `king_outside_palace`, `advisor_unreachable`,
 *              `elephant_unreachable`, `pawn_unreachable`, `too_many_pieces`, `kings_facing`,
 *              `opponent_in_check`, `bad_board` (see setup.ts)
 */
import type { Setup } from './setup';
import { Piece, Result, Role, Side, err, ok } from './types';

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

export const INITIAL_FEN = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';

const LETTER_ROLES: Record<string, Role> = {
  k: 'king',
  a: 'advisor',
  b: 'elephant',
  e: 'elephant',
  n: 'horse',
  h: 'horse',
  r: 'rook',
  c: 'cannon',
  p: 'pawn',
};
const ROLE_LETTERS: Record<Role, string> = {
  king: 'k',
  advisor: 'a',
  elephant: 'b',
  horse: 'n',
  rook: 'r',
  cannon: 'c',
  pawn: 'p',
};

/** Syntax only: the placement is checked by `validateSetup` (Position.fromSetup). */
export function parseFen(fen: string): Result<Setup, FenError> {
  if (typeof fen !== 'string' || fen.trim() === '') return err(new FenError('empty', 'the FEN is empty'));
  const fields = fen.trim().split(/\s+/);
  if (fields.length > 6) {
    return err(new FenError('bad_fields', `a FEN has at most 6 fields, this one has ${fields.length}`));
  }
  const ranks = fields[0].split('/');
  if (ranks.length !== 10) {
    return err(new FenError('wrong_rank_count', `a FEN board has 10 ranks separated by '/', found ${ranks.length}`));
  }
  const board: (Piece | undefined)[] = new Array(90).fill(undefined);
  for (let i = 0; i < 10; i++) {
    const rank = 9 - i;
    let file = 0;
    const text = ranks[i];
    for (let j = 0; j < text.length; j++) {
      const ch = text[j];
      if (ch >= '1' && ch <= '9') {
        file += ch.charCodeAt(0) - 48;
      } else {
        const role = LETTER_ROLES[ch.toLowerCase()];
        if (!role) {
          return err(new FenError('unknown_letter', `unknown piece letter '${ch}' in rank ${rank} ('${text}')`));
        }
        if (file < 9) board[rank * 9 + file] = { side: ch === ch.toUpperCase() ? 'red' : 'black', role };
        file++;
      }
      if (file > 9) break;
    }
    if (file !== 9) {
      return err(new FenError('wrong_file_count', `rank ${rank} ('${text}') has ${file} files instead of 9`));
    }
  }
  let turn: Side = 'red';
  if (fields.length > 1) {
    const t = fields[1].toLowerCase();
    if (t === 'w' || t === 'r') turn = 'red';
    else if (t === 'b') turn = 'black';
    else return err(new FenError('bad_turn', `the side to move must be 'w' (Red) or 'b' (Black), not '${fields[1]}'`));
  }
  let halfmoves = 0;
  let fullmoves = 1;
  for (const [index, name] of [
    [4, 'half-move clock'],
    [5, 'full-move number'],
  ] as const) {
    if (fields.length > index) {
      const v = fields[index];
      if (!/^\d{1,6}$/.test(v)) return err(new FenError('bad_counter', `the ${name} must be a number, not '${v}'`));
      if (index === 4) halfmoves = Number(v);
      else fullmoves = Math.max(1, Number(v));
    }
  }
  return ok({ board, turn, halfmoves, fullmoves });
}

export function makeBoardFen(board: readonly (Piece | undefined)[]): string {
  const rows: string[] = [];
  for (let rank = 9; rank >= 0; rank--) {
    let row = '';
    let empty = 0;
    for (let file = 0; file < 9; file++) {
      const p = board[rank * 9 + file];
      if (!p) {
        empty++;
        continue;
      }
      if (empty) row += String(empty);
      empty = 0;
      const letter = ROLE_LETTERS[p.role];
      row += p.side === 'red' ? letter.toUpperCase() : letter;
    }
    if (empty) row += String(empty);
    rows.push(row);
  }
  return rows.join('/');
}

export function makeFen(setup: Setup): string {
  return `${makeBoardFen(setup.board)} ${setup.turn === 'red' ? 'w' : 'b'} - - ${setup.halfmoves ?? 0} ${setup.fullmoves ?? 1}`;
}
