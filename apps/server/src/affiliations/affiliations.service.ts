import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.decorators';
import { notFound } from '../common/optimistic';
import { PrismaService } from '../prisma/prisma.service';
import { CreateAffiliationDto, UpdateAffiliationDto } from './affiliation.dto';

@Injectable()
export class AffiliationsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
  ) {}

  list(tournamentId: string) {
    return this.prisma.affiliation.findMany({ where: { tournamentId }, orderBy: { nameZh: 'asc' } });
  }

  create({ user, tournamentId, dto }: { user: AuthUser; tournamentId: string; dto: CreateAffiliationDto }) {
    return this.prisma.$transaction(async (tx) => {
      const a = await tx.affiliation.create({ data: { tournamentId, ...dto } });
      await this.audit.record(tx, { userId: user.id, tournamentId, entity: 'affiliation', entityId: a.id, action: 'create', after: a });
      return a;
    });
  }

  update({ user, id, dto }: { user: AuthUser; id: string; dto: UpdateAffiliationDto }) {
    return this.prisma.$transaction(async (tx) => {
      const before = await tx.affiliation.findUnique({ where: { id } });
      if (!before) throw notFound('affiliation');
      const after = await tx.affiliation.update({ where: { id }, data: dto });
      await this.audit.record(tx, { userId: user.id, tournamentId: before.tournamentId, entity: 'affiliation', entityId: id, action: 'update', before, after });
      return after;
    });
  }

  /** Refused (409) while players or teams still belong to it. */
  async remove({ user, id }: { user: AuthUser; id: string }): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const before = await tx.affiliation.findUnique({ where: { id } });
      if (!before) throw notFound('affiliation');
      await tx.affiliation.delete({ where: { id } });
      await this.audit.record(tx, { userId: user.id, tournamentId: before.tournamentId, entity: 'affiliation', entityId: id, action: 'delete', before });
    });
  }
}
