import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.decorators';
import { notFound, staleOrMissing } from '../common/optimistic';
import { badRequest } from '../common/validation';
import { PrismaService, Tx } from '../prisma/prisma.service';
import { CreatePlayerDto, UpdatePlayerDto } from './player.dto';

@Injectable()
export class PlayersService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
  ) {}

  list(tournamentId: string) {
    return this.prisma.player.findMany({ where: { tournamentId }, include: { affiliation: true }, orderBy: [{ nameEn: 'asc' }] });
  }

  async get(id: string) {
    const p = await this.prisma.player.findUnique({ where: { id }, include: { affiliation: true } });
    if (!p) throw notFound('player');
    return p;
  }

  create({ user, tournamentId, dto }: { user: AuthUser; tournamentId: string; dto: CreatePlayerDto }) {
    return this.prisma.$transaction(async (tx) => {
      await checkAffiliation(tx, tournamentId, dto.affiliationId);
      const p = await tx.player.create({ data: { tournamentId, ...dto } });
      await this.audit.record(tx, { userId: user.id, tournamentId, entity: 'player', entityId: p.id, action: 'create', after: p });
      return p;
    });
  }

  update({ user, id, dto }: { user: AuthUser; id: string; dto: UpdatePlayerDto }) {
    const { version, ...changes } = dto;
    return this.prisma.$transaction(async (tx) => {
      const before = await tx.player.findUnique({ where: { id } });
      if (!before) throw notFound('player');
      await checkAffiliation(tx, before.tournamentId, changes.affiliationId);
      const { count } = await tx.player.updateMany({ where: { id, version }, data: { ...changes, version: { increment: 1 } } });
      if (count === 0) staleOrMissing('player', before);
      const after = await tx.player.findUniqueOrThrow({ where: { id } });
      await this.audit.record(tx, { userId: user.id, tournamentId: before.tournamentId, entity: 'player', entityId: id, action: 'update', before, after });
      return after;
    });
  }

  /** Refused (409) while the player is entered in an event or a team. */
  async remove({ user, id }: { user: AuthUser; id: string }): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const before = await tx.player.findUnique({ where: { id } });
      if (!before) throw notFound('player');
      await tx.player.delete({ where: { id } });
      await this.audit.record(tx, { userId: user.id, tournamentId: before.tournamentId, entity: 'player', entityId: id, action: 'delete', before });
    });
  }
}

export async function checkAffiliation(tx: Tx, tournamentId: string, affiliationId: string | undefined): Promise<void> {
  if (!affiliationId) return;
  const a = await tx.affiliation.findUnique({ where: { id: affiliationId } });
  if (!a || a.tournamentId !== tournamentId) throw badRequest([{ field: 'affiliationId', reason: 'no such affiliation in this tournament' }]);
}
