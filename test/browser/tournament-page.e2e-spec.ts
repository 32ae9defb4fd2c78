import { INestApplication } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Browser, chromium } from 'playwright-core';
import { createDemoTournament } from '../../apps/server/src/demo/demo-tournament';
import { createPrismaClient, testDatabaseUrl } from '../support/database';
import { startTestApp } from '../e2e/http-helpers';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// CI always has Chromium (.ci/run installs it) and must run these tests; a developer's machine
// without it skips them loudly rather than failing the whole `npm test`.
if (!existsSync(CHROMIUM)) {
  if (process.env.CI) throw new Error(`browser tests need Chromium at ${CHROMIUM}`);
  console.warn(`browser tests SKIPPED: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`);
}
const describeInBrowser = existsSync(CHROMIUM) ? describe : describe.skip;

/** The tournament page in a real browser (Debian's Chromium, installed by .ci/run). */
describeInBrowser('tournament page in Chromium', () => {
  let app: INestApplication;
  let browser: Browser;
  let base: string;
  let tournamentId: string;
  const prisma = createPrismaClient(testDatabaseUrl());

  beforeAll(async () => {
    app = await startTestApp();
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    tournamentId = await createDemoTournament(prisma);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await prisma.$disconnect();
    await app?.close();
  });

  it('shows the events and entries, switches language by the link, and renders the draw numbers', async () => {
    const page = await browser.newPage({ locale: 'zh-CN' });
    await page.goto(`${base}/tournaments/${tournamentId}`);
    await expect(page.locator('h1').textContent()).resolves.toContain('亚洲象棋锦标赛');
    const sections = page.locator('section.event');
    await expect(sections.count()).resolves.toBe(5); // team, open, women, youth Swiss → knockout, 5+2
    const teamRows = sections.nth(0).locator('tbody tr');
    await expect(teamRows.count()).resolves.toBe(12);
    const numbers = await teamRows.locator('td.num').first().allTextContents();
    expect(numbers).toEqual(['1']);
    await page.screenshot({ path: join(tmpdir(), 'chuhe-tournament-zh.png'), fullPage: true });

    await page.click('a.lang[hreflang="en"]');
    await page.waitForURL(/lang=en/);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
    await expect(page.locator('section.event h3').first().textContent()).resolves.toContain("Men's team championship");
    await expect(page.locator('section.event').nth(1).locator('tbody tr').count()).resolves.toBe(40);
    await page.screenshot({ path: join(tmpdir(), 'chuhe-tournament-en.png'), fullPage: true });
  }, 60_000);

  it('lists the tournament on the home page with a working link', async () => {
    const page = await browser.newPage({ locale: 'en-US' });
    await page.goto(`${base}/`);
    await page.click(`a[href^="/tournaments/${tournamentId}"]`);
    await expect(page.locator('h1').textContent()).resolves.toContain('Asian Xiangqi Championships');
  }, 60_000);
});
