import { runCases } from './run-cases';
import { ISSUE14_FIGURES } from './issue14-figures.cases';

runCases(
  '棋例 acceptance — issue 14 figures (细则 4 图7, 7 图13, 10 图18, 11 图27 图28, 14 图39 图41, 21 图61, 22 图65, 27 图76 图78, 28 图81, 29 图83, 30 图88, 31 图90)',
  ISSUE14_FIGURES,
);
