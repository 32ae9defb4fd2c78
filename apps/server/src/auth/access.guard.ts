import { CanActivate, ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { Prisma } from '../generated/prisma/client';
import { NO_ID, typedQuery } from '../persistence/typed-sql';
import { PrismaService } from '../prisma/prisma.service';
import { ACCESS_KEY, AccessRule, AuthUser } from './auth.decorators';
import { AuthService } from './auth.service';
import { isUuid, missing, TournamentScopeService } from './tournament-scope.service';
import { csrfTokenMatches, sentCsrfToken, sessionTokenFromCookie, UNSAFE_METHODS } from '../web/session-cookie';

/** Whether the user holds one of the roles in the tournament (a row, or none). */
const ROLE_HELD = typedQuery(
  'role held',
  { held: 'int4' },
  (tournamentId: string, userId: string, roles: readonly string[]) => Prisma.sql`
    SELECT 1 AS held FROM "TournamentRole" WHERE "tournamentId" = ${tournamentId}::uuid AND "userId" = ${userId}::uuid AND role::text = ANY(${roles}::text[]) LIMIT 1`,
  [NO_ID, NO_ID, ['organizer']],
);

/** How the request was authenticated: a script's bearer token, or the browser's session cookie. */
export interface WebSession {
  via: 'bearer' | 'cookie';
  token: string;
}
export type AuthenticatedRequest = Request & { user?: AuthUser; webSession?: WebSession };

/**
 * Global guard: identifies the user from `Authorization: Bearer <token>`, else from the session
 * cookie (anonymous otherwise), then enforces the route's access rule. Routes without a rule are
 * public (reading is public). An unsafe request authenticated by the cookie must carry the
 * session's CSRF token (web/session-cookie.ts), or it is refused with 403 before anything runs.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
    private readonly scope: TournamentScopeService,
    private readonly prisma: PrismaService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const header = request.headers.authorization;
    const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    const cookie = bearer === undefined ? sessionTokenFromCookie(request) : undefined;
    const token = bearer ?? cookie;
    if (token !== undefined) request.webSession = { via: bearer !== undefined ? 'bearer' : 'cookie', token };
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_KEY, [context.getHandler(), context.getClass()]);

    // A role route with a token (result entry, the hot path): the session, the resource's tournament
    // and the role in one statement, checked in the same order as below (401, 404, 403).
    if (rule?.kind === 'roles' && token !== undefined) {
      const resource = this.scope.resourceOf(request.params as Record<string, string>);
      if (resource && isUuid(resource.id)) {
        const access = await this.scope.access(token, resource, rule.roles);
        request.user = access?.user;
        if (!access) throw notLoggedIn();
        checkCsrf(request);
        if (access.tournamentId === null) throw missing(resource);
        if (!access.held) throw lacksRole(rule.roles);
        return true;
      }
    }

    if (token !== undefined) request.user = await this.auth.userForToken(token);
    // Only a live session needs the token: a stale cookie is no credential (the request is anonymous).
    if (request.user) checkCsrf(request);
    if (!rule) return true;
    if (!request.user) throw notLoggedIn();
    if (rule.kind === 'authenticated') return true;

    const tournamentId = await this.scope.tournamentIdFor(request.params as Record<string, string>);
    if (!tournamentId) throw new Error(`route ${request.path} has a role rule but no resource id`);
    // Every guarded request asks this: one plain statement (Prisma's query builder costs more CPU than the query).
    const held = await ROLE_HELD.rows(this.prisma, tournamentId, request.user.id, rule.roles);
    if (!held.length) throw lacksRole(rule.roles);
    return true;
  }
}

/** DESIGN.md: every unsafe request authenticated by the cookie carries the session's CSRF token. */
function checkCsrf(request: AuthenticatedRequest): void {
  const session = request.webSession;
  if (session?.via !== 'cookie' || !UNSAFE_METHODS.has(request.method)) return;
  if (csrfTokenMatches(session.token, sentCsrfToken(request))) return;
  throw new ForbiddenException({
    statusCode: 403,
    error: 'Forbidden',
    message: 'the form is missing its security token (CSRF) or it is out of date: reload the page and try again',
  });
}

function notLoggedIn(): UnauthorizedException {
  return new UnauthorizedException({ statusCode: 401, error: 'Unauthorized', message: 'log in first (Authorization: Bearer <token>)' });
}

function lacksRole(roles: readonly string[]): ForbiddenException {
  return new ForbiddenException({ statusCode: 403, error: 'Forbidden', message: `needs one of the roles ${roles.join(', ')} in this tournament` });
}
