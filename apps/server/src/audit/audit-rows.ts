import { Prisma } from '../generated/prisma/client';
import type { AuditAction } from '../generated/prisma/client';

/** One audit row: who, in which tournament, what, before and after, and why (AuditLog). */
export interface AuditRecord {
  /** Given when a statement writes the row with others it must name (bulk-insert); else a new one. */
  id?: string;
  /** Given when the row must carry the same time as the rows written with it; else the transaction's time. */
  at?: Date;
  userId?: string | null;
  tournamentId?: string | null;
  entity: string;
  entityId: string;
  action: AuditAction;
  before?: unknown;
  after?: unknown;
  /** Why (AuditLog.reason): a correction's reason, accepted checker warnings, an automatic step. */
  reason?: string | null;
}

const COLUMNS = Prisma.sql`"id", "at", "userId", "tournamentId", "entity", "entityId", "action", "before", "after", "reason"`;

/**
 * The one statement that writes audit rows, whoever writes them: AuditService.record and
 * recordMany run it alone; a statement that changes play data in one round trip (a round's
 * draft, a result, a round's completion) ends its data-modifying WITHs with it. The rows are
 * either values from this process (one JSON text: Prisma prepares a string for nothing, and
 * PostgreSQL reads JSON in C) or rows the caller's statement selects, in the order of COLUMNS
 * (`id` and `at` may be NULL: a new id, the transaction's time). Absent before/after are SQL NULL.
 */
export function insertAuditRows(rows: readonly AuditRecord[] | { select: Prisma.Sql }): Prisma.Sql {
  const source =
    'select' in rows
      ? rows.select
      : Prisma.sql`SELECT u."id", u."at", u."userId", u."tournamentId", u."entity", u."entityId", u."action", u."before", u."after", u."reason"
          FROM json_to_recordset(${JSON.stringify(rows.map(jsonRow))}::json)
            AS u("id" uuid, "at" timestamp(3), "userId" uuid, "tournamentId" uuid, "entity" text, "entityId" text, "action" text, "before" jsonb, "after" jsonb, "reason" text)`;
  return Prisma.sql`
    INSERT INTO "AuditLog" (${COLUMNS})
    SELECT COALESCE(s."id", gen_random_uuid()), COALESCE(s."at", CURRENT_TIMESTAMP), s."userId", s."tournamentId", s."entity", s."entityId",
           s."action"::text::"AuditAction", s."before", s."after", s."reason"
      FROM (${source}) AS s("id", "at", "userId", "tournamentId", "entity", "entityId", "action", "before", "after", "reason")`;
}

function jsonRow(r: AuditRecord) {
  return {
    id: r.id ?? null,
    // timestamp(3) without time zone, UTC as Prisma writes it: the zone suffix is dropped.
    at: r.at ? r.at.toISOString().replace('Z', '') : null,
    userId: r.userId ?? null,
    tournamentId: r.tournamentId ?? null,
    entity: r.entity,
    entityId: r.entityId,
    action: r.action,
    before: r.before ?? null,
    after: r.after ?? null,
    reason: r.reason ?? null,
  };
}
