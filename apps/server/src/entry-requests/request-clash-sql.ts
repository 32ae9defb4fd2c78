import { Prisma } from '../generated/prisma/client';
import type { RequestDetails } from './request-details';

/**
 * Two WITHs of a statement that checks an entry request against its event (SUBMIT_WRITE, CONFIRM_WRITE):
 * `clash`, the first other request holding one of its identities (submitted, approved or waiting —
 * the same person or team twice, or by two units), and `entered`, the first of its players already
 * entered (an active Entry or a team's member), by player id or by name and birth year.
 */
export function clashCtes(eventId: string, d: Pick<RequestDetails, 'identities' | 'members'>, exceptId: string): Prisma.Sql {
  const playerIds = d.members.flatMap((m) => (m.playerId ? [m.playerId] : []));
  const names = d.identities.filter((i) => i.startsWith('n:'));
  const named = Prisma.sql`(p.id::text = ANY(${playerIds}::text[]) OR ('n:' || replace(p."nameZh", ' ', '') || '|' || coalesce(p."birthYear"::text, '')) = ANY(${names}::text[]))`;
  return Prisma.sql`clash AS (
      SELECT r.id::text AS id, r."affiliationId"::text AS "affiliationId", i.identity
      FROM "EntryRequest" r, jsonb_array_elements_text(r.details->'identities') AS i(identity)
      WHERE r."eventId" = ${eventId}::uuid AND r.state IN ('submitted', 'approved', 'waiting') AND i.identity = ANY(${d.identities}::text[])
        AND r.id <> ${exceptId}::uuid
      LIMIT 1
    ), entered AS (
      SELECT p."nameZh" FROM "Entry" e JOIN "Player" p ON p.id = e."playerId"
      WHERE e."eventId" = ${eventId}::uuid AND e.status = 'active' AND ${named}
      UNION ALL
      SELECT p."nameZh" FROM "TeamMember" m JOIN "Team" t ON t.id = m."teamId" JOIN "Player" p ON p.id = m."playerId"
      WHERE t."eventId" = ${eventId}::uuid AND ${named}
      LIMIT 1
    )`;
}

/** The columns a statement with clashCtes answers its checks in (SUBMIT_WRITE, CONFIRM_WRITE): the window, the clash, the entered player, the team name. */
export const CHECK_COLUMNS = {
  windowOpen: 'bool',
  clashId: 'text?',
  clashAffiliationId: 'text?',
  clashIdentity: 'text?',
  enteredName: 'text?',
  teamTaken: 'bool',
} as const;
