import { Prisma } from '../generated/prisma/client';
import { NO_ID, typedQuery, type RawDb } from '../persistence/typed-sql';

const DELEGATE_UNIT = typedQuery(
  "a delegate's unit",
  { affiliationId: 'text?' },
  (tournamentId: string, userId: string) => Prisma.sql`
    SELECT r."affiliationId"::text AS "affiliationId" FROM "TournamentRole" r
    WHERE r."tournamentId" = ${tournamentId}::uuid AND r."userId" = ${userId}::uuid AND r.role = 'delegate'`,
  [NO_ID, NO_ID],
);

/**
 * The unit a delegate (单位领队) enters for: the delegate role's affiliation (the role itself comes
 * from TournamentAccess; this is only which unit). Null: no delegate role, or one without a unit.
 */
export async function delegateUnitOf(db: RawDb, tournamentId: string, userId: string | undefined): Promise<string | null> {
  if (!userId) return null;
  const [row] = await DELEGATE_UNIT.rows(db, tournamentId, userId);
  return row?.affiliationId ?? null;
}
