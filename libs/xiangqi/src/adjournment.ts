import { parseMove } from './notation';
import { Position } from './position';

/**
 * The sealed move of an adjourned game (封棋). 二章2节4 由该局先行的一方写暗着 … 红方在思考暗着时应
 * 利用自己的时间; 三章6K 由执红子方赛员写暗着: Red — the side that moved first — always seals. So the
 * diagram is taken with Red to move (Black has made its move and Red thinks on its own time), and
 * the sealed move is Red's. A diagram with Black to move is refused, naming the field (issue 22:
 * the side to move sealed, Black included).
 */
export function checkSealedMove(
  fen: string,
  sealedMove: string,
):
  | { ok: true; position: Position }
  | { ok: false; field: 'fen' | 'sealedMove'; reason: string; code: 'adjourn.bad_fen' | 'adjourn.red_seals' | 'adjourn.illegal_sealed' } {
  const pos = Position.fromFen(fen);
  if (!pos.ok) return { ok: false, field: 'fen', reason: pos.error.message, code: 'adjourn.bad_fen' };
  if (pos.value.turn !== 'red') {
    return {
      ok: false,
      field: 'fen',
      reason: 'Red seals the move (二章2节4, 三章6K 由执红子方赛员写暗着): adjourn with Red to move — after Black’s move, on Red’s time',
      code: 'adjourn.red_seals',
    };
  }
  const sealed = parseMove(pos.value, sealedMove);
  if (!sealed.ok)
    return { ok: false, field: 'sealedMove', reason: `not a legal move in the diagram's position: ${sealed.error.message}`, code: 'adjourn.illegal_sealed' };
  return { ok: true, position: pos.value };
}
