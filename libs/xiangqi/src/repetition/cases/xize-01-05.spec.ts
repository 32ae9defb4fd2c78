import { runCases } from './run-cases';
import { XIZE_01_05 } from './xize-01-05.cases';

runCases('棋例 acceptance — 细则 1–5', XIZE_01_05);
