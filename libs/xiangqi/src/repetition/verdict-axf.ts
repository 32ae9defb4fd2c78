/**
 * The AXF verdict (四章2节 1 H–I, 2 B–C; 棋例总纲 1–10; 细则 1–35; 补充 1–5) from the analysed
 * moves of the cycle.
 *
 * 1. 长将 (every move of a side checks): loses, unless both sides check perpetually (总纲 1, 细则 1–3;
 *    第二节 1 H when the other side chases).
 * 2. Otherwise a side 犯例 (violates) when it perpetually chases one piece: on every one of its moves
 *    the same enemy piece (followed as it moves) is newly chased with gain (move-kinds.ts), the move
 *    is not a check (一将一捉 is allowed, 总纲 2), the target is not a pawn that has not crossed the
 *    river (总纲 3), and among the pieces that could take it with gain is one that is neither the
 *    king nor a pawn (总纲 9, 细则 23–25: king or pawn chases are allowed, also when another piece joins
 *    on one of the steps, but not when another piece joins on every step). Different pieces taking
 *    turns to chase one piece still count (细则 28); one piece chasing two in turn does not (细则 27).
 * 3. One side violates: it must change or lose (第二节 1 I). Both: draw (第二节 2 C, 细则 17, 补充 3).
 *    Neither: draw (第二节 2 B).
 */
import { ChaseRecord, PlyAnalysis } from './move-kinds';
import { PATTERN_LABELS, sidePattern } from './patterns';
import { Pattern, Verdict } from './types';
import { Side, makeSquareName } from '../types';

export interface SideFacts {
  side: Side;
  plies: PlyAnalysis[];
  pattern: Pattern;
  perpetualCheck: boolean;
  violation: boolean;
  /** For each violating target, its chase records on the side's moves, in order. */
  violating: ChaseRecord[][];
  reason: string;
  reasonZh: string;
  articles: string[];
}

export interface VerdictOutcome {
  result: Verdict;
  articles: string[];
  red: SideFacts;
  black: SideFacts;
  summary: { zh: string; en: string };
}

const ROLE_ZH: Record<string, string> = { king: '帅/将', advisor: '仕/士', elephant: '相/象', horse: '马', rook: '车', cannon: '炮', pawn: '兵/卒' };
export const roleZh = (r: string) => ROLE_ZH[r] ?? r;

const cap = (side: Side) => (side === 'red' ? 'Red' : 'Black');

function isKingOrPawn(role: string): boolean {
  return role === 'king' || role === 'pawn';
}

/**
 * The targets a side's move chases in a way that counts towards 长捉 (AXF). A move that checks and
 * chases at once counts as a chase of that piece (从重, 补充 2 and 4): 一将一捉 (总纲 2) is allowed
 * when the checking move does not itself chase the piece chased on the other moves.
 */
function countingChases(p: PlyAnalysis): ChaseRecord[] {
  return p.chases.filter((c) => !c.exempt && c.all.some((a) => !isKingOrPawn(a.attackerRole)));
}

export function perpetualChaseTargets(plies: readonly PlyAnalysis[]): ChaseRecord[][] {
  if (plies.length === 0) return [];
  const per = plies.map(countingChases);
  const ids = per[0].map((c) => c.targetId).filter((id) => per.every((list) => list.some((c) => c.targetId === id)));
  return ids.map((id) => per.map((list) => list.find((c) => c.targetId === id)!));
}

/** The 细则 that describe a perpetual chase best (they all say: the chaser must change or lose). */
function violationArticles(records: ChaseRecord[], plies: readonly PlyAnalysis[]): string[] {
  const arts = new Set<string>(['总纲 3']);
  const target = records[0].targetRole;
  const chasers = new Set(records.flatMap((r) => r.all.map((a) => a.attackerRole)));
  const chaserIds = new Set(records.flatMap((r) => r.attackerIds));
  const created = records.flatMap((r) => r.created);
  const roots = new Set(created.map((c) => c.root));
  if (target === 'rook') {
    if (created.some((c) => /细则 14/.test(c.reason))) arts.add('细则 14');
    const only = (roles: string[]) => [...chasers].every((r) => roles.includes(r));
    if (only(['cannon'])) arts.add('细则 10');
    else if (only(['horse'])) arts.add('细则 16');
    else if (only(['horse', 'cannon'])) arts.add('细则 15');
    if (chasers.has('horse') || chasers.has('cannon')) arts.add('总纲 6');
  }
  if (target === 'cannon' && chasers.has('rook')) arts.add('细则 13');
  if (target === 'horse' && chasers.has('rook')) arts.add('细则 18');
  if (target === 'pawn' && chasers.has('rook')) arts.add('细则 26');
  if (chasers.has(target)) arts.add('细则 19').add('总纲 7');
  // a same-kind piece that cannot take back because it may not leave its line (总纲 7); a rook held so by a
  // cannon is 细则 22 (held by a horse: 细则 14, above)
  if (created.some((c) => c.heldSameKind)) {
    arts.add('总纲 7');
    if (target === 'rook' && !created.some((c) => c.immobileTarget)) arts.add('细则 22');
  }
  if (roots.has('false')) arts.add('细则 29').add('总纲 6');
  if ([...chasers].some(isKingOrPawn)) arts.add('细则 25').add('总纲 9');
  if (chaserIds.size > 1) arts.add('细则 28'); // 两子或多子轮捉一子
  // a cannon chasing through a screen that another piece provides or changes (细则 20–21)
  const discovered = plies.some((p, i) => records[i].created.every((c) => makeSquareName(c.attacker) !== p.iccs.slice(2)));
  if (discovered && chasers.has('cannon')) arts.add(target === 'rook' ? '细则 21' : '细则 20');
  if (plies.some((p) => p.alsoExchange)) arts.add('总纲 8').add('细则 31');
  if (plies.some((p) => p.mateThreat)) arts.add('补充 4');
  if (plies.some((p) => p.isCheck)) arts.add('补充 4'); // 从重: a check that also chases counts as a chase
  return [...arts];
}

/** Why a side's pattern is allowed (AXF). */
function allowedArticles(pattern: Pattern, plies: readonly PlyAnalysis[]): string[] {
  const arts: string[] = [];
  switch (pattern) {
    case 'perpetualMateThreat':
      arts.push('总纲 2', '细则 4');
      break;
    case 'checkAndMateThreat':
      arts.push('总纲 2', '细则 6');
      break;
    case 'checkAndChase':
      arts.push('总纲 2', '细则 7');
      break;
    case 'checkAndIdle':
    case 'checkAndDiscoveredThreat':
      arts.push('总纲 2', '细则 8');
      break;
    case 'chaseAndDiscoveredThreat':
      arts.push('总纲 2', '细则 9');
      break;
    case 'mateThreatAndChase':
    case 'mateThreatAndIdle':
      arts.push('细则 4'); // 细则 4 图-6: 一捉一杀 … 双方不变作和
      break;
    case 'alternateChase': {
      arts.push('总纲 4', '细则 27');
      const rooks = plies.every((p) => p.chases.every((c) => c.targetRole === 'rook' && c.created.every((a) => a.attackerRole === 'cannon')));
      if (rooks) arts.push('细则 11');
      break;
    }
    case 'perpetualBlock':
      arts.push('总纲 10', '细则 34');
      break;
    case 'perpetualExchangeOffer':
    case 'perpetualOffer':
      arts.push('总纲 10', '细则 35');
      break;
    case 'perpetualDiscoveredThreat':
      arts.push('总纲 10', '细则 33');
      break;
    case 'perpetualChase': {
      // every move chases one piece, but the chase is one the rules allow
      const all = plies.flatMap((p) => p.chases);
      if (all.some((c) => c.exempt)) arts.push('总纲 3', '细则 20');
      if (all.some((c) => c.all.every((a) => a.attackerRole === 'king'))) arts.push('总纲 9', '细则 23');
      if (all.some((c) => c.all.every((a) => isKingOrPawn(a.attackerRole)) && c.all.some((a) => a.attackerRole === 'pawn'))) {
        arts.push('总纲 9', '细则 24');
      }
      break;
    }
    default:
      break;
  }
  if (plies.some((p) => p.mateThreat && p.chases.length > 0)) arts.push('补充 4');
  // 长捉真根子作和 (总纲 6): attacks on truly protected pieces are not chases
  const guarded = plies.flatMap((p) => p.protectedAttacks);
  if (guarded.length > 0 && plies.every((p) => p.protectedAttacks.length > 0 || p.chases.length > 0)) {
    arts.push('总纲 6');
    if (guarded.some((c) => c.targetRole === 'cannon' && c.attackerRole === 'rook')) arts.push('细则 12');
    // 细则 30: 两子或多子劫一子 — several pieces on one truly protected piece at once
    const several = plies.some(
      (p) => p.severalOnProtected || p.protectedAttacks.some((c) => p.protectedAttacks.filter((d) => d.target === c.target).length > 1),
    );
    if (several) arts.push('细则 30');
  }
  return [...new Set(arts)];
}

export function sideFacts(side: Side, plies: PlyAnalysis[]): SideFacts {
  const basePattern = sidePattern(plies);
  const perpetualCheck = plies.length > 0 && plies.every((p) => p.isCheck);
  const violating = perpetualCheck ? [] : perpetualChaseTargets(plies);
  const violation = violating.length > 0;
  const pattern = violation ? 'perpetualChase' : basePattern;
  const label = PATTERN_LABELS[pattern];
  let reason: string;
  let reasonZh: string;
  let articles: string[];
  if (perpetualCheck) {
    reason = `${cap(side)} checks on every move (长将)`;
    reasonZh = `${side === 'red' ? '红方' : '黑方'}步步将军，属长将`;
    articles = ['总纲 1'];
  } else if (violation) {
    const recs = violating[0];
    const last = recs[recs.length - 1];
    const chasers = [...new Set(recs.flatMap((r) => r.all.map((a) => a.attackerRole)))];
    reason = `${cap(side)} chases the ${last.targetRole} (now on ${makeSquareName(last.targetSquare)}) on every move, with ${chasers.join(' and ')} (长捉)`;
    reasonZh = `${side === 'red' ? '红方' : '黑方'}以${chasers.map(roleZh).join('、')}每着捉${roleZh(last.targetRole)}，属长捉`;
    articles = violationArticles(recs, plies);
  } else {
    reason = `${cap(side)}: ${label.en} — allowed`;
    reasonZh = `${side === 'red' ? '红方' : '黑方'}${label.zh}，不犯例`;
    articles = allowedArticles(pattern, plies);
  }
  return { side, plies, pattern, perpetualCheck, violation, violating, reason, reasonZh, articles };
}

const SIDE_ZH: Record<Side, string> = { red: '红方', black: '黑方' };

export function verdictAxf(red: SideFacts, black: SideFacts): VerdictOutcome {
  const arts = new Set<string>();
  const add = (...a: string[]) => a.forEach((x) => arts.add(x));
  let result: Verdict;
  let en: string;
  let zh: string;
  if (red.perpetualCheck && black.perpetualCheck) {
    // 棋例总纲 1: 双方长将作和; 细则 2
    result = 'draw';
    add('总纲 1', '细则 2', '第二节 2 C');
    en = 'Both sides check perpetually: draw.';
    zh = '双方长将，不变作和。';
  } else if (red.perpetualCheck || black.perpetualCheck) {
    // 棋例总纲 1: 无论任何情况，一方长将作负
    const loser = red.perpetualCheck ? red : black;
    const other = loser === red ? black : red;
    result = loser.side === 'red' ? 'red_loses' : 'black_loses';
    add('总纲 1', '细则 1');
    if (other.plies.some((p) => p.isCheck)) add('细则 3'); // 二将一还将，长将者负
    if (other.violation || other.pattern === 'perpetualChase' || other.pattern === 'alternateChase') add('第二节 1 H');
    else add('第二节 1 I');
    en = `${cap(loser.side)} checks perpetually and must change or lose${other.plies.some((p) => p.isCheck) ? ' (the other side checks back only on some moves: 二将一还将)' : ''}.`;
    zh = `${SIDE_ZH[loser.side]}长将，须变着，不变作负。`;
  } else if (red.violation && black.violation) {
    // 第二节 2 C: 双方均同时触犯同一禁例者，可判和局; 细则 17, 补充 3
    result = 'draw';
    add('第二节 2 C', '细则 17', '补充 3', ...red.articles, ...black.articles);
    en = 'Both sides chase perpetually (mutual perpetual chase): draw.';
    zh = '双方均属长捉犯例，不变作和。';
  } else if (red.violation || black.violation) {
    // 第二节 1 I: 一方犯规而另一方不犯例时，应由犯例方变着，不变作负
    const loser = red.violation ? red : black;
    const other = loser === red ? black : red;
    result = loser.side === 'red' ? 'red_loses' : 'black_loses';
    add('第二节 1 I', ...loser.articles, ...other.articles);
    if (other.plies.some((p) => p.chases.length > 0) && !other.plies.every((p) => p.chases.length > 0)) add('总纲 5'); // 二捉一还捉
    en = `${loser.reason}; ${other.reason}. ${cap(loser.side)} must change or lose.`;
    zh = `${loser.reasonZh}；${other.reasonZh}。${SIDE_ZH[loser.side]}犯例，不变作负。`;
  } else {
    // 第二节 2 B: 双方均无犯例而经四次仍不变着者，可判和局
    result = 'draw';
    add('第二节 2 B', ...red.articles, ...black.articles);
    en = `${red.reason}; ${black.reason}. Neither side violates the rules: draw.`;
    zh = `${red.reasonZh}；${black.reasonZh}。双方均未犯例，不变作和。`;
  }
  return { result, articles: [...arts], red, black, summary: { zh, en } };
}
