import { undoWithdrawalRefusal } from './withdrawal-undo';

describe('undoWithdrawalRefusal', () => {
  it.each([
    ['active entry', { status: 'active' as const, withdrawnAfterRound: null }, [], /not withdrawn/],
    ['before the start, no round', { status: 'withdrawn' as const, withdrawnAfterRound: 0 }, [], undefined],
    [
      'after round 3, round 3 the last',
      { status: 'withdrawn' as const, withdrawnAfterRound: 3 },
      [1, 2, 3].map((number) => ({ number, state: 'completed' })),
      undefined,
    ],
    [
      'after round 3, round 4 drafted',
      { status: 'withdrawn' as const, withdrawnAfterRound: 3 },
      [
        { number: 3, state: 'completed' },
        { number: 4, state: 'draft' },
      ],
      /round 4 is paired \(draft\)/,
    ],
    [
      'after round 2, round 3 published',
      { status: 'withdrawn' as const, withdrawnAfterRound: 2 },
      [
        { number: 3, state: 'published' },
        { number: 2, state: 'completed' },
      ],
      /round 3 was paired after/,
    ],
    ['before the start, round 1 drafted', { status: 'withdrawn' as const, withdrawnAfterRound: 0 }, [{ number: 1, state: 'draft' }], /round 1/],
  ])('%s', (_name, entry, rounds, expected) => {
    const refusal = undoWithdrawalRefusal(entry, rounds);
    if (expected === undefined) expect(refusal).toBeUndefined();
    else {
      expect(refusal?.message).toMatch(expected);
      expect(refusal?.getStatus()).toBe(409);
      expect(refusal?.wordsIn('zh')).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
