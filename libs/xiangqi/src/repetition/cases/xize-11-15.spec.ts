import { runCases } from './run-cases';
import { XIZE_11_15 } from './xize-11-15.cases';

runCases('棋例 acceptance — 细则 11–15', XIZE_11_15);
