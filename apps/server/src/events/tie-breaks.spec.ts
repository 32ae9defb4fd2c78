import { defaultChainFor } from './tie-breaks';

describe('defaultChainFor', () => {
  it.each([
    ['individual', 'round_robin', 'axf-2-6-2'],
    ['individual', 'swiss', 'axf-2-6-3'],
    ['team', 'double_round_robin', 'axf-2-6-4'],
    ['team', 'swiss', 'axf-2-6-5'],
    ['individual', 'championship_5_2', 'axf-appendix-2'],
    ['individual', 'championship_6_1', 'axf-appendix-3'],
  ] as const)('%s %s → %s', (kind, type, chain) => {
    expect(defaultChainFor(kind, [{ type }])).toBe(chain);
  });
});
