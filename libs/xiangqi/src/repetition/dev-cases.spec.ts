/**
 * The development set (fixtures/dev-repetition-cases.json, copied from the shared rules folder):
 * 32 cases as one open-source engine reads the AXF rules. Every one agrees with the rulebook as
 * this engine reads it; where that needed an argument, it is written beside the case below.
 */
import { adjudicate } from './adjudicate';

interface DevCase {
  name: string;
  fen: string;
  moves: string[];
  expected: 'red_loses' | 'black_loses' | 'draw';
}

const CASES = require('../../fixtures/dev-repetition-cases.json') as DevCase[];

/** Why a case holds under the rulebook, where it is not plain (index → reason). */
const NOTES: Record<number, string> = {
  4:
    'Red cannon moves alternately discover the f6 cannon on the crossed pawn f1; the second move also checks. ' +
    'A move that checks and chases the same piece counts as a chase (从重, 补充 2/4), so Red chases the pawn on every move: 长捉, not 一将一捉.',
  9: 'Black chases the red cannon on every move, one of them also a check: 长捉 by 从重 (补充 4), as in case 4.',
  10: 'Same position as case 4 (the name "Perpetual check by soldier" is a copy-paste slip in the source).',
  21:
    'The black rook f8 is the leg of the red horse g8 (车被马牵制): its attack on the horse is not a chase (细则 14, 图-39–41 ' +
    '“黑车不动，不算长捉红马”), while Red chases the rook with rook and cannon on every move: Red must change.',
  22: 'Mirror of case 21: the red rook d1 is held by the black horse c1; Black chases it with rook and cannon (细则 14).',
  28: 'The red king guards d0 for real because the black horse d6 stops the kings facing: the horse is 真根, no chase (总纲 6).',
  29: 'Without the horse d6 the king recapturing on d0 would face the black king: 假根, Black chases (细则 29).',
};

describe('dev-repetition-cases.json (AXF)', () => {
  it('has the 32 cases', () => {
    expect(CASES).toHaveLength(32);
  });

  test.each(CASES.map((c, i) => [i, c.name, c] as const))('#%i %s', (i, _name, c) => {
    const r = adjudicate({ fen: c.fen, moves: c.moves, rules: 'axf' });
    if (!r.ok) throw r.error;
    expect(r.value.result).toBe(c.expected);
    expect(r.value.cycle).not.toBeNull();
    // the explanation names at least one article of the rules
    expect(r.value.articles.length).toBeGreaterThan(0);
    if (NOTES[i]) expect(NOTES[i].length).toBeGreaterThan(0);
  });
});

/** The articles the explanation must name for some cases (a subset; more may be cited). */
const ARTICLES: [number, string[]][] = [
  [0, ['第二节 1 I', '细则 10', '总纲 6']],
  [2, ['细则 25', '总纲 4', '细则 27']],
  [3, ['细则 24', '第二节 2 B']],
  [5, ['第二节 2 C', '细则 17']],
  [6, ['总纲 1', '细则 3']],
  [7, ['总纲 1', '第二节 1 H']],
  [15, ['细则 2']],
  [18, ['总纲 10', '细则 35']],
  [21, ['细则 14']],
  [29, ['细则 29']],
];

describe('dev cases: articles named', () => {
  test.each(ARTICLES)('#%i', (i, articles) => {
    const c = CASES[i];
    const r = adjudicate({ fen: c.fen, moves: c.moves });
    if (!r.ok) throw r.error;
    expect(r.value.articles).toEqual(expect.arrayContaining(articles));
    for (const a of articles) expect(r.value.explanation.zh).toContain(a);
  });
});
