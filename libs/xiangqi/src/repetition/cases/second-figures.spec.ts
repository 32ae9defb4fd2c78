import { runCases } from './run-cases';
import { SECOND_FIGURES } from './second-figures.cases';

runCases('棋例 acceptance — second figures (细则 8 图16, 细则 19 图52)', SECOND_FIGURES);
