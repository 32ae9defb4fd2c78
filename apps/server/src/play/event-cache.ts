import { Injectable } from '@nestjs/common';
import type { Sanction as FileSanction } from '@chuhe/standings';
import { fileSanctions } from './sanction-file';
import type { Tx } from '../prisma/prisma.service';
import { assemble, EventRow, LoadedEntry, loadEntries, loadEventRow, LoadedEvent, LoadedPairing, LoadedRound, loadPairings, loadRounds } from './event-loader';
import { EventVersions, eventVersions } from './event-version';

interface Held {
  versions: EventVersions;
  event: EventRow;
  entries: LoadedEntry[];
  rounds: LoadedRound[];
  pairings: Map<string, LoadedPairing[]>;
  sanctions: FileSanction[];
  value: LoadedEvent;
}

/** Events kept (a 1,000-player event with 9 rounds is a few MB). */
const EVENTS_KEPT = 16;

/**
 * The events' play data kept in memory between requests, each part checked against the event's
 * data version (play/event-version.ts, one index scan) before use and read again only when its
 * count moved: after a result only that round's pairings and games are read (500 rows, not
 * 4,500), after nothing at all nothing is. The versions are read before the parts, so a change
 * committed in between is at worst read twice, never missed.
 *
 * The value returned is shared between callers: read it, never mutate it (copy what you change).
 */
@Injectable()
export class EventCache {
  private readonly held = new Map<string, Held>();

  /**
   * The event now, or null if there is no such event. `db`: the pool, or a transaction that has
   * written nothing yet (the play lock's) — a count read after one's own uncommitted writes could
   * be reached again by other changes once the transaction rolls back.
   */
  /**
   * The event a round belongs to, if an event held here has it (a round never moves to another
   * event): a page that names a round finds its event without a statement. A round deleted since is
   * still named — load() then reads the event's rounds again and no longer has it.
   */
  eventOfRound(roundId: string): string | undefined {
    for (const [eventId, held] of this.held) if (held.rounds.some((r) => r.id === roundId)) return eventId;
    return undefined;
  }

  /**
   * The event as held now, without a statement and without asking whether it is current (undefined:
   * not held). Only for a caller whose own write proves what it used current (the result sheet's
   * post: the game's version) and that decides again on load() when it was not.
   */
  peek(eventId: string): LoadedEvent | undefined {
    return this.held.get(eventId)?.value;
  }

  async load(db: Tx, eventId: string): Promise<LoadedEvent | null> {
    const versions = await eventVersions(db, eventId);
    if (!versions) {
      this.held.delete(eventId);
      return null;
    }
    const before = this.held.get(eventId);
    const moved = (part: string) => !before || before.versions.part(part) !== versions.part(part);
    const [event, entries, rounds, sanctions] = await Promise.all([
      moved('event') ? loadEventRow(db, eventId) : before!.event,
      moved('entries') ? loadEntries(db, eventId) : before!.entries,
      moved('rounds') ? loadRounds(db, eventId) : before!.rounds,
      // Small, and its rows name entries, games and rounds: read again whenever anything moved.
      versions.total !== before?.versions.total ? fileSanctions(db, eventId, { states: ['draft', 'published', 'completed'] }) : before.sanctions,
    ]);
    if (!event) {
      this.held.delete(eventId);
      return null;
    }
    // A round's pairings and games are read again when its own count moved (or it is new).
    const stale = rounds.filter((r) => !before?.pairings.has(r.id) || before.versions.of('games', r.id) !== versions.of('games', r.id)).map((r) => r.id);
    const fresh = await loadPairings(db, stale);
    const pairings = new Map(rounds.map((r) => [r.id, fresh.get(r.id) ?? before!.pairings.get(r.id)!]));
    const unchanged =
      before && event === before.event && entries === before.entries && rounds === before.rounds && sanctions === before.sanctions && stale.length === 0;
    const value = unchanged ? before.value : assemble(event, entries, rounds, pairings, sanctions);
    this.held.delete(eventId);
    this.held.set(eventId, { versions, event, entries, rounds, pairings, sanctions, value });
    if (this.held.size > EVENTS_KEPT) this.held.delete(this.held.keys().next().value!);
    return value;
  }
}
