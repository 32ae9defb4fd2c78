import { Injectable } from '@nestjs/common';
import { Prisma, type TournamentRoleName } from '../generated/prisma/client';
import { DomainError, missingResource } from '../common/errors';
import { NO_ID, RawDb, typedQuery } from '../persistence/typed-sql';
import { rawDb } from '../persistence/raw-pg';
import { PrismaService } from '../prisma/prisma.service';
import type { AuthUser } from './auth.decorators';
import type { RoleGrant } from './tournament-access';
import { tokenHash } from './auth.service';

/**
 * How to find the tournament of a route's resource, per id param, in the order the params are
 * looked at (the first one a route carries decides): a SELECT of "tournamentId" given the id.
 * Plain statements: every guarded request runs one (result entry is the hot path, and
 * Prisma's nested selects were up to five queries).
 */
const SCOPES: [param: string, sql: (id: string) => Prisma.Sql][] = [
  ['tournamentId', (id) => Prisma.sql`SELECT t.id AS "tournamentId" FROM "Tournament" t WHERE t.id = ${id}::uuid`],
  ['eventId', (id) => Prisma.sql`SELECT e."tournamentId" FROM "Event" e WHERE e.id = ${id}::uuid`],
  ['affiliationId', (id) => Prisma.sql`SELECT a."tournamentId" FROM "Affiliation" a WHERE a.id = ${id}::uuid`],
  ['playerId', (id) => Prisma.sql`SELECT p."tournamentId" FROM "Player" p WHERE p.id = ${id}::uuid`],
  ['teamId', (id) => Prisma.sql`SELECT e."tournamentId" FROM "Team" x JOIN "Event" e ON e.id = x."eventId" WHERE x.id = ${id}::uuid`],
  ['entryId', (id) => Prisma.sql`SELECT e."tournamentId" FROM "Entry" x JOIN "Event" e ON e.id = x."eventId" WHERE x.id = ${id}::uuid`],
  ['entryRequestId', (id) => Prisma.sql`SELECT e."tournamentId" FROM "EntryRequest" x JOIN "Event" e ON e.id = x."eventId" WHERE x.id = ${id}::uuid`],
  ['feeId', (id) => Prisma.sql`SELECT f."tournamentId" FROM "Fee" f WHERE f.id = ${id}::uuid`],
  ['roleId', (id) => Prisma.sql`SELECT r."tournamentId" FROM "TournamentRole" r WHERE r.id = ${id}::uuid`],
  ['roundId', (id) => Prisma.sql`SELECT e."tournamentId" FROM "Round" r JOIN "Event" e ON e.id = r."eventId" WHERE r.id = ${id}::uuid`],
  [
    'pairingId',
    (id) =>
      Prisma.sql`SELECT e."tournamentId" FROM "Pairing" x JOIN "Round" r ON r.id = x."roundId" JOIN "Event" e ON e.id = r."eventId" WHERE x.id = ${id}::uuid`,
  ],
  [
    'sanctionId',
    (id) =>
      Prisma.sql`SELECT e."tournamentId" FROM "Sanction" x JOIN "Game" g ON g.id = x."gameId" JOIN "Pairing" p ON p.id = g."pairingId" JOIN "Round" r ON r.id = p."roundId" JOIN "Event" e ON e.id = r."eventId" WHERE x.id = ${id}::uuid`,
  ],
  [
    'disputeId',
    (id) =>
      Prisma.sql`SELECT e."tournamentId" FROM "Dispute" x JOIN "Game" g ON g.id = x."gameId" JOIN "Pairing" p ON p.id = g."pairingId" JOIN "Round" r ON r.id = p."roundId" JOIN "Event" e ON e.id = r."eventId" WHERE x.id = ${id}::uuid`,
  ],
  ['appealId', (id) => Prisma.sql`SELECT e."tournamentId" FROM "Appeal" x JOIN "Event" e ON e.id = x."eventId" WHERE x.id = ${id}::uuid`],
  [
    'gameId',
    (id) =>
      Prisma.sql`SELECT e."tournamentId" FROM "Game" g JOIN "Pairing" p ON p.id = g."pairingId" JOIN "Round" r ON r.id = p."roundId" JOIN "Event" e ON e.id = r."eventId" WHERE g.id = ${id}::uuid`,
  ],
];

/** The route's resource: the first id param it carries (see SCOPES), or none. */
export interface Resource {
  param: string;
  id: string;
  sql: (id: string) => Prisma.Sql;
}

/** Per id param, the statement that finds the resource's tournament (the schema test checks each). */
const TOURNAMENT_OF = new Map(
  SCOPES.map(([param, sql]) => [
    param,
    typedQuery(
      `tournament of a ${param}`,
      { tournamentId: 'text' },
      (id: string) => Prisma.sql`SELECT s."tournamentId"::text AS "tournamentId" FROM (${sql(id)}) s`,
      [NO_ID],
    ),
  ]),
);

const ACCESS = typedQuery(
  'session, tournament and roles',
  { id: 'text', email: 'text', displayName: 'text', tournamentId: 'text?', roles: 'text' },
  (tokenHash: string, resource: Resource) => Prisma.sql`
    WITH t AS (${resource.sql(resource.id)})
    SELECT u.id::text AS id, u.email, u."displayName", (SELECT t."tournamentId"::text FROM t) AS "tournamentId",
      array_to_string(ARRAY(SELECT concat_ws(':', r.role::text, coalesce(r."teamId"::text, ''), coalesce(r."affiliationId"::text, ''))
                            FROM "TournamentRole" r JOIN t ON r."tournamentId" = t."tournamentId" WHERE r."userId" = u.id), ',') AS roles
    FROM "Session" s JOIN "User" u ON u.id = s."userId"
    WHERE s."tokenHash" = ${tokenHash} AND s."expiresAt" > now()`,
  ['', { param: SCOPES[0][0], id: NO_ID, sql: SCOPES[0][1] }],
);

/**
 * Who the session is and, when the resource exists (tournamentId not null), the roles they hold in
 * its tournament, each with its team or unit (grants).
 */
export interface Access {
  user: AuthUser;
  tournamentId: string | null;
  roles: TournamentRoleName[];
  grants: RoleGrant[];
}

/**
 * Finds the tournament a route's resource belongs to, from whichever id the route carries, so
 * that role checks need no per-route code. A missing resource is a 404 here, before any write.
 */
@Injectable()
export class TournamentScopeService {
  /** The pool without Prisma's query engine, for the guard's one statement (issue 35 #3: every authenticated write runs it). */
  private readonly pg: RawDb;

  constructor(private readonly prisma: PrismaService) {
    this.pg = rawDb(prisma.pg);
  }

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
    const rows = isUuid(resource.id) ? await TOURNAMENT_OF.get(resource.param)!.rows(this.prisma, resource.id) : [];
    if (!rows[0]) throw missing(resource);
    return rows[0].tournamentId;
  }

  /**
   * The access guard's question in one statement (one round trip instead of three, issue 13): the
   * session's user (null: no live session), the resource's tournament, and the roles the user
   * holds there. Nothing is cached: a logout or a revoked role counts at the next request.
   * The resource id must be a UUID (isUuid).
   */
  async access(token: string, resource: Resource): Promise<Access | null> {
    const rows = await ACCESS.rows(this.pg, tokenHash(token), resource);
    const row = rows[0];
    if (!row) return null;
    // "role:teamId:affiliationId" per role held (role names and UUIDs hold neither ':' nor ',').
    const grants = row.roles
      ? row.roles.split(',').map((held): RoleGrant => {
          const [role, teamId, affiliationId] = held.split(':');
          return { role: role as TournamentRoleName, teamId: teamId || null, affiliationId: affiliationId || null };
        })
      : [];
    return {
      user: { id: row.id, email: row.email, displayName: row.displayName },
      tournamentId: row.tournamentId,
      roles: grants.map((g) => g.role),
      grants,
    };
  }
}

/** The 404 of a route whose resource does not exist. */
export function missing(resource: { param: string }): DomainError {
  return missingResource(resource.param);
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
