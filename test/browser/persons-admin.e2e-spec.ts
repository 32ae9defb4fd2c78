// Issue 33 #5 in a real browser: a server administrator reaches the administration page from the
// account page, opens a ban by its link and lifts it with the committee's reason — at 360 px and
// 1280 px, in Chinese and English; screenshots of /admin and /bans/:id before and after.
import { INestApplication } from '@nestjs/common';
import { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { createPrismaClient } from '../support/database';
import { newUser, SWISS_EVENT, TOURNAMENT } from '../e2e/http-helpers';
import { DESKTOP, describeInBrowser, launchBrowser, listeningApp, PHONE, screenshot, sidewaysScroll } from './browser-support';

const PASSWORD = 'correct horse battery';

describeInBrowser('server administration and a ban in Chromium (issue 33)', () => {
  let app: INestApplication;
  let base: string;
  let browser: Browser;
  const prisma = createPrismaClient();
  let admin: { email: string; id: string };
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;

  beforeAll(async () => {
    ({ app, base } = await listeningApp());
    browser = await launchBrowser();
    const http = () => request(app.getHttpServer());
    admin = await newUser(app, 'admin-browser');
    await prisma.user.update({ where: { id: admin.id }, data: { isAdmin: true, displayName: '赛事委员会秘书' } });
    const organizer = await newUser(app, 'ban-browser-org');
    const t = (await http().post('/api/tournaments').set('Authorization', organizer.auth).send(TOURNAMENT).expect(201)).body.id as string;
    const eventId = (await http().post(`/api/tournaments/${t}/events`).set('Authorization', organizer.auth).send(SWISS_EVENT).expect(201)).body.id;
    const today = new Date().toISOString().slice(0, 10);
    const inTwoYears = `${Number(today.slice(0, 4)) + 2}${today.slice(4)}`;
    for (const [zh, en] of [
      ['欧阳禁赛者', 'Ouyang Banned'],
      ['司马停赛者', 'Sima Suspended'],
    ]) {
      const playerId = (
        await http()
          .post(`/api/tournaments/${t}/players`)
          .set('Authorization', organizer.auth)
          .send({ nameZh: `${zh}${tag}`, nameEn: `${en} ${tag}`, gender: 'male', federationId: `BB-${tag}-${en.length}` })
          .expect(201)
      ).body.id as string;
      await http()
        .post(`/api/players/${playerId}/bans`)
        .set('Authorization', organizer.auth)
        .send({ startsOn: today, endsOn: inTwoYears, decision: '经赛区纪律委员会裁定：比赛中使用电子设备，停赛两年（二章8节3）', eventId })
        .expect(201);
    }
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await prisma.$disconnect();
    await app?.close();
  });

  async function logIn(page: Page): Promise<void> {
    await page.goto(`${base}/login`);
    await page.fill('#f-email', admin.email);
    await page.fill('#f-password', PASSWORD);
    await Promise.all([page.waitForNavigation(), page.click('main form button[type=submit]')]);
  }

  for (const [lang, locale, viewport, size] of [
    ['zh', 'zh-CN', PHONE, '360'],
    ['en', 'en-GB', DESKTOP, '1280'],
    ['en', 'en-GB', PHONE, '360'],
    ['zh', 'zh-CN', DESKTOP, '1280'],
  ] as const) {
    it(`from the account page to a ban, lifted with the reason (${lang}, ${size} px)`, async () => {
      const context = await browser.newContext({ viewport, locale });
      const page = await context.newPage();
      await logIn(page);
      await page.goto(`${base}/account?lang=${lang}`);
      await page.click('a.server-admin-link');
      await page.waitForURL(/\/admin/);
      expect(await sidewaysScroll(page)).toBe(0);
      await screenshot(page, `persons-admin-${lang}-${size}`);
      // The first running ban of this test's players.
      const running = page.locator(`table.admin-bans tr.banRunning a.ban-link:has-text("${tag}")`).first();
      const hasRunning = (await running.count()) > 0;
      await (hasRunning ? running : page.locator(`table.admin-bans a.ban-link:has-text("${tag}")`).first()).click();
      await page.waitForURL(/\/bans\//);
      expect(await sidewaysScroll(page)).toBe(0);
      await screenshot(page, `persons-ban-${lang}-${size}`);
      if (hasRunning) {
        await page.fill('textarea[name=reason]', lang === 'en' ? 'Committee review: lifted early' : '纪律委员会复议，提前解除');
        await Promise.all([page.waitForNavigation(), page.click('main form button.danger')]);
        await expect(page.locator('.ban-lifted').textContent()).resolves.toContain('赛事委员会秘书');
        expect(await sidewaysScroll(page)).toBe(0);
        await screenshot(page, `persons-ban-lifted-${lang}-${size}`);
      }
      await context.close();
    });
  }
});
