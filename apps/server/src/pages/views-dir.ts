import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** apps/server/views, found from either src/ (tests, tsx) or dist/ (npm start). */
export function viewsDir(): string {
  let dir = __dirname;
  for (let i = 0; i < 8; i++) {
    const candidate = join(dir, 'apps', 'server', 'views');
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  throw new Error(`apps/server/views not found above ${__dirname}`);
}
