import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { parseStandingsFile } from '@chuhe/standings';
import { yieldToLoop } from './import-body';

export type ParsedFile = ReturnType<typeof parseStandingsFile>;

/**
 * libs/standings parseStandingsFile of a large file, on a worker thread (issue 23 #5). It is the
 * one piece of an import that cannot be cut into slices (a single library call over the whole
 * file): on a 10,000-entry file it held the event loop for 60–120 ms. The worker gets the body's
 * JSON text (a string crosses threads as a copy of its bytes) and answers with the result as JSON
 * text, which this thread reads with one JSON.parse (~15 ms for such a file).
 *
 * The worker is code, not a file, so that it runs the same from the sources (tests) and from dist:
 * it loads the library's built JavaScript, located with Node's own resolver (createRequire).
 */
/** Entries or pairings per JSON slice of the worker's answer. */
const SLICE = 1000;

const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const { parseStandingsFile } = require(workerData.standings);
const SLICE = ${SLICE};
const slices = (list) => { const out = []; for (let i = 0; i < list.length; i += SLICE) out.push(JSON.stringify(list.slice(i, i + SLICE))); return out; };
parentPort.once('message', (text) => {
  let answer;
  try {
    const body = JSON.parse(text);
    const result = parseStandingsFile(body && typeof body === 'object' ? body.file : undefined);
    if (!result.ok) answer = { head: JSON.stringify(result) };
    else {
      // The big lists travel as slices, each read by its own JSON.parse on the other side.
      const { entries, rounds, ...tournament } = result.value.tournament;
      answer = {
        head: JSON.stringify({ ok: true, value: { tournament: { ...tournament, entries: [], rounds: [] }, options: result.value.options } }),
        entries: slices(entries),
        rounds: rounds.map(({ pairings, ...round }) => ({ head: JSON.stringify(round), pairings: slices(pairings) })),
      };
    }
  } catch (error) {
    answer = { crashed: String((error && error.message) || error) };
  }
  parentPort.postMessage(answer);
});`;

type Answer = { head: string; entries?: string[]; rounds?: { head: string; pairings: string[] }[] } | { crashed: string };

/** The worker's answer read slice by slice, the event loop given back between slices. */
async function readAnswer(answer: Answer): Promise<ParsedFile | null> {
  if ('crashed' in answer) return null;
  const result = JSON.parse(answer.head) as ParsedFile;
  if (!result.ok) return result;
  const t = result.value.tournament;
  for (const slice of answer.entries ?? []) {
    await yieldToLoop();
    t.entries.push(...(JSON.parse(slice) as typeof t.entries));
  }
  for (const r of answer.rounds ?? []) {
    const round = { ...(JSON.parse(r.head) as Omit<(typeof t.rounds)[number], 'pairings'>), pairings: [] as (typeof t.rounds)[number]['pairings'] };
    for (const slice of r.pairings) {
      await yieldToLoop();
      round.pairings.push(...(JSON.parse(slice) as typeof round.pairings));
    }
    t.rounds.push(round);
  }
  return result;
}

let standingsPath: string | null | undefined;

/**
 * The built @chuhe/standings (its exports' `default`, dist/index.js), or null when it cannot be
 * found (then the caller parses in place). Found from the package.json beside what the resolver
 * gives: under Jest the resolver answers the TypeScript source (the `@chuhe/source` condition),
 * which a worker cannot load.
 */
function builtStandings(): string | null {
  if (standingsPath !== undefined) return standingsPath;
  standingsPath = null;
  try {
    let dir = dirname(createRequire(__filename).resolve('@chuhe/standings'));
    for (let up = 0; up < 4; up++, dir = dirname(dir)) {
      const manifest = join(dir, 'package.json');
      if (!existsSync(manifest)) continue;
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; exports?: { '.'?: { default?: string } } };
      const built = pkg.name === '@chuhe/standings' && pkg.exports?.['.']?.default ? join(dir, pkg.exports['.'].default) : null;
      if (built && existsSync(built)) standingsPath = built;
      break;
    }
  } catch {
    standingsPath = null;
  }
  return standingsPath;
}

/** parseStandingsFile(body.file) for the body's JSON text, off this thread; null when no worker can run it. */
export async function parseFileOffThread(bodyText: string): Promise<ParsedFile | null> {
  const standings = process.env.CHUHE_IMPORT_WORKER === '0' ? null : builtStandings();
  if (!standings) return null;
  const worker = new Worker(WORKER_CODE, { eval: true, workerData: { standings } });
  try {
    const answer = await new Promise<Answer>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the parsing worker stopped (${code})`)));
      worker.postMessage(bodyText);
    });
    return await readAnswer(answer);
  } catch {
    return null;
  } finally {
    void worker.terminate();
  }
}
