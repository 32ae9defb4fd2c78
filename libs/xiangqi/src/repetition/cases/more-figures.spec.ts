import { runCases } from './run-cases';
import { MORE_FIGURES } from './more-figures.cases';

runCases('棋例 acceptance — more figures (细则 8 图15, 19 图51 图53 图54, 22 图63 图66, 27 图79, 33 图98, 34 图100, …)', MORE_FIGURES);
