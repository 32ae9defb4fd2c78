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

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser | undefined => {
  return ctx.switchToHttp().getRequest<{ user?: AuthUser }>().user;
});
