import type { TournamentRoleName } from '../generated/prisma/client';
import { DomainError } from '../common/errors';

/**
 * What one user may do in one tournament: the roles they hold there (issue 29 #3). The access
 * guard computes it once per request (auth/access.guard.ts) and carries it on the request;
 * controllers take it with `@Access()` and hand it to services, so that nobody asks the database
 * "does this user hold this role here" a second time.
 */
export class TournamentAccess {
  constructor(
    readonly tournamentId: string,
    readonly userId: string | undefined,
    readonly roles: ReadonlySet<TournamentRoleName>,
  ) {}

  /** Holds at least one of the roles. */
  has(...roles: readonly TournamentRoleName[]): boolean {
    return roles.some((r) => this.roles.has(r));
  }

  /** Throws auth.lacks_role (403) unless the user holds one of the roles. */
  require(...roles: readonly TournamentRoleName[]): void {
    if (!this.has(...roles)) throw lacksRole(roles);
  }

  /** Nobody: an anonymous reader (public pages). */
  static anonymous(tournamentId: string): TournamentAccess {
    return new TournamentAccess(tournamentId, undefined, new Set());
  }
}

export function lacksRole(roles: readonly string[]): DomainError {
  return new DomainError('auth.lacks_role', { roles: roles.join(', ') });
}

export function notLoggedIn(): DomainError {
  return new DomainError('auth.not_logged_in');
}
