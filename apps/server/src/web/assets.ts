import hbs from 'hbs';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** htmx, served from its npm package at /static/vendor/<name>. Live updates have their own client (client/live.ts). */
export const VENDOR_SCRIPTS: Record<string, string> = {
  'htmx.min.js': require.resolve('htmx.org/dist/htmx.min.js'),
};

/** dist/client: where scripts/build-client.js bundles apps/server/client/*.ts (found from src/ or dist/). */
export function clientBundleDir(): string {
  let dir = __dirname;
  for (let i = 0; i < 8; i++) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'apps', 'server'))) return join(dir, 'dist', 'client');
    dir = dirname(dir);
  }
  return join(process.cwd(), 'dist', 'client');
}

/**
 * Every .hbs file under views/partials as the partial `{{> name}}` (`{{> setup/entry-row}}` in a
 * folder), read synchronously at start-up (hbs.registerPartials reads them asynchronously, after
 * the first render may already have happened).
 */
export function registerViewPartials(views: string): void {
  const root = join(views, 'partials');
  if (!existsSync(root)) return;
  for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.hbs')) continue;
    const name = relative(root, join(root, file)).replace(/\\/g, '/').slice(0, -'.hbs'.length);
    hbs.registerPartial(name, readFileSync(join(root, file), 'utf8'));
  }
}
