import type { Tx } from '../prisma/prisma.service';

/**
 * A fingerprint of everything eventFile reads (play/event-file.ts): the event (its settings bump
 * Event.updatedAt and version), the tournament's names, the entries, their players, teams, team
 * members and affiliations, the rounds, pairings and games, and the sanctions (the file's
 * `sanctions`: each sanction's state and version, it has no updatedAt) — counts, latest updatedAt and the
 * sum of the versions per table (a delete changes a count, an update an updatedAt and a version),
 * affiliations and members by an md5 of their contents (they have no updatedAt). Computed by
 * PostgreSQL in one query, so a cached standings table can be checked in a few milliseconds.
 */
export async function playFingerprint(db: Tx, eventId: string): Promise<string | null> {
  const rows = await db.$queryRaw<{ f: string | null }[]>`
    SELECT concat_ws('|',
      ev.version, ev."updatedAt", t."updatedAt",
      (SELECT concat_ws(',', count(*), max(e."updatedAt"), sum(e.version), max(p."updatedAt"), max(tm."updatedAt"),
                        md5(string_agg(concat(pa."nameZh", '/', pa."nameEn", '/', ta."nameZh", '/', ta."nameEn"), ';' ORDER BY e.id)))
         FROM "Entry" e
         LEFT JOIN "Player" p ON p.id = e."playerId" LEFT JOIN "Affiliation" pa ON pa.id = p."affiliationId"
         LEFT JOIN "Team" tm ON tm.id = e."teamId" LEFT JOIN "Affiliation" ta ON ta.id = tm."affiliationId"
        WHERE e."eventId" = ev.id),
      (SELECT concat_ws(',', count(*), md5(string_agg(concat(m."playerId", '/', m.board, '/', mp."updatedAt"), ';' ORDER BY m."teamId", m."playerId")))
         FROM "TeamMember" m JOIN "Team" mt ON mt.id = m."teamId" JOIN "Player" mp ON mp.id = m."playerId" WHERE mt."eventId" = ev.id),
      (SELECT concat_ws(',', count(*), max(r."updatedAt"), sum(r.version), string_agg(r.state::text, '' ORDER BY r.number)) FROM "Round" r WHERE r."eventId" = ev.id),
      (SELECT concat_ws(',', count(*), max(p."updatedAt"), sum(p.version)) FROM "Pairing" p JOIN "Round" r ON r.id = p."roundId" WHERE r."eventId" = ev.id),
      (SELECT concat_ws(',', count(*), max(g."updatedAt"), sum(g.version))
         FROM "Game" g JOIN "Pairing" p ON p.id = g."pairingId" JOIN "Round" r ON r.id = p."roundId" WHERE r."eventId" = ev.id),
      (SELECT concat_ws(',', count(*), md5(string_agg(concat(s.id, '/', s.state, '/', s.version, '/', s."revokesId", '/', s."playerId", '/', s."gameId"), ';' ORDER BY s.id)))
         FROM "Sanction" s JOIN "Game" g ON g.id = s."gameId" JOIN "Pairing" p ON p.id = g."pairingId" JOIN "Round" r ON r.id = p."roundId" WHERE r."eventId" = ev.id)
    ) AS f
      FROM "Event" ev JOIN "Tournament" t ON t.id = ev."tournamentId"
     WHERE ev.id = ${eventId}::uuid`;
  return rows[0]?.f ?? null;
}
