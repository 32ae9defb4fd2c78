/**
 * The short explanation for arbiters and the appeals committee, in Chinese and in English, naming
 * the articles that decided (四章 第二节, 总纲, 细则, 补充; CXA 棋例总则 for the CXA rule set).
 */
import { CycleInfo, CycleReport, Label, Verdict } from './types';
import { VerdictOutcome } from './verdict-axf';

const RESULT_ZH: Record<Verdict, string> = {
  red_loses: '红方须变着，不变作负',
  black_loses: '黑方须变着，不变作负',
  draw: '双方不变作和',
  none: '未形成重复局面',
};
const RESULT_EN: Record<Verdict, string> = {
  red_loses: 'Red must change its move or lose',
  black_loses: 'Black must change its move or lose',
  draw: 'if neither side changes, the game is drawn',
  none: 'no repeated position',
};

export function explain(outcome: VerdictOutcome, cycle: CycleInfo, rules: 'axf' | 'cxa'): Label {
  const arts = outcome.articles.join('、');
  const artsEn = outcome.articles.join(', ');
  const where = `第${cycle.startPly}–${cycle.endPly}着循环（${cycle.plies}步，局面已出现${cycle.occurrences}次）`;
  const whereEn = `Cycle of plies ${cycle.startPly}–${cycle.endPly} (${cycle.plies} plies; the position has occurred ${cycle.occurrences} times).`;
  const rulesZh = rules === 'axf' ? '亚洲象棋联合会棋例' : '中国象棋协会棋例';
  const rulesEn = rules === 'axf' ? 'AXF rules' : 'CXA rules';
  return {
    zh: `${where}。${outcome.summary.zh}依${rulesZh}：${arts}。结论：${RESULT_ZH[outcome.result]}。`,
    en: `${whereEn} ${outcome.summary.en} Under the ${rulesEn}: ${artsEn}. Verdict: ${RESULT_EN[outcome.result]}.`,
  };
}

export function explainNone(plies: number, earlier: readonly CycleReport[] = []): Label {
  const zhEarlier = earlier.map((c) => `第${c.startPly}–${c.endPly}着循环：${RESULT_ZH[c.result]}`).join('；');
  const enEarlier = earlier.map((c) => `plies ${c.startPly}–${c.endPly}: ${c.result}`).join('; ');
  return {
    zh: `共${plies}着，最后局面此前未以同一方行棋出现过：未形成重复局面，无需判决。` + (earlier.length > 0 ? `但此前已完成循环（${zhEarlier}）。` : ''),
    en:
      `${plies} plies; the final position has not occurred before with the same side to move: no repetition to adjudicate.` +
      (earlier.length > 0 ? ` Earlier cycles in the record: ${enEarlier}.` : ''),
  };
}
