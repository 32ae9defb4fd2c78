import { runCases } from './run-cases';
import { MORE_FIGURES } from './more-figures.cases';

runCases('棋例 acceptance — more figures (细则 8 图15, 细则 19 图51, 细则 33 图98, 细则 34 图100, …)', MORE_FIGURES);
