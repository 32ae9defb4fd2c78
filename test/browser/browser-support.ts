import { INestApplication } from '@nestjs/common';
import { existsSync, mkdirSync } from 'node:fs';
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
