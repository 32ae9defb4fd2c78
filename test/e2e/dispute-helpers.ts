import type { RepetitionCase } from '@chuhe/xiangqi/testing';

/** A rulebook case's printed moves as a record with its FEN tag: '[FEN "…"] 1. 车二进一 将6进1 2. …'. */
export function caseRecord(c: RepetitionCase): string {
  const parts: string[] = [];
  c.chinese.forEach((m, i) => parts.push(i % 2 === 0 ? `${i / 2 + 1}. ${m}` : m));
  return `[FEN "${c.fen}"]\n${parts.join(' ')}`;
}
