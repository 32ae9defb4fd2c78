/**
 * Colours of a knockout or final match in the championship formats: colour balance first, then
 * (6+1 final) the reverse of the players' earlier meeting, then a lot (抽签).
 *
 * - 附录2 7:  the semi-finals' colours are drawn by lot ("抽签决定先后手").
 * - 附录2 7b: the second knockout round "先平衡先后手, 如先后次数相同, 则在现场抽签决定先后手".
 * - 附录3 6a: the final — "平衡双方前六轮的棋而定"; if both have the same colour counts, reverse
 *   the colours of their meeting in the first six rounds, and if they did not meet, draw lots.
 *
 * Balance: the player with fewer Reds relative to Blacks (Red − Black smaller) gets Red. Equal
 * differences are "the same" (3 先 3 后 against 3 先 3 后, 4 先 2 后 against 4 先 2 后 …).
 *
 * A lot is an input: the on-site draw (现场抽签) recorded by the arbiter, or `seededLot(seed)`,
 * which is reproducible from its recorded seed. No Math.random.
 */
import { Side } from '@chuhe/tournament';
import { colourDifference } from './checker-history';

/** Who of the two wins Red in the lot named `key` (e.g. 'final'). */
export type Lot = (candidates: readonly [string, string], key: string) => string;

export const COLOUR_REASONS = ['balance', 'earlier_meeting_reversed', 'lot'] as const;
export type ColourReason = (typeof COLOUR_REASONS)[number];

export interface ColourDecision {
  red: string;
  black: string;
  reason: ColourReason;
}

/** FNV-1a 32-bit hash, enough to turn a recorded seed and a lot name into a fair coin. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

/**
 * A reproducible lot: the same seed, key and pair always give the same winner, in either order.
 * Given the event's entries, a pair is named by their draw numbers (代号), not their ids: a
 * tournament file carries the draw numbers and an import gives new ids, so the lot falls the same
 * way after export → import (issue 22, lossless exchange).
 */
export function seededLot(seed: string, entries?: readonly { id: string; drawNumber: number }[]): Lot {
  const label = new Map(entries?.map((e) => [e.id, `#${e.drawNumber}`]));
  const name = (id: string) => label.get(id) ?? id;
  return (candidates, key) => {
    const [a, b] = [...candidates].sort((x, y) => (name(x) < name(y) ? -1 : name(x) > name(y) ? 1 : 0));
    return fnv1a(`${seed}\u0000${key}\u0000${name(a)}\u0000${name(b)}`) % 2 === 0 ? a : b;
  };
}

/** A lot already drawn on site: `winners[key]` is the player who drew Red. */
export function recordedLot(winners: Readonly<Record<string, string>>): Lot {
  return (candidates, key) => {
    const w = winners[key];
    if (w === undefined || !candidates.includes(w)) throw new Error(`no recorded lot '${key}' between ${candidates.join(' and ')}`);
    return w;
  };
}

export interface ColourDecisionInput {
  a: string;
  b: string;
  /** Colour sequences to balance (absent = balance not used). */
  colours?: { a: readonly Side[]; b: readonly Side[] };
  /** 附录3 6a: their earlier meeting, to be reversed when the balance is equal. */
  earlierMeeting?: { red: string; black: string };
  lot: Lot;
  lotKey: string;
}

export function decideColours(input: ColourDecisionInput): ColourDecision {
  const { a, b } = input;
  if (input.colours) {
    const da = colourDifference(input.colours.a);
    const db = colourDifference(input.colours.b);
    if (da !== db) return da < db ? { red: a, black: b, reason: 'balance' } : { red: b, black: a, reason: 'balance' };
  }
  if (input.earlierMeeting) {
    return { red: input.earlierMeeting.black, black: input.earlierMeeting.red, reason: 'earlier_meeting_reversed' };
  }
  const red = input.lot([a, b], input.lotKey);
  if (red !== a && red !== b) throw new Error(`lot '${input.lotKey}' named ${red}, who is neither ${a} nor ${b}`);
  return { red, black: red === a ? b : a, reason: 'lot' };
}
