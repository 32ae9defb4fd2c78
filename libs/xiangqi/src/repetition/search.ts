/**
 * Bounded searches behind 杀 (四章1节2) and 要抽吃.
 *
 * 杀: "凡走子企图于下一着将军或连续将军，令对方无法解救". `canMateByChecks(pos, n)` answers: can the
 * side to move force mate using only checking moves, at most `n` of them (so a mate in 1 is one
 * check; the defender's every legal reply is tried after each check)? The bound is in checks of
 * the attacker: with the default 3 it sees mates like check – reply – check – reply – mate.
 * Quiet (non-checking) mating moves are not searched: the definition speaks of 将军 or 连续将军.
 * A second bound keeps the time predictable: at most `MATE_SEARCH_NODES` positions are generated
 * per question; past that the answer is "no mate found".
 */
import { Position } from '../position';
import { Move, Side, opposite } from '../types';
import { CaptureInfo, analyseCaptures, withTurn } from './captures';
import { RuleSet } from './types';

export const DEFAULT_MATE_SEARCH_CHECKS = 3;
export const MATE_SEARCH_NODES = 20000;

interface Budget {
  nodes: number;
}

function checkingMoves(pos: Position, budget?: Budget): { move: Move; next: Position }[] {
  const out: { move: Move; next: Position }[] = [];
  const defender = opposite(pos.turn);
  const scratch = pos.clone();
  for (const move of pos.legalMoves()) {
    if (budget) budget.nodes++;
    const halfmoves = scratch.halfmoves;
    const captured = scratch.playCode(move.from, move.to);
    if (scratch.isCheck(defender)) out.push({ move, next: scratch.clone() });
    scratch.unplayCode(move.from, move.to, captured, halfmoves);
  }
  return out;
}

/** Can the side to move force checkmate with at most `checks` consecutive checks? */
export function canMateByChecks(pos: Position, checks: number): boolean {
  return mateSearch(pos, checks, { nodes: 0 });
}

function mateSearch(pos: Position, checks: number, budget: Budget): boolean {
  if (checks <= 0 || budget.nodes > MATE_SEARCH_NODES) return false;
  for (const { next } of checkingMoves(pos, budget)) {
    const replies = next.legalMoves();
    if (replies.length === 0) return true; // 将死
    if (checks === 1) continue;
    let all = true;
    for (const r of replies) {
      const after = next.clone();
      after.play(r);
      budget.nodes++;
      if (budget.nodes > MATE_SEARCH_NODES || !mateSearch(after, checks - 1, budget)) {
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

export interface CheckingWin {
  /** The checking move. */
  move: Move;
  /** A gain the mover has after one of the defender's replies (the first found). */
  win: CaptureInfo;
}

/**
 * 要抽吃 (抽将, a discovered or double attack with check): with `side` to move again, is there a
 * checking move after which, whatever the defender replies (it must answer the check), `side` can
 * capture something with gain (captures.ts) that it could not capture with gain before? A mate is
 * not counted here (that is 杀). Only the defender's legal replies are tried, one ply deep.
 */
export function findCheckingWin(pos: Position, side: Side, rules: RuleSet): CheckingWin | undefined {
  const turned = withTurn(pos, side);
  if (!turned) return undefined;
  const already = new Set(
    analyseCaptures(turned, side, rules)
      .filter((c) => c.gainful)
      .map((c) => c.target),
  );
  for (const { move, next } of checkingMoves(turned)) {
    const replies = next.legalMoves();
    if (replies.length === 0) continue;
    let found: CaptureInfo | undefined;
    let all = true;
    for (const r of replies) {
      const after = next.clone();
      after.play(r);
      const win = analyseCaptures(after, side, rules).find((c) => c.gainful && !c.exempt && !already.has(c.target));
      if (!win) {
        all = false;
        break;
      }
      found ??= win;
    }
    if (all && found) return { move, win: found };
  }
  return undefined;
}
