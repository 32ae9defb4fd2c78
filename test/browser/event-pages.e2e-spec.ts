import { INestApplication } from '@nestjs/common';
import { mkdirSync, readFileSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Browser, Page } from 'playwright-core';
import { describeInBrowser, launchBrowser } from './browser-support';
import { createDemoTournament } from '../../apps/server/src/demo/demo-tournament';
import { demoIncidents, playDemo } from '../../apps/server/src/demo/demo-play';
import { createPrismaClient, testDatabaseUrl } from '../support/database';
import { startTestApp } from '../e2e/http-helpers';

/** Where the run leaves a screenshot of every page type (README: "Screenshots"). */
export const SCREENSHOTS = join(__dirname, '..', 'screenshots');
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The public event pages in a real browser on the demo tournament, played part of the way
 * through the server's services: every page type in Chinese and English, no horizontal page
 * scroll at 360 px, print media on A4, and no violations axe-core finds.
 */
describeInBrowser('public event pages in Chromium', () => {
  let app: INestApplication;
  let browser: Browser;
  let base: string;
  const pages: { name: string; path: string; expect: string }[] = [];
  const prisma = createPrismaClient(testDatabaseUrl());

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    app = await startTestApp();
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    const tournamentId = await createDemoTournament(prisma);
    await playDemo(app, tournamentId);
    await demoIncidents(app, tournamentId);
    const events = await prisma.event.findMany({ where: { tournamentId }, orderBy: { createdAt: 'asc' } });
    const [team, open, women, ko] = events;
    const teamEntry = await prisma.entry.findFirstOrThrow({ where: { eventId: team.id, drawNumber: 1 } });
    const openEntry = await prisma.entry.findFirstOrThrow({ where: { eventId: open.id, drawNumber: 1 } });
    const match = await prisma.pairing.findFirstOrThrow({ where: { round: { eventId: team.id, number: 1 }, blackEntryId: { not: null } } });
    pages.push(
      { name: 'tournament', path: `/tournaments/${tournamentId}`, expect: 'section.event' },
      { name: 'event', path: `/events/${open.id}`, expect: 'table.schedule' },
      { name: 'pairings', path: `/events/${open.id}/rounds/1`, expect: 'table.pairings' },
      { name: 'pairings-team', path: `/events/${team.id}/rounds/2`, expect: 'table.pairings' },
      { name: 'standings', path: `/events/${open.id}/standings`, expect: 'table.standings' },
      { name: 'standings-team', path: `/events/${team.id}/standings`, expect: 'table.standings' },
      { name: 'crosstable', path: `/events/${women.id}/crosstable`, expect: 'table.crosstable' },
      { name: 'rank-table', path: `/events/${open.id}/crosstable`, expect: 'table.rank-table' },
      { name: 'player', path: `/events/${open.id}/entries/${openEntry.id}`, expect: 'svg.rank-chart' },
      { name: 'match-card', path: `/pairings/${match.id}`, expect: 'table.match-card' },
      { name: 'team-report', path: `/events/${team.id}/teams`, expect: 'table.player-records' },
      { name: 'appeal-decisions', path: `/events/${open.id}/appeal-decisions`, expect: 'main h1' },
      // Issue 21: the knockout chain's hub (its schedule as cards at 360 px) and final places; a team's card (its boards' games).
      { name: 'event-knockout', path: `/events/${ko.id}`, expect: 'table.schedule' },
      { name: 'standings-knockout', path: `/events/${ko.id}/standings`, expect: 'table.places' },
      { name: 'team-entry', path: `/events/${team.id}/entries/${teamEntry.id}`, expect: '.board-games a.game-link' },
    );
    browser = await launchBrowser();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await prisma.$disconnect();
    await app?.close();
  });

  async function open(page: Page, path: string, lang: 'zh' | 'en') {
    const res = await page.goto(`${base}${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
    expect(res?.status()).toBe(200);
  }

  it('renders every page type in Chinese and English, with names in both scripts', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      for (const p of pages) {
        await open(page, p.path, lang);
        expect({ page: p.name, found: await page.locator(p.expect).count() }).toEqual({ page: p.name, found: expect.any(Number) });
        expect(await page.locator(p.expect).count()).toBeGreaterThan(0);
        await expect(page.locator('html').getAttribute('lang')).resolves.toBe(lang === 'en' ? 'en' : 'zh-Hans');
        await page.screenshot({ path: join(SCREENSHOTS, `${p.name}-${lang}.png`), fullPage: true });
        // Issue 21: at 1280 px every column of the standings is in view (none scrolled out of its box).
        if (p.path.endsWith('/standings')) {
          const hidden = (await page.evaluate(
            "[...document.querySelectorAll('table.main-standings')].map((t) => t.parentElement.scrollWidth - t.parentElement.clientWidth)",
          )) as number[];
          expect({ page: p.name, lang, hidden }).toEqual({ page: p.name, lang, hidden: hidden.map(() => 0) });
        }
      }
      await page.close();
    }
    const page = await browser.newPage();
    await open(page, pages.find((p) => p.name === 'pairings')!.path, 'en');
    // The other script beside the page's: English names first, Chinese after.
    const alt = await page.locator('table.pairings .alt').first().textContent();
    expect(alt).toMatch(/[\u4e00-\u9fff]/);
    await page.close();
  }, 180_000);

  it('links every game to the viewer: a player’s card, a team match card’s boards, a team’s card (issue 25)', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    for (const name of ['player', 'match-card', 'team-entry']) {
      await open(page, pages.find((p) => p.name === name)!.path, 'en');
      const link = page.locator('a.game-link').first();
      const href = (await link.getAttribute('href'))!;
      expect(href).toMatch(/^\/games\/[0-9a-f-]{36}\?lang=en$/);
      await link.click();
      await page.waitForURL((u) => u.pathname.startsWith('/games/'));
      expect(await page.locator('#viewer-board, main h1').count()).toBeGreaterThan(0);
      await page.screenshot({ path: join(SCREENSHOTS, `game-from-${name}-360.png`), fullPage: true });
    }
    // The knockout chain's final places in the library's order, worded from its reasons.
    await open(page, pages.find((p) => p.name === 'standings-knockout')!.path, 'en');
    const places = await page.locator('table.places tbody td.num').allTextContents();
    expect(places.slice(0, 4)).toEqual(['1', '2', '=3', '=3']);
    expect(await page.locator('table.places tbody td.why').first().textContent()).toBe('won the final of the knockout');
    await page.close();
  }, 300_000);

  it('has no horizontal page scroll at 360 px on any page; wide tables scroll in their own box', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    for (const p of pages) {
      await open(page, p.path, 'zh');
      const { scroll, client } = (await page.evaluate('({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth })')) as {
        scroll: number;
        client: number;
      };
      expect({ page: p.name, scroll }).toEqual({ page: p.name, scroll: client });
      await page.screenshot({ path: join(SCREENSHOTS, `${p.name}-360.png`), fullPage: true });
    }
    await page.close();
  }, 180_000);

  it('a phone shows the standings compact, the tie-breaks one tap away (issue 30 #6)', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    for (const lang of ['zh', 'en'] as const) {
      await open(page, pages.find((p) => p.name === 'standings')!.path, lang);
      const firstCrit = page.locator('table.main-standings tbody td.crit').first();
      await expect(firstCrit.isVisible()).resolves.toBe(false);
      await expect(page.locator('table.main-standings tbody td.strong').first().isVisible()).resolves.toBe(true);
      // Rank, number, name and points fit the phone: nothing scrolls sideways in the table's box.
      const overflow = (await page.evaluate(
        "(() => { const w = document.querySelector('table.main-standings').parentElement; return w.scrollWidth - w.clientWidth; })()",
      )) as number;
      expect(overflow).toBe(0);
      await page.screenshot({ path: join(SCREENSHOTS, `standings-compact-${lang}-360.png`), fullPage: true });
      await page.click('label[for="show-tiebreaks"]');
      await expect(firstCrit.isVisible()).resolves.toBe(true);
      await expect(page.locator('table.main-standings tbody td.why').first().isVisible()).resolves.toBe(true);
      await page.screenshot({ path: join(SCREENSHOTS, `standings-tiebreaks-${lang}-360.png`), fullPage: true });
    }
    await page.close();
  }, 180_000);

  it('prints on A4 without the navigation, with the event and round on the page', async () => {
    const page = await browser.newPage({ viewport: { width: 794, height: 1123 } });
    await page.emulateMedia({ media: 'print' });
    for (const name of ['pairings', 'match-card', 'standings', 'crosstable']) {
      const p = pages.find((x) => x.name === name)!;
      await open(page, p.path, 'zh');
      await expect(page.locator('header.site').isVisible()).resolves.toBe(false);
      await expect(page.locator('nav.event-nav').isVisible()).resolves.toBe(false);
      await expect(page.locator('.print-header').isVisible()).resolves.toBe(true);
      await page.screenshot({ path: join(SCREENSHOTS, `${name}-print.png`), fullPage: true });
    }
    await page.close();
  }, 300_000);

  it('has no accessibility violations axe-core finds', async () => {
    // The pages' CSP allows no inline script: axe is injected with CSP bypassed for the check only.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    const found: string[] = [];
    for (const p of pages) {
      await open(page, p.path, 'en');
      await page.addScriptTag({ content: AXE });
      const violations = (await page.evaluate(
        'axe.run({ resultTypes: ["violations"] }).then((r) => r.violations.map((v) => v.id + " (" + v.nodes.length + ": " + (v.nodes[0] ? v.nodes[0].target.join(" ") : "") + ")"))',
      )) as string[];
      for (const v of violations) found.push(`${p.name}: ${v}`);
    }
    expect(found).toEqual([]);
    await context.close();
  }, 180_000);
});
