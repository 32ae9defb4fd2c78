import { INestApplication } from '@nestjs/common';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Browser, BrowserContext, Page } from 'playwright-core';
import { untranslatedWords } from '../../apps/server/src/i18n/untranslated';
import { describeInBrowser, DESKTOP, launchBrowser, listeningApp, PHONE, screenshot, sidewaysScroll } from './browser-support';

/**
 * Issue 20 #2–7 in Chromium, from the home page by links, buttons and forms only: an organizer signs
 * up, creates a tournament and a 16-player individual Swiss (players by CSV upload, previewed
 * first), enters them, draws, invites an arbiter and a captain (the links copied from the page), and
 * the two accept their invitations and find their work on My tournaments.
 */
const PASSWORD = 'a long and fine passphrase';
const AFFILIATIONS = ['马来西亚', '新加坡', '越南', '泰国'];
const playersCsv = (bad: boolean) =>
  [
    'name_zh,name_en,gender,affiliation,rating,title',
    ...Array.from(
      { length: 16 },
      (_, i) => `棋手${i + 1},Player ${i + 1},${bad && i === 4 ? 'x' : i % 3 === 0 ? '女' : 'male'},${AFFILIATIONS[i % 4]},${2400 - i * 10},`,
    ),
  ].join('\n') + '\n';
const TEAMS_CSV = [
  'team_zh,team_en,affiliation,role,board,name_zh,name_en,gender,rating,title',
  '马来西亚队,Malaysia,马来西亚,starter,1,队员甲,Member A,male,2300,',
  '马来西亚队,Malaysia,马来西亚,starter,2,队员乙,Member B,male,2250,',
  '马来西亚队,Malaysia,马来西亚,starter,3,队员丙,Member C,male,2200,',
  '新加坡队,Singapore,新加坡,starter,1,队员丁,Member D,male,2280,',
  '新加坡队,Singapore,新加坡,starter,2,队员戊,Member E,male,2240,',
  '新加坡队,Singapore,新加坡,starter,3,队员己,Member F,male,2190,',
].join('\n');

describeInBrowser('organizer setup pages in Chromium', () => {
  let app: INestApplication;
  let base: string;
  let browser: Browser;
  const dir = mkdtempSync(join(tmpdir(), 'chuhe-setup-'));

  beforeAll(async () => {
    ({ app, base } = await listeningApp());
    browser = await launchBrowser();
    writeFileSync(join(dir, 'players-bad.csv'), playersCsv(true));
    writeFileSync(join(dir, 'players.csv'), playersCsv(false));
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function submit(page: Page, formSelector: string) {
    await Promise.all([page.waitForLoadState('load'), page.click(`${formSelector} button[type=submit]`)]);
  }

  async function signUp(page: Page, email: string, name: string) {
    await page.fill('#f-email', email);
    await page.fill('#f-displayName', name);
    await page.fill('#f-password', PASSWORD);
    await Promise.all([page.waitForNavigation(), page.click('main form button[type=submit]')]);
  }

  /** The invitee opens the link, signs up from the invitation page, comes back, accepts. */
  async function accept(context: BrowserContext, link: string, email: string, name: string) {
    const page = await context.newPage();
    await page.goto(link);
    await expect(page.locator('main .lead').textContent()).resolves.toMatch(/Setup Open|设置公开赛/);
    await page.click('main a[href^="/signup"]');
    await signUp(page, email, name);
    expect(new URL(page.url()).pathname).toMatch(/^\/invitations\//);
    await Promise.all([page.waitForNavigation(), page.click('main form button[type=submit]')]);
    return page;
  }

  it('an organizer sets up a 16-player Swiss from the home page, invites an arbiter and a captain, who accept (1280 px)', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-GB', timezoneId: 'Asia/Kuala_Lumpur' });
    const page = await context.newPage();
    const email = `organizer-${Date.now()}@test.chuhe`;

    // Home → Log in → Sign up → My tournaments (empty) → New tournament.
    await page.goto(base + '/');
    await page.click('header.site >> a[href^="/login"]');
    await page.click('main a[href^="/signup"]');
    await signUp(page, email, 'Organizer');
    await page.click('header.site a[href="/my"]');
    await page.waitForURL(/\/my$/);
    await page.click('main a[href="/my/new-tournament"]');
    await page.waitForURL(/\/my\/new-tournament$/);
    // The time zone is offered from the browser's.
    await expect(page.locator('#f-timeZone').inputValue()).resolves.toBe('Asia/Kuala_Lumpur');
    await page.fill('#f-nameZh', '设置公开赛');
    await page.fill('#f-nameEn', 'Setup Open');
    await page.fill('#f-venue', 'Kuala Lumpur');
    await page.fill('#f-startDate', '2026-12-10');
    await page.fill('#f-endDate', '2026-12-08');
    await page.fill('#f-organizer', 'AXF');
    await submit(page, 'main form.stacked');
    // Refused beside the field, the values kept.
    await expect(page.locator('#f-endDate-error').textContent()).resolves.toMatch(/startDate/);
    await expect(page.locator('#f-nameEn').inputValue()).resolves.toBe('Setup Open');
    await page.fill('#f-endDate', '2026-12-14');
    await submit(page, 'main form.stacked');
    await page.waitForURL(/\/tournaments\/[0-9a-f-]+\/manage$/);
    const tournamentUrl = page.url();
    await expect(page.locator('.flash').count()).resolves.toBe(1);

    // Publish.
    await submit(page, 'form[action$="/manage/publish"]');
    await expect(page.locator('main .badge').first().textContent()).resolves.toBe('listed');

    // Players by CSV upload: a bad file is previewed with its problem by line and column, nothing written.
    await page.click('main a[href$="/manage/players"]');
    await page.click('main a[href$="/manage/players/import"]');
    await page.setInputFiles('#f-csvFile', join(dir, 'players-bad.csv'));
    await submit(page, 'main form[enctype="multipart/form-data"]');
    await expect(page.locator('table.problems tbody tr').count()).resolves.toBe(1);
    await expect(page.locator('table.problems tbody td').nth(0).textContent()).resolves.toBe('6');
    await expect(page.locator('table.problems tbody td').nth(1).textContent()).resolves.toBe('gender');
    await expect(page.locator('form input[name=step][value=import]').count()).resolves.toBe(0);
    await screenshot(page, 'setup-import-problems-1280');
    await page.setInputFiles('#f-csvFile', join(dir, 'players.csv'));
    await submit(page, 'main form[enctype="multipart/form-data"]');
    await expect(page.locator('.preview h2').textContent()).resolves.toContain('16');
    await expect(page.locator('.preview .flag-note').textContent()).resolves.toContain('马来西亚');
    await expect(page.locator('.preview .flag').count()).resolves.toBe(16);
    await screenshot(page, 'setup-import-preview-1280');
    await submit(page, 'form:has(input[name=step][value=import])');
    await page.waitForURL(/\/manage\/players$/);
    await expect(page.locator('.flash').textContent()).resolves.toContain('16');
    await expect(page.locator('table.list tbody tr').count()).resolves.toBe(16);
    // Search in either script.
    await page.fill('#q', '棋手1');
    await submit(page, 'form.search');
    await expect(page.locator('table.list tbody tr').count()).resolves.toBe(8); // 棋手1, 棋手10–16
    await page.fill('#q', 'player 7');
    await submit(page, 'form.search');
    await expect(page.locator('table.list tbody tr').count()).resolves.toBe(1);
    await screenshot(page, 'setup-players-1280');

    // The event: an individual Swiss of 7 rounds from the presets.
    await page.goto(tournamentUrl);
    await page.click('main a[href$="/manage/events/new"] >> nth=0');
    await page.fill('#f-nameZh', '男子个人赛');
    await page.fill('#f-nameEn', 'Open individual');
    await page.selectOption('#f-preset', 'individual_swiss');
    await page.fill('#f-stages-0-rounds', '');
    await submit(page, 'main form.stacked');
    await expect(page.locator('#f-stages-0-rounds-error').textContent()).resolves.toMatch(/rounds/);
    await page.fill('#f-stages-0-rounds', '7');
    await page.selectOption('#f-pairingOptions-sameAffiliation', 'round1');
    await screenshot(page, 'setup-event-form-1280');
    await submit(page, 'main form.stacked');
    await page.waitForURL(/\/manage\/events\/[0-9a-f-]+$/);
    await expect(page.locator('ol.chain li').first().textContent()).resolves.toContain('二章6节3');
    await screenshot(page, 'setup-event-1280');

    // Entries: all 16 in one step.
    await page.click('main a[href$="/entries"]');
    await submit(page, 'main form:has(button[value=all])');
    await expect(page.locator('.flash').textContent()).resolves.toContain('16');
    await expect(page.locator('table.entries tbody tr').count()).resolves.toBe(16);

    // Draw, then a redraw that asks first.
    await page.click('main a[href$="/draw"] >> nth=0');
    await page.fill('#f-seed', 'browser-lot');
    await submit(page, 'main form.stacked');
    await expect(page.locator('.flash').textContent()).resolves.toContain('browser-lot');
    const numbers = await page.locator('table.numbers tbody td:first-child').allTextContents();
    expect(numbers).toEqual(Array.from({ length: 16 }, (_, i) => String(i + 1)));
    await submit(page, 'main form.stacked');
    await expect(page.locator('#f-confirmRedraw-error').count()).resolves.toBe(1);
    await page.check('#f-confirmRedraw');
    await submit(page, 'main form.stacked');
    await expect(page.locator('.flash').count()).resolves.toBe(1);
    await screenshot(page, 'setup-draw-1280');

    // A team event and its teams by the team CSV (pasted), so that a captain has a team.
    await page.goto(tournamentUrl);
    await page.click('main a[href$="/manage/events/new"] >> nth=0');
    await page.fill('#f-nameZh', '团体赛');
    await page.fill('#f-nameEn', 'Team event');
    await page.selectOption('#f-preset', 'team_swiss');
    await page.fill('#f-stages-0-rounds', '5');
    await submit(page, 'main form.stacked');
    await page.waitForURL(/\/manage\/events\/[0-9a-f-]+$/);
    await page.click('main a[href$="/teams"]');
    await page.click('main a[href$="/teams/import"]');
    await page.fill('#f-csv', TEAMS_CSV);
    await submit(page, 'main form[enctype="multipart/form-data"]');
    await expect(page.locator('.preview h2').textContent()).resolves.toContain('2');
    await submit(page, 'form:has(input[name=step][value=import])');
    await page.waitForURL(/\/teams$/);
    await expect(page.locator('table.list tbody tr').count()).resolves.toBe(2);

    // Staff: invite an arbiter and a captain; each link is shown once, copied from the page.
    await page.goto(tournamentUrl);
    await page.click('main a[href$="/manage/staff"]');
    await page.fill('#f-email', 'arbiter@test.chuhe');
    await page.selectOption('#f-role', 'arbiter');
    await submit(page, 'main form.stacked');
    const arbiterLink = await page.locator('#invitation-link').inputValue();
    expect(arbiterLink).toMatch(/\/invitations\/[A-Za-z0-9_-]{20,}$/);
    await page.click('button.copy-button');
    await screenshot(page, 'setup-staff-link-1280');
    await page.fill('#f-email', 'captain@test.chuhe');
    await page.selectOption('#f-role', 'team_captain');
    await page.selectOption('#f-teamId', { index: 1 });
    await submit(page, 'main form.stacked');
    const captainLink = await page.locator('#invitation-link').inputValue();
    expect(captainLink).not.toBe(arbiterLink);
    await page.reload();
    // Shown once: a reload shows no link, the invitations are pending.
    await expect(page.locator('#invitation-link').count()).resolves.toBe(0);
    await expect(page.locator('table.list td:text-is("arbiter@test.chuhe")').count()).resolves.toBe(1);

    // The arbiter and the captain accept, each in their own browser.
    const arbiterContext = await browser.newContext({ viewport: DESKTOP, locale: 'en-GB' });
    const arbiterPage = await accept(arbiterContext, arbiterLink, `arbiter-${Date.now()}@test.chuhe`, 'Arbiter');
    await arbiterPage.waitForURL(/\/my$/);
    await expect(arbiterPage.locator('main .role h3').allTextContents()).resolves.toEqual(['Arbiter']);
    await screenshot(arbiterPage, 'setup-my-arbiter-1280');
    await arbiterContext.close();
    const captainContext = await browser.newContext({ viewport: DESKTOP, locale: 'en-GB' });
    const captainPage = await accept(captainContext, captainLink, `captain-${Date.now()}@test.chuhe`, 'Captain');
    await captainPage.waitForURL(/\/my$/);
    await expect(captainPage.locator('main .role h3').allTextContents()).resolves.toEqual(['Team captain']);
    // The same link again: used.
    await captainPage.goto(captainLink);
    await expect(captainPage.locator('main .warning').count()).resolves.toBe(1);
    await captainContext.close();

    // The organizer's staff page lists them; My tournaments leads to every page of the role.
    await page.reload();
    await expect(page.locator('main table.list').last().locator('tbody tr').count()).resolves.toBe(3);
    await screenshot(page, 'setup-staff-1280');
    await page.click('header.site a[href="/my"]');
    await expect(page.locator('main .work a[href$="/console"]').count()).resolves.toBe(2);
    await screenshot(page, 'setup-my-1280');
    expect(await sidewaysScroll(page)).toBe(0);

    // The same pages at 360 px, in Chinese: reached by links, no sideways scroll.
    const phone = await browser.newContext({ viewport: PHONE, locale: 'zh-CN' });
    const mobile = await phone.newPage();
    await mobile.goto(base + '/');
    await mobile.click('header.site >> a[href^="/login"]');
    await mobile.fill('#f-email', email);
    await mobile.fill('#f-password', PASSWORD);
    await Promise.all([mobile.waitForNavigation(), mobile.click('main form button[type=submit]')]);
    await mobile.waitForURL(/\/my$/);
    expect(await sidewaysScroll(mobile)).toBe(0);
    await screenshot(mobile, 'setup-my-360');
    await mobile.click('main .work a[href$="/manage"]');
    expect(await sidewaysScroll(mobile)).toBe(0);
    await screenshot(mobile, 'setup-overview-360');
    for (const [link, name] of [
      ['a[href$="/manage/players"]', 'players'],
      ['a[href$="/manage/staff"]', 'staff'],
    ] as const) {
      await mobile.click(`main ${link}`);
      expect(await sidewaysScroll(mobile)).toBe(0);
      await screenshot(mobile, `setup-${name}-360`);
      await mobile.goBack();
    }
    // A bad CSV on the Chinese page: the problem says which line, which column and why, in Chinese (issue 30 #5).
    const overview = mobile.url();
    await mobile.click('main a[href$="/manage/players"]');
    await mobile.click('main a[href$="/manage/players/import"]');
    await mobile.setInputFiles('#f-csvFile', join(dir, 'players-bad.csv'));
    await submit(mobile, 'main form[enctype="multipart/form-data"]');
    const problem = mobile.locator('table.problems tbody tr').first();
    await expect(problem.locator('td').allTextContents()).resolves.toEqual(['6', '性别', '只能是 男 或 女']);
    expect(untranslatedWords(await mobile.locator('table.problems').innerText())).toEqual([]);
    await screenshot(mobile, 'setup-import-problems-zh-360');
    expect(await sidewaysScroll(mobile)).toBe(0);
    await mobile.goto(overview);
    await mobile.click('main table.list a[href^="/manage/events/"] >> nth=0');
    expect(await sidewaysScroll(mobile)).toBe(0);
    await screenshot(mobile, 'setup-event-360');
    await mobile.click('main a[href$="/entries"]');
    expect(await sidewaysScroll(mobile)).toBe(0);
    await screenshot(mobile, 'setup-entries-360');
    await mobile.click('main a[href$="/draw"] >> nth=0');
    expect(await sidewaysScroll(mobile)).toBe(0);
    await screenshot(mobile, 'setup-draw-360');
    await mobile.goBack();
    // Withdraw one, asked first, then undo the mistake.
    await mobile.click('main table.entries a[href$="/withdraw"] >> nth=0');
    await mobile.fill('#f-reason', '误操作');
    await screenshot(mobile, 'setup-withdraw-360');
    await submit(mobile, 'main form.stacked');
    await expect(mobile.locator('table.entries tr.withdrawn').count()).resolves.toBe(1);
    await mobile.click('main table.entries a[href$="/undo-withdrawal"]');
    await submit(mobile, 'main form.stacked');
    await expect(mobile.locator('table.entries tr.withdrawn').count()).resolves.toBe(0);
    await screenshot(mobile, 'setup-entries-after-undo-360');
    await phone.close();
    await context.close();
  }, 240_000);
});
