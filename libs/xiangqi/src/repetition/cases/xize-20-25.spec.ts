import { runCases } from './run-cases';
import { XIZE_20_25 } from './xize-20-25.cases';

runCases('棋例 acceptance — 细则 20–25', XIZE_20_25);
