import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { TournamentRoleName } from '../generated/prisma/client';
import type { TournamentAccess } from './tournament-access';
import { holdersOf } from '@chuhe/tournament';

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

/**
 * The role lists of the access guard, from the rights each role carries (libs/tournament
 * staff-rights.ts): the deputy chief arbiter (三章3A) holds the chief's delegated rights (三章5).
 */
/** Registration is the organizer's and the chief arbiter's work (DESIGN.md: who uses it), and the deputy's. */
export const REGISTRARS: TournamentRoleName[] = holdersOf('registration');

/** Pairing, publishing, withdrawals and corrections after the next round: the chief arbiter's (三章4), the deputy's (三章5) and the organizer's. */
export const PAIRERS: TournamentRoleName[] = holdersOf('pairing');

/** Suspending and resuming play (三章4E): the chief arbiter, the deputy (三章5), the organizer. */
export const SUSPENDERS: TournamentRoleName[] = holdersOf('suspension');

/** The standings' counting settings and the event's readings until round 1 (三章4C). */
export const STANDINGS_SETTERS: TournamentRoleName[] = holdersOf('standings_settings');

/** Entering results: every arbiter of the tournament, on every board (our choice: no per-board assignment), and the chief arbiter and deputy. */
export const RESULT_ENTRY: TournamentRoleName[] = holdersOf('result_entry');

/** The venue printouts of 三章6B (name cards, record forms, score tables): the arbiters, the chief, the deputy, the organizer. */
export const PRINTERS: TournamentRoleName[] = holdersOf('printouts');

/** Staff who may see what the public may not yet (draft rounds, secret lineups before release). */
export const STAFF: TournamentRoleName[] = ['organizer', 'chief_arbiter', 'deputy_chief_arbiter', 'arbiter'];

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser | undefined => {
  return ctx.switchToHttp().getRequest<{ user?: AuthUser }>().user;
});

/**
 * The route's tournament access (the roles the user holds there), computed by the guard on every
 * role route (issue 29 #3). Undefined on routes without a role rule: ask AccessService.of there.
 */
export const Access = createParamDecorator((_: unknown, ctx: ExecutionContext): TournamentAccess | undefined => {
  return ctx.switchToHttp().getRequest<{ access?: TournamentAccess }>().access;
});

/**
 * A page form that uploads a file (multipart): `@Upload('csvFile', limits)` instead of
 * `@UseInterceptors(FileInterceptor(...))`. The CSRF token travels in the form's `_csrf` field like
 * every other form's (never in the URL, issue 34 #10), but the guard runs before the multipart body
 * is read: on these routes only, the guard leaves the check to this interceptor, which makes it as
 * soon as the body is read and before the route runs.
 */
export const CSRF_AFTER_UPLOAD = 'chuhe:csrf-after-upload';
