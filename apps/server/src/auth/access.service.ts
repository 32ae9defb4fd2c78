import { Injectable } from '@nestjs/common';
import { Prisma, type TournamentRoleName } from '../generated/prisma/client';
import { NO_ID, typedQuery } from '../persistence/typed-sql';
import { PrismaService } from '../prisma/prisma.service';
import { TournamentAccess } from './tournament-access';

const ROLES_HELD = typedQuery(
  'roles held',
  { role: 'text' },
  (tournamentId: string, userId: string) => Prisma.sql`
    SELECT role::text AS role FROM "TournamentRole" WHERE "tournamentId" = ${tournamentId}::uuid AND "userId" = ${userId}::uuid`,
  [NO_ID, NO_ID],
);

/**
 * `roles.of(user, tournament)`: the one question "which roles does this user hold here", one
 * statement. The guard answers it for role routes on its own hot path (tournament-scope.service.ts)
 * and carries the answer on the request; pages of public routes that show more to staff ask here.
 */
@Injectable()
export class AccessService {
  constructor(private readonly prisma: PrismaService) {}

  async of(user: { id: string } | undefined, tournamentId: string): Promise<TournamentAccess> {
    if (!user) return TournamentAccess.anonymous(tournamentId);
    const rows = await ROLES_HELD.rows(this.prisma, tournamentId, user.id);
    return new TournamentAccess(tournamentId, user.id, new Set(rows.map((r) => r.role as TournamentRoleName)));
  }
}
