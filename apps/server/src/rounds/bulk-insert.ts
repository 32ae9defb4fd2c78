import { insertAuditRows, type AuditRecord } from '../audit/audit-rows';
import type { Tx } from '../prisma/prisma.service';

/**
 * A round's rows in one statement per table: INSERT … SELECT FROM unnest(arrays). Prisma's
 * createMany took ~1 ms a row here (500 pairings ≈ 400 ms, measured by the server-round bench);
 * one array parameter per column is one round trip and no per-row mapping. Timestamps are
 * written as UTC wall times (TIMESTAMP(3) without time zone, as Prisma writes them).
 */

export interface PairingInsert {
  id: string;
  roundId: string;
  table: number | null;
  redEntryId: string;
  blackEntryId: string | null;
  matchKey: string | null;
}

export interface GameInsert {
  id: string;
  pairingId: string;
  board: number;
  /** 1, or 2 for the second game on a board of a two-game team pairing (二章5节4); default 1. */
  leg?: number;
  kind: string;
  redPlayerId: string | null;
  blackPlayerId: string | null;
  result: string | null;
}

/** An audit row written with the round's rows: its id is the caller's. */
export type AuditInsert = AuditRecord & { id: string };

function utc(date: Date): string {
  return date.toISOString().replace('Z', '');
}

export async function insertPairings(tx: Tx, rows: readonly PairingInsert[], now = new Date()): Promise<void> {
  if (!rows.length) return;
  await tx.$executeRaw`
    INSERT INTO "Pairing" ("id", "roundId", "table", "redEntryId", "blackEntryId", "matchKey", "updatedAt")
    SELECT u.id, u.round_id, u.tbl, u.red, u.black, u.match_key, ${utc(now)}::timestamp(3)
    FROM unnest(${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => r.roundId)}::uuid[], ${rows.map((r) => r.table)}::int[],
                ${rows.map((r) => r.redEntryId)}::uuid[], ${rows.map((r) => r.blackEntryId)}::uuid[], ${rows.map((r) => r.matchKey)}::text[])
      AS u(id, round_id, tbl, red, black, match_key)`;
}

export async function insertGames(tx: Tx, rows: readonly GameInsert[], now = new Date()): Promise<void> {
  if (!rows.length) return;
  await tx.$executeRaw`
    INSERT INTO "Game" ("id", "pairingId", "board", "leg", "kind", "redPlayerId", "blackPlayerId", "result", "updatedAt")
    SELECT u.id, u.pairing_id, u.board, u.leg, u.kind::"GameKind", u.red, u.black, u.result::"GameResult", ${utc(now)}::timestamp(3)
    FROM unnest(${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => r.pairingId)}::uuid[], ${rows.map((r) => r.board)}::int[], ${rows.map((r) => r.leg ?? 1)}::int[],
                ${rows.map((r) => r.kind)}::text[], ${rows.map((r) => r.redPlayerId)}::uuid[], ${rows.map((r) => r.blackPlayerId)}::uuid[],
                ${rows.map((r) => r.result)}::text[])
      AS u(id, pairing_id, board, leg, kind, red, black, result)`;
}

export interface DraftRoundInsert {
  id: string;
  eventId: string;
  stageId: string;
  number: number;
  stageRound: number;
  scheduledAt: Date | null;
  createdById: string;
  findings: unknown;
}

/**
 * A new draft round with its pairings, games and their audit rows in ONE statement: each INSERT a
 * data-modifying WITH of the next, every foreign key checked at its end. The rows travel as one
 * JSON text per table (json_to_recordset): Prisma spent ~11 ms of this process's CPU preparing 26
 * array parameters of 500 values for the same statement, a string costs it nothing, and
 * PostgreSQL reads JSON in C (the server-round bench).
 */
export async function insertDraftRound(
  tx: Tx,
  round: DraftRoundInsert,
  pairings: readonly PairingInsert[],
  games: readonly GameInsert[],
  audits: readonly AuditInsert[],
  now = new Date(),
): Promise<void> {
  const at = utc(now);
  const gameRows = games.map((g) => ({
    id: g.id,
    pairingId: g.pairingId,
    board: g.board,
    leg: g.leg ?? 1,
    kind: g.kind,
    redPlayerId: g.redPlayerId,
    blackPlayerId: g.blackPlayerId,
    result: g.result,
  }));
  await tx.$executeRaw`
    WITH r AS (
      INSERT INTO "Round" ("id", "eventId", "stageId", "number", "stageRound", "state", "scheduledAt", "findings", "createdById", "createdAt", "updatedAt")
      VALUES (${round.id}::uuid, ${round.eventId}::uuid, ${round.stageId}::uuid, ${round.number}, ${round.stageRound}, 'draft',
              ${round.scheduledAt === null ? null : utc(round.scheduledAt)}::timestamp(3), ${JSON.stringify(round.findings)}::jsonb, ${round.createdById}::uuid,
              ${at}::timestamp(3), ${at}::timestamp(3))
      RETURNING 1
    ), p AS (
      INSERT INTO "Pairing" ("id", "roundId", "table", "redEntryId", "blackEntryId", "matchKey", "updatedAt")
      SELECT u."id", u."roundId", u."table", u."redEntryId", u."blackEntryId", u."matchKey", ${at}::timestamp(3)
      FROM json_to_recordset(${JSON.stringify(pairings)}::json) AS u("id" uuid, "roundId" uuid, "table" int, "redEntryId" uuid, "blackEntryId" uuid, "matchKey" text)
      RETURNING 1
    ), g AS (
      INSERT INTO "Game" ("id", "pairingId", "board", "leg", "kind", "redPlayerId", "blackPlayerId", "result", "updatedAt")
      SELECT u."id", u."pairingId", u."board", u."leg", u."kind"::"GameKind", u."redPlayerId", u."blackPlayerId", u."result"::"GameResult", ${at}::timestamp(3)
      FROM json_to_recordset(${JSON.stringify(gameRows)}::json) AS u("id" uuid, "pairingId" uuid, "board" int, "leg" int, "kind" text, "redPlayerId" uuid, "blackPlayerId" uuid, "result" text)
      RETURNING 1
    )
    ${insertAuditRows(audits.map((a) => ({ ...a, at: now })))}`;
}

/** A new round's findings, and the round's own audit row, in one statement (after insertDraftRound). */
export async function insertRoundFindings(tx: Tx, roundId: string, findings: unknown, audit: AuditInsert, now = new Date()): Promise<void> {
  const at = utc(now);
  await tx.$executeRaw`
    WITH r AS (UPDATE "Round" SET "findings" = ${JSON.stringify(findings)}::jsonb, "updatedAt" = ${at}::timestamp(3) WHERE "id" = ${roundId}::uuid RETURNING 1)
    ${insertAuditRows([{ ...audit, at: now }])}`;
}
