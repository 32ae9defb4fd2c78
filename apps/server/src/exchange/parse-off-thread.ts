import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { parseStandingsFile } from '@chuhe/standings';

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
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const { parseStandingsFile } = require(workerData.standings);
parentPort.once('message', (text) => {
  let answer;
  try {
    const body = JSON.parse(text);
    answer = JSON.stringify(parseStandingsFile(body && typeof body === 'object' ? body.file : undefined));
  } catch (error) {
    answer = JSON.stringify({ crashed: String((error && error.message) || error) });
  }
  parentPort.postMessage(answer);
});`;

let standingsPath: string | null | undefined;

/** The built @chuhe/standings (dist/index.js), or null when it cannot be found (then the caller parses in place). */
function builtStandings(): string | null {
  if (standingsPath === undefined) {
    try {
      standingsPath = createRequire(__filename).resolve('@chuhe/standings');
      if (!standingsPath.endsWith('.js')) standingsPath = null;
    } catch {
      standingsPath = null;
    }
  }
  return standingsPath;
}

/** parseStandingsFile(body.file) for the body's JSON text, off this thread; null when no worker can run it. */
export async function parseFileOffThread(bodyText: string): Promise<ParsedFile | null> {
  const standings = builtStandings();
  if (!standings) return null;
  const worker = new Worker(WORKER_CODE, { eval: true, workerData: { standings } });
  try {
    const answer = await new Promise<string>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the parsing worker stopped (${code})`)));
      worker.postMessage(bodyText);
    });
    const result = JSON.parse(answer) as ParsedFile | { crashed: string };
    return 'crashed' in result ? null : result;
  } catch {
    return null;
  } finally {
    void worker.terminate();
  }
}
