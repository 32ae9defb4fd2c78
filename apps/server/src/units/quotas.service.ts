import { Injectable } from '@nestjs/common';
import { invitationQuotas, parseUnitRows, quotaLeft, type UnitRowProblem } from '@chuhe/registration';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.decorators';
import { notFound } from '../common/optimistic';
import { DomainError, DomainErrors, unknownAffiliation, unknownEvent } from '../common/errors';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService, Tx } from '../prisma/prisma.service';
import { StandingsService } from '../standings/standings.service';
import { ImportUnitsDto, InvitationRuleDto } from './units.dto';

/** Requests that hold a place of the unit's quota: not refused, not withdrawn. */
export const HOLDS_PLACE = ['submitted', 'approved', 'waiting'] as const;

/**
 * Member units and their quotas per event (附录2/3 #1): by hand, or from a finished event's final
 * standings with the host's fill-up to an even field.
 */
@Injectable()
export class QuotasService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
    private readonly standings: StandingsService,
  ) {}

  /** Every quota of the event with what is used and left (affiliationId: only that unit). */
  async list(eventId: string, affiliationId?: string) {
    const [quotas, used] = await Promise.all([
      this.prisma.unitQuota.findMany({
        where: { eventId, ...(affiliationId ? { affiliationId } : {}) },
        include: { affiliation: true },
        orderBy: { affiliation: { nameZh: 'asc' } },
      }),
      this.prisma.entryRequest.groupBy({
        by: ['affiliationId'],
        where: { eventId, source: 'delegate', state: { in: [...HOLDS_PLACE] }, ...(affiliationId ? { affiliationId } : {}) },
        _count: { _all: true },
      }),
    ]);
    const usedBy = new Map(used.map((u) => [u.affiliationId, u._count._all]));
    return quotas.map((q) => ({ ...q, used: usedBy.get(q.affiliationId) ?? 0, left: quotaLeft(q.quota, usedBy.get(q.affiliationId) ?? 0) }));
  }

  set(args: { user: AuthUser; eventId: string; affiliationId: string; quota: number; basis?: Prisma.InputJsonValue }) {
    return this.prisma.$transaction((tx) => this.setIn(tx, args));
  }

  private async setIn(
    tx: Tx,
    { user, eventId, affiliationId, quota, basis }: { user: AuthUser; eventId: string; affiliationId: string; quota: number; basis?: Prisma.InputJsonValue },
  ) {
    {
      const event = await tx.event.findUnique({ where: { id: eventId } });
      if (!event) throw notFound('event');
      const unit = await tx.affiliation.findUnique({ where: { id: affiliationId } });
      if (!unit || unit.tournamentId !== event.tournamentId) throw unknownAffiliation('affiliationId');
      const before = await tx.unitQuota.findUnique({ where: { eventId_affiliationId: { eventId, affiliationId } } });
      const after = await tx.unitQuota.upsert({
        where: { eventId_affiliationId: { eventId, affiliationId } },
        create: { eventId, affiliationId, quota, basis: basis ?? { by: 'hand' } },
        update: { quota, basis: basis ?? { by: 'hand' }, version: { increment: 1 } },
      });
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: event.tournamentId,
        entity: 'unit_quota',
        entityId: after.id,
        action: before ? 'update' : 'create',
        before: before ?? undefined,
        after,
      });
      return after;
    }
  }

  /**
   * Units invited from a CSV (issue 31 #2): a unit not in the tournament yet (by its Chinese name)
   * is added, and each line's quota set for the event. All or nothing: any bad line (named with its
   * line number) and nothing is written.
   */
  async importUnits({ user, tournamentId, dto }: { user: AuthUser; tournamentId: string; dto: ImportUnitsDto }) {
    const { rows, problems } = parseUnitRows(dto.csv);
    if (problems.length)
      throw new DomainErrors(problems.map((p) => ({ code: 'csv.line', params: { line: p.line, detail: p.message, detailZh: unitRowWords(p) }, field: 'csv' })));
    if (!rows.length) throw new DomainError('csv.empty', {}, 'csv');
    if (dto.eventId) {
      const event = await this.prisma.event.findUnique({ where: { id: dto.eventId }, select: { tournamentId: true } });
      if (!event || event.tournamentId !== tournamentId) throw unknownEvent('eventId');
    } else if (rows.some((r) => r.quota !== null)) throw new DomainError('quota.event_needed', {}, 'eventId');
    return this.prisma.$transaction(
      async (tx) => {
        const existing = new Map(
          (await tx.affiliation.findMany({ where: { tournamentId }, select: { id: true, nameZh: true } })).map((a) => [a.nameZh.replace(/\s+/g, ''), a.id]),
        );
        let created = 0;
        let quotas = 0;
        const units: { id: string; nameZh: string; nameEn: string; quota: number | null; created: boolean }[] = [];
        for (const row of rows) {
          let id = existing.get(row.nameZh.replace(/\s+/g, ''));
          const isNew = !id;
          if (!id) {
            const a = await tx.affiliation.create({ data: { tournamentId, nameZh: row.nameZh, nameEn: row.nameEn } });
            await this.audit.record(tx, {
              userId: user.id,
              tournamentId,
              entity: 'affiliation',
              entityId: a.id,
              action: 'create',
              after: a,
              reason: `units CSV, line ${row.line}`,
            });
            id = a.id;
            created++;
          }
          if (row.quota !== null && dto.eventId) {
            await this.setIn(tx, { user, eventId: dto.eventId, affiliationId: id, quota: row.quota, basis: { by: 'csv', line: row.line } });
            quotas++;
          }
          units.push({ id, nameZh: row.nameZh, nameEn: row.nameEn, quota: row.quota, created: isNew });
        }
        return { created, quotas, units };
      },
      { timeout: 30_000, maxWait: 15_000 },
    );
  }

  /**
   * 附录2 #1 / 附录3 #1: champion and runner-up of the previous event 2 each, the host 2, every other
   * member 1, an odd total made even by the host. The previous event may be another tournament's
   * (last year's): its units are matched to this tournament's by their Chinese name.
   */
  async applyInvitationRule({ user, eventId, dto }: { user: AuthUser; eventId: string; dto: InvitationRuleDto }) {
    const event = await this.prisma.event.findUnique({ where: { id: eventId } });
    if (!event) throw notFound('event');
    const from = await this.prisma.event.findUnique({ where: { id: dto.fromEventId } });
    if (!from) throw new DomainError('quota.no_source_event', {}, 'fromEventId');
    const units = await this.prisma.affiliation.findMany({ where: { tournamentId: event.tournamentId } });
    const byId = new Map(units.map((u) => [u.id, u]));
    if (!byId.has(dto.hostAffiliationId)) throw unknownAffiliation('hostAffiliationId');
    const bad = dto.affiliationIds.findIndex((id) => !byId.has(id));
    if (bad >= 0) throw unknownAffiliation(`affiliationIds.${bad}`);
    const ranked = await this.rankedUnits(dto.fromEventId);
    if (ranked.length < 2) throw new DomainError('quota.source_unplaced', {}, 'fromEventId');
    const idByName = new Map(units.map((u) => [u.nameZh, u.id]));
    const rows = invitationQuotas({
      units: dto.affiliationIds,
      host: dto.hostAffiliationId,
      previousStandings: ranked.map((name) => idByName.get(name) ?? `(${name})`),
    });
    // All quotas or none.
    return this.prisma.$transaction(async (tx) => {
      const out = [];
      for (const row of rows) {
        const basis = { by: '附录2 #1', fromEventId: dto.fromEventId, role: row.basis, fillUp: row.fillUp };
        out.push({ ...(await this.setIn(tx, { user, eventId, affiliationId: row.unit, quota: row.quota, basis })), basis });
      }
      return out;
    });
  }

  /** The units of a finished event in the order of its final standings (each unit at its best place). */
  private async rankedUnits(eventId: string): Promise<string[]> {
    const { report } = await this.standings.standings(eventId);
    const table = ('standings' in report && report.standings && 'rows' in report.standings ? report.standings : report) as {
      rows?: { entry: string; rank: number }[];
    };
    const rows = [...(table.rows ?? [])].sort((a, b) => a.rank - b.rank);
    const entries = await this.prisma.entry.findMany({
      where: { eventId },
      select: { id: true, player: { select: { affiliation: { select: { nameZh: true } } } }, team: { select: { affiliation: { select: { nameZh: true } } } } },
    });
    const unitOf = new Map(entries.map((e) => [e.id, e.team?.affiliation.nameZh ?? e.player?.affiliation?.nameZh]));
    const seen: string[] = [];
    for (const r of rows) {
      const name = unitOf.get(r.entry);
      if (name && !seen.includes(name)) seen.push(name);
    }
    return seen;
  }
}

const UNIT_COLUMN_ZH: Record<UnitRowProblem['column'], string> = { nameZh: '中文名', nameEn: '英文名', quota: '名额', csv: 'CSV' };

/** A CSV line's problem in Chinese (libs/registration gives its code; its English is the API's words). */
function unitRowWords(p: UnitRowProblem): string {
  const column = UNIT_COLUMN_ZH[p.column];
  switch (p.code) {
    case 'csv':
      return 'CSV 格式有误';
    case 'missing':
      return `缺少${column}`;
    case 'too_long':
      return `${column}至多 100 个字符`;
    case 'quota':
      return `名额须为 0 至 99 的整数，而不是「${p.value ?? ''}」`;
    case 'twice':
      return `此单位已在第 ${p.value ?? '?'} 行列出`;
  }
}
