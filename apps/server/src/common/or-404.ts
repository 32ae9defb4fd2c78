import { missingResource } from './errors';
import type { PrismaService } from '../prisma/prisma.service';

/** The tournament or event a page is about, or the 404 page (the readers of the setup, fee, unit and rule pages share these). */
export async function tournamentOr404(prisma: PrismaService, id: string) {
  const t = await prisma.tournament.findUnique({ where: { id } });
  if (!t) throw missingResource('tournamentId', 'tournament');
  return t;
}

export async function eventOr404(prisma: PrismaService, id: string) {
  const e = await prisma.event.findUnique({ where: { id }, include: { tournament: true } });
  if (!e) throw missingResource('eventId', 'event');
  return e;
}
