import { personFields, type HeldTitle } from '../pages/person-name';
import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { chineseIn, type Language } from '../i18n/i18n';
import { typedQuery } from '../persistence/typed-sql';
import { pick } from '../pages/event-pages';
import { PrismaService } from '../prisma/prisma.service';

/**
 * The archive (issue 33 #6): the home page as a calendar of the public tournaments — upcoming, in
 * play, finished — and a search across them by player, event, unit and year. Links are by id
 * (/tournaments/:id, /persons/:id), so they stay good whatever the registry does later: a merged
 * person's link redirects to the survivor.
 */
const TOURNAMENT_SEARCH = typedQuery(
  'archive tournaments',
  { id: 'text', nameZh: 'text', nameEn: 'text', venue: 'text', startDate: 'timestamp', endDate: 'timestamp' },
  (pattern: string, year: number) => Prisma.sql`
    SELECT t.id::text AS id, t."nameZh", t."nameEn", t.venue, t."startDate"::timestamp AS "startDate", t."endDate"::timestamp AS "endDate"
    FROM "Tournament" t
    WHERE t."publishedAt" IS NOT NULL
      AND (${year}::int = 0 OR EXTRACT(YEAR FROM t."startDate") = ${year}::int)
      AND (${pattern}::text = '%%'
        OR t."nameZh" ILIKE ${pattern} OR t."nameEn" ILIKE ${pattern} OR t.venue ILIKE ${pattern}
        OR EXISTS (SELECT 1 FROM "Event" e WHERE e."tournamentId" = t.id AND (e."nameZh" ILIKE ${pattern} OR e."nameEn" ILIKE ${pattern}))
        OR EXISTS (SELECT 1 FROM "Affiliation" a WHERE a."tournamentId" = t.id AND (a."nameZh" ILIKE ${pattern} OR a."nameEn" ILIKE ${pattern})))
    ORDER BY t."startDate" DESC, t.id
    LIMIT 100`,
  ['%x%', 0],
);

/**
 * Persons by any part of either name: the two ILIKEs are served by the trigram GIN indexes on
 * Person.nameZh / nameEn (a BitmapOr of two index scans, test/e2e/archive-search-plan.e2e-spec.ts)
 * for a query of three characters or more — a shorter one has no trigram and PostgreSQL scans. Units
 * are searched through the tournaments' affiliations (TOURNAMENT_SEARCH), not here: an unindexed
 * column in the OR would make every name search a scan of all persons.
 */
export const PERSON_SEARCH = typedQuery(
  'archive persons',
  { id: 'text', nameZh: 'text', nameEn: 'text', unitZh: 'text?', unitEn: 'text?' },
  (pattern: string, year: number) => Prisma.sql`
    SELECT p.id::text AS id, p."nameZh", p."nameEn", p."unitZh", p."unitEn"
    FROM "Person" p
    WHERE p."mergedIntoId" IS NULL
      AND (p."nameZh" ILIKE ${pattern} OR p."nameEn" ILIKE ${pattern})
      AND EXISTS (SELECT 1 FROM "Player" x JOIN "Tournament" t ON t.id = x."tournamentId"
                  WHERE x."personId" = p.id AND t."publishedAt" IS NOT NULL AND (${year}::int = 0 OR EXTRACT(YEAR FROM t."startDate") = ${year}::int))
    ORDER BY p."nameZh", p.id
    LIMIT 100`,
  ['%x%', 0],
);

const TOURNAMENT_YEARS = typedQuery(
  'archive years',
  { year: 'int4' },
  () => Prisma.sql`
    SELECT DISTINCT EXTRACT(YEAR FROM "startDate")::int AS year FROM "Tournament" WHERE "publishedAt" IS NOT NULL ORDER BY 1 DESC`,
  [],
);

export interface CalendarItem {
  id: string;
  name: string;
  otherName: string;
  venue: string;
  dates: string;
  href: string;
}

@Injectable()
export class ArchiveService {
  constructor(private readonly prisma: PrismaService) {}

  /** A tournament page's tournament: its events (oldest first) with their entries' names. */
  tournamentPage(id: string) {
    return this.prisma.tournament.findUnique({
      where: { id },
      include: {
        events: {
          orderBy: { createdAt: 'asc' },
          include: {
            entries: {
              include: {
                player: { include: { affiliation: true } },
                team: { include: { affiliation: true, members: { include: { player: true } } } },
              },
            },
          },
        },
      },
    });
  }

  /** The public tournaments by state on `today` (a calendar day, UTC), or those the search finds. */
  async calendar(language: Language, query: { q?: string; year?: number }, today = new Date()) {
    const q = (query.q ?? '').trim().slice(0, 100);
    const year = query.year && query.year > 1900 && query.year < 3000 ? query.year : 0;
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const [tournaments, persons, years] = await Promise.all([
      TOURNAMENT_SEARCH.rows(this.prisma, pattern, year),
      q ? PERSON_SEARCH.rows(this.prisma, pattern, year) : Promise.resolve([]),
      TOURNAMENT_YEARS.rows(this.prisma),
    ]);
    // The titles the found persons hold (issue 33 #4), one query for the page's ≤100 persons.
    const held = new Map<string, HeldTitle[]>();
    if (persons.length > 0)
      for (const t of await this.prisma.personTitle.findMany({
        where: { personId: { in: persons.map((p) => p.id) } },
        select: { personId: true, titleZh: true, titleEn: true },
        orderBy: [{ awardedAt: 'asc' }, { id: 'asc' }],
      }))
        held.set(t.personId, [...(held.get(t.personId) ?? []), { titleZh: t.titleZh, titleEn: t.titleEn }]);
    const day = today.toISOString().slice(0, 10);
    const item = (t: (typeof tournaments)[number]): CalendarItem => ({
      id: t.id,
      name: pick(t, language),
      otherName: language === 'en' ? chineseIn(language, t.nameZh) : t.nameEn,
      venue: chineseIn(language, t.venue),
      dates: dateRange(t.startDate, t.endDate),
      href: `/tournaments/${t.id}?lang=${language}`,
    });
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    const upcoming = tournaments.filter((t) => iso(t.startDate) > day).reverse();
    const inPlay = tournaments.filter((t) => iso(t.startDate) <= day && iso(t.endDate) >= day);
    const finished = tournaments.filter((t) => iso(t.endDate) < day);
    return {
      q,
      year,
      years: years.map((y) => ({ year: y.year, selected: y.year === year })),
      searched: !!q || !!year,
      upcoming: upcoming.map(item),
      inPlay: inPlay.map(item),
      finished: finished.map(item),
      persons: persons.map((p) => ({
        name: pick(p, language),
        otherName: language === 'en' ? chineseIn(language, p.nameZh) : p.nameEn,
        nameView: { primary: pick(p, language), ...personFields({ personId: p.id, held: held.get(p.id) }, language) },
        unit: p.unitZh ? pick({ nameZh: p.unitZh, nameEn: p.unitEn ?? p.unitZh }, language) : '',
        href: `/persons/${p.id}?lang=${language}`,
      })),
    };
  }
}

function dateRange(start: Date, end: Date): string {
  const s = start.toISOString().slice(0, 10);
  const e = end.toISOString().slice(0, 10);
  return s === e ? s : `${s} – ${e}`;
}
