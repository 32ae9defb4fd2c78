/**
 * `npm run bench` — runs every test/bench/*.bench.ts in turn (or those named on the command line).
 * Each bench file exports `async function bench(): Promise<void>` and prints its own numbers,
 * always as a ratio against a reference measured in the same run.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

async function runAll(): Promise<void> {
  const only = process.argv.slice(2);
  const files = readdirSync(__dirname)
    .filter((f) => f.endsWith('.bench.ts'))
    // A name runs its own bench (`crowd`: crowd.bench.ts, not reload-crowd.bench.ts too), else every bench whose name holds it.
    .filter((f, _, all) => only.length === 0 || only.some((o) => (all.includes(`${o}.bench.ts`) ? f === `${o}.bench.ts` : f.includes(o))))
    .sort();
  for (const file of files) {
    console.log(`\n=== ${file} ===`);
    const mod = (await import(join(__dirname, file))) as { bench: () => Promise<void> };
    await mod.bench();
  }
}

runAll().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
