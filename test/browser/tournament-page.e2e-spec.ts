import { INestApplication } from '@nestjs/common';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Browser } from 'playwright-core';
import { describeInBrowser, launchBrowser } from './browser-support';
import { createDemoTournament } from '../../apps/server/src/demo/demo-tournament';
import { createPrismaClient, testDatabaseUrl } from '../support/database';
import { startTestApp } from '../e2e/http-helpers';

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
    browser = await launchBrowser();
  }, 300_000);

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
    // team, open, women, youth Swiss → knockout, 5+2, and the youth open still taking entries (issue 31)
    await expect(sections.count()).resolves.toBe(6);
    await expect(sections.locator('h3').allTextContents()).resolves.toContainEqual(expect.stringContaining('青少年公开赛（报名中）'));
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
  }, 300_000);

  it('lists the tournament on the home page with a working link', async () => {
    const page = await browser.newPage({ locale: 'en-US' });
    await page.goto(`${base}/`);
    await page.click(`a[href^="/tournaments/${tournamentId}"]`);
    await expect(page.locator('h1').textContent()).resolves.toContain('Asian Xiangqi Championships');
  }, 300_000);
});
