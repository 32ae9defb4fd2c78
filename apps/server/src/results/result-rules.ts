import type { CodedFieldProblem } from '../common/errors';
import type { EnterResultDto } from './result.dto';

const PENALTY_RESULTS = new Set(['red_win_penalty', 'black_win_penalty']);

/** 400s the DTO cannot express: a penalty result needs its reason (libs/tournament PENALTY_REASONS), other results take none. */
export function resultProblems(dto: Pick<EnterResultDto, 'result' | 'penaltyReason'>): CodedFieldProblem[] {
  if (PENALTY_RESULTS.has(dto.result) && !dto.penaltyReason)
    return [
      {
        field: 'penaltyReason',
        reason: `${dto.result} needs the ruling's reason (one of libs/tournament PENALTY_REASONS)`,
        code: 'result.penalty_reason_needed',
      },
    ];
  if (!PENALTY_RESULTS.has(dto.result) && dto.penaltyReason)
    return [
      {
        field: 'penaltyReason',
        reason: `only red_win_penalty and black_win_penalty have a penalty reason, not ${dto.result}`,
        code: 'result.penalty_reason_not_allowed',
      },
    ];
  return [];
}
