import { join } from 'node:path';
import { Page } from 'playwright-core';

export const SHOTS = join(__dirname, '..', 'screenshots');
export const PASSWORD = 'correct horse battery';

/** Collects what should never happen on a page: script errors, 5xx, unexpected 4xx. */
export function watch(page: Page, errors: string[], allowed: number[] = [400, 403, 409]): void {
  page.on('pageerror', (e) => errors.push(`pageerror ${e.message}`));
  page.on(
    'response',
    (r) => r.status() >= 400 && !allowed.includes(r.status()) && !r.url().endsWith('/favicon.ico') && errors.push(`${r.status()} ${r.url()}`),
  );
  page.on('console', (m) => m.type() === 'error' && !/status of (40[0349])/.test(m.text()) && errors.push(`console ${m.text()}`));
}

/** From the home page: the header's "Log in" link, the form, and back logged in. */
export async function logInFromHome(page: Page, base: string, email: string, lang: 'zh' | 'en'): Promise<void> {
  await page.goto(`${base}/?lang=${lang}`);
  await page.click('header a[href^="/login"]');
  await page.waitForSelector('form[action="/login"]');
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', PASSWORD);
  await page.click('form[action="/login"] button[type=submit]');
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

/**
 * The staff member's way to their page: "My tournaments" in the header, then the link to `href`
 * there (issue 20: every staff role finds its work from a page that lists it). No link: the test fails.
 */
export async function viaMyTournaments(page: Page, href: string): Promise<void> {
  await page.click('header a[href="/my"]');
  await page.waitForLoadState('domcontentloaded');
  const link = page.locator(`main a[href^="${href}"]`).first();
  if ((await link.count()) === 0) throw new Error(`My tournaments links no ${href}`);
  await link.click();
  await page.waitForLoadState('domcontentloaded');
}

/** Polls `expr` in the page (waitForFunction compiles its string with eval, which the pages' CSP refuses). */
export async function until(page: Page, expr: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    if (await page.evaluate(expr)) return;
    if (Date.now() > end) throw new Error(`timed out waiting for ${expr}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export async function noSidewaysScroll(page: Page): Promise<number> {
  return (await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')) as number;
}

/** Screenshots at 1280 and 360 px (full page), the same page. */
export async function shoot(page: Page, name: string): Promise<number> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: join(SHOTS, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  const overflow = await noSidewaysScroll(page);
  await page.screenshot({ path: join(SHOTS, `${name}-360.png`), fullPage: true });
  if (size) await page.setViewportSize(size);
  return overflow;
}
