import { knockoutRoundName, knockoutRoundNames } from './knockout-view';
import type { Tournament } from '@chuhe/tournament';

describe('knockout round names (issue 21: pairings pages name the final, the semi-finals …)', () => {
  it('counts from the final back', () => {
    expect([0, 1, 2, 3, 4].map(knockoutRoundName)).toEqual(['final', 'semi_final', 'quarter_final', 'round_of_16', 'round_of_32']);
    expect(knockoutRoundName(9)).toBe('knockout_round');
  });

  it('5+2: round 6 the semi-finals, round 7 the final (附录2 #6); 6+1: round 7 the final (附录3)', () => {
    const t = (pairingSystem: string) => ({ name: 'x', entries: [], rounds: [], options: { pairingSystem, eventKind: 'individual' } }) as unknown as Tournament;
    expect([...knockoutRoundNames(t('championship-5-2'))]).toEqual([
      [6, 'semi_final'],
      [7, 'final'],
    ]);
    expect([...knockoutRoundNames(t('championship-6-1'))]).toEqual([[7, 'final']]);
    expect([...knockoutRoundNames(t('swiss-individual'))]).toEqual([]);
  });
});
