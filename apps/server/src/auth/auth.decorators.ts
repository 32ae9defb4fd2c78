import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { TournamentRoleName } from '../generated/prisma/client';

export interface AuthUser {
  id: string;
  email: string;
  displayName: string;
}

export const ACCESS_KEY = 'chuhe:access';
export type AccessRule = { kind: 'authenticated' } | { kind: 'roles'; roles: TournamentRoleName[] };

/** Any logged-in user (401 otherwise). */
export const Authenticated = () => SetMetadata(ACCESS_KEY, { kind: 'authenticated' } satisfies AccessRule);

/**
 * One of these roles in the tournament the route's resource belongs to (401 anonymous, 403
 * otherwise). The tournament is found from the route's :tournamentId, :eventId, :entryId … param.
 */
export const RequireRole = (...roles: TournamentRoleName[]) => SetMetadata(ACCESS_KEY, { kind: 'roles', roles } satisfies AccessRule);

/** Registration is the organizer's and the chief arbiter's work (DESIGN.md: who uses it). */
export const REGISTRARS: TournamentRoleName[] = ['organizer', 'chief_arbiter'];

/** Pairing, publishing, withdrawals and corrections after the next round: the chief arbiter's (三章4) and the organizer's. */
export const PAIRERS: TournamentRoleName[] = ['organizer', 'chief_arbiter'];

/** Entering results: every arbiter of the tournament, on every board (our choice: no per-board assignment), and the chief arbiter. */
export const RESULT_ENTRY: TournamentRoleName[] = ['organizer', 'chief_arbiter', 'arbiter'];

/** Staff who may see what the public may not yet (draft rounds, secret lineups before release). */
export const STAFF: TournamentRoleName[] = ['organizer', 'chief_arbiter', 'arbiter'];

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser | undefined => {
  return ctx.switchToHttp().getRequest<{ user?: AuthUser }>().user;
});
