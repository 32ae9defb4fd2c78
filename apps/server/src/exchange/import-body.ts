import type { IncomingMessage } from 'node:http';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { codedProblems, DomainError } from '../common/errors';
import { flattenValidationErrors, inputProblems, type FieldProblem } from '../common/validation';
import { ImportOptionsDto } from './exchange.dto';

/**
 * The tournament-file import reads its body itself (issue 23 #5). A file of 10,000 entries is
 * 1–2 MB of JSON: parsed by the global JSON body parser, walked whole by the validation pipe's
 * input checks and copied whole by class-transformer, it held the event loop for a few hundred
 * milliseconds in one piece — no health check, page or static file was served meanwhile. So
 * create-app.ts hands this route's body over as text, and here it is parsed once and checked in
 * pieces (the same checks as common/validation.ts inputProblems, entry by entry, pairing by
 * pairing), giving the event loop back between pieces.
 */

/** POST /api/tournaments/:tournamentId/tournament-file: its body is read as text (create-app.ts). */
export function isTournamentFileImport(req: IncomingMessage): boolean {
  return req.method === 'POST' && /^\/api\/tournaments\/[^/?#]+\/tournament-file\/?(?:[?#]|$)/.test(req.url ?? '');
}

/** Lets the event loop serve what is waiting (other requests, health checks) before going on. */
export function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** How many array items are checked between two yields. */
const ITEMS_PER_SLICE = 500;

/** How deep the checks go piece by piece (body → file → rounds → round → pairings); below, inputProblems takes a piece whole. */
const SLICED_DEPTH = 5;

/**
 * inputProblems (NUL, lone surrogates, numbers beyond int4, nesting) over `value`, piece by piece
 * with yields: objects and arrays down to SLICED_DEPTH are walked here, what lies below is one
 * piece (an entry, a pairing). The nesting limit counts from each piece, so it allows at most
 * SLICED_DEPTH levels more than the global pipe's — still far from what overflowed a stack.
 */
async function inputProblemsInSlices(value: unknown, path: string, depth = 0, counter = { n: 0 }): Promise<FieldProblem[]> {
  if (!value || typeof value !== 'object' || depth >= SLICED_DEPTH) {
    if (++counter.n % ITEMS_PER_SLICE === 0) await yieldToLoop();
    return inputProblems(value, path);
  }
  const problems: FieldProblem[] = [];
  const items = Array.isArray(value) ? value.map((x, i) => [String(i), x] as const) : Object.entries(value);
  for (const [key, child] of items) {
    if (/[\u0000]|[\ud800-\udfff]/.test(key))
      problems.push({ field: path, reason: 'a key contains the NUL character or a lone surrogate', code: 'input.bad_key' });
    problems.push(...(await inputProblemsInSlices(child, path ? `${path}.${key}` : key, depth + 1, counter)));
    if (problems.length >= 20) break;
  }
  return problems;
}

/** The import's body — JSON text (or an object, when parsed elsewhere) — as the file and the new event's options; 400 naming the field. */
export async function readImportBody(body: unknown): Promise<{ file: Record<string, unknown>; options: ImportOptionsDto; text?: string }> {
  let value = body;
  if (typeof body === 'string') {
    // The validation pipe has just run over the text: the parse starts in a tick of its own.
    await yieldToLoop();
    try {
      value = JSON.parse(body);
    } catch (error) {
      throw new DomainError('body.not_json', { field: 'body', detail: error instanceof Error ? error.message : String(error) }, 'body');
    }
    await yieldToLoop();
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new DomainError('body.not_object', { field: 'body' }, 'body');
  const { file, ...rest } = value as Record<string, unknown>;
  const problems = await inputProblemsInSlices(value, '');
  if (problems.length) throw codedProblems(problems.map((p) => ({ ...p, field: p.field || 'body', code: p.code ?? 'input.not_allowed' })));
  const options = plainToInstance(ImportOptionsDto, rest);
  const errors = flattenValidationErrors(validateSync(options, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true }));
  if (file === undefined) errors.push({ field: 'file', reason: 'file is required', code: 'input.required' });
  else if (!file || typeof file !== 'object' || Array.isArray(file)) errors.push({ field: 'file', reason: 'file must be an object', code: 'input.not_object' });
  if (errors.length) throw codedProblems(errors.map((p) => ({ ...p, code: p.code ?? 'input.not_allowed' })));
  return { file: file as Record<string, unknown>, options, ...(typeof body === 'string' ? { text: body } : {}) };
}
