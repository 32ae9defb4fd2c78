import { Injectable } from '@nestjs/common';
import type { AuditAction } from '../generated/prisma/client';
import { Prisma } from '../generated/prisma/client';
import { NO_ID, typedQuery } from '../persistence/typed-sql';
import { insertAuditRows, type AuditRecord } from './audit-rows';
import { PrismaService, Tx } from '../prisma/prisma.service';
import type { TournamentAccess } from '../auth/tournament-access';
import { invalidInput } from '../common/errors';

export type { AuditRecord };

/** The ids of the tournament's rounds, pairings and games that are not drafts (published once). */
const PUBLISHED_PLAY = typedQuery(
  'published rounds, pairings and games',
  { id: 'text' },
  (tournamentId: string) => Prisma.sql`
    SELECT r.id::text AS id FROM "Round" r JOIN "Event" e ON e.id = r."eventId" WHERE e."tournamentId" = ${tournamentId}::uuid AND r.state <> 'draft'
    UNION ALL SELECT p.id::text FROM "Pairing" p JOIN "Round" r ON r.id = p."roundId" JOIN "Event" e ON e.id = r."eventId" WHERE e."tournamentId" = ${tournamentId}::uuid AND r.state <> 'draft'
    UNION ALL SELECT g.id::text FROM "Game" g JOIN "Pairing" p ON p.id = g."pairingId" JOIN "Round" r ON r.id = p."roundId" JOIN "Event" e ON e.id = r."eventId" WHERE e."tournamentId" = ${tournamentId}::uuid AND r.state <> 'draft'`,
  [NO_ID],
);

/** Every create/update/delete writes who, when, what, before and after — in the same transaction as the change. */
@Injectable()
export class AuditService {
  constructor(private readonly prisma: PrismaService) {}

  /** One audit row, in the caller's transaction (audit-rows.ts: the one statement that writes them). */
  async record(tx: Tx, record: AuditRecord): Promise<void> {
    await tx.$executeRaw(insertAuditRows([record]));
  }

  /** Several audit rows in one statement (an import's entries, a draft's changed pairings). */
  async recordMany(tx: Tx, records: readonly AuditRecord[]): Promise<void> {
    if (records.length) await tx.$executeRaw(insertAuditRows(records));
  }

  /**
   * One page of a tournament's audit log, newest first (issue 13 #11), with filters. The cursor is
   * the last row's (at, id), opaque to the client: `{items, nextCursor}`, nextCursor null at the end.
   */
  async list(tournamentId: string, query: AuditQuery = {}, viewer?: TournamentAccess): Promise<{ items: unknown[]; nextCursor: string | null }> {
    const take = query.limit ?? 100;
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    const where: Prisma.AuditLogWhereInput = {
      tournamentId,
      ...(query.entity ? { entity: query.entity } : {}),
      ...(query.entityId ? { entityId: query.entityId } : {}),
      ...(query.userId ? { userId: query.userId } : {}),
      ...(query.action ? { action: query.action } : {}),
      ...(after ? { OR: [{ at: { lt: after.at } }, { at: after.at, id: { lt: after.id } }] } : {}),
    };
    const rows = await this.prisma.auditLog.findMany({ where, orderBy: [{ at: 'desc' }, { id: 'desc' }], take: take + 1 });
    const page = rows.slice(0, take);
    const last = page[page.length - 1];
    const items = viewer && committeeOnly(viewer) ? await this.committeeView(tournamentId, page) : page;
    return { items, nextCursor: rows.length > take && last ? encodeCursor(last.at, last.id) : null };
  }

  /**
   * What the committee reads of the log (issue 23 #3): nothing about a round that was never
   * published — draft pairings (rows of a round, its pairings or games while the round is a draft
   * or after it was deleted as one) are the pairers' work, not yet anyone's business — and no sealed
   * move (暗着, kept from everyone but the arbiters until resumption) anywhere in a row.
   */
  private async committeeView<T extends { entity: string; entityId: string; before: unknown; after: unknown }>(tournamentId: string, rows: T[]): Promise<T[]> {
    const played = new Set((await PUBLISHED_PLAY.rows(this.prisma, tournamentId)).map((r) => r.id));
    return rows
      .filter((row) => !['round', 'pairing', 'game'].includes(row.entity) || played.has(row.entityId))
      .map((row) => ({ ...row, before: withoutSealedMoves(row.before), after: withoutSealedMoves(row.after) }));
  }
}

/** A copy of `value` with every `sealedMove` replaced by "(sealed)". */
function withoutSealedMoves(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSealedMoves);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'sealedMove' && v !== null ? '(sealed)' : withoutSealedMoves(v)]));
}

export interface AuditQuery {
  limit?: number;
  cursor?: string;
  entity?: string;
  entityId?: string;
  userId?: string;
  action?: AuditAction;
}

function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const date = new Date(at ?? '');
  if (Number.isNaN(date.getTime()) || !id || !/^[0-9a-f-]{36}$/i.test(id)) throw invalidInput('input.cursor', 'cursor', 'not a cursor this API gave');
  return { at: date, id };
}

/** An appeals committee member who is neither the organizer nor the chief arbiter (issue 23 #3): the viewer's access, from the guard. */
function committeeOnly(viewer: TournamentAccess): boolean {
  return !viewer.has('organizer', 'chief_arbiter', 'deputy_chief_arbiter');
}
