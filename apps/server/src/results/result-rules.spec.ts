import { resultProblems } from './result-rules';
import type { EnterResultDto } from './result.dto';

const dto = (d: Partial<EnterResultDto>): EnterResultDto => ({ result: 'draw', version: 1, ...d }) as EnterResultDto;

describe('resultProblems', () => {
  test('a penalty result needs its reason', () => {
    expect(resultProblems(dto({ result: 'red_win_penalty' }))).toMatchObject([
      { field: 'penaltyReason', reason: expect.stringMatching(/needs/), code: 'result.penalty_reason_needed' },
    ]);
    expect(resultProblems(dto({ result: 'black_win_penalty', penaltyReason: 'device' }))).toEqual([]);
  });

  test('other results take none', () => {
    expect(resultProblems(dto({ result: 'draw', penaltyReason: 'violations' }))).toMatchObject([
      { field: 'penaltyReason', reason: expect.stringMatching(/only/) },
    ]);
    for (const result of ['red_win', 'black_win', 'draw', 'red_win_forfeit', 'black_win_forfeit', 'double_forfeit', 'annulled'] as const)
      expect(resultProblems(dto({ result }))).toEqual([]);
  });
});
