import { stagesOf } from './event-stages';
import { ConflictException, Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.decorators';
import { notFound, staleOrMissing } from '../common/optimistic';
import { badRequest } from '../common/validation';
import { Prisma } from '../generated/prisma/client';
import type { Event } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { CreateEventDto, UpdateEventDto } from './event.dto';
import { eventFormatProblems } from '@chuhe/pairing';
import { SCORING_FROM_DB, SCORING_TO_DB } from './scoring-map';
import { defaultTieBreaks } from './tie-breaks';

/** The event as the API shows it: scoring in the rules' notation. */
export function presentEvent(event: Event) {
  return { ...event, scoring: SCORING_FROM_DB[event.scoring] };
}

export function entriesClosed(event: Pick<Event, 'round1PairedAt'>): boolean {
  return event.round1PairedAt !== null;
}

export function closedConflict(what: string): ConflictException {
  return new ConflictException({ statusCode: 409, error: 'Conflict', message: `${what}: round 1 has been paired, registration is closed` });
}

@Injectable()
export class EventsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
  ) {}

  async list(tournamentId: string) {
    const events = await this.prisma.event.findMany({ where: { tournamentId }, orderBy: { createdAt: 'asc' } });
    return events.map(presentEvent);
  }

  async get(id: string) {
    const event = await this.prisma.event.findUnique({ where: { id } });
    if (!event) throw notFound('event');
    return presentEvent(event);
  }

  async create({ user, tournamentId, dto }: { user: AuthUser; tournamentId: string; dto: CreateEventDto }) {
    const gamesPerPairing = dto.gamesPerPairing ?? 1;
    const problems = eventFormatProblems({ kind: dto.kind, stages: dto.stages, gamesPerPairing });
    if (dto.kind === 'individual' && (dto.teamStarters !== undefined || dto.teamReserves !== undefined))
      problems.push({ field: 'teamStarters', reason: 'only team events have starters and reserves' });
    if (problems.length) throw badRequest(problems);
    return this.prisma.$transaction(async (tx) => {
      const event = await tx.event.create({
        data: {
          tournamentId,
          nameZh: dto.nameZh,
          nameEn: dto.nameEn,
          kind: dto.kind,
          category: dto.category ?? 'open',
          stages: plain(dto.stages),
          gamesPerPairing,
          scoring: SCORING_TO_DB[dto.scoring ?? '2-1-0'],
          teamStarters: dto.teamStarters ?? 3,
          teamReserves: dto.teamReserves ?? 1,
          timeControl: plain(dto.timeControl),
          tieBreaks: dto.tieBreaks ?? defaultTieBreaks(dto.kind, dto.stages),
          // A chain given by hand stays when the format changes; the default one follows it (二章6节2–5).
          tieBreaksCustom: dto.tieBreaks !== undefined,
          ...(dto.pairingOptions ? { pairingOptions: plain(dto.pairingOptions) } : {}),
          ...(dto.lineupDeadlineMinutes !== undefined ? { lineupDeadlineMinutes: dto.lineupDeadlineMinutes } : {}),
        },
      });
      await this.audit.record(tx, { userId: user.id, tournamentId, entity: 'event', entityId: event.id, action: 'create', after: event });
      return presentEvent(event);
    });
  }

  async update({ user, id, dto }: { user: AuthUser; id: string; dto: UpdateEventDto }) {
    const { version, ...changes } = dto;
    return this.prisma.$transaction(async (tx) => {
      const before = await tx.event.findUnique({ where: { id } });
      if (!before) throw notFound('event');
      // The format and the tie-break chain are fixed once round 1 is published (二章6节; issue: editable until round 1).
      // So are the scoring, the category, games per pairing and the team's size: round 1 was paired with them.
      const frozen = (['stages', 'tieBreaks', 'pairingOptions', 'scoring', 'category', 'gamesPerPairing', 'teamStarters', 'teamReserves'] as const).find(
        (k) => changes[k] !== undefined,
      );
      if (entriesClosed(before) && frozen) throw closedConflict(frozen);
      const problems =
        changes.stages || changes.gamesPerPairing
          ? eventFormatProblems({
              kind: before.kind,
              stages: changes.stages ?? stagesOf(before),
              gamesPerPairing: changes.gamesPerPairing ?? before.gamesPerPairing,
            })
          : [];
      if (before.kind === 'individual' && (changes.teamStarters !== undefined || changes.teamReserves !== undefined))
        problems.push({ field: 'teamStarters', reason: 'only team events have starters and reserves' });
      if (problems.length) throw badRequest(problems);
      // Who may enter, and a team's size, were checked when the entries were made: changed only while there are none.
      const entryShape = (['category', 'teamStarters', 'teamReserves'] as const).find((k) => changes[k] !== undefined && changes[k] !== before[k]);
      if (entryShape && (await tx.entry.count({ where: { eventId: id } })) > 0)
        throw new ConflictException({
          statusCode: 409,
          error: 'Conflict',
          message: `${entryShape}: the event has entries already (they were checked against the current value); remove them first`,
        });
      const data = {
        ...(changes.nameZh !== undefined ? { nameZh: changes.nameZh } : {}),
        ...(changes.nameEn !== undefined ? { nameEn: changes.nameEn } : {}),
        ...(changes.stages ? { stages: plain(changes.stages) } : {}),
        ...(changes.timeControl ? { timeControl: plain(changes.timeControl) } : {}),
        ...(changes.category !== undefined ? { category: changes.category } : {}),
        ...(changes.scoring !== undefined ? { scoring: SCORING_TO_DB[changes.scoring] } : {}),
        ...(changes.gamesPerPairing !== undefined ? { gamesPerPairing: changes.gamesPerPairing } : {}),
        ...(changes.teamStarters !== undefined ? { teamStarters: changes.teamStarters } : {}),
        ...(changes.teamReserves !== undefined ? { teamReserves: changes.teamReserves } : {}),
        ...(changes.lineupDeadlineMinutes !== undefined ? { lineupDeadlineMinutes: changes.lineupDeadlineMinutes } : {}),
        // The keys given replace the stored ones; the others (forbiddenPairs …) stay.
        ...(changes.pairingOptions
          ? { pairingOptions: plain({ ...(before.pairingOptions as Record<string, unknown>), ...(plain(changes.pairingOptions) as Record<string, unknown>) }) }
          : {}),
        // The chain follows the format (二章6节2–5: round-robin and Swiss have different chains) unless
        // the organizer set it by hand (Event.tieBreaksCustom); setting it by hand makes it custom.
        ...(changes.tieBreaks
          ? { tieBreaks: changes.tieBreaks, tieBreaksCustom: true }
          : changes.stages && !before.tieBreaksCustom
            ? { tieBreaks: defaultTieBreaks(before.kind, changes.stages) }
            : {}),
      };
      const { count } = await tx.event.updateMany({ where: { id, version }, data: { ...data, version: { increment: 1 } } });
      if (count === 0) staleOrMissing('event', before);
      const after = await tx.event.findUniqueOrThrow({ where: { id } });
      await this.audit.record(tx, { userId: user.id, tournamentId: before.tournamentId, entity: 'event', entityId: id, action: 'update', before, after });
      return presentEvent(after);
    });
  }

  async remove({ user, id }: { user: AuthUser; id: string }): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const before = await tx.event.findUnique({ where: { id } });
      if (!before) throw notFound('event');
      if (entriesClosed(before)) throw closedConflict('event');
      await tx.entry.deleteMany({ where: { eventId: id } });
      await tx.event.delete({ where: { id } });
      await this.audit.record(tx, { userId: user.id, tournamentId: before.tournamentId, entity: 'event', entityId: id, action: 'delete', before });
    });
  }
}

/** DTO class instances → plain JSON for Json columns. */
function plain(value: unknown): Prisma.InputJsonValue {
  return JSON.parse(JSON.stringify(value)) as Prisma.InputJsonValue;
}
