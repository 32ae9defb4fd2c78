import { Tournament } from '@chuhe/tournament';
import { PAIRING_SYSTEMS, pairingSystemFor } from './registry';

const field = (n: number, pairingSystem?: string): Tournament => ({
  options: { eventKind: 'individual', scoring: '2-1-0', gamesPerPairing: 1, boards: 1, ...(pairingSystem ? { pairingSystem } : {}) },
  entries: Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, drawNumber: i + 1 })),
  rounds: [],
});

describe('pairing registry', () => {
  it('picks the system the tournament names, Swiss by default, none for an unknown id', () => {
    expect(pairingSystemFor(field(4))?.id).toBe('swiss-individual');
    expect(pairingSystemFor(field(4, 'round-robin'))?.id).toBe('round-robin');
    expect(pairingSystemFor(field(4, 'dutch'))).toBeUndefined();
    expect(Object.keys(PAIRING_SYSTEMS).sort()).toEqual([
      'championship-5-2',
      'championship-6-1',
      'round-robin',
      'stage-chain',
      'swiss-individual',
      'swiss-team',
    ]);
  });

  it('pairs a round-robin round from the 附录6 table: 5 players use the table for 6, number 6 is the bye', () => {
    const result = PAIRING_SYSTEMS['round-robin'].pair({ tournament: field(5, 'round-robin') });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.pairings.map((p) => [p.red, p.black])).toEqual([
      ['p2', 'p5'],
      ['p3', 'p4'],
    ]);
    expect(result.value.byes).toEqual(['p1']);
  });
});
