/**
 * What each move of the cycle is (四章1节 术语): 将, 捉, 杀, 要抽吃, 兑, 献, 拦 or 闲.
 *
 * - 将 (术语 1): after the move the opponent's king is attacked (kings facing included).
 * - 捉 (术语 3): the move creates a capture that would gain — a capture by any of the mover's pieces
 *   of an enemy piece other than the king that is legal and gains (captures.ts) and that did not
 *   gain before the move. This covers the moved piece's new attacks, attacks it uncovers (including
 *   a cannon's new screen, 细则 20–21), and protection it takes away (a guard newly pinned or its
 *   screen removed, 补充 2 图-106). An attack that was already there is not a new 捉 (补充 2 图-107,
 *   补充 5). The chasers of a target are all pieces that could then take it with gain (细则 25).
 * - 杀 (术语 2): the mover, moving again, could force mate with consecutive checks (search.ts).
 * - 要抽吃: the mover, moving again, could give a discovered check that wins material.
 * - 兑 / 献 (术语 4, 6): the moved piece can be taken by an enemy piece; same kind facing each other
 *   with the moved piece truly protected is 兑, otherwise 献.
 * - 拦 (术语 5): the opponent threatened mate before the move and no longer does (the move blocks the
 *   attacking line: 解杀), as in 细则 4 图-8 and 细则 34 图-99.
 * - 闲 (术语 7): none of these.
 */
import { Position } from '../position';
import { Move, Role, Side, Square, makeSquareName, opposite } from '../types';
import { CaptureInfo, analyseCaptures, attackersOn, forTurn, isLegalFor } from './captures';
import { findCheckingWin } from './search';
import { threatensMate } from './search';
import { MOVE_KINDS, MoveAnalysis, MoveKind, MoveKindName, RuleSet } from './types';

/** A target chased by a move, with everything the verdicts need. */
export interface ChaseRecord {
  targetId: number;
  targetSquare: Square;
  targetRole: Role;
  /** The new gainful captures (what makes the move a 捉 of this target). */
  created: CaptureInfo[];
  /** Every gainful capture of the target after the move (the chasers, 细则 25). */
  all: CaptureInfo[];
  /** Identities of the pieces making the new captures (to tell one chaser from several, 细则 28). */
  attackerIds: number[];
  exempt?: 'uncrossedPawn';
}

export interface PlyAnalysis extends MoveAnalysis {
  chases: ChaseRecord[];
  isCheck: boolean;
  mateThreat: boolean;
  /** The move also offers an exchange or a piece (兑/献) besides chasing (总纲 8). */
  alsoExchange: boolean;
  /** New attacks that are not chases because the target is truly protected (长捉真根子, 总纲 6, 细则 12, 30). */
  protectedAttacks: CaptureInfo[];
  /** Several of the mover's pieces attack a truly protected piece this move newly attacks (多子劫真根子, 细则 30). */
  severalOnProtected?: boolean;
  /** @internal Every capture by the opponent in the position after the move: the next ply's `preCaptures`. */
  postDefenderCaptures?: CaptureInfo[];
}

export interface PlyContext {
  pre: Position;
  post: Position;
  move: Move;
  ply: number;
  mover: Side;
  /** piece ids by square before and after the move (−1 empty). */
  preIds: Int32Array;
  postIds: Int32Array;
  rules: RuleSet;
  /** Did the mover's opponent threaten mate before this move (its previous move was 杀)? */
  opponentThreatBefore: boolean;
  /** The opponent's previous move (for 拦: standing in the way of the piece that just moved). */
  opponentLastMove?: Move;
  /** Does the mover threaten mate after this move (precomputed by the caller, see search.ts)? */
  mateThreat: boolean;
  mateChecks: number;
  /** `analyseCaptures(pre, mover, rules)` when the caller has it (the previous ply's `postDefenderCaptures`). */
  preCaptures?: CaptureInfo[];
}

const sq = makeSquareName;

export function kindRank(kind: MoveKindName, rules: RuleSet): number {
  // CXA 棋例通则 4: 杀兼捉，按杀 — 杀 outweighs 捉; AXF 补充 4: 长杀兼长捉 从重判“捉”.
  if (rules === 'cxa') {
    const cxa: MoveKindName[] = ['check', 'mateThreat', 'chase', 'discoveredThreat', 'exchangeOffer', 'offer', 'block', 'idle'];
    return cxa.indexOf(kind);
  }
  return MOVE_KINDS.indexOf(kind);
}

function pairKey(ids: Int32Array, c: CaptureInfo): string {
  return `${ids[c.attacker]}>${ids[c.target]}`;
}

export function analysePly(ctx: PlyContext): PlyAnalysis {
  const { pre, post, move, mover, rules } = ctx;
  const defender = opposite(mover);
  const moved = post.pieceAt(move.to)!;
  const kinds: MoveKind[] = [];

  // 将 (术语 1)
  const isCheck = post.isCheck(defender);
  let checkers: Square[] = [];
  if (isCheck) {
    const king = post.kingSquare(defender);
    checkers = post.attackers(king, mover);
    const list = checkers.length > 0 ? checkers : [post.kingSquare(mover)]; // kings facing
    for (const c of list) {
      const p = post.pieceAt(c)!;
      kinds.push({ kind: 'check', piece: p.role, from: sq(c), to: sq(king), reason: `${p.role} on ${sq(c)} checks the king on ${sq(king)} (将)` });
    }
  }

  // 捉 (术语 3)
  const preAll = ctx.preCaptures ?? analyseCaptures(pre, mover, rules);
  const before = new Set(preAll.filter((c) => c.gainful).map((c) => pairKey(ctx.preIds, c)));
  const attackedBefore = new Set(preAll.map((c) => pairKey(ctx.preIds, c)));
  // A checking move chases only what stays gainful once the check is answered (第一节 15, 总纲 2).
  const afterAll = analyseCaptures(post, mover, rules, move.to, isCheck ? checkers : undefined);
  const gainAfter = afterAll.filter((c) => c.gainful);
  // 细则 14: a rook that cannot move is chased by every move of a piece attacking it, even one
  // that slides along the line it already attacked on (the rook cannot escape; 图-39–41).
  const created = gainAfter.filter((c) => !before.has(pairKey(ctx.postIds, c)) || (c.immobileTarget && c.attacker === move.to));
  const chases: ChaseRecord[] = [];
  for (const c of created) {
    const id = ctx.postIds[c.target];
    let rec = chases.find((r) => r.targetId === id);
    if (!rec) {
      rec = {
        targetId: id,
        targetSquare: c.target,
        targetRole: c.targetRole,
        created: [],
        all: gainAfter.filter((g) => g.target === c.target),
        attackerIds: [],
        exempt: c.exempt,
      };
      chases.push(rec);
    }
    rec.created.push(c);
    rec.attackerIds.push(ctx.postIds[c.attacker]);
    kinds.push({
      kind: 'chase',
      piece: c.attackerRole,
      from: sq(c.attacker),
      to: sq(c.target),
      target: c.targetRole,
      protected: c.protected,
      ...(c.protected ? { root: c.root === 'real' ? 'real' : 'false' } : {}),
      reason: `${c.attackerRole} on ${sq(c.attacker)} ${
        attackedBefore.has(pairKey(ctx.postIds, c)) ? 'could already take, but now wins,' : 'now attacks'
      } the ${c.targetRole} on ${sq(c.target)}: ${c.reason}${c.exempt ? '; a pawn that has not crossed the river may be chased (总纲 3)' : ''}`,
    });
  }

  const protectedAttacks = afterAll.filter((c) => !c.gainful && c.root === 'real' && !c.mutualSameKind && !attackedBefore.has(pairKey(ctx.postIds, c)));

  // 兑 / 献 (术语 4, 6): can the moved piece be taken?
  let alsoExchange = false;
  const defenderCaptures = analyseCaptures(post, defender, rules);
  for (const t of attackersOn(post, move.to, defender)) {
    if (!isLegalFor(post, t, move.to, defender)) continue;
    const taker = post.pieceAt(t)!;
    const mutual = taker.role === moved.role && attackersOn(post, t, mover).includes(move.to) && isLegalFor(post, move.to, t, mover);
    const own = defenderCaptures.find((c) => c.attacker === t && c.target === move.to);
    const trulyProtected = own ? own.root === 'real' : false;
    if (mutual && trulyProtected) {
      alsoExchange = true;
      kinds.push({
        kind: 'exchangeOffer',
        piece: moved.role,
        from: sq(move.to),
        to: sq(t),
        target: taker.role,
        protected: true,
        root: 'real',
        reason: `offers to exchange ${moved.role} for ${taker.role} on ${sq(t)} (兑)`,
      });
    } else if (mutual || (own && own.gainful)) {
      alsoExchange = true;
      kinds.push({
        kind: 'offer',
        piece: moved.role,
        from: sq(move.to),
        to: sq(t),
        target: taker.role,
        reason: `the ${moved.role} can be taken by the ${taker.role} on ${sq(t)} (献)`,
      });
    }
  }

  // 杀 (术语 2)
  const mateThreat = !isCheck && ctx.mateThreat;
  if (mateThreat) {
    kinds.push({
      kind: 'mateThreat',
      piece: moved.role,
      from: sq(move.from),
      to: sq(move.to),
      reason: `threatens mate by ${ctx.mateChecks === 1 ? 'a check' : `at most ${ctx.mateChecks} consecutive checks`} (杀)`,
    });
  }

  // 要抽吃 — only looked for when the move is not already a 将, 捉 or 杀.
  if (!isCheck && chases.length === 0 && !mateThreat) {
    const threat = findCheckingWin(post, mover, rules);
    if (threat) {
      kinds.push({
        kind: 'discoveredThreat',
        piece: moved.role,
        from: sq(move.from),
        to: sq(move.to),
        target: threat.win.targetRole,
        reason: `threatens ${sq(threat.move.from)}${sq(threat.move.to)} with check, then to win the ${threat.win.targetRole} on ${sq(threat.win.target)} whatever the reply (要抽吃)`,
      });
    }
  }

  // New attacks on truly protected pieces: not 捉 (总纲 6 长捉真根子作和; 细则 30 多子劫真根子), named in the reason.
  const notes = protectedAttacks.map(
    (c) => `; the ${c.attackerRole} on ${sq(c.attacker)} attacks the truly protected (真根) ${c.targetRole} on ${sq(c.target)}: not a chase (总纲 6)`,
  );

  // 拦 (术语 5) as 解杀: the opponent's mate threat is gone after this move.
  if (!isCheck && ctx.opponentThreatBefore && !threatensMate(post, defender, ctx.mateChecks)) {
    kinds.push({ kind: 'block', piece: moved.role, from: sq(move.from), to: sq(move.to), reason: `stops the opponent's mate threat (拦/解杀)` });
  }

  // 拦 (术语 5) as standing in the way: the opponent's piece that just moved has fewer moves, and the
  // moved piece now stands on its file or rank (细则 22 图-63: 黑车长拦红炮).
  if (kinds.length === 0 && ctx.opponentLastMove) {
    const there = ctx.opponentLastMove.to;
    const other = post.pieceAt(there);
    const sameLine = there % 9 === move.to % 9 || Math.floor(there / 9) === Math.floor(move.to / 9);
    if (other && other.side === defender && sameLine) {
      const after = post.legalMovesFrom(there).length;
      const before = forTurn(pre, defender).legalMovesFrom(there).length;
      if (after < before) {
        kinds.push({
          kind: 'block',
          piece: moved.role,
          from: sq(move.from),
          to: sq(move.to),
          target: other.role,
          reason: `stands in the way of the ${other.role} on ${sq(there)} (${before} → ${after} moves) (拦)${notes.join('')}`,
        });
      }
    }
  }

  if (kinds.length === 0) {
    kinds.push({
      kind: 'idle',
      piece: moved.role,
      from: sq(move.from),
      to: sq(move.to),
      reason: `no check, chase, mate threat, exchange, offer or block (闲)${notes.join('')}`,
    });
  }
  let primary: MoveKindName = 'idle';
  for (const k of kinds) if (kindRank(k.kind, rules) < kindRank(primary, rules)) primary = k.kind;

  return {
    ply: ctx.ply,
    iccs: sq(move.from) + sq(move.to),
    side: mover,
    piece: moved.role,
    primary,
    kinds,
    chases,
    isCheck,
    mateThreat,
    alsoExchange,
    protectedAttacks,
    postDefenderCaptures: defenderCaptures,
    severalOnProtected: protectedAttacks.some((c) => afterAll.filter((d) => d.target === c.target).length > 1),
  };
}

/**
 * 细则 14 图39–41 (narrow): a piece standing on the leg of the horse it attacks (车被马牵制, not
 * having just moved there) is not counter-chasing that horse *while the horse's side chases it*:
 * "虽然红马无根，但黑车不动，不算长捉红马，而红方每着均…长捉黑车". Such chases are dropped from the
 * plies of a side when the opponent chases the held piece on some move of the cycle; otherwise they
 * stay chases (第五节 补充 1: the rook's own side strips the horse's guard, "车等于长捉无根马").
 * Rewrites the plies in place (AXF only).
 */
export function dropHeldCounterChases(plies: PlyAnalysis[], rules: RuleSet): void {
  if (rules !== 'axf') return;
  const chasedBy: Record<Side, Set<number>> = { red: new Set(), black: new Set() };
  for (const p of plies) for (const c of p.chases) chasedBy[p.side].add(c.targetId);
  for (const p of plies) {
    const opponentChases = chasedBy[opposite(p.side)];
    const dropped: CaptureInfo[] = [];
    const kept: ChaseRecord[] = [];
    for (const rec of p.chases) {
      const created: CaptureInfo[] = [];
      const ids: number[] = [];
      rec.created.forEach((c, i) => {
        if (c.heldByTarget && opponentChases.has(rec.attackerIds[i])) dropped.push(c);
        else {
          created.push(c);
          ids.push(rec.attackerIds[i]);
        }
      });
      if (created.length > 0) kept.push({ ...rec, created, attackerIds: ids });
    }
    if (dropped.length === 0) continue;
    p.chases = kept;
    const gone = (k: MoveKind) => k.kind === 'chase' && dropped.some((c) => sq(c.attacker) === k.from && sq(c.target) === k.to);
    const note = dropped
      .map(
        (c) =>
          `the ${c.attackerRole} on ${sq(c.attacker)} stays on the leg of the ${c.targetRole} on ${sq(c.target)} and is chased itself: its attack is not a chase (细则 14)`,
      )
      .join('; ');
    p.kinds = p.kinds.filter((k) => !gone(k));
    if (p.kinds.length === 0) p.kinds.push({ kind: 'idle', piece: p.piece, from: p.iccs.slice(0, 2), to: p.iccs.slice(2), reason: `闲: ${note}` });
    else p.kinds[0] = { ...p.kinds[0], reason: `${p.kinds[0].reason}; ${note}` };
    let primary: MoveKindName = 'idle';
    for (const k of p.kinds) if (kindRank(k.kind, rules) < kindRank(primary, rules)) primary = k.kind;
    p.primary = primary;
  }
}
