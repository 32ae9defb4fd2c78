import { Injectable } from '@nestjs/common';
import { MAX_TABLE, sectionProblem, tableRuns, unassignedTables, type TableSection } from '@chuhe/tournament';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.decorators';
import { DomainError, missingResource, staleVersion } from '../common/errors';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';

/** Who divides the arbiters' work (三章4B 研究和分配工作): the chief arbiter, the deputy acting for them (三章5), the organizer. */
export const SECTION_ASSIGNERS = ['organizer', 'chief_arbiter', 'deputy_chief_arbiter'] as const;
/** Who sees the sections: the assigners and the arbiters (each knows who has which tables). */
export const SECTION_READERS = [...SECTION_ASSIGNERS, 'arbiter'] as const;

export interface ArbiterWithSection {
  userId: string;
  name: string;
  email: string;
  section: (TableSection & { version: number }) | null;
}

export interface EventSections {
  event: { id: string; nameZh: string; nameEn: string; tournamentId: string; tournament: { id: string; nameZh: string; nameEn: string } };
  /** The tournament's arbiters (role `arbiter`), each with their section in this event or none. */
  arbiters: ArbiterWithSection[];
  /** The latest published round of the event, whose tables the sections are checked against. */
  round: { number: number; tables: number } | null;
  /** Runs of that round's tables no arbiter has. */
  unassigned: TableSection[];
}

/**
 * The arbiters' sections of tables in an event (issue 35): the chief arbiter gives each arbiter a
 * run of tables; the arbiter's result sheet opens on it (staff-pages/result-sheet-view.ts
 * `sheetSection`). A section belongs to the event, not to a round: the top tables stay the top
 * tables from round to round.
 */
@Injectable()
export class ArbiterSectionsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
  ) {}

  async ofEvent(eventId: string): Promise<EventSections> {
    const event = await this.prisma.event.findUnique({
      where: { id: eventId },
      select: { id: true, nameZh: true, nameEn: true, tournamentId: true, tournament: { select: { id: true, nameZh: true, nameEn: true } } },
    });
    if (!event) throw missingResource('eventId', 'event');
    const [roles, sections, round] = await Promise.all([
      this.prisma.tournamentRole.findMany({
        where: { tournamentId: event.tournamentId, role: 'arbiter' },
        select: { user: { select: { id: true, displayName: true, email: true } } },
        orderBy: { createdAt: 'asc' },
      }),
      this.prisma.arbiterSection.findMany({ where: { eventId } }),
      this.prisma.round.findFirst({
        where: { eventId, state: { not: 'draft' } },
        orderBy: { number: 'desc' },
        select: { number: true, pairings: { select: { table: true } } },
      }),
    ]);
    const byUser = new Map(sections.map((s) => [s.userId, s]));
    const arbiters = roles.map(({ user }) => {
      const s = byUser.get(user.id);
      return {
        userId: user.id,
        name: user.displayName,
        email: user.email,
        section: s ? { firstTable: s.firstTable, lastTable: s.lastTable, version: s.version } : null,
      };
    });
    const tables = round ? round.pairings.flatMap((p) => (p.table === null ? [] : [p.table])) : [];
    const given = arbiters.flatMap((a) => (a.section ? [a.section] : []));
    return {
      event,
      arbiters,
      round: round ? { number: round.number, tables: tables.length } : null,
      unassigned: tableRuns(unassignedTables(given, tables)),
    };
  }

  /** The section this user has in the event, or null (their result sheet then opens as anyone's). */
  async own(eventId: string, userId: string): Promise<TableSection | null> {
    return this.prisma.arbiterSection.findUnique({
      where: { eventId_userId: { eventId, userId } },
      select: { firstTable: true, lastTable: true },
    });
  }

  /**
   * Gives an arbiter a section (or changes it). `version` is the section's as the assigner saw it:
   * absent for a new one; a stale one is 409, as is a second assigner creating the same one at once.
   */
  async assign(user: AuthUser, eventId: string, arbiterId: string, input: TableSection & { version?: number }) {
    const problem = sectionProblem(input);
    if (problem) throw new DomainError(`section.${problem.reason}`, { max: MAX_TABLE }, problem.field);
    try {
      return await this.prisma.$transaction(async (tx) => {
        const event = await tx.event.findUnique({ where: { id: eventId }, select: { tournamentId: true } });
        if (!event) throw missingResource('eventId', 'event');
        const arbiter = await tx.tournamentRole.findFirst({
          where: { tournamentId: event.tournamentId, userId: arbiterId, role: 'arbiter' },
          select: { id: true },
        });
        if (!arbiter) {
          const who = await tx.user.findUnique({ where: { id: arbiterId }, select: { displayName: true } });
          throw new DomainError('section.not_arbiter', { name: who?.displayName ?? arbiterId }, 'userId');
        }
        const before = await tx.arbiterSection.findUnique({ where: { eventId_userId: { eventId, userId: arbiterId } } });
        const data = { firstTable: input.firstTable, lastTable: input.lastTable };
        let after;
        if (!before) {
          if (input.version !== undefined) throw missingResource('userId', 'section');
          after = await tx.arbiterSection.create({ data: { eventId, userId: arbiterId, assignedById: user.id, ...data } });
        } else {
          if (input.version === undefined || input.version !== before.version) throw staleVersion('section', before.version);
          const { count } = await tx.arbiterSection.updateMany({
            where: { id: before.id, version: before.version },
            data: { ...data, assignedById: user.id, version: { increment: 1 } },
          });
          if (count === 0) throw staleVersion('section', before.version + 1);
          after = await tx.arbiterSection.findUniqueOrThrow({ where: { id: before.id } });
        }
        await this.audit.record(tx, {
          userId: user.id,
          tournamentId: event.tournamentId,
          entity: 'arbiter_section',
          entityId: after.id,
          action: before ? 'update' : 'create',
          before: before ?? undefined,
          after,
        });
        return after;
      });
    } catch (error) {
      // Two assigners creating the same arbiter's section at once: the second is told, nothing is overwritten.
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw new DomainError('edit.collision');
      throw error;
    }
  }

  /** Takes an arbiter's section away (their sheet then shows every table). */
  async remove(user: AuthUser, eventId: string, arbiterId: string, version: number) {
    return this.prisma.$transaction(async (tx) => {
      const before = await tx.arbiterSection.findUnique({
        where: { eventId_userId: { eventId, userId: arbiterId } },
        include: { event: { select: { tournamentId: true } } },
      });
      if (!before) throw missingResource('userId', 'section');
      const { count } = await tx.arbiterSection.deleteMany({ where: { id: before.id, version } });
      if (count === 0) throw staleVersion('section', before.version);
      const { event, ...row } = before;
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: event.tournamentId,
        entity: 'arbiter_section',
        entityId: before.id,
        action: 'delete',
        before: row,
      });
      return { removed: true };
    });
  }
}
