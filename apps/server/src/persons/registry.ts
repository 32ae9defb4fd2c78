import { randomUUID } from 'node:crypto';
import { matchPerson, nameKey, type PersonCandidate, type PersonMatch } from '@chuhe/registration';
import { Prisma } from '../generated/prisma/client';
import { oneOf, typedQuery } from '../persistence/typed-sql';
import { DomainError } from '../common/errors';
import type { Tx } from '../prisma/prisma.service';

/**
 * The person registry's side of registration (issue 33 #1): every new player of a tournament is
 * matched to a server-wide person. A federation ID links at once; a name no one else has makes a
 * new person; a proposal (name + birth year + unit agree) or a choice between namesakes (同名)
 * waits for the organizer — the player stays unlinked until they decide, never merged silently.
 */
export interface MatchHints {
  /** The organizer's choice for a player: link to this person. */
  readonly personId?: string;
  /** The person's federation ID (sure match; a new person keeps it). */
  readonly federationId?: string;
  /** A file's hint rather than a choice: ignored (matched as usual) where it cannot link. */
  readonly soft?: boolean;
}

export interface PendingMatch {
  readonly playerId: string;
  readonly match: Extract<PersonMatch, { kind: 'proposed' | 'choice' }>;
}

interface PlayerForMatch {
  id: string;
  tournamentId: string;
  nameZh: string;
  nameEn: string;
  gender: 'male' | 'female';
  birthYear: number | null;
  personId: string | null;
  affiliation: { nameZh: string; nameEn: string } | null;
  /** The federation ID typed with the player (CSV, form, request, file): the sure key, kept for a new person. */
  federationId: string | null;
}

/**
 * Matches these players in order; links and creates what is sure, returns what waits. Set-based
 * (issue 33: a 10,000-player file links every sure match): the players, their namesakes and the
 * persons already in their tournaments are read in one statement each; the decisions are made in
 * memory (candidates indexed by name key, so each player looks at its namesakes only); then the new
 * persons are inserted, the players linked and the linked persons' unit and birth year refreshed
 * in one statement each (per chunk of ROWS_PER_STATEMENT). The decisions are those of deciding
 * player by player in order: a person created for one player is no candidate for another player of
 * the same tournament (one person is never two players of one tournament).
 */
export async function matchPlayers(tx: Tx, playerIds: readonly string[], hints: ReadonlyMap<string, MatchHints> = new Map()): Promise<PendingMatch[]> {
  if (!playerIds.length) return [];
  const players: PlayerForMatch[] = [];
  for (let i = 0; i < playerIds.length; i += ROWS_PER_STATEMENT) {
    for (const r of await PLAYERS_FOR_MATCH.rows(tx, playerIds.slice(i, i + ROWS_PER_STATEMENT)))
      players.push({ ...r, affiliation: r.unitZh === null ? null : { nameZh: r.unitZh, nameEn: r.unitEn ?? '' } });
    await yieldToLoop();
  }
  const byId = new Map(players.map((p) => [p.id, p]));
  const pool = new CandidatePool(
    await candidatesFor(
      tx,
      players.filter((p) => !p.personId),
      [...[...hints.values()].map((h) => h.federationId), ...players.map((p) => p.federationId)].filter((f): f is string => !!f),
    ),
  );
  // The organizer's (or file's) persons, resolved to the survivor where merged: one statement.
  const hinted = [...new Set([...hints.values()].map((h) => h.personId).filter((id): id is string => !!id))];
  const hintedPersons = new Map(
    (hinted.length ? await tx.person.findMany({ where: { id: { in: hinted } }, select: { id: true, mergedIntoId: true } }) : []).map((p) => [
      p.id,
      p.mergedIntoId ?? p.id,
    ]),
  );
  const taken = await personsInTournaments(tx, [...new Set(players.map((p) => p.tournamentId))]);
  const pending: PendingMatch[] = [];
  const links: { playerId: string; personId: string }[] = [];
  const created: (PersonCandidate & { gender: 'male' | 'female'; playerId: string })[] = [];
  let decided = 0;
  for (const id of playerIds) {
    // A large file's decisions are CPU work: other requests are served every hundred players
    // (issue 34 #6: 500 held the loop for 250 ms at load 18 inside a 10,000-player import).
    if (++decided % 100 === 0) await yieldToLoop();
    const player = byId.get(id);
    if (!player || player.personId) continue;
    const inTournament = taken.get(player.tournamentId) ?? taken.set(player.tournamentId, new Set()).get(player.tournamentId)!;
    const hint = hints.get(id) ?? {};
    if (hint.personId && !(hint.soft && inTournament.has(hintedPersons.get(hint.personId) ?? hint.personId))) {
      const field = `players.${id}.personId`;
      const target = hintedPersons.get(hint.personId);
      if (!target) throw new DomainError('resource.missing', { field, what: 'person' }, field);
      if (inTournament.has(target)) throw new DomainError('person.twice_in_tournament', {}, field);
      inTournament.add(target);
      links.push({ playerId: id, personId: target });
      continue;
    }
    const federationId = hint.federationId?.trim() || player.federationId || undefined;
    const match = matchPerson(
      newcomerOf(player, federationId),
      pool.near(player, federationId).filter((c) => !inTournament.has(c.id)),
    );
    if (match.kind === 'federation') {
      inTournament.add(match.personId);
      links.push({ playerId: id, personId: match.personId });
    } else if (match.kind === 'new') {
      const person = newPersonFor(player, pool.federationFree(federationId) ? federationId : undefined);
      created.push({ ...person, gender: player.gender, playerId: id });
      pool.add(person);
      inTournament.add(person.id);
    } else pending.push({ playerId: id, match });
  }
  await writeMatches(tx, byId, links, created);
  return pending;
}

/** The pending matches of a tournament's unlinked players, as the organizer's list shows them. */
export async function pendingMatches(tx: Tx, tournamentId: string): Promise<PendingMatch[]> {
  const players = (await tx.player.findMany({
    where: { tournamentId, personId: null },
    select: PLAYER_FOR_MATCH,
    orderBy: [{ nameZh: 'asc' }, { id: 'asc' }],
  })) as PlayerForMatch[];
  const pool = new CandidatePool(
    await candidatesFor(
      tx,
      players,
      players.map((p) => p.federationId).filter((f): f is string => !!f),
    ),
  );
  const taken = (await personsInTournaments(tx, [tournamentId])).get(tournamentId) ?? new Set<string>();
  const out: PendingMatch[] = [];
  for (const p of players) {
    const match = matchPerson(
      newcomerOf(p, p.federationId ?? undefined),
      pool.near(p, p.federationId ?? undefined).filter((c) => !taken.has(c.id)),
    );
    out.push({ playerId: p.id, match: match.kind === 'proposed' || match.kind === 'choice' ? match : { kind: 'choice', personIds: [] } });
  }
  return out;
}

/** The organizer's decision: this player is that person, or a new person (personId null). */
export async function decideMatch(tx: Tx, playerId: string, personId: string | null): Promise<string> {
  const player = (await tx.player.findUnique({
    where: { id: playerId },
    select: {
      id: true,
      tournamentId: true,
      nameZh: true,
      nameEn: true,
      gender: true,
      birthYear: true,
      personId: true,
      federationId: true,
      affiliation: { select: { nameZh: true, nameEn: true } },
    },
  })) as PlayerForMatch | null;
  if (!player) throw new DomainError('resource.missing', { field: 'playerId', what: 'player' }, 'playerId');
  if (player.personId) throw new DomainError('person.already_linked', {}, 'playerId');
  if (personId) {
    await linkPlayer(tx, player, personId, 'personId');
    return personId;
  }
  // The federation ID typed with the player goes to the new person (issue 33), unless another
  // person already holds it — then the organizer chose "new person" over that one, and the ID stays on the player only.
  const fid = player.federationId?.trim() || undefined;
  const holder = fid ? await tx.person.findUnique({ where: { federationId: fid }, select: { id: true } }) : null;
  return (await createPersonFor(tx, player, holder ? undefined : fid)).id;
}

function newcomerOf(p: PlayerForMatch, federationId?: string) {
  return { nameZh: p.nameZh, nameEn: p.nameEn, birthYear: p.birthYear, unitZh: p.affiliation?.nameZh, unitEn: p.affiliation?.nameEn, federationId };
}

/** The persons who share a name with one of the players, or hold one of the federation IDs: one statement. */
async function candidatesFor(tx: Tx, players: readonly PlayerForMatch[], federationIds: readonly string[]): Promise<PersonCandidate[]> {
  const zh = [...new Set(players.map((p) => p.nameZh).filter(Boolean))];
  const en = [...new Set(players.filter((p) => !p.nameZh.trim()).map((p) => p.nameEn))];
  if (!zh.length && !en.length && !federationIds.length) return [];
  return CANDIDATES.rows(tx, zh, en, [...new Set(federationIds)]);
}

const CANDIDATES = typedQuery(
  'person candidates',
  { id: 'text', nameZh: 'text', nameEn: 'text', birthYear: 'int4?', unitZh: 'text?', unitEn: 'text?', federationId: 'text?' },
  (zh: string[], en: string[], federationIds: string[]) => Prisma.sql`
    SELECT id::text AS id, "nameZh", "nameEn", "birthYear", "unitZh", "unitEn", "federationId" FROM "Person"
    WHERE "mergedIntoId" IS NULL AND ("nameZh" = ANY(${zh}::text[]) OR "nameEn" = ANY(${en}::text[]) OR "federationId" = ANY(${federationIds}::text[]))`,
  [['张三'], [], []],
);

/** The candidates indexed by name key and federation ID: a player looks at its namesakes only. */
class CandidatePool {
  private readonly byZh = new Map<string, PersonCandidate[]>();
  private readonly byEn = new Map<string, PersonCandidate[]>();
  private readonly byFederation = new Map<string, PersonCandidate>();
  constructor(candidates: readonly PersonCandidate[]) {
    for (const c of candidates) this.add(c);
  }
  add(c: PersonCandidate): void {
    const put = (map: Map<string, PersonCandidate[]>, key: string) => key && (map.get(key) ?? map.set(key, []).get(key)!).push(c);
    put(this.byZh, nameKey(c.nameZh));
    put(this.byEn, nameKey(c.nameEn));
    if (c.federationId) this.byFederation.set(c.federationId, c);
  }
  /** Every candidate matchPerson could take for this player (a superset: it decides). */
  near(p: { nameZh: string; nameEn: string }, federationId?: string): PersonCandidate[] {
    const out = new Set([...(this.byZh.get(nameKey(p.nameZh)) ?? []), ...(this.byEn.get(nameKey(p.nameEn)) ?? [])]);
    const sure = federationId ? this.byFederation.get(federationId.trim()) : undefined;
    if (sure) out.add(sure);
    return [...out];
  }
  /** No person (read or created in this run) holds the federation ID: a new person may take it (it is unique). */
  federationFree(federationId?: string): boolean {
    return !!federationId && !this.byFederation.has(federationId.trim());
  }
}

/** Persons already some player of these tournaments: one person is never two players of one tournament. */
async function personsInTournaments(tx: Tx, tournamentIds: readonly string[]): Promise<Map<string, Set<string>>> {
  const rows = await tx.player.findMany({
    where: { tournamentId: { in: [...tournamentIds] }, personId: { not: null } },
    select: { tournamentId: true, personId: true },
  });
  const out = new Map<string, Set<string>>();
  for (const r of rows) (out.get(r.tournamentId) ?? out.set(r.tournamentId, new Set()).get(r.tournamentId)!).add(r.personId!);
  return out;
}

function newPersonFor(player: PlayerForMatch, federationId?: string): PersonCandidate {
  return {
    id: randomUUID(),
    nameZh: player.nameZh,
    nameEn: player.nameEn,
    birthYear: player.birthYear,
    unitZh: player.affiliation?.nameZh ?? null,
    unitEn: player.affiliation?.nameEn ?? null,
    federationId: federationId?.trim() || null,
  };
}

/**
 * The decisions written: new persons in one INSERT … SELECT FROM unnest, every link in one UPDATE … FROM unnest, and the
 * linked persons' unit and birth year last seen (they tell namesakes apart next time) in another.
 */
async function writeMatches(
  tx: Tx,
  players: ReadonlyMap<string, PlayerForMatch>,
  links: readonly { playerId: string; personId: string }[],
  created: readonly (PersonCandidate & { gender: 'male' | 'female'; playerId: string })[],
): Promise<void> {
  for (let i = 0; i < created.length; i += ROWS_PER_STATEMENT) {
    const chunk = created.slice(i, i + ROWS_PER_STATEMENT);
    const column = <T>(f: (c: (typeof chunk)[number]) => T) => chunk.map(f);
    await tx.$executeRaw`
      INSERT INTO "Person" (id, "nameZh", "nameEn", gender, "birthYear", "unitZh", "unitEn", "federationId", "updatedAt")
      SELECT id, "nameZh", "nameEn", gender::"Gender", "birthYear", "unitZh", "unitEn", "federationId", now()
      FROM unnest(${column((c) => c.id)}::uuid[], ${column((c) => c.nameZh)}::text[], ${column((c) => c.nameEn)}::text[], ${column((c) => c.gender)}::text[],
                  ${column((c) => c.birthYear ?? null)}::int[], ${column((c) => c.unitZh ?? null)}::text[], ${column((c) => c.unitEn ?? null)}::text[],
                  ${column((c) => c.federationId ?? null)}::text[])
        AS v(id, "nameZh", "nameEn", gender, "birthYear", "unitZh", "unitEn", "federationId")`;
    await yieldToLoop();
  }
  const all = [...links, ...created.map((c) => ({ playerId: c.playerId, personId: c.id }))];
  for (let i = 0; i < all.length; i += ROWS_PER_STATEMENT) {
    const chunk = all.slice(i, i + ROWS_PER_STATEMENT);
    await tx.$executeRaw`
      UPDATE "Player" p SET "personId" = v.person, "updatedAt" = now()
      FROM unnest(${chunk.map((l) => l.playerId)}::uuid[], ${chunk.map((l) => l.personId)}::uuid[]) AS v(id, person)
      WHERE p.id = v.id`;
    await yieldToLoop();
  }
  // The last link of a person wins (a person is linked once per tournament; several tournaments: the last given).
  const seen = new Map<string, PlayerForMatch>();
  for (const l of links) seen.set(l.personId, players.get(l.playerId)!);
  const refresh = [...seen].filter(([, p]) => p.affiliation || p.birthYear);
  for (let i = 0; i < refresh.length; i += ROWS_PER_STATEMENT) {
    const chunk = refresh.slice(i, i + ROWS_PER_STATEMENT);
    await tx.$executeRaw`
      UPDATE "Person" x SET
        "unitZh" = COALESCE(v."unitZh", x."unitZh"), "unitEn" = CASE WHEN v."unitZh" IS NULL THEN x."unitEn" ELSE v."unitEn" END,
        "birthYear" = COALESCE(v."birthYear", x."birthYear"), "updatedAt" = now()
      FROM unnest(${chunk.map(([id]) => id)}::uuid[], ${chunk.map(([, p]) => p.affiliation?.nameZh ?? null)}::text[],
                  ${chunk.map(([, p]) => p.affiliation?.nameEn ?? null)}::text[], ${chunk.map(([, p]) => p.birthYear)}::int[])
        AS v(id, "unitZh", "unitEn", "birthYear")
      WHERE x.id = v.id`;
    await yieldToLoop();
  }
}

const ROWS_PER_STATEMENT = 5_000;

/** Lets the event loop serve what is waiting (other requests, health checks) before going on. */
function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

const PLAYERS_FOR_MATCH = typedQuery(
  'players for person matching',
  {
    id: 'text',
    tournamentId: 'text',
    nameZh: 'text',
    nameEn: 'text',
    gender: oneOf<'male' | 'female'>('text'),
    birthYear: 'int4?',
    personId: 'text?',
    unitZh: 'text?',
    unitEn: 'text?',
    federationId: 'text?',
  },
  (ids: string[]) => Prisma.sql`
    SELECT p.id::text AS id, p."tournamentId"::text AS "tournamentId", p."nameZh", p."nameEn", p.gender::text AS gender, p."birthYear",
           p."personId"::text AS "personId", a."nameZh" AS "unitZh", a."nameEn" AS "unitEn", NULLIF(btrim(p."federationId"), '') AS "federationId"
    FROM "Player" p LEFT JOIN "Affiliation" a ON a.id = p."affiliationId"
    WHERE p.id = ANY(${ids}::uuid[])`,
  [['00000000-0000-0000-0000-000000000000']],
);

const PLAYER_FOR_MATCH = {
  id: true,
  tournamentId: true,
  nameZh: true,
  nameEn: true,
  gender: true,
  birthYear: true,
  personId: true,
  federationId: true,
  affiliation: { select: { nameZh: true, nameEn: true } },
} as const;

/** Links the player to the person (the survivor, when the person was merged); returns the person linked. */
async function linkPlayer(tx: Tx, player: PlayerForMatch, personId: string, field: string): Promise<string> {
  const person = await tx.person.findUnique({ where: { id: personId }, select: { id: true, mergedIntoId: true } });
  if (!person) throw new DomainError('resource.missing', { field, what: 'person' }, field);
  const target = person.mergedIntoId ?? person.id;
  const twice = await tx.player.findFirst({ where: { tournamentId: player.tournamentId, personId: target, id: { not: player.id } }, select: { id: true } });
  if (twice) throw new DomainError('person.twice_in_tournament', {}, field);
  await tx.player.update({ where: { id: player.id }, data: { personId: target } });
  // The unit and birth year last seen tell namesakes apart next time.
  await tx.person.update({
    where: { id: target },
    data: {
      ...(player.affiliation ? { unitZh: player.affiliation.nameZh, unitEn: player.affiliation.nameEn } : {}),
      ...(player.birthYear ? { birthYear: player.birthYear } : {}),
    },
  });
  return target;
}

async function createPersonFor(tx: Tx, player: PlayerForMatch, federationId?: string): Promise<PersonCandidate> {
  const person = await tx.person.create({
    data: {
      nameZh: player.nameZh,
      nameEn: player.nameEn,
      gender: player.gender,
      birthYear: player.birthYear,
      unitZh: player.affiliation?.nameZh ?? null,
      unitEn: player.affiliation?.nameEn ?? null,
      federationId: federationId?.trim() || null,
    },
    select: { id: true, nameZh: true, nameEn: true, birthYear: true, unitZh: true, unitEn: true, federationId: true },
  });
  await tx.player.update({ where: { id: player.id }, data: { personId: person.id } });
  return person;
}

/** New players of an imported file: the file's personId links where this server knows the person, else the usual matching. */
export async function matchImportedPlayers(tx: Tx, playerIds: readonly string[], personOf: Readonly<Record<string, string>>): Promise<PendingMatch[]> {
  const named = [...new Set(Object.values(personOf))].filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
  const known = new Set((await tx.person.findMany({ where: { id: { in: named } }, select: { id: true } })).map((p) => p.id));
  const hints = new Map<string, MatchHints>();
  for (const id of playerIds) if (personOf[id] && known.has(personOf[id])) hints.set(id, { personId: personOf[id], soft: true });
  return matchPlayers(tx, playerIds, hints);
}
