import { INestApplication } from '@nestjs/common';
import { Browser } from 'playwright-core';
import { describeInBrowser, DESKTOP, launchBrowser, listeningApp, PHONE, screenshot, sidewaysScroll } from './browser-support';

/** Issue 20 #1 in Chromium, by links, buttons and forms only: sign up, log out, log in, change password. */
describeInBrowser('account pages in Chromium', () => {
  let app: INestApplication;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    ({ app, base } = await listeningApp());
    browser = await launchBrowser();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  for (const [size, viewport] of [
    ['1280', DESKTOP],
    ['360', PHONE],
  ] as const) {
    it(`signs up, is refused beside the field, logs out, logs in again and changes the password (${size} px)`, async () => {
      const context = await browser.newContext({ viewport, locale: size === '360' ? 'zh-CN' : 'en-GB' });
      const page = await context.newPage();
      const email = `browser-${size}-${Date.now()}@test.chuhe`;
      await page.goto(base + '/');
      await page.click('header.site >> a[href^="/login"]');
      await page.waitForURL(/\/login/);
      expect(await sidewaysScroll(page)).toBe(0);
      await screenshot(page, `account-login-${size}`);
      await page.click('main a[href^="/signup"]');
      await page.fill('#f-email', email);
      await page.fill('#f-displayName', size === '360' ? '手机裁判' : 'Phone arbiter');
      await page.fill('#f-password', '1234567890');
      await page.click('main button[type=submit]');
      // The password rule refuses it beside its field; what was typed is kept.
      await expect(page.locator('#f-password-error').textContent()).resolves.toMatch(/\S/);
      await expect(page.locator('#f-email').inputValue()).resolves.toBe(email);
      await screenshot(page, `account-signup-refused-${size}`);
      await page.fill('#f-password', 'a long and fine passphrase');
      await page.click('main button[type=submit]');
      await page.waitForURL(/\/my$/);
      await page.click('header.site a.brand');
      await expect(page.locator('header.site .account-link').textContent()).resolves.toContain(size === '360' ? '手机裁判' : 'Phone arbiter');
      // A new tab of the same browser is logged in too (the cookie, not one tab's storage).
      const second = await context.newPage();
      await second.goto(base + '/');
      await expect(second.locator('header.site a[href="/my"]').count()).resolves.toBe(1);
      await second.close();

      await page.goto(base + '/');
      await page.click('header.site button:has-text("' + (size === '360' ? '退出登录' : 'Log out') + '")');
      await page.waitForURL(base + '/');
      await expect(page.locator('.flash').count()).resolves.toBe(1);
      await expect(page.locator('header.site a[href="/my"]').count()).resolves.toBe(0);

      await page.click('header.site >> a[href^="/login"]');
      await page.fill('#f-email', email);
      await page.fill('#f-password', 'a long and fine passphrase');
      await page.click('main button[type=submit]');
      await page.waitForLoadState('load');
      await page.click('header.site .account-link');
      await page.waitForURL(/\/account/);
      await page.fill('#f-currentPassword', 'a long and fine passphrase');
      await page.fill('#f-newPassword', 'another long passphrase');
      await page.click('form[action="/account/password"] button');
      await page.waitForURL(/\/account$/);
      await expect(page.locator('.flash').textContent()).resolves.toMatch(/\S/);
      expect(await sidewaysScroll(page)).toBe(0);
      await screenshot(page, `account-changed-${size}`);
      await context.close();
    }, 300_000);
  }
});
