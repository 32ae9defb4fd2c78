/**
 * Lenient start positions (issue 14: positions typed from the rulebook's diagrams, or from a board
 * by an arbiter): `fen.ts lenientPlacement` accepts any placement that is not absurd and lists the
 * unusual pieces; this file builds the Position for it.
 *
 * `Position.fromSetup` validates strictly, so the position is built from a strict setup in which each
 * unusual piece stands on a point its kind can reach, and the piece is then moved to its real point
 * with the position's own move primitive (`playCode`), which keeps every internal table consistent;
 * the side to move and the counters are restored afterwards. (A `Position.fromSetup(setup, { lenient })`
 * in position.ts would be simpler: asked for in the issue 14 report.)
 */
import { advisorCanReach, elephantCanReach, pawnCanReach } from '../board';
import { FenError, lenientPlacement, parseFen } from '../fen';
import { Position } from '../position';
import { Piece, Result, err, ok, opposite } from '../types';

export interface LenientPosition {
  position: Position;
  /** What is unusual (empty for a position strict FEN accepts). */
  warnings: string[];
}

function parkingPoints(piece: Piece): number[] {
  const side = piece.side === 'red' ? 0 : 1;
  const out: number[] = [];
  for (let sq = 0; sq < 90; sq++) {
    const fits = piece.role === 'advisor' ? advisorCanReach(sq, side) : piece.role === 'elephant' ? elephantCanReach(sq, side) : pawnCanReach(sq, side);
    if (fits) out.push(sq);
  }
  return out;
}

/** Strict FEN unless `lenient`; with `lenient`, unusual but not absurd placements are accepted with warnings. */
export function positionFromFen(fen: string, lenient = false): Result<LenientPosition, FenError> {
  if (!lenient) {
    const p = Position.fromFen(fen);
    return p.ok ? ok({ position: p.value, warnings: [] }) : p;
  }
  const parsed = parseFen(fen);
  if (!parsed.ok) return parsed;
  const setup = parsed.value;
  const placement = lenientPlacement(setup);
  if (!placement.ok) return placement;
  const unusual = placement.value;
  if (unusual.length === 0) {
    const p = Position.fromSetup(setup);
    return p.ok ? ok({ position: p.value, warnings: [] }) : p;
  }
  const unusualSquares = new Set(unusual.map((u) => u.square));
  const free = (sq: number) => setup.board[sq] === undefined && !unusualSquares.has(sq);
  const options = unusual.map((u) => parkingPoints(u.piece).filter(free));
  if (options.some((o) => o.length === 0)) return err(new FenError('bad_board', 'no room to set up the unusual pieces'));
  let lastError: FenError | undefined;
  for (let attempt = 0; attempt < 40; attempt++) {
    const used = new Set<number>();
    const parking: number[] = [];
    for (let i = 0; i < unusual.length; i++) {
      const o = options[i];
      let pick = -1;
      for (let k = 0; k < o.length; k++) {
        const sq = o[(k + attempt * (i + 1) * 7) % o.length];
        if (!used.has(sq)) {
          pick = sq;
          break;
        }
      }
      if (pick < 0) break;
      used.add(pick);
      parking.push(pick);
    }
    if (parking.length < unusual.length) continue;
    const board = [...setup.board];
    unusual.forEach((u, i) => {
      board[u.square] = undefined;
      board[parking[i]] = u.piece;
    });
    const strict = Position.fromSetup({ ...setup, board });
    if (!strict.ok) {
      lastError = strict.error;
      continue;
    }
    const pos = strict.value;
    unusual.forEach((u, i) => pos.playCode(parking[i], u.square));
    pos.turnIndex = setup.turn === 'red' ? 0 : 1;
    pos.halfmoves = setup.halfmoves ?? 0;
    pos.fullmoves = setup.fullmoves ?? 1;
    // the checks strict FEN makes on the whole board (一章2节9 kings facing, the side not to move in check)
    const [rk, bk] = [pos.kingSquare('red'), pos.kingSquare('black')];
    if (rk % 9 === bk % 9) {
      let open = true;
      for (let sq = rk + 9; sq < bk; sq += 9) if (pos.pieceAt(sq)) open = false;
      if (open) return err(new FenError('kings_facing', 'the two kings face each other on an open file'));
    }
    if (pos.isCheck(opposite(pos.turn))) {
      return err(new FenError('opponent_in_check', `${opposite(pos.turn)} is in check (or the kings face each other) but it is ${pos.turn}'s turn`));
    }
    return ok({ position: pos, warnings: unusual.map((u) => u.warning) });
  }
  return err(lastError ?? new FenError('bad_board', 'cannot set up this position'));
}
