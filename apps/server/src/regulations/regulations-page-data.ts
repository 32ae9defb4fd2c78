import { Injectable } from '@nestjs/common';
import { tournamentOr404 } from '../common/or-404';
import { PrismaService } from '../prisma/prisma.service';

/** What the regulations pages read beside RegulationsService (issue 29 #3: no Prisma in a controller). */
@Injectable()
export class RegulationsPageData {
  constructor(private readonly prisma: PrismaService) {}

  tournament(id: string) {
    return tournamentOr404(this.prisma, id);
  }

  eventsOf(tournamentId: string) {
    return this.prisma.event.findMany({ where: { tournamentId: tournamentId }, orderBy: { createdAt: 'asc' } });
  }

  event(eventId: string) {
    return this.prisma.event.findUniqueOrThrow({ where: { id: eventId } });
  }
}
