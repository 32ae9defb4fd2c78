import { Injectable } from '@nestjs/common';
import { sanctionTarget } from '../discipline/sanction-target';
import { EventCache } from '../play/event-cache';
import type { Language } from '../i18n/i18n';
import { PrismaService } from '../prisma/prisma.service';
import { gameInfo } from './game-info';

/**
 * What the staff pages read beside the services (issue 29 #3): the controllers call this reader and
 * the services, never Prisma. Each method is one query a page needs for its heading, crumbs or view.
 */
@Injectable()
export class StaffPageData {
  constructor(
    private readonly prisma: PrismaService,
    private readonly events: EventCache,
  ) {}

  tournamentHead(tournamentId: string) {
    return this.prisma.tournament.findUnique({
      where: { id: tournamentId },
      select: { id: true, nameZh: true, nameEn: true, timeZone: true },
    });
  }

  teamEntries(teamIds: string[]) {
    return this.prisma.entry.findMany({
      where: { teamId: { in: teamIds } },
      select: { id: true, team: { select: { nameZh: true, nameEn: true } }, event: { select: { id: true, nameZh: true, nameEn: true } } },
    });
  }

  publishedPairingsOf(entryIds: string[]) {
    return this.prisma.pairing.findMany({
      where: {
        round: { state: { in: ['published', 'completed'] } },
        OR: [{ redEntryId: { in: entryIds } }, { blackEntryId: { in: entryIds } }],
      },
      orderBy: [{ round: { number: 'desc' } }],
      select: {
        id: true,
        table: true,
        redEntryId: true,
        blackEntryId: true,
        redEntry: { select: { team: { select: { nameZh: true, nameEn: true } } } },
        blackEntry: { select: { team: { select: { nameZh: true, nameEn: true } } } },
        round: { select: { number: true, eventId: true } },
        lineups: { select: { entryId: true } },
      },
    });
  }

  eventOfPairing(pairingId: string) {
    return this.prisma.pairing.findUniqueOrThrow({
      where: { id: pairingId },
      select: {
        round: {
          select: {
            event: {
              select: {
                id: true,
                nameZh: true,
                nameEn: true,
                tournamentId: true,
                tournament: { select: { id: true, nameZh: true, nameEn: true, timeZone: true } },
              },
            },
          },
        },
      },
    });
  }

  teamMembers(teamIds: string[]) {
    return this.prisma.team.findMany({
      where: { id: { in: teamIds } },
      select: {
        id: true,
        members: {
          orderBy: [{ role: 'asc' }, { board: 'asc' }],
          select: { playerId: true, role: true, board: true, player: { select: { nameZh: true, nameEn: true } } },
        },
      },
    });
  }

  gameInfo(gameId: string, lang: Language) {
    return gameInfo(this.prisma, gameId, lang);
  }

  disputesOf(gameId: string) {
    return this.prisma.dispute.findMany({
      where: { gameId },
      orderBy: { createdAt: 'asc' },
      select: { id: true, ruling: true, createdAt: true },
    });
  }

  eventsOf(tournamentId: string) {
    return this.prisma.event.findMany({ where: { tournamentId }, select: { id: true, nameZh: true, nameEn: true, kind: true } });
  }

  appealsOf(eventIds: string[]) {
    return this.prisma.appeal.findMany({
      where: { eventId: { in: eventIds } },
      orderBy: { filedAt: 'asc' },
      select: {
        id: true,
        state: true,
        filedAt: true,
        text: true,
        eventId: true,
        votes: { select: { id: true } },
        game: {
          select: {
            board: true,
            pairing: { select: { table: true, round: { select: { number: true } } } },
            redPlayer: { select: { nameZh: true, nameEn: true } },
            blackPlayer: { select: { nameZh: true, nameEn: true } },
          },
        },
      },
    });
  }

  eventHead(eventId: string) {
    return this.prisma.event.findUniqueOrThrow({
      where: { id: eventId },
      select: { id: true, nameZh: true, nameEn: true, kind: true, tournament: { select: { id: true, nameZh: true, nameEn: true } } },
    });
  }

  roundWithEvent(roundId: string) {
    return this.prisma.round.findUnique({
      where: { id: roundId },
      include: {
        event: {
          select: { id: true, nameZh: true, nameEn: true, kind: true, tournament: { select: { id: true, nameZh: true, nameEn: true, timeZone: true } } },
        },
      },
    });
  }

  eventForReadings(eventId: string) {
    return this.prisma.event.findUnique({ where: { id: eventId }, include: { tournament: { select: { id: true, nameZh: true, nameEn: true } } } });
  }

  roundForRecordForms(roundId: string) {
    return this.prisma.round.findUnique({
      where: { id: roundId },
      include: {
        event: { include: { tournament: { select: { id: true, nameZh: true, nameEn: true } } } },
        pairings: {
          where: { blackEntryId: { not: null } },
          orderBy: { table: 'asc' },
          include: {
            games: {
              orderBy: [{ board: 'asc' }, { leg: 'asc' }],
              include: { redPlayer: { select: { nameZh: true, nameEn: true } }, blackPlayer: { select: { nameZh: true, nameEn: true } } },
            },
          },
        },
      },
    });
  }

  publishedRoundsWithGames(eventId: string) {
    return this.prisma.round.findMany({
      where: { eventId, state: { in: ['published', 'completed'] } },
      orderBy: { number: 'asc' },
      include: { pairings: { include: { games: { select: { result: true, redPlayerId: true, blackPlayerId: true } } } } },
    });
  }

  eventWithEntries(eventId: string) {
    return this.prisma.event.findUnique({
      where: { id: eventId },
      include: {
        tournament: { select: { id: true, nameZh: true, nameEn: true } },
        entries: {
          orderBy: [{ drawNumber: 'asc' }, { createdAt: 'asc' }],
          include: {
            player: { include: { affiliation: true } },
            team: { include: { affiliation: true, members: { include: { player: true } } } },
          },
        },
      },
    });
  }

  pairedGameCount(roundId: string) {
    return this.prisma.game.count({ where: { pairing: { roundId }, redPlayerId: { not: null }, blackPlayerId: { not: null } } });
  }

  slipGames(gameIds: string[]) {
    return this.prisma.game.findMany({
      where: { id: { in: gameIds } },
      select: {
        id: true,
        redPlayer: { select: { nameZh: true, nameEn: true } },
        blackPlayer: { select: { nameZh: true, nameEn: true } },
      },
    });
  }

  roundForSlips(roundId: string) {
    return this.prisma.round.findUnique({
      where: { id: roundId },
      select: {
        number: true,
        event: { select: { id: true, nameZh: true, nameEn: true, kind: true, tournament: { select: { id: true, nameZh: true, nameEn: true } } } },
      },
    });
  }

  eventForConsole(eventId: string) {
    return this.prisma.event.findUnique({
      where: { id: eventId },
      select: {
        id: true,
        nameZh: true,
        nameEn: true,
        kind: true,
        version: true,
        tournamentId: true,
        tournament: { select: { id: true, nameZh: true, nameEn: true, timeZone: true } },
      },
    });
  }

  loadedEvent(eventId: string) {
    return this.events.load(this.prisma, eventId);
  }

  roundHead(roundId: string) {
    return this.prisma.round.findUnique({ where: { id: roundId }, select: { eventId: true, number: true } });
  }

  sanctionForConsole(sanctionId: string) {
    return this.prisma.sanction.findUnique({
      where: { id: sanctionId },
      select: {
        game: {
          select: {
            pairing: {
              select: {
                round: {
                  select: { event: { select: { id: true, nameZh: true, nameEn: true, tournament: { select: { id: true, nameZh: true, nameEn: true } } } } },
                },
              },
            },
          },
        },
      },
    });
  }

  pairingForConsole(pairingId: string) {
    return this.prisma.pairing.findUnique({
      where: { id: pairingId },
      select: {
        table: true,
        redEntryId: true,
        blackEntryId: true,
        round: { select: { event: { select: { id: true, nameZh: true, nameEn: true, tournament: { select: { id: true, nameZh: true, nameEn: true } } } } } },
      },
    });
  }

  tournamentName(tournamentId: string) {
    return this.prisma.tournament.findUnique({ where: { id: tournamentId }, select: { id: true, nameZh: true, nameEn: true } });
  }

  eventIdOfGame(gameId: string) {
    return this.prisma.game.findUnique({ where: { id: gameId }, select: { pairing: { select: { round: { select: { eventId: true } } } } } });
  }

  timeZoneOfEvent(eventId: string) {
    return this.prisma.event.findUnique({ where: { id: eventId }, select: { tournament: { select: { timeZone: true } } } });
  }

  gameRecordOf(gameId: string) {
    return this.prisma.gameRecord.findUnique({
      where: { gameId },
      select: { text: true, version: true, moves: true, lockedAt: true, annotations: true },
    });
  }

  /**
   * What the confirmed sanctions give the game (the foul page's "pending"). An event without any
   * confirmed sanction gives nothing: the held event (EventCache, one statement) says so, and the
   * game's context and the event are not read a second and third time (issue 29 #4: 37 statements
   * for the foul page). The held event's list holds every confirmed, unrevoked sanction of every
   * round state — the no-show forfeit (三章6K) and applySanctions' overrides need one to exist.
   */
  async sanctionTarget(gameId: string, eventId: string) {
    const event = await this.events.load(this.prisma, eventId);
    if (event && event.fileSanctions.length === 0) return null;
    return sanctionTarget(this.prisma, gameId);
  }
}
