import type { PrismaClient } from '../../apps/server/src/generated/prisma/client';
import type { MatchHints } from '../../apps/server/src/persons/registry';

/**
 * A large import's players and the registry they meet (issue 33, set-based matching), written by
 * set-returning SQL: one tournament of `players` new players, each tenth of them:
 *   0–2 a person holds their federation ID (the file gives it: a sure match),
 *   3–5 one person of the same name, birth year and unit (a proposal, for the organizer),
 *   6   two persons of the same name (同名: a choice),
 *   7–9 no one of the name (a new person).
 * Names carry `tag`, so the run's database may hold any other persons.
 */
export interface PersonMatchWorld {
  tag: string;
  playerIds: string[];
  hints: Map<string, MatchHints>;
  /** player → the person holding the federation ID given for them */
  byFederation: Map<string, string>;
  /** player → the one person proposed */
  proposedPerson: Map<string, string>;
  /** player → the namesakes offered */
  namesakes: Map<string, string[]>;
  /** players of a name no one has */
  fresh: string[];
}

export async function personMatchWorld(
  prisma: PrismaClient | { $executeRawUnsafe: PrismaClient['$executeRawUnsafe'] },
  tag: string,
  players: number,
): Promise<PersonMatchWorld> {
  const n = players - 1;
  const id = (what: string) => `md5('${tag}' || ${what})::uuid`;
  const name = `(CASE WHEN i % 10 < 3 THEN '联' WHEN i % 10 < 6 THEN '荐' WHEN i % 10 = 6 THEN '同' ELSE '新' END) || '${tag}' || i`;
  const statements = [
    `INSERT INTO "Tournament"(id, "nameZh", "nameEn", venue, "startDate", "endDate", organizer, "updatedAt")
       VALUES (${id(`'t'`)}, '导入${tag}', 'Import ${tag}', 'venue', date '2026-01-01', date '2026-01-02', 'test', now())`,
    `INSERT INTO "Affiliation"(id, "tournamentId", "nameZh", "nameEn") VALUES (${id(`'a'`)}, ${id(`'t'`)}, '单位${tag}', 'Unit ${tag}')`,
    // Federation persons (an old unit), proposal persons (same birth year and unit), two namesakes each.
    `INSERT INTO "Person"(id, "nameZh", "nameEn", gender, "birthYear", "unitZh", "unitEn", "federationId", "updatedAt")
       SELECT ${id(`'p' || i`)}, ${name}, 'P ${tag} ' || i, 'male',
              CASE WHEN i % 10 BETWEEN 3 AND 5 THEN 1990 END,
              CASE WHEN i % 10 < 3 THEN '旧单位' ELSE '单位${tag}' END, CASE WHEN i % 10 < 3 THEN 'Old unit' ELSE 'Unit ${tag}' END,
              CASE WHEN i % 10 < 3 THEN 'F${tag}-' || i END, now()
       FROM generate_series(0, ${n}) i WHERE i % 10 < 7`,
    `INSERT INTO "Person"(id, "nameZh", "nameEn", gender, "updatedAt")
       SELECT ${id(`'q' || i`)}, ${name}, 'Q ${tag} ' || i, 'male', now() FROM generate_series(0, ${n}) i WHERE i % 10 = 6`,
    `INSERT INTO "Player"(id, "tournamentId", "nameZh", "nameEn", gender, "affiliationId", "birthYear", "createdAt", "updatedAt")
       SELECT ${id(`'pl' || i`)}, ${id(`'t'`)}, ${name}, 'P ${tag} ' || i, 'male', ${id(`'a'`)}, 1990, now() + i * interval '1 microsecond', now()
       FROM generate_series(0, ${n}) i`,
  ];
  for (const sql of statements) await prisma.$executeRawUnsafe(sql);
  // The same ids, computed here (md5 of the same text as uuid).
  const { createHash } = await import('node:crypto');
  const uuid = (text: string) => {
    const h = createHash('md5').update(`${tag}${text}`).digest('hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  };
  const world: PersonMatchWorld = { tag, playerIds: [], hints: new Map(), byFederation: new Map(), proposedPerson: new Map(), namesakes: new Map(), fresh: [] };
  for (let i = 0; i < players; i++) {
    const player = uuid(`pl${i}`);
    world.playerIds.push(player);
    const k = i % 10;
    if (k < 3) {
      world.hints.set(player, { federationId: `F${tag}-${i}` });
      world.byFederation.set(player, uuid(`p${i}`));
    } else if (k < 6) world.proposedPerson.set(player, uuid(`p${i}`));
    else if (k === 6) world.namesakes.set(player, [uuid(`p${i}`), uuid(`q${i}`)]);
    else world.fresh.push(player);
  }
  return world;
}
