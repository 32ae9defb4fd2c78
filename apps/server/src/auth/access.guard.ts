import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { DomainError } from '../common/errors';
import { AccessService } from './access.service';
import { notLoggedIn, TournamentAccess } from './tournament-access';
import { ACCESS_KEY, AccessRule, AuthUser, CSRF_AFTER_UPLOAD } from './auth.decorators';
import { AuthService } from './auth.service';
import { isUuid, missing, TournamentScopeService } from './tournament-scope.service';
import { isCrossSite } from './same-origin';
import { csrfTokenMatches, sentCsrfToken, sessionTokenFromCookie, UNSAFE_METHODS } from './session-cookie';

/** How the request was authenticated: a script's bearer token, or the browser's session cookie. */
export interface WebSession {
  via: 'bearer' | 'cookie';
  token: string;
}
/**
 * A request as the guard leaves it: who (user), how (webSession) and, on a route whose resource
 * belongs to a tournament and needs a role, what the user may do there (access, issue 29 #3).
 */
export type AuthenticatedRequest = Request & { user?: AuthUser; webSession?: WebSession; access?: TournamentAccess };

/**
 * Global guard: identifies the user from `Authorization: Bearer <token>`, else from the session
 * cookie (anonymous otherwise), then enforces the route's access rule. Routes without a rule are
 * public (reading is public). An unsafe request authenticated by the cookie must carry the
 * session's CSRF token (auth/session-cookie.ts), or it is refused with 403 before anything runs.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
    private readonly scope: TournamentScopeService,
    private readonly access: AccessService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    // Login CSRF (issue 34 #3): a page form posted from another site is refused before anything,
    // signed in or not — a log-in or sign-up has no session, hence no CSRF token, to check.
    if (UNSAFE_METHODS.has(request.method) && !request.path.startsWith('/api') && isCrossSite(request)) throw new DomainError('auth.cross_site');
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
        const access = await this.scope.access(token, resource);
        request.user = access?.user;
        if (!access) throw notLoggedIn();
        this.checkCsrf(context, request);
        if (access.tournamentId === null) throw missing(resource);
        request.access = new TournamentAccess(access.tournamentId, access.user.id, access.grants);
        request.access.require(...rule.roles);
        return true;
      }
    }

    if (token !== undefined) request.user = await this.auth.userForToken(token);
    // Only a live session needs the token: a stale cookie is no credential (the request is anonymous).
    if (request.user) this.checkCsrf(context, request);
    if (!rule) return true;
    if (!request.user) throw notLoggedIn();
    if (rule.kind === 'authenticated') return true;

    const tournamentId = await this.scope.tournamentIdFor(request.params as Record<string, string>);
    if (!tournamentId) throw new Error(`route ${request.path} has a role rule but no resource id`);
    request.access = await this.access.of(request.user, tournamentId);
    request.access.require(...rule.roles);
    return true;
  }

  private checkCsrf(context: ExecutionContext, request: AuthenticatedRequest): void {
    checkCsrf(request, this.reflector.get<boolean | undefined>(CSRF_AFTER_UPLOAD, context.getHandler()) === true);
  }
}

/** DESIGN.md: every unsafe request authenticated by the cookie carries the session's CSRF token. */
function checkCsrf(request: AuthenticatedRequest, afterUpload: boolean): void {
  const session = request.webSession;
  if (session?.via !== 'cookie' || !UNSAFE_METHODS.has(request.method)) return;
  const sent = sentCsrfToken(request);
  if (csrfTokenMatches(session.token, sent)) return;
  // An upload form's token is in its multipart body, read after the guard: web/upload.ts checks it.
  if (afterUpload && sent === undefined && request.is('multipart/form-data')) {
    (request as AuthenticatedRequest & { csrfAfterUpload?: boolean }).csrfAfterUpload = true;
    return;
  }
  throw new DomainError('auth.csrf');
}
