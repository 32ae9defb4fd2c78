import { CanActivate, ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { PrismaService } from '../prisma/prisma.service';
import { ACCESS_KEY, AccessRule, AuthUser } from './auth.decorators';
import { AuthService } from './auth.service';
import { TournamentScopeService } from './tournament-scope.service';

/**
 * Global guard: identifies the user from `Authorization: Bearer <token>` (anonymous otherwise),
 * then enforces the route's access rule. Routes without a rule are public (reading is public).
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
    const request = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    const header = request.headers.authorization;
    if (header?.startsWith('Bearer ')) request.user = await this.auth.userForToken(header.slice(7).trim());

    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_KEY, [context.getHandler(), context.getClass()]);
    if (!rule) return true;
    if (!request.user) throw new UnauthorizedException({ statusCode: 401, error: 'Unauthorized', message: 'log in first (Authorization: Bearer <token>)' });
    if (rule.kind === 'authenticated') return true;

    const tournamentId = await this.scope.tournamentIdFor(request.params as Record<string, string>);
    if (!tournamentId) throw new Error(`route ${request.path} has a role rule but no resource id`);
    // Every guarded request asks this: one plain statement (Prisma's query builder costs more CPU than the query).
    const held = await this.prisma.$queryRawUnsafe<unknown[]>(
      'SELECT 1 FROM "TournamentRole" WHERE "tournamentId" = $1::uuid AND "userId" = $2::uuid AND role::text = ANY($3::text[]) LIMIT 1',
      tournamentId,
      request.user.id,
      rule.roles,
    );
    if (!held.length) throw new ForbiddenException({ statusCode: 403, error: 'Forbidden', message: `needs one of the roles ${rule.roles.join(', ')} in this tournament` });
    return true;
  }
}
