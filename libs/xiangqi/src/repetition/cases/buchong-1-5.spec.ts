import { runCases } from './run-cases';
import { BUCHONG_1_5 } from './buchong-1-5.cases';

runCases('棋例 acceptance — 补充 1–5', BUCHONG_1_5);
