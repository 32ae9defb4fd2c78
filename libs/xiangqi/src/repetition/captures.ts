/**
 * Which captures would gain (the heart of 捉, 四章1节3): for every piece of `side` that could
 * capture an enemy piece other than the king, is the capture legal, is the target protected
 * (有根, 四章1节13), is the protection real or false (真根/假根, 四章1节14–15), and would the
 * capture therefore win something?
 *
 * Everything is decided by playing the captures on copies of the position, so pins, the kings
 * facing (一章2节9), discovered checks that a capture gives, and screens that a capture removes
 * are all taken into account without special cases.
 */
import { Position } from '../position';
import { Piece, Role, Side, Square, opposite, squareRank } from '../types';
import { RuleSet } from './types';

export type Root = 'real' | 'false' | 'none';

export interface CaptureInfo {
  attacker: Square;
  target: Square;
  attackerRole: Role;
  targetRole: Role;
  /** 有根: some piece of the target's side stands guard over it (before or after the capture). */
  protected: boolean;
  /** real: a guard can legally recapture (真根); false: guards exist but none can (假根); none: 无根. */
  root: Root;
  /** The target could legally capture the attacker right back, and is of the same kind (细则 19). */
  mutualSameKind: boolean;
  /** The capture would gain, so attacking it is a 捉 (if newly created). */
  gainful: boolean;
  /** Why (English, with the article). */
  reason: string;
  /** The target is a rook that cannot leave its square (细则 14): every attack on it by a moving piece counts. */
  immobileTarget?: boolean;
  /** 'uncrossedPawn' when the target is a pawn that has not crossed the river (总纲 3). */
  exempt?: 'uncrossedPawn';
  /**
   * A guard could not recapture only because its side must first answer the check that the move
   * gave: the root counts as real (第一节 15, 总纲 2 一将一捉, 细则 7).
   */
  rootOnlyCheck?: boolean;
  /**
   * The attacker stays put on the leg of the horse it attacks (车被马牵制, 细则 14): the chase does not
   * count while the horse's side chases the attacker (decided over the cycle).
   */
  heldByTarget?: boolean;
  /** Same kind, facing, but the target may not take back (受牵制不能离线, 总纲 7, 细则 22). */
  heldSameKind?: boolean;
}

/**
 * After `after` (the capture played), the guard on `g` may not recapture on `target`, but the only
 * pieces then attacking its king are the `checkers` — the pieces that gave the check with the move.
 * A king guard is never "stopped only by the check": a king that recaptures steps onto a square the
 * capturer's side covers, which is protection of the capturer, not the check.
 */
function stoppedOnlyByCheck(after: Position, g: Square, target: Square, defender: Side, checkers: readonly Square[]): boolean {
  const guard = after.pieceAt(g);
  if (!guard || guard.role === 'king') return false;
  const king = after.kingSquare(defender);
  if (king < 0) return false;
  // play the recapture on `after` itself and take it back (no copy)
  const halfmoves = after.halfmoves;
  const captured = after.playCode(g, target);
  const by = after.attackers(king, opposite(defender));
  after.unplayCode(g, target, captured, halfmoves);
  if (by.length === 0) return false; // kings facing (or nothing): not the check's doing
  return by.every((a) => checkers.includes(a));
}

/** The side's pawn has crossed the river (一章2节7). */
export function pawnCrossed(side: Side, sq: Square): boolean {
  return side === 'red' ? squareRank(sq) >= 5 : squareRank(sq) <= 4;
}

/** Would `from → to` by `side` keep its own king safe (not attacked, kings not facing)? */
export function isLegalFor(pos: Position, from: Square, to: Square, side: Side): boolean {
  if (pos.turn === side) return !pos.isSelfExposure({ from, to });
  const q = pos.clone();
  q.play({ from, to });
  return !q.isCheck(side);
}

/**
 * `pos` with `side` to move, for asking what `side` could legally do (only its own king's safety
 * matters, so the other side may be in check). A copy unless `side` is already to move.
 */
export function forTurn(pos: Position, side: Side): Position {
  if (pos.turn === side) return pos;
  const q = pos.clone() as unknown as { turnIndex?: number };
  if (typeof q.turnIndex === 'number') {
    q.turnIndex ^= 1;
    return q as unknown as Position;
  }
  return pos; // isLegalFor falls back to playing on a copy
}

/** A copy of `pos` with `side` to move (a "null move"), or undefined if that is not a valid state. */
export function withTurn(pos: Position, side: Side): Position | undefined {
  if (pos.turn === side) return pos;
  if (pos.isCheck(opposite(side))) return undefined; // the other side would be in check while not to move
  const q = pos.clone() as unknown as { turnIndex: number };
  if (typeof q.turnIndex === 'number') {
    q.turnIndex ^= 1;
    return q as unknown as Position;
  }
  const setup = pos.toSetup();
  const r = Position.fromSetup({ ...setup, turn: side });
  return r.ok ? r.value : undefined;
}

/** Pieces of `side` that geometrically attack `sq` (elephants never cross the river, 一章2节3). */
export function attackersOn(pos: Position, sq: Square, side: Side): Square[] {
  return pos.attackers(sq, side).filter((a) => {
    const p = pos.pieceAt(a);
    if (!p) return false;
    if (p.role === 'elephant') return side === 'red' ? squareRank(sq) <= 4 : squareRank(sq) >= 5;
    return true;
  });
}

/** Material values for the CXA rule set (子力价值: 车 = 2 马 = 2 炮 = 马 + 炮; 士 = 相; 过河兵 floating, counted 1; 帅 and 未过河兵 are not 子力). */
export function materialValue(piece: Piece, sq: Square): number {
  switch (piece.role) {
    case 'rook':
      return 4;
    case 'horse':
    case 'cannon':
      return 2;
    case 'advisor':
    case 'elephant':
      return 1;
    case 'pawn':
      return pawnCrossed(piece.side, sq) ? 1 : 0;
    case 'king':
      return 0;
  }
}

/**
 * The enemy horse that the piece on `sq` (of `side`) pins down by standing on its leg: were the
 * piece to leave, that horse would check `side`'s king (车被马牵制, 细则 14). Undefined if none.
 */
export function horsePinner(pos: Position, sq: Square, side: Side): Square | undefined {
  const king = pos.kingSquare(side);
  if (king < 0) return undefined;
  const kf = king % 9;
  const kr = (king / 9) | 0;
  for (const { square, piece } of pos.pieces(opposite(side))) {
    if (piece.role !== 'horse') continue;
    const df = kf - (square % 9);
    const dr = kr - ((square / 9) | 0);
    let leg: number;
    if (Math.abs(df) === 2 && Math.abs(dr) === 1) leg = square + Math.sign(df);
    else if (Math.abs(dr) === 2 && Math.abs(df) === 1) leg = square + 9 * Math.sign(dr);
    else continue;
    if (leg === sq) return square;
  }
  return undefined;
}

/** The rook cannot leave its square (pinned by a horse, or no legal move at all): 细则 14. */
function immobileRook(pos: Position, sq: Square, side: Side): boolean {
  if (horsePinner(pos, sq, side) !== undefined) return true;
  const turned = withTurn(pos, side);
  if (!turned) return false;
  return turned.legalMovesFrom(sq).length === 0;
}

/** Analyse one capture `attacker × target` by `side` in `pos` (turn does not matter). */
export function analyseCapture(pos: Position, attacker: Square, target: Square, side: Side, rules: RuleSet): CaptureInfo | undefined {
  return analyseOne(forTurn(pos, side), attacker, target, side, rules);
}

/**
 * `pos` has `side` to move when it can (forTurn), which saves copies. `justMoved`: the square the
 * piece that has just moved stands on (for the 细则 14 "黑车不动" exemption, which is about a rook
 * that stays put).
 */
function analyseOne(
  pos: Position,
  attacker: Square,
  target: Square,
  side: Side,
  rules: RuleSet,
  justMoved?: Square,
  checkers?: readonly Square[],
): CaptureInfo | undefined {
  const a = pos.pieceAt(attacker);
  const t = pos.pieceAt(target);
  if (!a || !t || a.side !== side || t.side === side || t.role === 'king') return undefined;
  if (!isLegalFor(pos, attacker, target, side)) return undefined;
  const defender = opposite(side);
  const after = pos.clone();
  after.play({ from: attacker, to: target }); // now the defender is to move if `pos` had `side` to move
  const guardsAfter = attackersOn(after, target, defender);
  let real = false;
  let onlyTheCheck = false;
  for (const g of guardsAfter) {
    if (isLegalFor(after, g, target, defender)) {
      real = true;
      break;
    }
  }
  if (!real && checkers && checkers.length > 0) {
    // 第一节 15 假根: the guard cannot recapture "because of the position" (pinned, blocked) — not
    // merely because its side must first answer the check the move itself gave. 一将一捉 stays
    // allowed (总纲 2, 细则 7 图12): a guard stopped only by that check is a real root.
    for (const g of guardsAfter) {
      if (stoppedOnlyByCheck(after, g, target, defender, checkers)) {
        real = true;
        onlyTheCheck = true;
        break;
      }
    }
  }
  // guards before the capture are looked up only when no guard covers the square after it
  const isProtected = real || guardsAfter.length > 0 || attackersOn(pos, target, defender).length > 0;
  const root: Root = real ? 'real' : isProtected ? 'false' : 'none';
  const sameKindFacing = a.role === t.role && attackersOn(pos, attacker, defender).includes(target);
  const mutualSameKind = sameKindFacing && isLegalFor(pos, target, attacker, defender);
  const info: CaptureInfo = {
    attacker,
    target,
    attackerRole: a.role,
    targetRole: t.role,
    protected: isProtected,
    root,
    mutualSameKind,
    gainful: false,
    reason: '',
    ...(onlyTheCheck ? { rootOnlyCheck: true } : {}),
    // 总纲 7: 长捉同类子作和，但该子如受牵制不能离线时，则仍作为长捉论 (细则 22 车被炮牵制)
    ...(sameKindFacing && !mutualSameKind ? { heldSameKind: true } : {}),
  };
  if (rules === 'cxa') decideCxa(pos, info, a, t);
  else {
    decideAxf(pos, info, side);
    if (info.gainful && attacker !== justMoved && horsePinner(pos, attacker, side) === target) {
      // 细则 14 图39–41: 车被马牵制不能移动 … 虽然红马无根，但黑车不动，不算长捉红马. Narrow: the held piece's
      // attack on its horse is not a counter-chase *while the horse's side chases it* — decided over the
      // cycle (move-kinds.ts `dropHeldCounterChases`). It stays a chase when the held piece's own side
      // strips the horse's guard (第五节 补充 1 "车等于长捉无根马"), and a piece that has just stepped onto the
      // leg (blocking the horse's check) chases it anyway (细则 18 图-50).
      info.heldByTarget = true;
      info.reason += `; the ${a.role} stands on this horse's leg: 细则 14 exempts its attack only while the horse's side chases it`;
    }
  }
  if (info.gainful && t.role === 'pawn' && !pawnCrossed(t.side, target)) info.exempt = 'uncrossedPawn';
  return info;
}

function rootText(root: Root): string {
  return root === 'real' ? 'truly protected (真根)' : root === 'false' ? 'only falsely protected (假根)' : 'unprotected (无根)';
}

function decideAxf(pos: Position, info: CaptureInfo, side: Side): void {
  const { attackerRole: ar, targetRole: tr, root } = info;
  if (info.mutualSameKind) {
    // 棋例总纲 7, 细则 19: 双方均未受牵制互能去子者，则视为长献
    info.reason = `the ${tr} can take the ${ar} back: same-kind pieces facing each other is an offer, not a chase (总纲 7, 细则 19)`;
    return;
  }
  if (tr === 'rook' && immobileRook(pos, info.target, opposite(side))) {
    // 细则 14: 车被马牵制不能移动时 … 均不能以任何子长捉车
    info.gainful = true;
    info.immobileTarget = true;
    info.reason = `the rook cannot move at all (pinned), so attacking it is a chase whatever its protection (细则 14)`;
    return;
  }
  if (tr === 'rook' && (ar === 'horse' || ar === 'cannon')) {
    // 棋例总纲 6: 马或炮如长捉有根车亦作负
    info.gainful = true;
    info.reason = `a ${ar} attacking a rook is a chase even if the rook is protected (总纲 6)`;
    return;
  }
  if (tr === 'rook' && (ar === 'advisor' || ar === 'elephant' || ar === 'pawn')) {
    // 总纲 6 by the same reasoning: a lesser piece taking a rook always gains.
    info.gainful = true;
    info.reason = `a ${ar} attacking a rook wins material even if the rook is protected (总纲 6, by extension)`;
    return;
  }
  if (root === 'real') {
    // 棋例总纲 6: 长捉真根子作和
    info.reason = info.rootOnlyCheck
      ? `the ${tr} is protected: its guard is kept from recapturing only by the check this move gives, which is not a false root (第一节 15, 总纲 2): no gain`
      : `the ${tr} is ${rootText(root)}: no gain (总纲 6)`;
    return;
  }
  // 棋例总纲 6: 长捉假根子作负; 细则 29
  info.gainful = true;
  info.reason = `the ${tr} is ${rootText(root)} (${root === 'false' ? '细则 29' : '总纲 3'})`;
}

/**
 * The best net material `side` (to move in `pos`) can win by capturing on `sq` and continuing the
 * exchange there, least valuable capturer first; it may always stop (≥ 0). Legal captures only.
 */
export function exchangeGain(pos: Position, sq: Square, side: Side, depth = 0): number {
  const victim = pos.pieceAt(sq);
  if (!victim || victim.side === side || depth > 12) return 0;
  let best: { from: Square; value: number } | undefined;
  for (const a of attackersOn(pos, sq, side)) {
    if (!isLegalFor(pos, a, sq, side)) continue;
    const p = pos.pieceAt(a)!;
    const v = p.role === 'king' ? 100 : materialValue(p, a);
    if (!best || v < best.value) best = { from: a, value: v };
  }
  if (!best) return 0;
  const after = pos.clone();
  after.play({ from: best.from, to: sq });
  const won = victim.role === 'king' ? 100 : materialValue(victim, sq);
  return Math.max(0, won - exchangeGain(after, sq, opposite(side), depth + 1));
}

function decideCxa(pos: Position, info: CaptureInfo, a: Piece, t: Piece): void {
  // CXA 捉的概念 1, 3: 能够通过完整的交换过程得子; 被捉的是有子力价值的无根子(含假根子、少根子)
  const vt = materialValue(t, info.target);
  if (vt === 0) {
    info.reason = `a ${t.role} without material value (未过河兵卒) is not chased (CXA 棋例释义 3)`;
    return;
  }
  if (info.mutualSameKind && info.root === 'real') {
    info.reason = `same-kind pieces that can take each other, truly protected: exchange (兑, CXA 术语 5)`;
    return;
  }
  const after = pos.clone();
  after.play({ from: info.attacker, to: info.target });
  const net = vt - exchangeGain(after, info.target, t.side);
  if (net > 0) {
    info.gainful = true;
    info.reason = `taking the ${t.role} with the ${a.role} and completing the exchange wins material (net ${net}; ${
      info.root === 'real' ? '少根 or worth more than the attacker' : info.root === 'false' ? '假根' : '无根'
    }) (CXA 捉的概念 1, 3)`;
  } else {
    info.reason = `taking the ${t.role} with the ${a.role} does not win material after the exchange (net ${net})`;
  }
}

/**
 * Every legal capture by `side` of a non-king enemy piece, analysed. `justMoved`: the square of the
 * piece of `side` that has just moved (it is not exempt under 细则 14 "黑车不动"). `checkers`: when
 * the move just played by `side` gives check, the checking pieces — a guard kept from recapturing
 * by that check alone is a real root (第一节 15; 总纲 2 一将一捉).
 */
export function analyseCaptures(pos: Position, side: Side, rules: RuleSet, justMoved?: Square, checkers?: readonly Square[]): CaptureInfo[] {
  const out: CaptureInfo[] = [];
  const mine = forTurn(pos, side);
  for (const { square, piece } of pos.pieces(opposite(side))) {
    if (piece.role === 'king') continue;
    for (const a of attackersOn(pos, square, side)) {
      const info = analyseOne(mine, a, square, side, rules, justMoved, checkers);
      if (info) out.push(info);
    }
  }
  return out;
}
