import { BadRequestException, Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.decorators';
import { notFound, staleOrMissing } from '../common/optimistic';
import { badRequest } from '../common/validation';
import { PrismaService } from '../prisma/prisma.service';
import { CreateTournamentDto, GrantRoleDto, UpdateTournamentDto } from './tournament.dto';

@Injectable()
export class TournamentsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
  ) {}

  list() {
    return this.prisma.tournament.findMany({ orderBy: { startDate: 'desc' } });
  }

  async get(id: string) {
    const t = await this.prisma.tournament.findUnique({
      where: { id },
      include: { events: { orderBy: { createdAt: 'asc' } }, affiliations: { orderBy: { nameZh: 'asc' } } },
    });
    if (!t) throw notFound('tournament');
    return t;
  }

  /** The creator becomes the tournament's organizer. */
  async create({ user, dto }: { user: AuthUser; dto: CreateTournamentDto }) {
    checkDates(dto.startDate, dto.endDate);
    return this.prisma.$transaction(async (tx) => {
      const t = await tx.tournament.create({
        data: { ...dto, startDate: new Date(dto.startDate), endDate: new Date(dto.endDate) },
      });
      await tx.tournamentRole.create({ data: { tournamentId: t.id, userId: user.id, role: 'organizer' } });
      await this.audit.record(tx, { userId: user.id, tournamentId: t.id, entity: 'tournament', entityId: t.id, action: 'create', after: t });
      return t;
    });
  }

  async update({ user, id, dto }: { user: AuthUser; id: string; dto: UpdateTournamentDto }) {
    const { version, ...changes } = dto;
    return this.prisma.$transaction(async (tx) => {
      const before = await tx.tournament.findUnique({ where: { id } });
      if (!before) throw notFound('tournament');
      checkDates(changes.startDate ?? before.startDate.toISOString().slice(0, 10), changes.endDate ?? before.endDate.toISOString().slice(0, 10));
      const data = {
        ...changes,
        ...(changes.startDate ? { startDate: new Date(changes.startDate) } : {}),
        ...(changes.endDate ? { endDate: new Date(changes.endDate) } : {}),
      };
      const { count } = await tx.tournament.updateMany({ where: { id, version }, data: { ...data, version: { increment: 1 } } });
      if (count === 0) staleOrMissing('tournament', before);
      const after = await tx.tournament.findUniqueOrThrow({ where: { id } });
      await this.audit.record(tx, { userId: user.id, tournamentId: id, entity: 'tournament', entityId: id, action: 'update', before, after });
      return after;
    });
  }

  async remove({ user, id }: { user: AuthUser; id: string }): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const before = await tx.tournament.findUnique({ where: { id } });
      if (!before) throw notFound('tournament');
      await tx.tournament.delete({ where: { id } });
      // The audit row outlives the tournament: it keeps the id but no foreign key.
      await this.audit.record(tx, { userId: user.id, tournamentId: id, entity: 'tournament', entityId: id, action: 'delete', before });
    });
  }

  listRoles(tournamentId: string) {
    return this.prisma.tournamentRole.findMany({
      where: { tournamentId },
      include: { user: { select: { id: true, email: true, displayName: true } } },
      orderBy: { createdAt: 'asc' },
    });
  }

  async grantRole({ user, tournamentId, dto }: { user: AuthUser; tournamentId: string; dto: GrantRoleDto }) {
    const grantee = await this.prisma.user.findUnique({ where: { email: dto.email.trim().toLowerCase() } });
    if (!grantee) throw badRequest([{ field: 'email', reason: 'no user with this email; they must register first' }]);
    if (dto.role === 'team_captain' && !dto.teamId) throw badRequest([{ field: 'teamId', reason: 'a team captain needs the team they lead' }]);
    if (dto.role !== 'team_captain' && dto.teamId) throw badRequest([{ field: 'teamId', reason: 'only a team captain has a team' }]);
    if (dto.teamId) {
      const team = await this.prisma.team.findUnique({ where: { id: dto.teamId }, include: { event: true } });
      if (!team || team.event.tournamentId !== tournamentId) throw badRequest([{ field: 'teamId', reason: 'no such team in this tournament' }]);
    }
    return this.prisma.$transaction(async (tx) => {
      const role = await tx.tournamentRole.create({ data: { tournamentId, userId: grantee.id, role: dto.role, teamId: dto.teamId } });
      await this.audit.record(tx, { userId: user.id, tournamentId, entity: 'tournament_role', entityId: role.id, action: 'create', after: role });
      return role;
    });
  }

  async revokeRole({ user, tournamentId, roleId }: { user: AuthUser; tournamentId: string; roleId: string }): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const before = await tx.tournamentRole.findUnique({ where: { id: roleId } });
      if (!before || before.tournamentId !== tournamentId) throw notFound('role');
      if (before.role === 'organizer') {
        const organizers = await tx.tournamentRole.count({ where: { tournamentId: before.tournamentId, role: 'organizer' } });
        if (organizers <= 1) throw new BadRequestException({ statusCode: 400, error: 'Bad Request', message: 'roleId: the last organizer cannot be removed', errors: [{ field: 'roleId', reason: 'the last organizer cannot be removed' }] });
      }
      await tx.tournamentRole.delete({ where: { id: roleId } });
      await this.audit.record(tx, { userId: user.id, tournamentId: before.tournamentId, entity: 'tournament_role', entityId: roleId, action: 'delete', before });
    });
  }
}

function checkDates(start: string, end: string): void {
  if (end < start) throw badRequest([{ field: 'endDate', reason: 'must not be before startDate' }]);
}
