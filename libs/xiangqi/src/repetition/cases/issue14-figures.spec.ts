import { adjudicate } from '../adjudicate';
import { runCases } from './run-cases';
import { ISSUE14_FIGURES } from './issue14-figures.cases';

runCases(
  '棋例 acceptance — issue 14 figures (细则 4 图7, 7 图13, 10 图18 图25, 11 图27 图28, 13 图35, 14 图39 图41, 15 图44, 20 图56, 21 图61, 22 图65, 25 图73, 26 图74, 27 图76 图78, 28 图81, 29 图83, 30 图88, 31 图90 图93)',
  ISSUE14_FIGURES,
);

/** The article each figure illustrates is named in the explanation. */
const ARTICLES: [string, string[]][] = [
  ['细则 4 图7', ['总纲 2', '细则 4']],
  ['细则 7 图13', ['总纲 2', '细则 7']],
  ['细则 10 图18', ['细则 10', '总纲 6']],
  ['细则 11 图27', ['总纲 4', '细则 11']],
  ['细则 11 图28', ['总纲 4', '细则 11']],
  ['细则 14 图39', ['细则 14']],
  ['细则 14 图41', ['细则 14']],
  ['细则 21 图61', ['细则 21', '总纲 5']],
  ['细则 22 图65', ['细则 22', '总纲 7']],
  ['细则 27 图76', ['总纲 4', '细则 27']],
  ['细则 27 图78', ['总纲 4', '细则 27']],
  ['细则 28 图81', ['细则 28']],
  ['细则 29 图83', ['细则 29']],
  ['细则 30 图88', ['细则 30', '总纲 6']],
  ['细则 31 图90', ['细则 31', '总纲 8']],
  ['细则 10 图25', ['细则 10', '细则 28']],
  ['细则 13 图35', ['细则 13', '总纲 2']],
  ['细则 15 图44', ['细则 15']],
  ['细则 20 图56', ['细则 20']],
  ['细则 25 图73', ['细则 25', '总纲 9']],
  ['细则 26 图74', ['细则 26']],
  ['细则 31 图93', ['细则 31', '总纲 8']],
];

describe('issue 14 figures: the articles named', () => {
  test.each(ARTICLES)('%s names %j', (id, articles) => {
    const c = ISSUE14_FIGURES.find((x) => x.id === id)!;
    const r = adjudicate({ fen: c.fen, moves: c.moves });
    if (!r.ok) throw r.error;
    expect(r.value.articles).toEqual(expect.arrayContaining(articles));
    for (const a of articles) expect(r.value.explanation.zh).toContain(a);
  });
});
