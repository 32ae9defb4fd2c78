import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.decorators';
import { missingResource } from '../common/errors';
import { PrismaService } from '../prisma/prisma.service';
import { StandingsService } from '../standings/standings.service';

/**
 * Titles by placing (issue 33 #4): an event's rule "the top N earn title X", awarded from the
 * event's final places (a team's place to its members) to the persons the players are.
 */
@Injectable()
export class TitlesService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
    private readonly standings: StandingsService,
  ) {}

  rules(eventId: string) {
    return this.prisma.titleRule.findMany({ where: { eventId }, orderBy: [{ topN: 'asc' }, { createdAt: 'asc' }] });
  }

  async addRule(user: AuthUser, eventId: string, dto: { topN: number; titleZh: string; titleEn: string }) {
    return this.prisma.$transaction(async (tx) => {
      const event = await tx.event.findUnique({ where: { id: eventId } });
      if (!event) throw missingResource('eventId', 'event');
      const rule = await tx.titleRule.create({ data: { eventId, ...dto } });
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: event.tournamentId,
        entity: 'title_rule',
        entityId: rule.id,
        action: 'create',
        after: rule,
      });
      return rule;
    });
  }

  /** Awards every rule's title to the persons placed within its top N (again: nothing twice). */
  async award(user: AuthUser, eventId: string) {
    const event = await this.prisma.event.findUnique({ where: { id: eventId } });
    if (!event) throw missingResource('eventId', 'event');
    const rules = await this.rules(eventId);
    const s = await this.standings.fresh(eventId);
    const report = s.report as unknown as {
      places?: { entry: string; place: number }[];
      standings?: { rows: { entry: string; rank: number }[] };
      rows?: { entry: string; rank: number }[];
    };
    const placed =
      report.places?.map((p) => ({ entry: p.entry, place: p.place })) ??
      (report.standings?.rows ?? report.rows ?? []).map((r) => ({ entry: r.entry, place: r.rank }));
    const entries = await this.prisma.entry.findMany({
      where: { eventId },
      select: { id: true, player: { select: { personId: true } }, team: { select: { members: { select: { player: { select: { personId: true } } } } } } },
    });
    const personsOf = new Map(entries.map((e) => [e.id, e.player ? [e.player.personId] : (e.team?.members.map((m) => m.player.personId) ?? [])]));
    return this.prisma.$transaction(async (tx) => {
      const awarded = [];
      for (const rule of rules) {
        for (const p of placed.filter((x) => x.place <= rule.topN)) {
          for (const personId of personsOf.get(p.entry) ?? []) {
            if (!personId) continue;
            const title = await tx.personTitle.upsert({
              where: { personId_titleZh_eventId: { personId, titleZh: rule.titleZh, eventId } },
              create: { personId, titleZh: rule.titleZh, titleEn: rule.titleEn, eventId },
              update: {},
            });
            awarded.push(title);
          }
        }
      }
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: event.tournamentId,
        entity: 'person_title',
        entityId: eventId,
        action: 'create',
        after: { awarded: awarded.map((a) => a.id) },
      });
      return { awarded };
    });
  }
}
