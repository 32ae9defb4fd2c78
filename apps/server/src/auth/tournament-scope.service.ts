import { Injectable, NotFoundException } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';

/**
 * Finds the tournament a route's resource belongs to, from whichever id the route carries, so
 * that role checks need no per-route code. A missing resource is a 404 here, before any write.
 */
@Injectable()
export class TournamentScopeService {
  constructor(private readonly prisma: PrismaService) {}

  async tournamentIdFor(params: Record<string, string | undefined>): Promise<string | undefined> {
    const p = this.prisma;
    const lookups: [string, (id: string) => Promise<{ tournamentId: string } | null>][] = [
      ['tournamentId', (id) => p.tournament.findUnique({ where: { id }, select: { id: true } }).then((t) => t && { tournamentId: t.id })],
      ['eventId', (id) => p.event.findUnique({ where: { id }, select: { tournamentId: true } })],
      ['affiliationId', (id) => p.affiliation.findUnique({ where: { id }, select: { tournamentId: true } })],
      ['playerId', (id) => p.player.findUnique({ where: { id }, select: { tournamentId: true } })],
      ['teamId', (id) => p.team.findUnique({ where: { id }, select: { event: { select: { tournamentId: true } } } }).then((t) => t && t.event)],
      ['entryId', (id) => p.entry.findUnique({ where: { id }, select: { event: { select: { tournamentId: true } } } }).then((e) => e && e.event)],
      ['roleId', (id) => p.tournamentRole.findUnique({ where: { id }, select: { tournamentId: true } })],
      ['roundId', (id) => p.round.findUnique({ where: { id }, select: { event: { select: { tournamentId: true } } } }).then((r) => r && r.event)],
      ['pairingId', (id) => p.pairing.findUnique({ where: { id }, select: { round: { select: { event: { select: { tournamentId: true } } } } } }).then((x) => x && x.round.event)],
      // One joined statement (result entry is the hot path; the nested select is four queries).
      ['sanctionId', (id) => p.sanction.findUnique({ where: { id }, select: { game: { select: { pairing: { select: { round: { select: { event: { select: { tournamentId: true } } } } } } } } } }).then((x) => x && x.game.pairing.round.event)],
      ['disputeId', (id) => p.dispute.findUnique({ where: { id }, select: { game: { select: { pairing: { select: { round: { select: { event: { select: { tournamentId: true } } } } } } } } } }).then((x) => x && x.game.pairing.round.event)],
      ['appealId', (id) => p.appeal.findUnique({ where: { id }, select: { eventId: true } }).then((a) => a && p.event.findUnique({ where: { id: a.eventId }, select: { tournamentId: true } }))],
      ['gameId', (id) => p.$queryRaw<{ tournamentId: string }[]>`SELECT e."tournamentId"::text AS "tournamentId" FROM "Game" g JOIN "Pairing" x ON x.id = g."pairingId" JOIN "Round" r ON r.id = x."roundId" JOIN "Event" e ON e.id = r."eventId" WHERE g.id = ${id}::uuid`.then((rows) => rows[0] ?? null)],
    ];
    for (const [param, lookup] of lookups) {
      const id = params[param];
      if (id === undefined) continue;
      const found = isUuid(id) ? await lookup(id) : null;
      if (!found) throw new NotFoundException({ statusCode: 404, error: 'Not Found', message: `${param}: no such ${param.replace(/Id$/, '')}` });
      return found.tournamentId;
    }
    return undefined;
  }
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
