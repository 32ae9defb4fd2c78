import type { ScoringSystem } from '../generated/prisma/client';

/** API/library scoring names ('2-1-0', 二章5节1) ↔ database enum names. */
export const SCORING_TO_DB: Record<'2-1-0' | '1-0.5-0', ScoringSystem> = { '2-1-0': 'two_one_zero', '1-0.5-0': 'one_half_zero' };
export const SCORING_FROM_DB: Record<ScoringSystem, '2-1-0' | '1-0.5-0'> = { two_one_zero: '2-1-0', one_half_zero: '1-0.5-0' };
