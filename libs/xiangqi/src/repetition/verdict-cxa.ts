/**
 * The CXA (中国象棋协会 2020) verdict, as digested in cxa-2020-rules-digest.md and
 * axf-vs-cxa-repetition-rules.md. Differences from AXF are listed in README.md.
 *
 * - 禁止着法 (CXA 棋例释义 2): every move of the side in the cycle is an attack (打 = 将, 杀 or 捉):
 *   长将, 长杀, 长捉 (of one piece or several: 长捉 “追捉一子或数子”), 一将一杀, 一将一捉, 一杀一捉.
 *   Anything with an idle move (闲 incl. 兑, 献, 拦) is 允许着法.
 * - 捉 is judged by material value (captures.ts, CXA branch).
 * - 棋例通则 1: the king chasing by itself is 闲; with other pieces it is 捉.
 *   棋例通则 2: a pawn chasing by itself is 闲.
 * - 棋例总则 1: one-sided 长将 is never allowed. 总则 2: both allowed → draw. 总则 3: both forbidden
 *   (not counting one-sided 长将) → draw. 总则 4: forbidden vs allowed → the forbidden side changes or loses.
 */
import { PlyAnalysis } from './move-kinds';
import { PATTERN_LABELS, sidePattern } from './patterns';
import { SideFacts, VerdictOutcome } from './verdict-axf';
import { Side, makeSquareName } from '../types';

function isAttack(p: PlyAnalysis): boolean {
  if (p.isCheck || p.mateThreat) return true;
  // 棋例通则 1–2: the king or a pawn chasing alone is 闲
  return p.chases.some((c) => !c.exempt && c.all.some((a) => a.attackerRole !== 'king' && a.attackerRole !== 'pawn'));
}

export function sideFactsCxa(side: Side, plies: PlyAnalysis[]): SideFacts {
  const pattern = sidePattern(plies);
  const perpetualCheck = plies.length > 0 && plies.every((p) => p.isCheck);
  const forbidden = plies.length > 0 && plies.every(isAttack);
  const label = PATTERN_LABELS[pattern];
  const sideZh = side === 'red' ? '红方' : '黑方';
  const Side = side === 'red' ? 'Red' : 'Black';
  const chased = plies.flatMap((p) => p.chases.map((c) => `${c.targetRole} on ${makeSquareName(c.targetSquare)}`));
  return {
    side,
    plies,
    pattern,
    perpetualCheck,
    violation: forbidden,
    violating: forbidden ? [plies.flatMap((p) => p.chases)].filter((l) => l.length > 0) : [],
    reason: forbidden
      ? `${Side}: every move is an attack (${label.en}${chased.length ? `; chased: ${[...new Set(chased)].join(', ')}` : ''}) — 禁止着法`
      : `${Side}: ${label.en} — 允许着法`,
    reasonZh: forbidden ? `${sideZh}${label.zh}，步步是打，属禁止着法` : `${sideZh}${label.zh}，属允许着法`,
    articles: forbidden ? ['CXA 棋例释义 2'] : ['CXA 棋例释义 2'],
  };
}

export function verdictCxa(red: SideFacts, black: SideFacts): VerdictOutcome {
  const arts = new Set<string>(['CXA 棋例释义 2']);
  if (red.perpetualCheck !== black.perpetualCheck) {
    // CXA 棋例总则 1: 在任何情况下，均不允许单方面长将
    const loser = red.perpetualCheck ? red : black;
    arts.add('CXA 棋例总则 1');
    return {
      result: loser.side === 'red' ? 'red_loses' : 'black_loses',
      articles: [...arts],
      red,
      black,
      summary: {
        en: `${loser.side} checks perpetually on its own: not allowed; ${loser.side} must change or lose.`,
        zh: `${loser.side === 'red' ? '红方' : '黑方'}单方面长将，须变着，不变作负。`,
      },
    };
  }
  if (red.violation && black.violation) {
    // CXA 棋例总则 3: 双方均为禁止着法，双方不变作和
    arts.add('CXA 棋例总则 3');
    return {
      result: 'draw',
      articles: [...arts],
      red,
      black,
      summary: { en: `${red.reason}; ${black.reason}. Both forbidden: draw.`, zh: `${red.reasonZh}；${black.reasonZh}。双方均为禁止着法，不变作和。` },
    };
  }
  if (red.violation || black.violation) {
    // CXA 棋例总则 4: 一方为禁止着法，另一方为允许着法，应由前者变着，不变判负
    arts.add('CXA 棋例总则 4');
    const loser = red.violation ? red : black;
    const other = loser === red ? black : red;
    return {
      result: loser.side === 'red' ? 'red_loses' : 'black_loses',
      articles: [...arts],
      red,
      black,
      summary: {
        en: `${loser.reason}; ${other.reason}. ${loser.side} must change or lose.`,
        zh: `${loser.reasonZh}；${other.reasonZh}。${loser.side === 'red' ? '红方' : '黑方'}须变着，不变作负。`,
      },
    };
  }
  // CXA 棋例总则 2: 双方均为允许着法，双方不变作和
  arts.add('CXA 棋例总则 2');
  return {
    result: 'draw',
    articles: [...arts],
    red,
    black,
    summary: { en: `${red.reason}; ${black.reason}. Both allowed: draw.`, zh: `${red.reasonZh}；${black.reasonZh}。双方均为允许着法，不变作和。` },
  };
}
