import type { Tx } from '../prisma/prisma.service';
import { yieldToLoop } from './import-body';

/**
 * The import's rows written in chunks, one statement per chunk, the rows as ONE JSON text read by
 * PostgreSQL's json_to_recordset (as rounds/bulk-insert.ts does for a draft round). Measured on a
 * 10,000-entry file (issue 23 #5): Prisma's createMany spent 200–250 ms of this process's CPU on
 * each chunk of 500 rows — the event loop blocked for 12 s in all — where a JSON string costs it
 * next to nothing; the event loop is given back between chunks.
 */

/** A column: its PostgreSQL type in the JSON record, and the cast to the column's type (enums). */
type Column = { type: 'uuid' | 'text' | 'int' | 'timestamp' | 'jsonb'; cast?: string; default?: string };

const ROWS_PER_STATEMENT = 500;

const TABLES = {
  Affiliation: {
    updatedAt: false,
    columns: { id: { type: 'uuid' }, tournamentId: { type: 'uuid' }, nameZh: { type: 'text' }, nameEn: { type: 'text' }, code: { type: 'text' } },
  },
  Player: {
    updatedAt: true,
    columns: {
      id: { type: 'uuid' },
      tournamentId: { type: 'uuid' },
      nameZh: { type: 'text' },
      nameEn: { type: 'text' },
      gender: { type: 'text', cast: '"Gender"' },
      affiliationId: { type: 'uuid' },
      rating: { type: 'int' },
      federationId: { type: 'text' },
    },
  },
  Team: {
    updatedAt: true,
    columns: { id: { type: 'uuid' }, eventId: { type: 'uuid' }, affiliationId: { type: 'uuid' }, nameZh: { type: 'text' }, nameEn: { type: 'text' } },
  },
  TeamMember: {
    updatedAt: false,
    columns: {
      id: { type: 'uuid' },
      teamId: { type: 'uuid' },
      playerId: { type: 'uuid' },
      role: { type: 'text', cast: '"TeamMemberRole"' },
      board: { type: 'int' },
    },
  },
  Entry: {
    updatedAt: true,
    columns: {
      id: { type: 'uuid' },
      eventId: { type: 'uuid' },
      playerId: { type: 'uuid' },
      teamId: { type: 'uuid' },
      drawNumber: { type: 'int' },
      seed: { type: 'int' },
      status: { type: 'text', cast: '"EntryStatus"', default: "'active'" },
      withdrawnAt: { type: 'timestamp' },
      withdrawnAfterRound: { type: 'int' },
      withdrawalReason: { type: 'text' },
    },
  },
  // Issue 34 #6: a file of 5,000 one-game rounds held the event loop 4.7 s in Prisma's createMany of its rounds.
  Round: {
    updatedAt: true,
    columns: {
      id: { type: 'uuid' },
      eventId: { type: 'uuid' },
      stageId: { type: 'uuid' },
      number: { type: 'int' },
      stageRound: { type: 'int' },
      state: { type: 'text', cast: '"RoundState"', default: "'draft'" },
      publishedAt: { type: 'timestamp' },
      completedAt: { type: 'timestamp' },
      createdById: { type: 'uuid' },
    },
  },
  Pairing: {
    updatedAt: true,
    columns: {
      id: { type: 'uuid' },
      roundId: { type: 'uuid' },
      table: { type: 'int' },
      redEntryId: { type: 'uuid' },
      blackEntryId: { type: 'uuid' },
      matchKey: { type: 'text' },
    },
  },
  Game: {
    updatedAt: true,
    columns: {
      id: { type: 'uuid' },
      pairingId: { type: 'uuid' },
      board: { type: 'int' },
      leg: { type: 'int', default: '1' },
      kind: { type: 'text', cast: '"GameKind"', default: "'regular'" },
      redPlayerId: { type: 'uuid' },
      blackPlayerId: { type: 'uuid' },
      result: { type: 'text', cast: '"GameResult"' },
      penaltyReason: { type: 'text', cast: '"PenaltyReason"' },
      resultEnteredById: { type: 'uuid' },
      resultEnteredAt: { type: 'timestamp' },
    },
  },
  Sanction: {
    updatedAt: false,
    columns: {
      id: { type: 'uuid', default: 'gen_random_uuid()' },
      gameId: { type: 'uuid' },
      playerId: { type: 'uuid' },
      kind: { type: 'text' },
      count: { type: 'int' },
      minutes: { type: 'int' },
      minutesLate: { type: 'int' },
      decision: { type: 'text' },
      disqualify: { type: 'jsonb' },
      note: { type: 'text' },
      state: { type: 'text', cast: '"SanctionState"', default: "'proposed'" },
      proposedById: { type: 'uuid' },
      confirmedById: { type: 'uuid' },
      confirmedAt: { type: 'timestamp' },
      createdAt: { type: 'timestamp', default: 'CURRENT_TIMESTAMP' },
    },
  },
} satisfies Record<string, { updatedAt: boolean; columns: Record<string, Column> }>;

export type ImportTable = keyof typeof TABLES;

function statement(table: ImportTable): string {
  const { columns, updatedAt } = TABLES[table];
  const names = Object.keys(columns);
  const q = (name: string) => `"${name}"`;
  const value = (name: string) => {
    const c: Column = columns[name as keyof typeof columns];
    const v = c.default ? `COALESCE(u.${q(name)}, ${c.default})` : `u.${q(name)}`;
    return c.cast ? `${v}::${c.cast}` : v;
  };
  return `INSERT INTO ${q(table)} (${names.map(q).join(', ')}${updatedAt ? ', "updatedAt"' : ''})
    SELECT ${names.map(value).join(', ')}${updatedAt ? ', now()' : ''}
    FROM json_to_recordset($1::json) AS u(${names.map((n) => `${q(n)} ${(columns as Record<string, Column>)[n].type}`).join(', ')})`;
}

/** Writes `rows` (the plan's Prisma create inputs: only the table's columns are read) into `table`, chunk by chunk. */
export async function insertRows(tx: Tx, table: ImportTable, rows: readonly object[]): Promise<void> {
  const sql = statement(table);
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    await tx.$executeRawUnsafe(sql, JSON.stringify(rows.slice(i, i + ROWS_PER_STATEMENT)));
    await yieldToLoop();
  }
}
