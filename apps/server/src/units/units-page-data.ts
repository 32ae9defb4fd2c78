import { Injectable } from '@nestjs/common';
import { tournamentOr404 } from '../common/or-404';
import { REGISTRARS } from '../auth/auth.decorators';
import { PrismaService } from '../prisma/prisma.service';

/** What the unit (delegation) pages read beside the services (issue 29 #3: no Prisma in a controller). */
@Injectable()
export class UnitsPageData {
  constructor(private readonly prisma: PrismaService) {}

  event(eventId: string) {
    return this.prisma.event.findUniqueOrThrow({ where: { id: eventId } });
  }

  tournament(id: string) {
    return tournamentOr404(this.prisma, id);
  }

  unitsOf(tournamentId: string) {
    return this.prisma.affiliation.findMany({ where: { tournamentId: tournamentId }, orderBy: { nameZh: 'asc' } });
  }

  eventsOf(tournamentId: string) {
    return this.prisma.event.findMany({ where: { tournamentId: tournamentId }, orderBy: { createdAt: 'asc' } });
  }

  delegatesOf(tournamentId: string) {
    return this.prisma.tournamentRole.findMany({
      where: { tournamentId: tournamentId, role: 'delegate' },
      include: { user: { select: { displayName: true, email: true } } },
    });
  }

  openDelegateInvitations(tournamentId: string) {
    return this.prisma.tournamentInvitation.findMany({
      where: { tournamentId: tournamentId, role: 'delegate', acceptedAt: null, expiresAt: { gt: new Date() } },
      orderBy: { createdAt: 'asc' },
    });
  }

  eventsToCopyFrom(userId: string) {
    return this.prisma.event.findMany({
      where: { round1PairedAt: { not: null }, tournament: { roles: { some: { userId: userId, role: { in: REGISTRARS } } } } },
      include: { tournament: { select: { nameZh: true, nameEn: true } } },
      orderBy: { createdAt: 'desc' },
      take: 50,
    });
  }
}
