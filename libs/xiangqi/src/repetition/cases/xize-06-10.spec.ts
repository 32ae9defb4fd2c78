import { runCases } from './run-cases';
import { XIZE_06_10 } from './xize-06-10.cases';

runCases('棋例 acceptance — 细则 6–10', XIZE_06_10);
