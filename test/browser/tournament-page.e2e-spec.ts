import { INestApplication } from '@nestjs/common';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Browser, chromium } from 'playwright-core';
import { createDemoTournament } from '../../apps/server/src/demo/demo-tournament';
import { createPrismaClient, testDatabaseUrl } from '../support/database';
import { startTestApp } from '../e2e/http-helpers';

/** The tournament page in a real browser (Debian's Chromium, installed by .ci/run). */
describe('tournament page in Chromium', () => {
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
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
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
    await expect(sections.count()).resolves.toBe(3);
    const teamRows = sections.nth(0).locator('tbody tr');
    await expect(teamRows.count()).resolves.toBe(12);
    const numbers = await teamRows.locator('td.num').first().allTextContents();
    expect(numbers).toEqual(['1']);
    await page.screenshot({ path: join(tmpdir(), 'chuhe-tournament-zh.png'), fullPage: true });

    await page.click('a.lang');
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
