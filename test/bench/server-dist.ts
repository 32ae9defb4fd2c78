// The server as the benches run it: the build's JavaScript (dist/, `npm run bench` builds first),
// which carries the decorator metadata NestJS and Swagger read — tsx, which runs the benches,
// compiles TypeScript without it, and Swagger then refuses every DTO property without an explicit
// type. Typed by the sources.
import type * as AccessScope from '../../apps/server/src/auth/tournament-scope.service';
import type * as CreateApp from '../../apps/server/src/create-app';
import type * as SanctionFile from '../../apps/server/src/play/sanction-file';
import type * as Migrate from '../../apps/server/src/persistence/migrate';
import type * as Cache from '../../apps/server/src/play/event-cache';
import type * as EventFileModule from '../../apps/server/src/play/event-file';
import type * as Loader from '../../apps/server/src/play/event-loader';
import type * as Version from '../../apps/server/src/play/event-version';
import type * as Prisma from '../../apps/server/src/prisma/prisma.service';
import type * as Results from '../../apps/server/src/results/results.service';
import type * as BulkInsert from '../../apps/server/src/rounds/bulk-insert';
import type * as RoundPlan from '../../apps/server/src/rounds/round-plan';
import type * as Standings from '../../apps/server/src/standings/standings.service';

function built<T>(path: string): T {
  return require(`../../dist/apps/server/src/${path}`) as T;
}

export const { createApp } = built<typeof CreateApp>('create-app');
export const { applyMigrations } = built<typeof Migrate>('persistence/migrate');
export const { PrismaService } = built<typeof Prisma>('prisma/prisma.service');
export type PrismaService = Prisma.PrismaService;
export const { TournamentScopeService } = built<typeof AccessScope>('auth/tournament-scope.service');
export const { ResultsService } = built<typeof Results>('results/results.service');
export const { eventFile } = built<typeof EventFileModule>('play/event-file');
export const { loadEntries, loadEventPlay } = built<typeof Loader>('play/event-loader');
export const { checkDraft } = built<typeof RoundPlan>('rounds/round-plan');
export const { insertDraftRound } = built<typeof BulkInsert>('rounds/bulk-insert');
export const { fileSanctions } = built<typeof SanctionFile>('play/sanction-file');
export const { EventCache } = built<typeof Cache>('play/event-cache');
export type EventCache = Cache.EventCache;
export const { eventVersions } = built<typeof Version>('play/event-version');
export const { StandingsService } = built<typeof Standings>('standings/standings.service');
export type StandingsService = Standings.StandingsService;
