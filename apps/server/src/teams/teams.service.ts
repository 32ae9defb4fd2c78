import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.decorators';
import { notFound, staleOrMissing } from '../common/optimistic';
import { codedProblems, DomainError, unknownAffiliation } from '../common/errors';
import { lockEvent } from '../entries/entries.service';
import { drawLateNumbers, hasDraw } from '../entries/late-draw';
import { closedConflict, entriesClosed } from '../events/events.service';
import type { Event } from '../generated/prisma/client';
import { assertNoneBanned } from '../persons/bans';
import { PrismaService, Tx } from '../prisma/prisma.service';
import { compositionProblems } from './team-composition';
import { CreateTeamDto, UpdateTeamDto } from './team.dto';

const TEAM_INCLUDE = {
  affiliation: true,
  members: { include: { player: true }, orderBy: [{ role: 'asc' as const }, { board: 'asc' as const }] },
  entries: true,
};

@Injectable()
export class TeamsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
  ) {}

  list(eventId: string) {
    return this.prisma.team.findMany({ where: { eventId }, include: TEAM_INCLUDE, orderBy: { nameZh: 'asc' } });
  }

  async get(id: string) {
    const team = await this.prisma.team.findUnique({ where: { id }, include: TEAM_INCLUDE });
    if (!team) throw notFound('team');
    return team;
  }

  /** Creating a team in a team event also enters it (late entry after the draw, until round 1). */
  create({ user, eventId, dto }: { user: AuthUser; eventId: string; dto: CreateTeamDto }) {
    return this.prisma.$transaction((tx) => this.createIn(tx, { user, eventId, dto }));
  }

  /** The one way a team is made and entered, inside the caller's transaction (the organizer's form, an approved entry request). */
  async createIn(tx: Tx, { user, eventId, dto }: { user: AuthUser; eventId: string; dto: CreateTeamDto }) {
    {
      const event = await lockEvent(tx, eventId);
      if (entriesClosed(event)) throw closedConflict('teams');
      if (event.kind !== 'team') throw new DomainError('event.individual_takes_players', {}, 'eventId');
      const affiliation = await tx.affiliation.findUnique({ where: { id: dto.affiliationId } });
      if (!affiliation || affiliation.tournamentId !== event.tournamentId) throw unknownAffiliation('affiliationId');
      await this.checkComposition(tx, event, dto.affiliationId, dto.starters, dto.reserves ?? [], undefined);
      const team = await tx.team.create({
        data: {
          eventId,
          affiliationId: dto.affiliationId,
          nameZh: dto.nameZh,
          nameEn: dto.nameEn,
          members: { create: memberRows(dto.starters, dto.reserves ?? []) },
        },
      });
      const late = await hasDraw(tx, eventId);
      const entry = await tx.entry.create({ data: { eventId, teamId: team.id, lateEntry: late } });
      if (late) await drawLateNumbers(tx, this.audit, { userId: user.id, tournamentId: event.tournamentId }, eventId, [entry.id]);
      const after = await tx.team.findUniqueOrThrow({ where: { id: team.id }, include: TEAM_INCLUDE });
      await this.audit.record(tx, { userId: user.id, tournamentId: event.tournamentId, entity: 'team', entityId: team.id, action: 'create', after });
      return after;
    }
  }

  update({ user, id, dto }: { user: AuthUser; id: string; dto: UpdateTeamDto }) {
    const { version, starters, reserves, ...names } = dto;
    return this.prisma.$transaction(async (tx) => {
      const before = await tx.team.findUnique({ where: { id }, include: TEAM_INCLUDE });
      if (!before) throw notFound('team');
      const event = await lockEvent(tx, before.eventId);
      const membersChange = starters !== undefined || reserves !== undefined;
      // Lineups per round (排阵表) come with the rounds; the registered roster is fixed at round 1.
      if (membersChange && entriesClosed(event)) throw closedConflict('starters');
      const { count } = await tx.team.updateMany({ where: { id, version }, data: { ...names, version: { increment: 1 } } });
      if (count === 0) staleOrMissing('team', before);
      if (membersChange) {
        const newStarters = starters ?? before.members.filter((m) => m.role === 'starter').map((m) => m.playerId);
        const newReserves = reserves ?? before.members.filter((m) => m.role === 'reserve').map((m) => m.playerId);
        await this.checkComposition(tx, event, before.affiliationId, newStarters, newReserves, id);
        await tx.teamMember.deleteMany({ where: { teamId: id } });
        await tx.teamMember.createMany({ data: memberRows(newStarters, newReserves).map((m) => ({ ...m, teamId: id })) });
      }
      const after = await tx.team.findUniqueOrThrow({ where: { id }, include: TEAM_INCLUDE });
      await this.audit.record(tx, { userId: user.id, tournamentId: event.tournamentId, entity: 'team', entityId: id, action: 'update', before, after });
      return after;
    });
  }

  async remove({ user, id }: { user: AuthUser; id: string }): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const before = await tx.team.findUnique({ where: { id }, include: TEAM_INCLUDE });
      if (!before) throw notFound('team');
      const event = await lockEvent(tx, before.eventId);
      if (entriesClosed(event)) throw closedConflict('team');
      if (before.entries.some((e) => e.drawNumber !== null))
        await tx.event.update({ where: { id: event.id }, data: { redrawNeeded: true, version: { increment: 1 } } });
      await tx.entry.deleteMany({ where: { teamId: id } });
      await tx.team.delete({ where: { id } });
      await this.audit.record(tx, { userId: user.id, tournamentId: event.tournamentId, entity: 'team', entityId: id, action: 'delete', before });
    });
  }

  private async checkComposition(tx: Tx, event: Event, affiliationId: string, starters: string[], reserves: string[], teamId: string | undefined) {
    const ids = [...starters, ...reserves];
    const players = await tx.player.findMany({ where: { id: { in: ids } } });
    const others = await tx.teamMember.findMany({
      where: { playerId: { in: ids }, team: { eventId: event.id, ...(teamId ? { id: { not: teamId } } : {}) } },
      select: { playerId: true },
    });
    const problems = compositionProblems({
      starters,
      reserves,
      limits: { starters: event.teamStarters, reserves: event.teamReserves },
      category: event.category,
      affiliationId,
      players: new Map(players.map((p) => [p.id, { tournamentOk: p.tournamentId === event.tournamentId, affiliationId: p.affiliationId, gender: p.gender }])),
      inOtherTeam: new Set(others.map((o) => o.playerId)),
    });
    if (problems.length) throw codedProblems(problems);
    // 二章8节3: no banned person plays in a team either.
    const byId = new Map(players.map((p) => [p.id, p.personId]));
    await assertNoneBanned(tx, [
      ...starters.map((id, i) => ({ personId: byId.get(id) ?? null, field: `starters[${i}]` })),
      ...reserves.map((id, i) => ({ personId: byId.get(id) ?? null, field: `reserves[${i}]` })),
    ]);
  }
}

function memberRows(starters: string[], reserves: string[]) {
  return [
    ...starters.map((playerId, i) => ({ playerId, role: 'starter' as const, board: i + 1 })),
    ...reserves.map((playerId) => ({ playerId, role: 'reserve' as const, board: null })),
  ];
}
