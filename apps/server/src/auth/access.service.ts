import { Injectable } from '@nestjs/common';
import { Prisma, type TournamentRoleName } from '../generated/prisma/client';
import { NO_ID, typedQuery, type RawDb } from '../persistence/typed-sql';
import { PrismaService } from '../prisma/prisma.service';
import { TournamentAccess } from './tournament-access';

const ROLES_HELD = typedQuery(
  'roles held',
  { role: 'text', teamId: 'text?', affiliationId: 'text?' },
  (tournamentId: string, userId: string) => Prisma.sql`
    SELECT role::text AS role, "teamId"::text AS "teamId", "affiliationId"::text AS "affiliationId"
      FROM "TournamentRole" WHERE "tournamentId" = ${tournamentId}::uuid AND "userId" = ${userId}::uuid`,
  [NO_ID, NO_ID],
);

/**
 * `roles.of(user, tournament)`: the one question "which roles does this user hold here" (each with
 * its team or unit), one statement. `db`: the pool, or a transaction that must not wait for a second
 * connection (one holding the event's play lock, issue 23 #4).
 */
export async function accessOf(db: RawDb, user: { id: string } | undefined, tournamentId: string): Promise<TournamentAccess> {
  if (!user) return TournamentAccess.anonymous(tournamentId);
  const rows = await ROLES_HELD.rows(db, tournamentId, user.id);
  return new TournamentAccess(
    tournamentId,
    user.id,
    rows.map((r) => ({ role: r.role as TournamentRoleName, teamId: r.teamId, affiliationId: r.affiliationId })),
  );
}

/**
 * The access the guard carried on the request (`@Access()`), when it is this user's in this
 * tournament — no statement — else asked once (accessOf). Services take the carried access from
 * their controllers and call this, so that nobody writes the role question by hand.
 */
export function carriedOr(
  db: RawDb,
  user: { id: string } | undefined,
  tournamentId: string,
  carried: TournamentAccess | undefined,
): Promise<TournamentAccess> | TournamentAccess {
  if (carried && carried.tournamentId === tournamentId && carried.userId === user?.id) return carried;
  return accessOf(db, user, tournamentId);
}

/**
 * The guard answers the question for role routes on its own hot path (tournament-scope.service.ts)
 * and carries the answer on the request; pages of public routes that show more to staff ask here.
 */
@Injectable()
export class AccessService {
  constructor(private readonly prisma: PrismaService) {}

  of(user: { id: string } | undefined, tournamentId: string): Promise<TournamentAccess> {
    return accessOf(this.prisma, user, tournamentId);
  }
}
