import { Injectable } from '@nestjs/common';
import { makeTrf } from '@chuhe/pairing';
import { parseStandingsFile } from '@chuhe/standings';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.decorators';
import { notFound } from '../common/optimistic';
import { badRequest } from '../common/validation';
import { presentEvent } from '../events/events.service';
import { EventFile } from '../play/event-file';
import { PrismaService } from '../prisma/prisma.service';
import { StandingsService } from '../standings/standings.service';
import { ImportTournamentFileDto } from './exchange.dto';
import { planImport } from './tournament-file-import';

/**
 * The event as files: the libs/tournament JSON file with the standings extras (what `chuhe pair`,
 * `chuhe check-pairing` and `chuhe standings` read), FIDE TRF, and the import of a tournament file
 * into a new event (an event run elsewhere, or another server's export).
 */
@Injectable()
export class ExchangeService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
    private readonly standings: StandingsService,
  ) {}

  /** Public: published and completed rounds only (drafts are staff-only). */
  tournamentFile(eventId: string, afterRound?: number): Promise<EventFile> {
    return this.standings.file(eventId, afterRound);
  }

  /** FIDE TRF-16 of an individual event with one game per pairing (libs/pairing trf; XXR = the event's rounds). */
  async trf(eventId: string): Promise<string> {
    const file = await this.standings.file(eventId);
    const parsed = parseStandingsFile(file);
    if (!parsed.ok) throw badRequest(parsed.error.map((e) => ({ field: 'eventId', reason: `${e.path}: ${e.message}` })));
    const t = parsed.value.tournament;
    if (t.options.eventKind !== 'individual' || t.options.gamesPerPairing !== 1) {
      throw badRequest([{ field: 'eventId', reason: 'TRF covers individual events with one game per pairing' }]);
    }
    const trf = makeTrf(t);
    if (!trf.ok) throw badRequest(trf.error.map((e) => ({ field: 'eventId', reason: e.message })));
    return trf.value;
  }

  /** All or nothing: the file is checked whole (400 naming each JSON path), then written in one transaction. */
  async importFile({ user, tournamentId, dto }: { user: AuthUser; tournamentId: string; dto: ImportTournamentFileDto }) {
    const tournament = await this.prisma.tournament.findUnique({ where: { id: tournamentId }, include: { affiliations: true } });
    if (!tournament) throw notFound('tournament');
    const plan = planImport(dto.file, {
      tournamentId,
      userId: user.id,
      affiliations: new Map(tournament.affiliations.map((a) => [a.nameZh, a.id])),
      ...(dto.nameZh !== undefined && { nameZh: dto.nameZh }),
      ...(dto.nameEn !== undefined && { nameEn: dto.nameEn }),
      ...(dto.category !== undefined && { category: dto.category }),
      now: new Date(),
    });
    if (!plan.ok) throw badRequest(plan.error.map((e) => ({ field: `file${e.path.replace(/^\$/, '')}`, reason: e.message })));
    const p = plan.value;
    return this.prisma.$transaction(
      async (tx) => {
        const event = await tx.event.create({ data: p.event });
        if (p.affiliations.length) await tx.affiliation.createMany({ data: p.affiliations });
        if (p.players.length) await tx.player.createMany({ data: p.players });
        if (p.teams.length) await tx.team.createMany({ data: p.teams });
        if (p.members.length) await tx.teamMember.createMany({ data: p.members });
        await tx.entry.createMany({ data: p.entries });
        await tx.stage.createMany({ data: p.stages });
        if (p.rounds.length) await tx.round.createMany({ data: p.rounds });
        if (p.pairings.length) await tx.pairing.createMany({ data: p.pairings });
        if (p.games.length) await tx.game.createMany({ data: p.games });
        const counts = {
          entries: p.entries.length,
          players: p.players.length,
          teams: p.teams.length,
          rounds: p.rounds.length,
          pairings: p.pairings.length,
          games: p.games.length,
        };
        await this.audit.record(tx, {
          userId: user.id,
          tournamentId,
          entity: 'event',
          entityId: event.id,
          action: 'create',
          after: { import: 'tournament-file', event, ...counts },
        });
        return {
          event: presentEvent(event),
          imported: counts,
          newAffiliations: p.affiliations.map((a) => ({ id: a.id, nameZh: a.nameZh, nameEn: a.nameEn, englishNameMissing: true })),
        };
      },
      { timeout: 60_000 },
    );
  }
}
