import { rateEvent, type PersonChange, type RatedGame, type RatingState } from './elo';
import type { RatingMethod } from './method';

/** A rating list's timeline: imported lists (ratings given as of a date) and rated events. */
export type TimelineItem =
  | { readonly kind: 'list'; readonly key: string; readonly at: string; readonly ratings: readonly { personId: string; rating: number; games?: number }[] }
  | { readonly kind: 'event'; readonly key: string; readonly at: string; readonly games: readonly RatedGame[] };

/**
 * The order the timeline is rated in, the same every time (a correction recomputes
 * deterministically): by date (ISO), an imported list before events of its day, then by key.
 */
export function orderTimeline<T extends TimelineItem>(items: readonly T[]): T[] {
  const rank = (i: TimelineItem) => (i.kind === 'list' ? 0 : 1);
  return [...items].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : rank(a) - rank(b) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)));
}

export interface History {
  /** Each person's rating and experience after the whole timeline. */
  readonly states: Map<string, RatingState>;
  /** Each event's changes, by the event's key. */
  readonly events: Map<string, PersonChange[]>;
}

/**
 * Rates a timeline from `start` (the states before its first item; empty: from scratch). An
 * imported list sets the ratings it gives (experience from it where given, else kept).
 */
export function rateTimeline(method: RatingMethod, items: readonly TimelineItem[], start: ReadonlyMap<string, RatingState> = new Map()): History {
  const states = new Map(start);
  const events = new Map<string, PersonChange[]>();
  for (const item of orderTimeline(items)) {
    if (item.kind === 'list') {
      for (const r of item.ratings) states.set(r.personId, { rating: r.rating, games: r.games ?? states.get(r.personId)?.games ?? 0 });
      continue;
    }
    const changes = rateEvent(method, states, item.games);
    for (const c of changes) states.set(c.personId, { rating: c.rating, games: (states.get(c.personId)?.games ?? 0) + c.games });
    events.set(item.key, changes);
  }
  return { states, events };
}

/** A stored change, as compared after a recompute. */
export interface StoredChange {
  readonly eventKey: string;
  readonly personId: string;
  readonly ratingBefore: number | null;
  readonly rating: number;
}

/** The (event, person) pairs whose rating before or after differs, or that appear or vanish. */
export function changedBetween(
  before: readonly StoredChange[],
  after: readonly StoredChange[],
): { eventKey: string; personId: string; from: number | null; to: number | null }[] {
  const key = (c: StoredChange) => `${c.eventKey} ${c.personId}`;
  const old = new Map(before.map((c) => [key(c), c]));
  const out: { eventKey: string; personId: string; from: number | null; to: number | null }[] = [];
  for (const c of after) {
    const o = old.get(key(c));
    old.delete(key(c));
    if (!o || o.rating !== c.rating || o.ratingBefore !== c.ratingBefore)
      out.push({ eventKey: c.eventKey, personId: c.personId, from: o?.rating ?? null, to: c.rating });
  }
  for (const o of old.values()) out.push({ eventKey: o.eventKey, personId: o.personId, from: o.rating, to: null });
  return out.sort((a, b) => (a.eventKey + a.personId < b.eventKey + b.personId ? -1 : 1));
}
