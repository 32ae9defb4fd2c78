import { Injectable } from '@nestjs/common';
import type { AuditAction } from '../generated/prisma/client';
import { Prisma } from '../generated/prisma/client';
import { PrismaService, Tx } from '../prisma/prisma.service';

export interface AuditRecord {
  userId?: string;
  tournamentId?: string;
  entity: string;
  entityId: string;
  action: AuditAction;
  before?: unknown;
  after?: unknown;
  /** Why (AuditLog.reason): a correction's reason, accepted checker warnings, an automatic step. */
  reason?: string;
}

/** Every create/update/delete writes who, when, what, before and after — in the same transaction as the change. */
@Injectable()
export class AuditService {
  constructor(private readonly prisma: PrismaService) {}

  async record(tx: Tx, record: AuditRecord): Promise<void> {
    await tx.auditLog.create({
      data: {
        userId: record.userId,
        tournamentId: record.tournamentId,
        entity: record.entity,
        entityId: record.entityId,
        action: record.action,
        before: toJson(record.before),
        after: toJson(record.after),
        reason: record.reason,
      },
    });
  }

  list(tournamentId: string, take = 200) {
    return this.prisma.auditLog.findMany({ where: { tournamentId }, orderBy: { at: 'desc' }, take });
  }
}

function toJson(value: unknown): Prisma.InputJsonValue | typeof Prisma.JsonNull {
  if (value === undefined || value === null) return Prisma.JsonNull;
  return JSON.parse(JSON.stringify(value)) as Prisma.InputJsonValue;
}
