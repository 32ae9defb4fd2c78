import type { TournamentRoleName } from '../generated/prisma/client';
import { DomainError } from '../common/errors';

/** One role held, with what it is held for: a captain's team, a delegate's or committee member's unit. */
export interface RoleGrant {
  role: TournamentRoleName;
  teamId: string | null;
  affiliationId: string | null;
}

/**
 * What one user may do in one tournament: the roles they hold there (issue 29 #3). The access
 * guard computes it once per request (auth/access.guard.ts) and carries it on the request;
 * controllers take it with `@Access()` and hand it to services, so that nobody asks the database
 * "does this user hold this role here" a second time.
 */
export class TournamentAccess {
  /** The roles held (a user holds each role at most once per tournament: TournamentRole's unique key). */
  readonly roles: ReadonlySet<TournamentRoleName>;

  constructor(
    readonly tournamentId: string,
    readonly userId: string | undefined,
    readonly grants: readonly RoleGrant[],
  ) {
    this.roles = new Set(grants.map((g) => g.role));
  }

  /** Holds at least one of the roles. */
  has(...roles: readonly TournamentRoleName[]): boolean {
    return roles.some((r) => this.roles.has(r));
  }

  /** Throws auth.lacks_role (403) unless the user holds one of the roles. */
  require(...roles: readonly TournamentRoleName[]): void {
    if (!this.has(...roles)) throw lacksRole(roles);
  }

  /** The team this user captains here, or null (a captain leads one team: TournamentRole.teamId). */
  captainedTeam(): string | null {
    return this.grants.find((g) => g.role === 'team_captain')?.teamId ?? null;
  }

  /** The unit this user is the delegate (单位领队) of here, or null. */
  delegateUnit(): string | null {
    return this.grants.find((g) => g.role === 'delegate')?.affiliationId ?? null;
  }

  /** Nobody: an anonymous reader (public pages). */
  static anonymous(tournamentId: string): TournamentAccess {
    return new TournamentAccess(tournamentId, undefined, []);
  }
}

export function lacksRole(roles: readonly string[]): DomainError {
  return new DomainError('auth.lacks_role', { roles: roles.join(', ') });
}

export function notLoggedIn(): DomainError {
  return new DomainError('auth.not_logged_in');
}
