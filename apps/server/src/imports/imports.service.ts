import { Injectable } from '@nestjs/common';
import { playerKey } from './player-key';
import { ImportProblem, PlayerRow, readPlayersCsv, readTeamsCsv, TeamRow } from '@chuhe/registration';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.decorators';
import { notFound } from '../common/optimistic';
import { DomainError } from '../common/errors';
import { csvProblems } from '../common/csv-problems';
import { Prisma } from '../generated/prisma/client';
import type { Event, Gender } from '../generated/prisma/client';
import { lockEvent } from '../entries/entries.service';
import { drawLateNumbers, hasDraw } from '../entries/late-draw';
import { closedConflict, entriesClosed } from '../events/events.service';
import { assertNoneBanned } from '../persons/bans';
import { matchPlayers } from '../persons/registry';
import { PrismaService, Tx } from '../prisma/prisma.service';
import { NO_ID, oneOf, RowOf, typedQuery } from '../persistence/typed-sql';

/**
 * CSV import, all-or-nothing: the whole file is validated first (libs/registration), then
 * checked against the database, then written in one transaction. Any problem → 400 listing
 * every bad row as `line N, column X: reason`, and nothing is written.
 * Affiliations are matched by their Chinese name and created when missing (English name = the
 * Chinese one until edited). Such new affiliations are flagged: the result lists them under
 * `newAffiliations` with `englishNameMissing`, and the public page marks them until an English
 * name is given (affiliationNeedsEnglishName).
 */
@Injectable()
export class ImportsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
  ) {}

  async importPlayers({ user, tournamentId, csv }: { user: AuthUser; tournamentId: string; csv: string }) {
    const parsed = readPlayersCsv(csv);
    if (!parsed.ok) throw importError(parsed.error);
    return this.prisma.$transaction(async (tx) => {
      const problems = await registeredPlayerProblems(tx, tournamentId, parsed.value);
      if (problems.length) throw importError(problems);
      const { ids: affiliations, created: newAffiliations } = await affiliationIds(
        tx,
        tournamentId,
        parsed.value.map((r) => r.affiliation),
      );
      const created = await createPlayers(tx, tournamentId, parsed.value, affiliations);
      // The person registry (issue 33): sure matches link, namesakes wait for the organizer.
      const personMatches = await matchPlayers(
        tx,
        created.map((p) => p.id),
      );
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId,
        entity: 'player_import',
        entityId: tournamentId,
        action: 'create',
        after: { players: created.map((p) => p.id) },
      });
      return { imported: created.length, players: created, newAffiliations, personMatches };
    }, IMPORT_TRANSACTION);
  }

  async importTeams({ user, eventId, csv }: { user: AuthUser; eventId: string; csv: string }) {
    return this.prisma.$transaction(async (tx) => {
      const event = await lockEvent(tx, eventId);
      if (entriesClosed(event)) throw closedConflict('teams');
      if (event.kind !== 'team') throw new DomainError('event.individual_takes_players', {}, 'eventId');
      const parsed = readTeamsCsv(csv, { starters: event.teamStarters, reserves: event.teamReserves });
      if (!parsed.ok) throw importError(parsed.error);
      const { problems, byKey } = await teamProblems(tx, event, parsed.value);
      if (problems.length) throw importError(problems);
      const { ids: affiliations, created: newAffiliations } = await affiliationIds(
        tx,
        event.tournamentId,
        parsed.value.map((t) => t.affiliation),
      );
      const created = [];
      const late = await hasDraw(tx, eventId);
      const lateEntries: string[] = [];
      const newPlayers: string[] = [];
      const allMembers: string[] = [];
      for (const team of parsed.value) {
        const memberIds = async (rows: PlayerRow[]) => {
          const ids: string[] = [];
          for (const row of rows) {
            const existing = byKey.get(playerKey(row.nameZh, team.affiliation));
            const id = existing ? existing.id : (await createPlayer(tx, event.tournamentId, { ...row, affiliation: team.affiliation }, affiliations)).id;
            if (!existing) newPlayers.push(id);
            allMembers.push(id);
            ids.push(id);
          }
          return ids;
        };
        const starters = await memberIds(team.starters);
        const reserves = await memberIds(team.reserves);
        const row = await tx.team.create({
          data: {
            eventId,
            affiliationId: affiliations.get(team.affiliation)!,
            nameZh: team.nameZh,
            nameEn: team.nameEn,
            members: {
              create: [
                ...starters.map((playerId, i) => ({ playerId, role: 'starter' as const, board: i + 1 })),
                ...reserves.map((playerId) => ({ playerId, role: 'reserve' as const })),
              ],
            },
          },
        });
        const entry = await tx.entry.create({ data: { eventId, teamId: row.id, lateEntry: late } });
        lateEntries.push(entry.id);
        created.push(row);
      }
      if (late) await drawLateNumbers(tx, this.audit, { userId: user.id, tournamentId: event.tournamentId }, eventId, lateEntries);
      // The person registry (issue 33), then no banned person enters (二章8节3).
      await matchPlayers(tx, newPlayers);
      const members = await tx.player.findMany({ where: { id: { in: allMembers } }, select: { personId: true } });
      await assertNoneBanned(
        tx,
        members.map((m) => ({ personId: m.personId, field: 'csv' })),
      );
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: event.tournamentId,
        entity: 'team_import',
        entityId: eventId,
        action: 'create',
        after: { teams: created.map((t) => t.id) },
      });
      return { imported: created.length, teams: created, newAffiliations };
    }, IMPORT_TRANSACTION);
  }
  /**
   * What importPlayers would do with this CSV, without writing anything (the page's preview): the
   * rows read, every problem by line and column (the same checks as the import), and the
   * affiliations the import would create (flagged: their English name is missing until edited).
   */
  async previewPlayers({ tournamentId, csv }: { tournamentId: string; csv: string }): Promise<ImportPreview<PlayerRow>> {
    const parsed = readPlayersCsv(csv);
    if (!parsed.ok) return { rows: [], problems: parsed.error, newAffiliations: [] };
    const problems = await registeredPlayerProblems(this.prisma, tournamentId, parsed.value);
    return {
      rows: parsed.value,
      problems,
      newAffiliations: await missingAffiliations(
        this.prisma,
        tournamentId,
        parsed.value.map((r) => r.affiliation),
      ),
    };
  }

  /** What importTeams would do with this CSV, without writing anything (see previewPlayers). */
  async previewTeams({ eventId, csv }: { eventId: string; csv: string }): Promise<ImportPreview<TeamRow>> {
    const event = await this.prisma.event.findUnique({ where: { id: eventId } });
    if (!event) throw notFound('event');
    if (entriesClosed(event)) throw closedConflict('teams');
    if (event.kind !== 'team') throw new DomainError('event.individual_takes_players', {}, 'eventId');
    const parsed = readTeamsCsv(csv, { starters: event.teamStarters, reserves: event.teamReserves });
    if (!parsed.ok) return { rows: [], problems: parsed.error, newAffiliations: [] };
    const { problems } = await teamProblems(this.prisma, event, parsed.value);
    return {
      rows: parsed.value,
      problems,
      newAffiliations: await missingAffiliations(
        this.prisma,
        event.tournamentId,
        parsed.value.map((t) => t.affiliation),
      ),
    };
  }
}

/** A dry run of an import: what would be written, what is wrong, which affiliations would be new. */
export interface ImportPreview<Row> {
  rows: Row[];
  problems: ImportProblem[];
  newAffiliations: string[];
}

type Db = Tx | PrismaService;

/** Rows naming a player already registered (same Chinese name and affiliation). */
async function registeredPlayerProblems(db: Db, tournamentId: string, rows: PlayerRow[]): Promise<ImportProblem[]> {
  const existing = await db.player.findMany({ where: { tournamentId }, include: { affiliation: true } });
  const known = new Set(existing.map((p) => playerKey(p.nameZh, p.affiliation?.nameZh)));
  return rows
    .filter((row) => known.has(playerKey(row.nameZh, row.affiliation)))
    .map((row) => ({ line: row.line, column: 'name_zh', code: 'already_registered', reason: 'this player (with this affiliation) is already registered' }));
}

/** The team CSV checked against the event: names taken, players in another team, women's events. */
async function teamProblems(db: Db, event: Event, teams: TeamRow[]) {
  const problems: ImportProblem[] = [];
  const teamNames = new Set((await db.team.findMany({ where: { eventId: event.id }, select: { nameZh: true } })).map((t) => t.nameZh));
  const players = await db.player.findMany({
    where: { tournamentId: event.tournamentId },
    include: { affiliation: true, teamMembers: { include: { team: true } } },
  });
  const byKey = new Map(players.map((p) => [playerKey(p.nameZh, p.affiliation?.nameZh), p]));
  for (const team of teams) {
    if (teamNames.has(team.nameZh))
      problems.push({ line: team.line, column: 'team_zh', code: 'team_exists', reason: 'a team with this name is already in the event' });
    for (const member of [...team.starters, ...team.reserves]) {
      const p = byKey.get(playerKey(member.nameZh, team.affiliation));
      if (p?.teamMembers.some((m) => m.team.eventId === event.id))
        problems.push({ line: member.line, column: 'name_zh', code: 'in_another_team', reason: 'the player is already in another team of this event' });
      if (event.category === 'women' && member.gender !== 'female')
        problems.push({ line: member.line, column: 'gender', code: 'women_only', reason: "a women's event admits women players only" });
    }
  }
  return { problems: problems.sort((a, b) => a.line - b.line), byKey };
}

/** The affiliation names an import would create (not yet in the tournament), in the order first named. */
async function missingAffiliations(db: Db, tournamentId: string, names: (string | undefined)[]): Promise<string[]> {
  const wanted = [...new Set(names.filter((n): n is string => !!n))];
  const known = new Set((await db.affiliation.findMany({ where: { tournamentId, nameZh: { in: wanted } }, select: { nameZh: true } })).map((a) => a.nameZh));
  return wanted.filter((n) => !known.has(n));
}

function importError(problems: ImportProblem[]) {
  return csvProblems(problems);
}

/** An affiliation created by an import and not named in English yet (its English name is the Chinese one). */
export function affiliationNeedsEnglishName(a: { nameZh: string; nameEn: string }): boolean {
  return a.nameEn === a.nameZh && /[\u3400-\u9fff\uf900-\ufaff]/.test(a.nameZh);
}

interface NewAffiliation {
  id: string;
  nameZh: string;
  nameEn: string;
  englishNameMissing: boolean;
}

async function affiliationIds(tx: Tx, tournamentId: string, names: (string | undefined)[]): Promise<{ ids: Map<string, string>; created: NewAffiliation[] }> {
  const wanted = [...new Set(names.filter((n): n is string => !!n))];
  const ids = new Map<string, string>();
  const created: NewAffiliation[] = [];
  const known = await tx.affiliation.findMany({ where: { tournamentId, nameZh: { in: wanted } } });
  for (const a of known) ids.set(a.nameZh, a.id);
  for (const nameZh of wanted) {
    if (ids.has(nameZh)) continue;
    const a = await tx.affiliation.create({ data: { tournamentId, nameZh, nameEn: nameZh } });
    ids.set(nameZh, a.id);
    created.push({ id: a.id, nameZh: a.nameZh, nameEn: a.nameEn, englishNameMissing: affiliationNeedsEnglishName(a) });
  }
  return { ids, created };
}

/**
 * A CSV the API accepts (2,000,000 characters: ~60,000 players) is written in one transaction in
 * seconds (issue 13 #3: Prisma's default 5 s transaction made ~5,000 rows fail with a 500). The
 * players go in with one INSERT … SELECT FROM unnest(arrays) per BATCH rows: Prisma's
 * createMany(AndReturn) took ~4 s per 5,000 rows here, this takes well under one.
 */
const IMPORT_TRANSACTION = { timeout: 120_000, maxWait: 10_000 };
const BATCH = 20_000;

/** A batch of new players, in the rows' order, as Prisma's Player reads them. */
const INSERT_PLAYERS = typedQuery(
  'insert players',
  {
    id: 'text',
    tournamentId: 'text',
    nameZh: 'text',
    nameEn: 'text',
    gender: oneOf<Gender>('text'),
    affiliationId: 'text?',
    rating: 'int4?',
    title: 'text?',
    federationId: 'text?',
    version: 'int4',
    createdAt: 'timestamp',
    updatedAt: 'timestamp',
  },
  (
    tournamentId: string,
    z: string[],
    e: string[],
    g: string[],
    r: (number | null)[],
    ti: (string | null)[],
    a: (string | null)[],
    f: (string | null)[],
  ) => Prisma.sql`
    INSERT INTO "Player" ("id", "tournamentId", "nameZh", "nameEn", "gender", "rating", "title", "affiliationId", "federationId", "updatedAt")
    SELECT gen_random_uuid(), ${tournamentId}::uuid, z, e, g::"Gender", r, ti, a, f, now()
      FROM unnest(${z}::text[], ${e}::text[], ${g}::text[], ${r}::int[], ${ti}::text[], ${a}::uuid[], ${f}::text[]) WITH ORDINALITY AS u(z, e, g, r, ti, a, f, ord)
     ORDER BY ord
    RETURNING id::text AS id, "tournamentId"::text AS "tournamentId", "nameZh", "nameEn", gender::text AS gender, "affiliationId"::text AS "affiliationId",
              rating, title, "federationId", version, "createdAt", "updatedAt"`,
  [NO_ID, [], [], [], [], [], [], []],
);
type PlayerRowOut = RowOf<typeof INSERT_PLAYERS.columns>;

async function createPlayers(tx: Tx, tournamentId: string, rows: PlayerRow[], affiliations: Map<string, string>): Promise<PlayerRowOut[]> {
  const created: PlayerRowOut[] = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    created.push(
      ...(await INSERT_PLAYERS.rows(
        tx,
        tournamentId,
        batch.map((r) => r.nameZh),
        batch.map((r) => r.nameEn),
        batch.map((r) => r.gender),
        batch.map((r) => r.rating ?? null),
        batch.map((r) => r.title ?? null),
        batch.map((r) => (r.affiliation ? (affiliations.get(r.affiliation) ?? null) : null)),
        batch.map((r) => r.federationId ?? null),
      )),
    );
  }
  return created;
}

function createPlayer(tx: Tx, tournamentId: string, row: PlayerRow, affiliations: Map<string, string>) {
  return tx.player.create({
    data: {
      tournamentId,
      nameZh: row.nameZh,
      nameEn: row.nameEn,
      gender: row.gender,
      rating: row.rating,
      title: row.title,
      federationId: row.federationId ?? null,
      affiliationId: row.affiliation ? affiliations.get(row.affiliation) : undefined,
    },
  });
}
