import { runCases } from './run-cases';
import { XIZE_26_31 } from './xize-26-31.cases';

runCases('棋例 acceptance — 细则 26–31', XIZE_26_31);
