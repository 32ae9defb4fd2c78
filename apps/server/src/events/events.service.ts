import { appealFeeCurrency } from './appeal-fee';
import { stagesOf } from './event-stages';
import { ConflictException, Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.decorators';
import { notFound, staleOrMissing } from '../common/optimistic';
import { Prisma } from '../generated/prisma/client';
import type { Event } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { CreateEventDto, StandingsReadingsDto, UpdateEventDto } from './event.dto';
import { READING_KEYS, readingsOf, withReadings } from './readings';
import { codedProblems, DomainError, type CodedFieldProblem } from '../common/errors';
import { eventFormatProblems } from '@chuhe/pairing';
import { timeControlProblems, type TimeControl } from '@chuhe/tournament';
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
  return new DomainError('event.registration_closed', { field: what }, what);
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
    const problems: CodedFieldProblem[] = eventFormatProblems({ kind: dto.kind, stages: dto.stages, gamesPerPairing });
    if (dto.kind === 'individual' && (dto.teamStarters !== undefined || dto.teamReserves !== undefined))
      problems.push({ field: 'teamStarters', reason: 'only team events have starters and reserves', code: 'event.team_fields_only' });
    // 二章2节: the periods' relations and one clock per stage (libs/tournament time-control.ts).
    problems.push(...timeControlProblems(dto.timeControl, dto.stages.length));
    if (problems.length) throw codedProblems(problems);
    return this.prisma.$transaction(async (tx) => {
      const tournament = await tx.tournament.findUnique({
        where: { id: tournamentId },
        select: { timeZone: true, regulations: { select: { feeCurrency: true } } },
      });
      const event = await tx.event.create({
        data: {
          tournamentId,
          // Issue 30 #6: the appeal fee in the tournament's currency, not the column's SGD.
          appealFeeCurrency: appealFeeCurrency(tournament?.timeZone ?? '', tournament?.regulations?.feeCurrency),
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
      const problems: CodedFieldProblem[] =
        changes.stages || changes.gamesPerPairing
          ? eventFormatProblems({
              kind: before.kind,
              stages: changes.stages ?? stagesOf(before),
              gamesPerPairing: changes.gamesPerPairing ?? before.gamesPerPairing,
            })
          : [];
      if (before.kind === 'individual' && (changes.teamStarters !== undefined || changes.teamReserves !== undefined))
        problems.push({ field: 'teamStarters', reason: 'only team events have starters and reserves', code: 'event.team_fields_only' });
      if (changes.timeControl || changes.stages)
        problems.push(
          ...timeControlProblems(changes.timeControl ?? (before.timeControl as unknown as TimeControl), (changes.stages ?? stagesOf(before)).length),
        );
      if (problems.length) throw codedProblems(problems);
      // Who may enter, and a team's size, were checked when the entries were made: changed only while there are none.
      const entryShape = (['category', 'teamStarters', 'teamReserves'] as const).find((k) => changes[k] !== undefined && changes[k] !== before[k]);
      if (entryShape && (await tx.entry.count({ where: { eventId: id } })) > 0) throw new DomainError('event.has_entries', { field: entryShape }, entryShape);
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

  /**
   * The event's readings of open articles (events/readings.ts), set by the chief arbiter (or the
   * deputy, 三章5, or the organizer) until round 1 is paired: 三章4C 负责规程之施行及解释 — the
   * interpretation is fixed before play, so that no standing changes by a reading chosen after it.
   */
  async setReadings({ user, id, dto }: { user: AuthUser; id: string; dto: StandingsReadingsDto }) {
    const { version, ...changes } = dto;
    return this.prisma.$transaction(async (tx) => {
      const before = await tx.event.findUnique({ where: { id } });
      if (!before) throw notFound('event');
      if (entriesClosed(before)) throw new DomainError('settings.round1_paired', {}, READING_KEYS.find((k) => changes[k] !== undefined) ?? 'version');
      const { count } = await tx.event.updateMany({
        where: { id, version },
        data: { standingsOptions: plain(withReadings(before.standingsOptions, changes)), version: { increment: 1 } },
      });
      if (count === 0) staleOrMissing('event', before);
      const after = await tx.event.findUniqueOrThrow({ where: { id } });
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: before.tournamentId,
        entity: 'event',
        entityId: id,
        action: 'update',
        before: { standingsOptions: before.standingsOptions },
        after: { standingsOptions: after.standingsOptions },
        reason: '三章4C: readings of the rules fixed before round 1',
      });
      return { ...presentEvent(after), readings: readingsOf(after) };
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
