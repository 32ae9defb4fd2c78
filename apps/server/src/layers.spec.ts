import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The server's floors, bottom to top (issue 29 #6): a folder imports from its own floor or below,
 * never upward — the dictionary and errors at the bottom so every page and every refusal can use
 * them, the page families at the top. Folders on one floor are siblings and may import each other.
 * None runs upward any more (there were 28, then 9; the last ones moved down: the demo account to
 * auth/, same-origin and private answers to auth/, the public URL to common/, clock and nameIn to
 * i18n/words.ts) — a new one fails this test.
 */
const FLOORS: readonly (readonly string[])[] = [
  ['generated', 'types', 'i18n'],
  ['persistence', 'prisma', 'common'],
  ['audit', 'auth', 'health', 'mail'],
  ['tournaments', 'events', 'affiliations'],
  ['play', 'live'],
  [
    'players',
    'persons',
    'teams',
    'entries',
    'imports',
    'results',
    'discipline',
    'standings',
    'lineups',
    'rounds',
    'disputes',
    'appeals',
    'records',
    'exchange',
    'regulations',
    'units',
    'entry-requests',
    'fees',
    'ratings',
    'credentials',
    'check-in',
    'arbiter-sections',
  ],
  ['web'],
  ['pages', 'staff-pages', 'setup-pages', 'player-pages', 'archive'],
  ['demo'],
];

/** Files that are pages wherever they live: page controllers and their view and word helpers. */
const PAGE_FILE = /(pages\.controller|-view|page-words|-pages)\.ts$/;

const SRC = __dirname;
const floorOf = new Map(FLOORS.flatMap((folders, floor) => folders.map((f) => [f, floor] as const)));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'generated' ? [] : sources(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

function upwardImports(): string[] {
  const found: string[] = [];
  for (const file of sources(SRC)) {
    const rel = relative(SRC, file);
    const folder = rel.includes('/') ? rel.split('/')[0] : null;
    if (folder === null) continue; // the root (app.module, create-app, main) assembles everything
    // A capability's page controllers and page helpers live beside its service but are pages.
    const from = PAGE_FILE.test(rel) ? floorOf.get('pages') : floorOf.get(folder);
    if (from === undefined) throw new Error(`${folder}/ is on no floor: add it to FLOORS in layers.spec.ts`);
    for (const m of readFileSync(file, 'utf8').matchAll(/from '\.\.\/([\w-]+)\//g)) {
      const to = floorOf.get(m[1]);
      if (to !== undefined && to > from) found.push(`${rel} → ${m[1]}`);
    }
  }
  return [...new Set(found)].sort();
}

describe('the server’s floors', () => {
  it('no import runs upward', () => {
    expect(upwardImports()).toEqual([]);
  });
});

/**
 * Controllers call services only (issue 29 #3): no controller holds the Prisma client or a query.
 * There were 28, then 20 with 145 `this.prisma` calls; those 20 read through their module's service or a page-data
 * reader beside the views (StaffPageData, SetupPageData, EntryRequestsPageData, FeesPageData,
 * UnitsPageData, RegulationsPageData, RatingsService, PlayerViewService).
 */
describe('controllers call services only', () => {
  it('no controller imports PrismaService or calls this.prisma', () => {
    const offenders = sources(SRC)
      .filter((f) => f.endsWith('controller.ts'))
      .filter((f) => /\bPrismaService\b|this\.prisma\b/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(SRC, f));
    expect(offenders).toEqual([]);
  });
});
