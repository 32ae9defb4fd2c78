import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.decorators';
import { notFound, staleOrMissing } from '../common/optimistic';
import { unknownAffiliation } from '../common/errors';
import { matchPlayers } from '../persons/registry';
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
    return this.prisma.$transaction((tx) => this.createIn(tx, { user, tournamentId, dto }));
  }

  /**
   * The one way a player is made, inside the caller's transaction: the organizer's form and the
   * approval of an entry request (issue 31) both come here. `birthYear` and `email` come with a
   * request (三章1 参加资格; notifications). The person registry (issue 33): linked by federation ID
   * or the organizer's choice, a new person for a new name; a proposal or namesakes (同名) come
   * back for the organizer to decide.
   */
  async createIn(tx: Tx, { user, tournamentId, dto }: { user: AuthUser; tournamentId: string; dto: CreatePlayerDto & { birthYear?: number; email?: string } }) {
    await checkAffiliation(tx, tournamentId, dto.affiliationId);
    const { personId, federationId, ...data } = dto;
    // The typed federation ID stays on the player (issue 33): the registry's key, and a new person's ID when the organizer decides so later.
    const created = await tx.player.create({ data: { tournamentId, ...data, federationId: federationId?.trim() || null } });
    const [pending] = await matchPlayers(tx, [created.id], new Map([[created.id, { personId, federationId }]]));
    const p = await tx.player.findUniqueOrThrow({ where: { id: created.id } });
    await this.audit.record(tx, { userId: user.id, tournamentId, entity: 'player', entityId: p.id, action: 'create', after: p });
    return { ...p, personMatch: pending?.match ?? null };
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
  if (!a || a.tournamentId !== tournamentId) throw unknownAffiliation('affiliationId');
}
