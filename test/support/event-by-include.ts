import type { Prisma, PrismaClient } from '../../apps/server/src/generated/prisma/client';
import type { EventWithPlay } from '../../apps/server/src/play/event-loader';

/**
 * The event read by Prisma's nested include — the server's old loader, kept as the reference the
 * raw loader (play/event-loader.ts, behind the event cache) is checked against in tests and
 * measured against in the benches. The server itself reads events one way only.
 */
export const EVENT_BY_INCLUDE = {
  tournament: true,
  entries: {
    include: {
      player: { include: { affiliation: true } },
      team: { include: { affiliation: true, members: { include: { player: true } } } },
    },
  },
  rounds: {
    orderBy: { number: 'asc' as const },
    include: {
      stage: true,
      pairings: {
        orderBy: [{ table: { sort: 'asc' as const, nulls: 'last' as const } }],
        include: { games: { orderBy: [{ board: 'asc' as const }, { leg: 'asc' as const }] } },
      },
    },
  },
} satisfies Prisma.EventInclude;

export function loadEventByInclude(prisma: PrismaClient, eventId: string): Promise<EventWithPlay | null> {
  return prisma.event.findUnique({ where: { id: eventId }, include: EVENT_BY_INCLUDE });
}
