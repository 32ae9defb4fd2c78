import { runCases } from './run-cases';
import { LAST_FIGURES } from './last-figures.cases';

runCases('棋例 acceptance — last figures (细则 10 图19, 15 图43, 16 图47, 18 图50, 23 图68, 24 图70, 25 图71, 16 图46, 20 图57, 30 图86)', LAST_FIGURES);
