import { runCases } from './run-cases';
import { EVEN_MORE_FIGURES } from './even-more-figures.cases';

runCases('棋例 acceptance — even more figures (细则 4 图6 图8, 10 图20 图24, 12 图30 图31, 13 图32 图34 图36 图37 图38)', EVEN_MORE_FIGURES);
