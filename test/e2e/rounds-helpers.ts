// The rounds specs' names for the shared fixture (scenario.ts).
import { mulberry32 } from '@chuhe/xiangqi';

export { drawnEvent, pairAndPublish, playRound, withRole, type PlayEvent, type RoundViewBody } from './scenario';

/** The project's seeded PRNG for tests and benches (libs/xiangqi mulberry32). */
export const prng = mulberry32;
