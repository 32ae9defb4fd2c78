import { INestApplication } from '@nestjs/common';
import { existsSync, mkdirSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Page } from 'playwright-core';
import { startTestApp } from '../e2e/http-helpers';
import { CHROMIUM, launchBrowser } from '../support/chromium';

export { CHROMIUM, launchBrowser };

// CI always has Chromium (.ci/run installs it) and must run the browser tests; a developer's machine
// without it skips them loudly rather than failing the whole `npm test`.
if (!existsSync(CHROMIUM)) {
  if (process.env.CI) throw new Error(`browser tests need Chromium at ${CHROMIUM}`);
  console.warn(`browser tests SKIPPED: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`);
}
export const describeInBrowser = existsSync(CHROMIUM) ? describe : describe.skip;

export const SCREENSHOTS = join(__dirname, '..', 'screenshots');

/** The app listening on a free port of 127.0.0.1, and its base URL. */
export async function listeningApp(): Promise<{ app: INestApplication; base: string }> {
  const app = await startTestApp();
  await app.listen(0, '127.0.0.1');
  return { app, base: `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}` };
}

/** A full-page screenshot in test/screenshots/<name>.png (looked at before a page is called done). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** How far the page scrolls sideways (0 when it fits the viewport). */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth') as Promise<number>;
}

export const PHONE = { width: 360, height: 780 };
export const DESKTOP = { width: 1280, height: 900 };

/**
 * A double click as a hurried hand makes it, on any machine: the server holds the first POST that
 * `matches` (before Express reads it) until a second one arrives, or `ms` — so that the second click
 * always comes while the first post is on its way, even where the first answer would otherwise land
 * before the test's second click. `posts()` counts the matching posts; `release()` lets a held post go
 * and gives the server its own listeners back (in a finally).
 */
export function holdFirstPost(app: INestApplication, matches: (url: string) => boolean, ms = 10_000): { posts(): number; release(): void } {
  type Listener = (req: IncomingMessage, res: ServerResponse) => void;
  const server = app.getHttpServer() as Server;
  const onward = server.listeners('request') as Listener[];
  let posts = 0;
  let held: (() => void) | null = null;
  let timer: NodeJS.Timeout | undefined;
  const letGo = () => {
    clearTimeout(timer);
    const first = held;
    held = null;
    first?.();
  };
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const go = () => onward.forEach((listener) => listener.call(server, req, res));
    if (req.method === 'POST' && matches(req.url ?? '')) {
      posts += 1;
      if (posts === 1) {
        held = go;
        timer = setTimeout(letGo, ms);
        return;
      }
      letGo(); // the first goes on before the second
    }
    go();
  });
  return {
    posts: () => posts,
    release: () => {
      letGo();
      server.removeAllListeners('request');
      for (const listener of onward) server.on('request', listener);
    },
  };
}
