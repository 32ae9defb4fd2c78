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
import { MAX_COUNT, advisorCanReach, elephantCanReach, inPalace, pawnCanReach } from './board';
import type { Setup } from './setup';
import { FenError } from './fen-error';
import { Piece, ROLES, Result, Role, Side, err, makeSquareName, ok } from './types';

export { FEN_ERROR_CODES, FenError } from './fen-error';
export type { FenErrorCode } from './fen-error';

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

/** A piece a lenient FEN accepts although no game can put it there (an advisor off its points …). */
export interface UnusualPiece {
  square: number;
  piece: Piece;
  /** The strict error code it would have raised. */
  code: 'advisor_unreachable' | 'elephant_unreachable' | 'pawn_unreachable';
  warning: string;
}

const SIDE_NAMES: Record<Side, string> = { red: 'Red', black: 'Black' };

/**
 * Lenient FEN (issue 14: positions typed from the rulebook's diagrams or from a board): accepts any
 * placement that is not absurd — one king each, kings in their palaces (一章2节1), at most the
 * standard number of each piece (一章1节2) — and lists what is unusual: advisors, elephants or pawns
 * on points they can never reach (一章2节2, 3, 7). Kings facing and the side not to move in check are
 * checked when the position is built, as in strict mode.
 */
export function lenientPlacement(setup: Setup): Result<UnusualPiece[], FenError> {
  const counts: Record<Side, Record<Role, number>> = {
    red: { king: 0, advisor: 0, elephant: 0, horse: 0, rook: 0, cannon: 0, pawn: 0 },
    black: { king: 0, advisor: 0, elephant: 0, horse: 0, rook: 0, cannon: 0, pawn: 0 },
  };
  const unusual: UnusualPiece[] = [];
  for (let sq = 0; sq < 90; sq++) {
    const p = setup.board[sq];
    if (!p) continue;
    const si = p.side === 'red' ? 0 : 1;
    counts[p.side][p.role]++;
    const where = `${SIDE_NAMES[p.side]} ${p.role} on ${makeSquareName(sq)}`;
    if (p.role === 'king' && !inPalace(sq, si)) return err(new FenError('king_outside_palace', `${where} is outside its palace`));
    if (p.role === 'advisor' && !advisorCanReach(sq, si)) {
      unusual.push({ square: sq, piece: p, code: 'advisor_unreachable', warning: `${where}: an advisor never stands there (一章2节2)` });
    } else if (p.role === 'elephant' && !elephantCanReach(sq, si)) {
      unusual.push({ square: sq, piece: p, code: 'elephant_unreachable', warning: `${where}: an elephant never stands there (一章2节3)` });
    } else if (p.role === 'pawn' && !pawnCanReach(sq, si)) {
      unusual.push({
        square: sq,
        piece: p,
        code: 'pawn_unreachable',
        warning: `${where}: a pawn never stands behind its start rank or off its start file before the river (一章2节7)`,
      });
    }
  }
  for (const side of ['red', 'black'] as const) {
    if (counts[side].king === 0) return err(new FenError('no_king', `${SIDE_NAMES[side]} has no king`));
    if (counts[side].king > 1) return err(new FenError('two_kings', `${SIDE_NAMES[side]} has ${counts[side].king} kings`));
    for (let kind = 2; kind <= 7; kind++) {
      const role = ROLES[kind - 1];
      if (counts[side][role] > MAX_COUNT[kind]) {
        return err(new FenError('too_many_pieces', `${SIDE_NAMES[side]} has ${counts[side][role]} ${role}s; a side owns at most ${MAX_COUNT[kind]}`));
      }
    }
  }
  return ok(unusual);
}
