import type { Game, Pairing } from '../generated/prisma/client';
import { EVENT_FILE_INCLUDE, type EventWithPlay } from '../play/event-file';
import type { Tx } from '../prisma/prisma.service';

/**
 * play/event-file.ts `loadEvent`, in flat queries: the event, its entries, its rounds, then ALL
 * its pairings and ALL its games each in one query joined on the event — instead of the nested
 * include, which asks for games with an IN list of every pairing id (4,500 ids after 9 rounds of
 * a 1,000-player Swiss). Same rows, same order (rounds by number, pairings by table with byes
 * last, games by board), same type; the server-round bench measures both.
 */
export async function loadEventFlat(db: Tx, eventId: string): Promise<EventWithPlay | null> {
  const event = await db.event.findUnique({ where: { id: eventId }, include: { tournament: true } });
  if (!event) return null;
  const entries = await db.entry.findMany({ where: { eventId }, include: EVENT_FILE_INCLUDE.entries.include });
  const rounds = await db.round.findMany({ where: { eventId }, orderBy: { number: 'asc' }, include: { stage: true } });
  // Raw rows: Prisma's row mapping costs more than PostgreSQL here (4,500 rows: ~100 ms vs ~60 ms).
  const pairings = rounds.length
    ? await db.$queryRaw<Pairing[]>`SELECT p.* FROM "Pairing" p JOIN "Round" r ON r.id = p."roundId" WHERE r."eventId" = ${eventId}::uuid ORDER BY p."table" ASC NULLS LAST, p.id`
    : [];
  const games = pairings.length
    ? await db.$queryRaw<Game[]>`SELECT g.* FROM "Game" g JOIN "Pairing" p ON p.id = g."pairingId" JOIN "Round" r ON r.id = p."roundId" WHERE r."eventId" = ${eventId}::uuid ORDER BY g.board, g.leg, g.id`
    : [];
  return stitch(event, entries, rounds, pairings, games);
}

type EventRow = Omit<EventWithPlay, 'entries' | 'rounds'>;
type RoundRow = Omit<EventWithPlay['rounds'][number], 'pairings'>;

function stitch(event: EventRow, entries: EventWithPlay['entries'], rounds: RoundRow[], pairings: Pairing[], games: Game[]): EventWithPlay {
  const gamesOf = new Map<string, (typeof games)[number][]>();
  for (const g of games) {
    const list = gamesOf.get(g.pairingId);
    if (list) list.push(g);
    else gamesOf.set(g.pairingId, [g]);
  }
  const pairingsOf = new Map<string, EventWithPlay['rounds'][number]['pairings']>();
  for (const p of pairings) {
    const withGames = { ...p, games: gamesOf.get(p.id) ?? [] };
    const list = pairingsOf.get(p.roundId);
    if (list) list.push(withGames);
    else pairingsOf.set(p.roundId, [withGames]);
  }
  return { ...event, entries, rounds: rounds.map((r) => ({ ...r, pairings: pairingsOf.get(r.id) ?? [] })) };
}
