import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.decorators';
import { DomainError } from '../common/errors';
import { notFound, staleOrMissing } from '../common/optimistic';
import { dbNow } from '../entry-requests/db-clock';
import { detailsOf } from '../entry-requests/request-details';
import { PrismaService } from '../prisma/prisma.service';
import { PAYMENT_METHODS } from './fees.dto';

const FEE_INCLUDE = {
  event: { select: { id: true, nameZh: true, nameEn: true, kind: true } },
  affiliation: { select: { id: true, nameZh: true, nameEn: true } },
} as const;

/**
 * 报名费 (三章1 报名办法): one fee per approved entry (per player or per team, from the event), in the
 * regulations' currency; staff mark it paid (cash, transfer) or waived, with who and when, and a
 * receipt number counted per tournament.
 */
@Injectable()
export class FeesService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
  ) {}

  async list(tournamentId: string, state?: 'unpaid' | 'paid' | 'waived') {
    const fees = await this.prisma.fee.findMany({
      where: { tournamentId, ...(state ? { state } : {}) },
      include: FEE_INCLUDE,
      orderBy: [{ state: 'asc' }, { createdAt: 'asc' }],
    });
    const requests = await this.prisma.entryRequest.findMany({
      where: { id: { in: fees.flatMap((f) => (f.entryRequestId ? [f.entryRequestId] : [])) } },
      select: { id: true, details: true },
    });
    const what = new Map(requests.map((r) => [r.id, detailsOf(r.details)]));
    return fees.map((f) => ({ ...f, details: f.entryRequestId ? (what.get(f.entryRequestId) ?? null) : null }));
  }

  async get(id: string) {
    const fee = await this.prisma.fee.findUnique({ where: { id }, include: { ...FEE_INCLUDE, tournament: true } });
    if (!fee) throw notFound('fee');
    const req = fee.entryRequestId ? await this.prisma.entryRequest.findUnique({ where: { id: fee.entryRequestId }, select: { details: true } }) : null;
    const marker = fee.markedById ? await this.prisma.user.findUnique({ where: { id: fee.markedById }, select: { displayName: true } }) : null;
    return { ...fee, details: req ? detailsOf(req.details) : null, markedBy: marker?.displayName ?? null };
  }

  /** Paid (cash, transfer) or waived, once; the receipt number is the tournament's next (a unique key keeps it once). */
  mark({ user, id, version, method }: { user: AuthUser; id: string; version: number; method: (typeof PAYMENT_METHODS)[number] }) {
    return this.prisma.$transaction(async (tx) => {
      const before = await tx.fee.findUnique({ where: { id } });
      if (!before) throw notFound('fee');
      if (before.state !== 'unpaid') throw new DomainError('fee.decided', { state: before.state });
      // One receipt counter per tournament, serialized by an advisory lock (two instances, one number each).
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`chuhe:receipts:${before.tournamentId}`}, 0))`;
      const last = await tx.fee.aggregate({ where: { tournamentId: before.tournamentId }, _max: { receiptNumber: true } });
      const { count } = await tx.fee.updateMany({
        where: { id, version, state: 'unpaid' },
        data: {
          state: method === 'waived' ? 'waived' : 'paid',
          method,
          markedById: user.id,
          markedAt: await dbNow(tx),
          receiptNumber: method === 'waived' ? null : (last._max.receiptNumber ?? 0) + 1,
          version: { increment: 1 },
        },
      });
      if (count === 0) staleOrMissing('fee', before);
      const after = await tx.fee.findUniqueOrThrow({ where: { id } });
      await this.audit.record(tx, { userId: user.id, tournamentId: before.tournamentId, entity: 'fee', entityId: id, action: 'update', before, after });
      return after;
    });
  }

  /** What each unit (and each player without one) owes and has paid: the totals per currency. */
  async totals(tournamentId: string) {
    const rows = await this.prisma.fee.groupBy({
      by: ['affiliationId', 'currency', 'state'],
      where: { tournamentId },
      _sum: { amount: true },
      _count: { _all: true },
    });
    return rows.map((r) => ({ affiliationId: r.affiliationId, currency: r.currency, state: r.state, amount: r._sum.amount ?? 0, count: r._count._all }));
  }
}
