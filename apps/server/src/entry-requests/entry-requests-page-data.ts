import { Injectable } from '@nestjs/common';
import { eventOr404, tournamentOr404 } from '../common/or-404';
import { PrismaService } from '../prisma/prisma.service';
import { dbNow } from './db-clock';

/** What the entry-request pages (queue, forms, the delegate's page, edits by mail) read beside the services (issue 29 #3: no Prisma in a controller). */
@Injectable()
export class EntryRequestsPageData {
  constructor(private readonly prisma: PrismaService) {}

  request(id: string) {
    return this.prisma.entryRequest.findUnique({ where: { id }, include: { event: { include: { tournament: true } } } });
  }

  unitsOf(tournamentId: string) {
    return this.prisma.affiliation.findMany({ where: { tournamentId: tournamentId }, orderBy: { nameZh: 'asc' } });
  }

  playersOfUnit(affiliationId: string) {
    return this.prisma.player.findMany({ where: { affiliationId: affiliationId }, orderBy: { nameZh: 'asc' } });
  }

  event(eventId: string) {
    return eventOr404(this.prisma, eventId);
  }

  requestRow(id: string) {
    return this.prisma.entryRequest.findUniqueOrThrow({ where: { id } });
  }

  tournament(id: string) {
    return tournamentOr404(this.prisma, id);
  }

  unit(id: string) {
    return this.prisma.affiliation.findUnique({ where: { id: id } });
  }

  eventsOf(tournamentId: string) {
    return this.prisma.event.findMany({ where: { tournamentId }, orderBy: { createdAt: 'asc' } });
  }

  regulationsOf(tournamentId: string) {
    return this.prisma.regulations.findUnique({ where: { tournamentId } });
  }

  now() {
    return dbNow(this.prisma);
  }
}
