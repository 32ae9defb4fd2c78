// Issue 35 in Chromium: the chief arbiter opens "Arbiters' tables" from the console, gives an
// arbiter tables 1–3 (a reversed run is refused beside its field, in the page's language); the
// arbiter, logged in from the home page, finds their result sheet opened on those tables and
// reaches the others by a link. Screenshots at 1280 and 360 px in zh and en.
import { INestApplication } from '@nestjs/common';
import { Browser } from 'playwright-core';
import { scenario, pairAndPublish, type Scenario } from '../e2e/scenario';
import { describeInBrowser, launchBrowser, listeningApp } from './browser-support';
import { logInFromHome, noSidewaysScroll, shoot, viaMyTournaments, watch } from './staff-helpers';

describeInBrowser('arbiters’ sections of tables in Chromium (issue 35, 三章4B)', () => {
  let app: INestApplication;
  let base: string;
  let browser: Browser;
  let play: Scenario;
  let roundId: string;
  const errors: string[] = [];

  beforeAll(async () => {
    ({ app, base } = await listeningApp());
    browser = await launchBrowser();
    play = await scenario(app, { players: 12, roles: ['chief_arbiter', 'arbiter'] });
    roundId = (await pairAndPublish(app, play)).id;
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('the chief arbiter gives tables 1–3 from the console; a reversed run is refused beside its field', async () => {
    const page = await browser.newPage({ locale: 'zh-CN' });
    watch(page, errors);
    await logInFromHome(page, base, play.users.chief_arbiter.email, 'zh');
    await viaMyTournaments(page, `/events/${play.eventId}/console`);
    await page.click('#arbiter-sections');
    await page.waitForSelector('#sections');
    await expect(page.locator('h1').textContent()).resolves.toBe('裁判员分工（台次）');
    await expect(page.locator('#coverage').textContent()).resolves.toContain('第 1 轮无人负责的台次：1–6');

    const row = page.locator(`tr[data-user="${play.users.arbiter.id}"]`);
    await row.locator('input[name=firstTable]').fill('5');
    await row.locator('input[name=lastTable]').fill('2');
    await row.locator('button.primary').click();
    await page.waitForSelector('.section-form .error');
    await expect(row.locator('.error').first().textContent()).resolves.toBe('末台号不能小于首台号');

    await row.locator('input[name=firstTable]').fill('1');
    await row.locator('input[name=lastTable]').fill('3');
    await row.locator('button.primary').click();
    await page.waitForURL((u) => u.pathname.endsWith('/arbiter-sections'));
    await expect(row.locator('td.range').textContent()).resolves.toBe('第1–3台');
    await expect(page.locator('#coverage').textContent()).resolves.toContain('4–6');
    expect(await noSidewaysScroll(page)).toBe(0);
    await shoot(page, 'arbiter-sections-zh');
    await page.goto(`${base}/events/${play.eventId}/arbiter-sections?lang=en`);
    await expect(page.locator('h1').textContent()).resolves.toBe("Arbiters' tables");
    await shoot(page, 'arbiter-sections-en');
    await page.close();
  }, 300_000);

  it("the arbiter's result sheet opens on their tables; the others are one link away", async () => {
    const page = await browser.newPage({ locale: 'en-US' });
    watch(page, errors);
    await logInFromHome(page, base, play.users.arbiter.email, 'en');
    await viaMyTournaments(page, `/rounds/${roundId}/results`);
    await page.waitForSelector('#sheet-sections');
    await expect(page.locator('#sheet-sections [aria-current=page]').textContent()).resolves.toBe('Yours: tables 1–3');
    await expect(page.locator('tr[data-game]').count()).resolves.toBe(3);
    await page.click('#sheet-sections a[href$="tables=all"]');
    await page.waitForURL(/tables=all/);
    await expect(page.locator('tr[data-game]').count()).resolves.toBe(6);
    await shoot(page, 'arbiter-sections-sheet-en');
    // Read-only for the arbiter: the sections page has no forms.
    await page.click('#arbiter-sections-link');
    await page.waitForSelector('#sections');
    await expect(page.locator('.section-form').count()).resolves.toBe(0);
    await expect(page.locator('td.range').first().textContent()).resolves.toBe('tables 1–3');
    await page.close();
    expect(errors).toEqual([]);
  }, 300_000);
});
