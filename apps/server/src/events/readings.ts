import { DEFAULT_COUNTING, type BlackInDirectGameTies, type TwoGameSmallPoints } from '@chuhe/standings';
import type { AppealTieFee } from '@chuhe/tournament';

/**
 * The event's readings of open articles (issue 30), stored in Event.standingsOptions: the two
 * standings readings in `counting` (libs/standings CountingSettings, so the tournament file and
 * `chuhe standings` read them too), the appeal fee on a tie as `appealTieFee` (not a standings
 * option: play/event-file.ts leaves it out of the file). Each default is the behaviour before.
 */
export interface EventReadings {
  /** 二章6节2 A in a two-game individual event (二章5节2). */
  twoGameSmallPoints: TwoGameSmallPoints;
  /** 二章6节2 F with three or more tied. */
  blackInDirectGameTies: BlackInDirectGameTies;
  /** 二章8节4 when an even committee ties (三章7A, 7C). */
  appealTieFee: AppealTieFee;
}

export const READING_KEYS = ['twoGameSmallPoints', 'blackInDirectGameTies', 'appealTieFee'] as const;

/** The one reader of the readings (defaults filled in). */
export function readingsOf(event: { standingsOptions: unknown }): EventReadings {
  const o = (event.standingsOptions ?? {}) as { counting?: Partial<EventReadings>; appealTieFee?: AppealTieFee };
  return {
    twoGameSmallPoints: o.counting?.twoGameSmallPoints ?? DEFAULT_COUNTING.twoGameSmallPoints,
    blackInDirectGameTies: o.counting?.blackInDirectGameTies ?? DEFAULT_COUNTING.blackInDirectGameTies,
    appealTieFee: o.appealTieFee ?? 'forfeited',
  };
}

/** The stored options with the readings given replaced (the other keys stay). */
export function withReadings(stored: unknown, changes: Partial<EventReadings>): Record<string, unknown> {
  const o = { ...((stored ?? {}) as Record<string, unknown>) };
  const counting = { ...((o.counting ?? {}) as Record<string, unknown>) };
  if (changes.twoGameSmallPoints !== undefined) counting.twoGameSmallPoints = changes.twoGameSmallPoints;
  if (changes.blackInDirectGameTies !== undefined) counting.blackInDirectGameTies = changes.blackInDirectGameTies;
  if (Object.keys(counting).length) o.counting = counting;
  if (changes.appealTieFee !== undefined) o.appealTieFee = changes.appealTieFee;
  return o;
}
