import type { EnterResultDto } from './result.dto';

const PENALTY_RESULTS = new Set(['red_win_penalty', 'black_win_penalty']);

/** 400s the DTO cannot express: a penalty result needs its reason (libs/tournament PENALTY_REASONS), other results take none. */
export function resultProblems(dto: Pick<EnterResultDto, 'result' | 'penaltyReason'>): { field: string; reason: string }[] {
  if (PENALTY_RESULTS.has(dto.result) && !dto.penaltyReason)
    return [{ field: 'penaltyReason', reason: `${dto.result} needs the ruling's reason (one of libs/tournament PENALTY_REASONS)` }];
  if (!PENALTY_RESULTS.has(dto.result) && dto.penaltyReason)
    return [{ field: 'penaltyReason', reason: `only red_win_penalty and black_win_penalty have a penalty reason, not ${dto.result}` }];
  return [];
}
