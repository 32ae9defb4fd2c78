import type { DatabaseStatus } from './embedded-database';

/**
 * The process's embedded database supervisor, for /api/health (main.ts registers it; with
 * DATABASE_URL, or in tests, there is none and health only asks the database itself).
 */
let source: (() => DatabaseStatus) | undefined;

export function registerDatabaseStatus(status: (() => DatabaseStatus) | undefined): void {
  source = status;
}

export function embeddedDatabaseStatus(): DatabaseStatus | undefined {
  return source?.();
}
