import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import type { Tournament } from '@chuhe/tournament';
import { NAME_PATTERN } from '../common/dto-fields';
import { flattenValidationErrors } from '../common/validation';
import { StageDto } from '../events/event.dto';

/**
 * A tournament file held to the API's own limits (issue 23 #5): what the file would create must be
 * what the DTOs would accept — a player's names 100 characters each (players/player.dto.ts), a
 * team's and an affiliation's 200 (teams/team.dto.ts, affiliations/affiliation.dto.ts), an event's
 * 200 (events/event.dto.ts), no control characters in a name (issue 23 #8), ratings 0–4000, seeds
 * 1–1000, stages as StageDto — and what one request can write in its time: at most
 * `maxEntries` entries (CHUHE_IMPORT_MAX_ENTRIES, default 20,000). Every problem names its JSON
 * path ($.entries[3].name …).
 */

export type Problem = { path: string; message: string };

export const DEFAULT_MAX_ENTRIES = 20_000;

/** The entry cap: CHUHE_IMPORT_MAX_ENTRIES when set to a positive whole number, else 20,000. */
export function maxImportEntries(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.CHUHE_IMPORT_MAX_ENTRIES);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_MAX_ENTRIES;
}

export const PLAYER_NAME_MAX = 100;
export const TEAM_NAME_MAX = 200;
export const AFFILIATION_MAX = 200;
export const EVENT_NAME_MAX = 200;
/** A sanction's note: the API's 1000 characters, with the detail the export puts before it. */
export const SANCTION_NOTE_MAX = 1200;

/**
 * Checks on the raw file before it is read at all: the entry cap (so that a file too large for one
 * request is refused before any work) and the stage chain's shape (a stage that is not an object
 * once answered 500).
 */
export function rawLimitProblems(json: unknown, maxEntries: number): Problem[] {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return [];
  const file = json as { entries?: unknown; options?: unknown };
  if (Array.isArray(file.entries) && file.entries.length > maxEntries) {
    return [
      {
        path: '$.entries',
        message: `${file.entries.length} entries: an import takes ${maxEntries} entries at most (CHUHE_IMPORT_MAX_ENTRIES), so that it finishes within the request's time — split the file or raise the limit`,
      },
    ];
  }
  const options = file.options as { pairingSystem?: unknown; stages?: unknown } | undefined;
  if (!options || typeof options !== 'object' || (options.stages === undefined && options.pairingSystem !== 'stage-chain')) return [];
  return stageProblems(options.stages);
}

/** options.stages as the events API takes Event.stages: an array of StageDto. */
function stageProblems(stages: unknown): Problem[] {
  if (!Array.isArray(stages) || stages.length === 0)
    return [{ path: '$.options.stages', message: 'must be a non-empty array of stages ({ type, rounds?, groups?, qualifiers? })' }];
  // events/event.dto.ts: ArrayMaxSize(4).
  if (stages.length > 4) return [{ path: '$.options.stages', message: 'at most 4 stages (as the events API takes them)' }];
  const problems: Problem[] = [];
  stages.forEach((stage, i) => {
    const at = `$.options.stages[${i}]`;
    if (!stage || typeof stage !== 'object' || Array.isArray(stage)) {
      problems.push({ path: at, message: `must be a stage object ({ type, … }), not ${JSON.stringify(stage)}` });
      return;
    }
    const errors = validateSync(plainToInstance(StageDto, stage), { whitelist: true, forbidNonWhitelisted: true });
    for (const p of flattenValidationErrors(errors)) problems.push({ path: `${at}.${p.field}`, message: p.reason });
  });
  return problems;
}

/** A name as the API takes it: at most `max` characters, no control characters. */
export function nameProblem(value: string, max: number): string | null {
  if (!NAME_PATTERN.test(value)) return 'must not contain control characters (line breaks, tabs …)';
  if ([...value].length > max) return `must be at most ${max} characters`;
  return null;
}

/** Limits on one entry of the file as read (libs/standings parseStandingsFile): names, rating, seed. */
export function entryLimitProblems(
  e: Tournament['entries'][number],
  i: number,
  team: boolean,
  split: (name: string | undefined, fallback: string) => { nameZh: string; nameEn: string },
): Problem[] {
  const problems: Problem[] = [];
  const checkSplit = (value: string | undefined, path: string, max: number) => {
    if (value === undefined) return;
    if (!NAME_PATTERN.test(value)) return problems.push({ path, message: 'must not contain control characters (line breaks, tabs …)' });
    const { nameZh, nameEn } = split(value, '');
    if ([...nameZh].length > max || [...nameEn].length > max)
      problems.push({ path, message: `the Chinese and the English name (split at the first space) must be at most ${max} characters each` });
  };
  checkSplit(e.name, `$.entries[${i}].name`, team ? TEAM_NAME_MAX : PLAYER_NAME_MAX);
  if (e.affiliation !== undefined) {
    const p = nameProblem(e.affiliation, AFFILIATION_MAX);
    if (p) problems.push({ path: `$.entries[${i}].affiliation`, message: `the affiliation ${p}` });
  }
  if (e.rating !== undefined && (!Number.isInteger(e.rating) || e.rating < 0 || e.rating > 4000))
    problems.push({ path: `$.entries[${i}].rating`, message: 'must be a whole number from 0 to 4000' });
  if (e.seed !== undefined && (!Number.isInteger(e.seed) || e.seed < 1 || e.seed > 1000))
    problems.push({ path: `$.entries[${i}].seed`, message: 'must be a whole number from 1 to 1000' });
  e.members?.forEach((m, k) => checkSplit(m.name, `$.entries[${i}].members[${k}].name`, PLAYER_NAME_MAX));
  return problems;
}
