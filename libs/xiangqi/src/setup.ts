/**
 * Unchecked positions (`Setup`) and their validation into something a `Position` can hold.
 * A setup is refused when no legal game could produce it in a way a person would notice:
 * 一章1节2 (piece counts), 一章2节1–3, 7 (where kings, advisors, elephants, pawns can stand),
 * 一章2节9 (kings facing) and the side not to move being in check.
 */
import { isAttacked } from './attacks';
import { BLACK, KING, MAX_COUNT, RED, advisorCanReach, elephantCanReach, inPalace, pawnCanReach, pieceCode } from './board';
import { FenError } from './fen-error';
import { Piece, ROLES, Result, Side, err, makeSquareName, ok } from './types';

export interface Setup {
  /** 90 entries indexed by square. */
  board: readonly (Piece | undefined)[];
  turn: Side;
  halfmoves?: number;
  fullmoves?: number;
}

const SIDE_NAME = ['Red', 'Black'];

export function validateSetup(setup: Setup): Result<Setup, FenError> {
  if (!setup || !Array.isArray(setup.board) || setup.board.length !== 90) {
    return err(new FenError('bad_board', 'a board has 90 points'));
  }
  if (setup.turn !== 'red' && setup.turn !== 'black') {
    return err(new FenError('bad_turn', `the side to move must be red or black`));
  }
  const b = new Int8Array(90);
  const counts = [new Array(8).fill(0), new Array(8).fill(0)];
  const kings = [-1, -1];
  for (let sq = 0; sq < 90; sq++) {
    const p = setup.board[sq];
    if (!p) continue;
    if ((p.side !== 'red' && p.side !== 'black') || !ROLES.includes(p.role)) {
      return err(new FenError('bad_board', `not a piece at ${makeSquareName(sq)}`));
    }
    const code = pieceCode(p);
    b[sq] = code;
    const side = code > 0 ? RED : BLACK;
    const kind = Math.abs(code);
    counts[side][kind]++;
    const where = `${SIDE_NAME[side]} ${p.role} on ${makeSquareName(sq)}`;
    if (kind === KING) {
      kings[side] = sq;
      // 一章2节1
      if (!inPalace(sq, side)) return err(new FenError('king_outside_palace', `${where} is outside its palace`));
    } else if (p.role === 'advisor' && !advisorCanReach(sq, side)) {
      // 一章2节2
      return err(new FenError('advisor_unreachable', `${where}: an advisor can never reach that point`));
    } else if (p.role === 'elephant' && !elephantCanReach(sq, side)) {
      // 一章2节3
      return err(new FenError('elephant_unreachable', `${where}: an elephant can never reach that point`));
    } else if (p.role === 'pawn' && !pawnCanReach(sq, side)) {
      // 一章2节7
      return err(new FenError('pawn_unreachable', `${where}: a pawn never stands behind its start rank or off its start file before the river`));
    }
  }
  for (const side of [RED, BLACK]) {
    if (counts[side][KING] === 0) return err(new FenError('no_king', `${SIDE_NAME[side]} has no king`));
    if (counts[side][KING] > 1) {
      return err(new FenError('two_kings', `${SIDE_NAME[side]} has ${counts[side][KING]} kings`));
    }
    for (let kind = 2; kind <= 7; kind++) {
      if (counts[side][kind] > MAX_COUNT[kind]) {
        // 一章1节2
        return err(new FenError('too_many_pieces', `${SIDE_NAME[side]} has ${counts[side][kind]} ${ROLES[kind - 1]}s; a side owns at most ${MAX_COUNT[kind]}`));
      }
    }
  }
  const [rk, bk] = kings;
  if (rk % 9 === bk % 9) {
    let open = true;
    for (let sq = rk + 9; sq < bk; sq += 9) if (b[sq] !== 0) open = false;
    // 一章2节9
    if (open) return err(new FenError('kings_facing', 'the two kings face each other on an open file'));
  }
  const mover = setup.turn === 'red' ? RED : BLACK;
  const other = mover ^ 1;
  if (isAttacked(b, kings[other], mover)) {
    return err(new FenError('opponent_in_check', `${SIDE_NAME[other]} is in check but it is ${SIDE_NAME[mover]}'s turn`));
  }
  const halfmoves = setup.halfmoves ?? 0;
  const fullmoves = setup.fullmoves ?? 1;
  if (!Number.isInteger(halfmoves) || halfmoves < 0 || !Number.isInteger(fullmoves) || fullmoves < 1) {
    return err(new FenError('bad_counter', 'the move counters must be non-negative integers'));
  }
  return ok(setup);
}
