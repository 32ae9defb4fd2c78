import type { TournamentOptions } from '@chuhe/tournament';

/**
 * An event's stages (Event.stages, 二章1节3) as the libs/tournament options that name its pairing
 * system: the 附录6 round-robin tables (once or twice round), Swiss 积分编排 for players or teams,
 * the 附录2 5+2 and 附录3 6+1 championships. Formats of more than one stage (Swiss then knockout,
 * groups then knockout) and a standalone knockout or group round-robin use libs/pairing's stage
 * chain ('stage-chain', stage-chain.ts), which pairs each stage in turn from `options.stages`
 * (each stage as Event.stages holds it: type, rounds, groups, qualifiers). Its knockout matches
 * follow the 5+2 match rules of 附录2 7b (a drawn game → rapid game, colours reversed → drawn
 * again, the player who had Black wins), which the results module applies (knockoutFormatOf).
 */
export function formatOptions(
  kind: 'individual' | 'team',
  stages: readonly { type: string; rounds?: number; groups?: number; qualifiers?: number }[],
): Partial<TournamentOptions> {
  if (stages.length > 1) return { pairingSystem: 'stage-chain', stages: stages.map((s) => ({ ...s })) };
  const stage = stages[0];
  switch (stage?.type) {
    case 'round_robin':
      return { pairingSystem: 'round-robin', roundRobinCycles: 1 };
    case 'double_round_robin':
      return { pairingSystem: 'round-robin', roundRobinCycles: 2 };
    case 'championship_5_2':
      return { pairingSystem: 'championship-5-2' };
    case 'championship_6_1':
      return { pairingSystem: 'championship-6-1' };
    case 'swiss':
      return { pairingSystem: kind === 'team' ? 'swiss-team' : 'swiss-individual', totalRounds: stage.rounds };
    default:
      return { pairingSystem: 'stage-chain', stages: stages.map((s) => ({ ...s })) };
  }
}

/** Rounds a stage has, when the format fixes them (Swiss: as configured; round-robin: by the field). */
export function stageRoundCount(stage: { type: string; rounds?: number }, entries: number): number | null {
  switch (stage.type) {
    case 'swiss':
      return stage.rounds ?? null;
    case 'round_robin':
      return entries % 2 === 0 ? entries - 1 : entries;
    case 'double_round_robin':
      return 2 * (entries % 2 === 0 ? entries - 1 : entries);
    case 'championship_5_2':
    case 'championship_6_1':
      return 7; // 附录2, 附录3: seven rounds in all (5+2, 6+1)
    default:
      return null;
  }
}
