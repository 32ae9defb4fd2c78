import { runCases } from './run-cases';
import { XIZE_32_35 } from './xize-32-35.cases';

runCases('棋例 acceptance — 细则 32–35', XIZE_32_35);
