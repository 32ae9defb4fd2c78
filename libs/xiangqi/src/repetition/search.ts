/**
 * Bounded searches behind 杀 (四章1节2) and 要抽吃.
 *
 * 杀: "凡走子企图于下一着将军或连续将军，令对方无法解救". `canMateByChecks(pos, n)` answers: can the
 * side to move force mate using only checking moves, at most `n` of them (so a mate in 1 is one
 * check; the defender's every legal reply is tried after each check)? The bound is in checks of
 * the attacker: with the default 3 it sees mates like check – reply – check – reply – mate.
 * Quiet (non-checking) mating moves are not searched: the definition speaks of 将军 or 连续将军.
 */
import { Position } from '../position';
import { Move, Side, opposite } from '../types';
import { CaptureInfo, analyseCapture, withTurn } from './captures';
import { RuleSet } from './types';

export const DEFAULT_MATE_SEARCH_CHECKS = 3;

function checkingMoves(pos: Position): { move: Move; next: Position }[] {
  const out: { move: Move; next: Position }[] = [];
  const defender = opposite(pos.turn);
  for (const move of pos.legalMoves()) {
    const next = pos.clone();
    next.play(move);
    if (next.isCheck(defender)) out.push({ move, next });
  }
  return out;
}

/** Can the side to move force checkmate with at most `checks` consecutive checks? */
export function canMateByChecks(pos: Position, checks: number): boolean {
  if (checks <= 0) return false;
  for (const { next } of checkingMoves(pos)) {
    const replies = next.legalMoves();
    if (replies.length === 0) return true; // 将死
    if (checks === 1) continue;
    let all = true;
    for (const r of replies) {
      const after = next.clone();
      after.play(r);
      if (!canMateByChecks(after, checks - 1)) {
        all = false;
        break;
      }
    }
    if (all) return true;
  }
  return false;
}

/** Does `side` threaten mate by checks in `pos` if it were its turn (the opponent passing)? */
export function threatensMate(pos: Position, side: Side, checks: number): boolean {
  const turned = withTurn(pos, side);
  if (!turned) return false;
  return canMateByChecks(turned, checks);
}

export interface DiscoveredThreat {
  /** The move that would check and win material. */
  move: Move;
  /** What it would win: the capture it makes, or the gainful capture the moved piece then has. */
  win: CaptureInfo;
}

/**
 * 要抽吃: with `side` to move again, is there a move that gives a discovered (or double) check and
 * either captures something itself or leaves the moved piece attacking something it would win?
 * The defender must answer the check, so the material falls next move (抽将).
 */
export function findDiscoveredThreat(pos: Position, side: Side, rules: RuleSet): DiscoveredThreat | undefined {
  const turned = withTurn(pos, side);
  if (!turned) return undefined;
  const defender = opposite(side);
  for (const move of turned.legalMoves()) {
    const target = turned.pieceAt(move.to);
    const next = turned.clone();
    next.play(move);
    if (!next.isCheck(defender)) continue;
    const king = next.kingSquare(defender);
    const checkers = next.attackers(king, side);
    const discovered = checkers.some((c) => c !== move.to);
    if (!discovered) continue;
    if (target && target.role !== 'king') {
      const win = analyseCapture(turned, move.from, move.to, side, rules);
      if (win && win.gainful) return { move, win };
    }
    // the moved piece now attacks something it would win while the defender answers the check
    for (const { square, piece } of next.pieces(defender)) {
      if (piece.role === 'king') continue;
      if (!next.attackers(square, side).includes(move.to)) continue;
      const win = analyseCapture(next, move.to, square, side, rules);
      if (win && win.gainful) return { move, win };
    }
  }
  return undefined;
}
