import { Injectable } from '@nestjs/common';
import { eventOr404, tournamentOr404 } from '../common/or-404';
import type { Language } from '../i18n/i18n';
import { PrismaService } from '../prisma/prisma.service';
import { myEntries } from './my-entries';
import { myTournaments } from './my-tournaments';

/** What the setup pages read beside the services (issue 29 #3: no Prisma in a controller). */
@Injectable()
export class SetupPageData {
  constructor(private readonly prisma: PrismaService) {}

  event(eventId: string) {
    return eventOr404(this.prisma, eventId);
  }

  entry(entryId: string) {
    return this.prisma.entry.findUniqueOrThrow({ where: { id: entryId } });
  }

  drawCount(eventId: string) {
    return this.prisma.draw.count({ where: { eventId } });
  }

  unentered(tournamentId: string, eventId: string) {
    return this.prisma.player.findMany({
      where: { tournamentId, entries: { none: { eventId } } },
      include: { affiliation: true },
      orderBy: [{ nameEn: 'asc' }],
    });
  }

  roundCount(eventId: string) {
    return this.prisma.round.count({ where: { eventId } });
  }

  publishedRoundNumbers(eventId: string) {
    return this.prisma.round.findMany({ where: { eventId: eventId, state: { not: 'draft' } }, select: { number: true } });
  }

  roundStates(eventId: string) {
    return this.prisma.round.findMany({ where: { eventId: eventId }, select: { number: true, state: true } });
  }

  lastDraw(eventId: string) {
    return this.prisma.draw.findFirst({ where: { eventId }, orderBy: { createdAt: 'desc' } });
  }

  entryCountsByStatus(eventId: string) {
    return this.prisma.entry.groupBy({ by: ['status'], where: { eventId }, _count: true });
  }

  tournament(id: string) {
    return tournamentOr404(this.prisma, id);
  }

  eventRow(id: string) {
    return this.prisma.event.findUniqueOrThrow({ where: { id: id } });
  }

  entriesWithNames(eventId: string) {
    return this.prisma.entry.findMany({
      where: { eventId },
      include: { player: true, team: true },
      orderBy: [{ drawNumber: { sort: 'asc', nulls: 'last' } }, { createdAt: 'asc' }],
    });
  }

  /** The tournament's players, narrowed by a name, unit name or unit code when a query is given. */
  playersMatching(id: string, query: string) {
    const contains = { contains: query, mode: 'insensitive' as const };
    return this.prisma.player.findMany({
      where: {
        tournamentId: id,
        ...(query
          ? { OR: [{ nameZh: contains }, { nameEn: contains }, { affiliation: { OR: [{ nameZh: contains }, { nameEn: contains }, { code: contains }] } }] }
          : {}),
      },
      include: { affiliation: true },
      orderBy: [{ nameEn: 'asc' }],
    });
  }

  playerCount(tournamentId: string) {
    return this.prisma.player.count({ where: { tournamentId: tournamentId } });
  }

  unitsOf(tournamentId: string) {
    return this.prisma.affiliation.findMany({ where: { tournamentId }, orderBy: { nameZh: 'asc' } });
  }

  teamsWithEvents(tournamentId: string) {
    return this.prisma.team.findMany({
      where: { event: { tournamentId: tournamentId } },
      include: { event: true },
      orderBy: [{ event: { createdAt: 'asc' } }, { nameZh: 'asc' }],
    });
  }

  invitationByHash(hash: string) {
    return this.prisma.tournamentInvitation.findUnique({ where: { tokenHash: hash }, include: { tournament: true, team: true } });
  }

  playersWithUnits(tournamentId: string) {
    return this.prisma.player.findMany({
      where: { tournamentId: tournamentId },
      include: { affiliation: true },
      orderBy: [{ affiliation: { nameZh: 'asc' } }, { nameZh: 'asc' }],
    });
  }

  myTournaments(userId: string, lang: Language, t: Parameters<typeof myTournaments>[3]) {
    return myTournaments(this.prisma, userId, lang, t);
  }

  myEntries(userId: string, lang: Language, t: Parameters<typeof myTournaments>[3]) {
    return myEntries(this.prisma, userId, lang, t);
  }

  tournamentOverview(id: string) {
    return this.prisma.tournament.findUnique({
      where: { id },
      include: {
        events: { orderBy: { createdAt: 'asc' }, include: { _count: { select: { entries: true } }, draws: { select: { id: true }, take: 1 } } },
        _count: { select: { players: true, affiliations: true } },
      },
    });
  }

  unit(id: string) {
    return this.prisma.affiliation.findUniqueOrThrow({ where: { id } });
  }

  unitsWithCounts(tournamentId: string) {
    return this.prisma.affiliation.findMany({
      where: { tournamentId: tournamentId },
      orderBy: { nameZh: 'asc' },
      include: { _count: { select: { players: true, teams: true } } },
    });
  }
}
