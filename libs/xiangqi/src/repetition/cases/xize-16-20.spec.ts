import { runCases } from './run-cases';
import { XIZE_16_20 } from './xize-16-20.cases';

runCases('棋例 acceptance — 细则 16–20', XIZE_16_20);
