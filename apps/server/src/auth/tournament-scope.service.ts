import { Injectable, NotFoundException } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';
import type { AuthUser } from './auth.decorators';
import { tokenHash } from './auth.service';

/**
 * How to find the tournament of a route's resource, per id param, in the order the params are
 * looked at (the first one a route carries decides): a SELECT of "tournamentId" given the id as
 * `$n::uuid`. Plain statements: every guarded request runs one (result entry is the hot path, and
 * Prisma's nested selects were up to five queries).
 */
const SCOPES: [param: string, sql: (id: string) => string][] = [
  ['tournamentId', (id) => `SELECT t.id AS "tournamentId" FROM "Tournament" t WHERE t.id = ${id}`],
  ['eventId', (id) => `SELECT e."tournamentId" FROM "Event" e WHERE e.id = ${id}`],
  ['affiliationId', (id) => `SELECT a."tournamentId" FROM "Affiliation" a WHERE a.id = ${id}`],
  ['playerId', (id) => `SELECT p."tournamentId" FROM "Player" p WHERE p.id = ${id}`],
  ['teamId', (id) => `SELECT e."tournamentId" FROM "Team" x JOIN "Event" e ON e.id = x."eventId" WHERE x.id = ${id}`],
  ['entryId', (id) => `SELECT e."tournamentId" FROM "Entry" x JOIN "Event" e ON e.id = x."eventId" WHERE x.id = ${id}`],
  ['roleId', (id) => `SELECT r."tournamentId" FROM "TournamentRole" r WHERE r.id = ${id}`],
  ['roundId', (id) => `SELECT e."tournamentId" FROM "Round" r JOIN "Event" e ON e.id = r."eventId" WHERE r.id = ${id}`],
  [
    'pairingId',
    (id) => `SELECT e."tournamentId" FROM "Pairing" x JOIN "Round" r ON r.id = x."roundId" JOIN "Event" e ON e.id = r."eventId" WHERE x.id = ${id}`,
  ],
  [
    'sanctionId',
    (id) =>
      `SELECT e."tournamentId" FROM "Sanction" x JOIN "Game" g ON g.id = x."gameId" JOIN "Pairing" p ON p.id = g."pairingId" JOIN "Round" r ON r.id = p."roundId" JOIN "Event" e ON e.id = r."eventId" WHERE x.id = ${id}`,
  ],
  [
    'disputeId',
    (id) =>
      `SELECT e."tournamentId" FROM "Dispute" x JOIN "Game" g ON g.id = x."gameId" JOIN "Pairing" p ON p.id = g."pairingId" JOIN "Round" r ON r.id = p."roundId" JOIN "Event" e ON e.id = r."eventId" WHERE x.id = ${id}`,
  ],
  ['appealId', (id) => `SELECT e."tournamentId" FROM "Appeal" x JOIN "Event" e ON e.id = x."eventId" WHERE x.id = ${id}`],
  [
    'gameId',
    (id) =>
      `SELECT e."tournamentId" FROM "Game" g JOIN "Pairing" p ON p.id = g."pairingId" JOIN "Round" r ON r.id = p."roundId" JOIN "Event" e ON e.id = r."eventId" WHERE g.id = ${id}`,
  ],
];

/** The route's resource: the first id param it carries (see SCOPES), or none. */
export interface Resource {
  param: string;
  id: string;
  sql: (id: string) => string;
}

/** Who the session is, the resource's tournament (null: no such resource) and whether the user holds one of the roles there. */
export interface Access {
  user: AuthUser;
  tournamentId: string | null;
  held: boolean;
}

/**
 * Finds the tournament a route's resource belongs to, from whichever id the route carries, so
 * that role checks need no per-route code. A missing resource is a 404 here, before any write.
 */
@Injectable()
export class TournamentScopeService {
  constructor(private readonly prisma: PrismaService) {}

  resourceOf(params: Record<string, string | undefined>): Resource | undefined {
    for (const [param, sql] of SCOPES) {
      const id = params[param];
      if (id !== undefined) return { param, id, sql };
    }
    return undefined;
  }

  async tournamentIdFor(params: Record<string, string | undefined>): Promise<string | undefined> {
    const resource = this.resourceOf(params);
    if (!resource) return undefined;
    const rows = isUuid(resource.id)
      ? await this.prisma.$queryRawUnsafe<{ tournamentId: string }[]>(
          `SELECT s."tournamentId"::text AS "tournamentId" FROM (${resource.sql('$1::uuid')}) s`,
          resource.id,
        )
      : [];
    if (!rows[0]) throw missing(resource);
    return rows[0].tournamentId;
  }

  /**
   * The access guard's question in one statement (one round trip instead of three, issue 13): the
   * session's user (null: no live session), the resource's tournament, and whether the user holds
   * one of `roles` there. Nothing is cached: a logout or a revoked role counts at the next request.
   * The resource id must be a UUID (isUuid).
   */
  async access(token: string, resource: Resource, roles: readonly string[]): Promise<Access | null> {
    const rows = await this.prisma.$queryRawUnsafe<{ id: string; email: string; displayName: string; tournamentId: string | null; held: boolean }[]>(
      `WITH t AS (${resource.sql('$2::uuid')})
       SELECT u.id::text AS id, u.email, u."displayName", (SELECT t."tournamentId"::text FROM t) AS "tournamentId",
         EXISTS (SELECT 1 FROM "TournamentRole" r JOIN t ON r."tournamentId" = t."tournamentId" WHERE r."userId" = u.id AND r.role::text = ANY($3::text[])) AS held
       FROM "Session" s JOIN "User" u ON u.id = s."userId"
       WHERE s."tokenHash" = $1 AND s."expiresAt" > now()`,
      tokenHash(token),
      resource.id,
      roles,
    );
    const row = rows[0];
    if (!row) return null;
    return { user: { id: row.id, email: row.email, displayName: row.displayName }, tournamentId: row.tournamentId, held: row.held };
  }
}

/** The 404 of a route whose resource does not exist. */
export function missing(resource: { param: string }): NotFoundException {
  return new NotFoundException({ statusCode: 404, error: 'Not Found', message: `${resource.param}: no such ${resource.param.replace(/Id$/, '')}` });
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
