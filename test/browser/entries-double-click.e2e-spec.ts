import { INestApplication } from '@nestjs/common';
import { Browser } from 'playwright-core';
import request from 'supertest';
import { newUser, SWISS_EVENT, TOURNAMENT } from '../e2e/http-helpers';
import { newDelegate, newUnit, openRegistration } from '../e2e/entries-helpers';
import { describeInBrowser, holdFirstPost, launchBrowser, listeningApp, PHONE, screenshot } from './browser-support';
import { logInFromHome, viaMyTournaments, watch } from './staff-helpers';

/**
 * Issue 34 #7 on issue 31's delegate form, in Chromium: a delegate with a quota of one double-clicks
 * "enter" on a phone. Both posts reach the server; it makes one request and answers the second with
 * the first one's answer — the unit's page with the one entry, not "over the quota" or "entered twice".
 */
describeInBrowser('a double click on a delegate’s entry (issues 31, 34 #7)', () => {
  let app: INestApplication;
  let base: string;
  let browser: Browser;
  const errors: string[] = [];

  beforeAll(async () => {
    ({ app, base } = await listeningApp());
    browser = await launchBrowser();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('one entry request, and the page shows it submitted', async () => {
    const http = () => request(app.getHttpServer());
    const organizer = await newUser(app, 'dbl-org');
    const t = (await http().post('/api/tournaments').set('Authorization', organizer.auth).send(TOURNAMENT).expect(201)).body.id as string;
    const ev = (await http().post(`/api/tournaments/${t}/events`).set('Authorization', organizer.auth).send(SWISS_EVENT).expect(201)).body;
    await openRegistration(app, organizer.auth, t);
    const unit = await newUnit(app, organizer.auth, t, '文莱', 'Brunei');
    await http().put(`/api/events/${ev.id}/quotas/${unit}`).set('Authorization', organizer.auth).send({ quota: 1 }).expect(200);
    const delegate = await newDelegate(app, organizer.auth, t, unit, 'dbl-delegate');

    const context = await browser.newContext({ viewport: PHONE, locale: 'zh-CN' });
    const page = await context.newPage();
    watch(page, errors);
    await logInFromHome(page, base, delegate.email, 'zh');
    await viaMyTournaments(page, `/tournaments/${t}/unit`);
    const section = `#event-${ev.id}`;
    await page.click(`${section} summary`);
    await page.fill(`${section} input[name=nameZh]`, '文双');
    await page.fill(`${section} input[name=nameEn]`, 'Wen Shuang');
    await page.selectOption(`${section} select[name=gender]`, 'male');
    await page.fill(`${section} input[name=birthYear]`, '1996');
    // Both clicks' posts are counted where they reach the server, the first held there until the second arrives.
    const hold = holdFirstPost(app, (url) => url.includes(`/events/${ev.id}/unit-entries`));
    // Two clicks as a hurried hand makes them: the second while the first post is on its way.
    const submitButton = page.locator(`${section} form button[type=submit]`);
    await submitButton.scrollIntoViewIfNeeded();
    const button = (await submitButton.boundingBox())!;
    const x = button.x + button.width / 2;
    const y = button.y + button.height / 2;
    // The page is already the unit's: wait for the redirect's GET of it, which follows the posts' answer.
    const reloaded = page.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname === `/tournaments/${t}/unit`, { timeout: 60_000 });
    await page.mouse.click(x, y);
    await page.mouse.click(x, y, { delay: 5 });
    // The browser shows the second post's answer: the replayed redirect to the unit's page.
    await reloaded;
    await page.waitForLoadState('load');
    hold.release();
    expect(hold.posts()).toBeGreaterThanOrEqual(2);
    const requests = (await http().get(`/api/events/${ev.id}/entry-requests`).set('Authorization', organizer.auth).expect(200)).body as unknown[];
    expect(requests).toHaveLength(1);
    // No refusal (over the quota, entered twice) anywhere, and the first answer's message is replayed with
    // the second (the browser dropped the first answer, which set it).
    await expect(page.locator('main').textContent()).resolves.not.toMatch(/名额为 1，已用 1|已经报名/);
    await expect(page.locator('body').textContent()).resolves.toContain('报名已提交，等待审核');
    await expect(page.locator(`${section} .form-error`).count()).resolves.toBe(0);
    await expect(page.locator(section).textContent()).resolves.toContain('名额 1，已用 1，剩余 0');
    await screenshot(page, 'entries-double-click-zh-360');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
