import { COUNTING_CHOICES, DEFAULT_COUNTING, type CountingSettings } from '@chuhe/standings';
import { APPEAL_TIE_FEES, type AppealTieFee } from '@chuhe/tournament';

/**
 * The event's readings of open articles and the standings' counting settings (issue 30, 三章4C),
 * stored in Event.standingsOptions: every libs/standings CountingSettings key in `counting` (so the
 * tournament file and `chuhe standings` read them too: play/event-file.ts standingsSettings), the
 * appeal fee on a tie as `appealTieFee` (not a standings option: event-file.ts leaves it out of the
 * file). Each default is the behaviour before (DEFAULT_COUNTING).
 */
export interface EventReadings extends CountingSettings {
  /** 二章8节4 when an even committee ties (三章7A, 7C). */
  appealTieFee: AppealTieFee;
}

/** The keys stored under standingsOptions.counting. */
const COUNTING_KEYS = Object.keys(COUNTING_CHOICES) as (keyof CountingSettings)[];

/** Every reading's values, in the order the page offers them. */
export const READING_CHOICES: { readonly [K in keyof EventReadings]: readonly EventReadings[K][] } = { ...COUNTING_CHOICES, appealTieFee: APPEAL_TIE_FEES };

/** Every reading's default: the behaviour before the reading existed. */
export const READING_DEFAULTS: Readonly<EventReadings> = { ...DEFAULT_COUNTING, appealTieFee: 'forfeited' };

/**
 * The readings, grouped as the page shows them: the open articles first, then how the tie-break
 * criteria count byes, forfeits and withdrawals (the rules are silent: libs/standings README).
 */
export const READING_GROUPS = {
  articles: ['twoGameSmallPoints', 'blackInDirectGameTies', 'appealTieFee'],
  opponents: ['byeInOpponentCriteria', 'forfeitInOpponentCriteria', 'withdrawnOpponent', 'strongOpponent'],
  games: ['forfeitWinsAreWins', 'byeIsWin', 'unplayedBlackGames', 'forfeitsInDirectEncounter', 'directEncounter', 'fouls'],
} as const satisfies Record<string, readonly (keyof EventReadings)[]>;

export const READING_KEYS: readonly (keyof EventReadings)[] = Object.values(READING_GROUPS).flat();

/** The one reader of the readings (defaults filled in). */
export function readingsOf(event: { standingsOptions: unknown }): EventReadings {
  const o = (event.standingsOptions ?? {}) as { counting?: Partial<CountingSettings>; appealTieFee?: AppealTieFee };
  const counting = Object.fromEntries(COUNTING_KEYS.map((k) => [k, o.counting?.[k] ?? DEFAULT_COUNTING[k]])) as unknown as CountingSettings;
  return { ...counting, appealTieFee: o.appealTieFee ?? READING_DEFAULTS.appealTieFee };
}

/** The stored options with the readings given replaced (the other keys stay). */
export function withReadings(stored: unknown, changes: Partial<EventReadings>): Record<string, unknown> {
  const o = { ...((stored ?? {}) as Record<string, unknown>) };
  const counting = { ...((o.counting ?? {}) as Record<string, unknown>) };
  for (const k of COUNTING_KEYS) if (changes[k] !== undefined) counting[k] = changes[k];
  if (Object.keys(counting).length) o.counting = counting;
  if (changes.appealTieFee !== undefined) o.appealTieFee = changes.appealTieFee;
  return o;
}
