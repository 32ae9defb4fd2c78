import { runCases } from './run-cases';
import { LAST_FIGURES } from './last-figures.cases';

runCases(
  '棋例 acceptance — last figures (细则 4 图9, 10 图19 图21 图23, 15 图43, 16 图46 图47, 18 图50, 20 图57 图58, 23 图68, 24 图70, 25 图71, 27 图77, 29 图85, 30 图86 图89, 31 图92)',
  LAST_FIGURES,
);
