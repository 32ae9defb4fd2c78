import { INestApplication } from '@nestjs/common';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { newUser, TOURNAMENT } from '../e2e/http-helpers';
import { describeInBrowser, DESKTOP, holdFirstPost, launchBrowser, listeningApp, screenshot } from './browser-support';

/** Issue 34 in Chromium: a double click on "add player" stores one player (#7); no log-in from another site (#3). */
const PASSWORD = 'correct horse battery';

describeInBrowser('network: forms in Chromium (issue 34)', () => {
  let app: INestApplication;
  let base: string;
  let browser: Browser;
  let attacker: Server | undefined;

  beforeAll(async () => {
    ({ app, base } = await listeningApp());
    browser = await launchBrowser();
  }, 300_000);
  afterAll(async () => {
    await new Promise((r) => attacker?.close(r));
    await browser?.close();
    await app?.close();
  });

  async function logIn(page: Page, email: string): Promise<void> {
    await page.goto(`${base}/login`);
    await page.fill('#f-email', email);
    await page.fill('#f-password', PASSWORD);
    await Promise.all([page.waitForNavigation(), page.click('main form button[type=submit]')]);
  }

  it('a double click on "add player" stores one player (#7)', async () => {
    const organizer = await newUser(app, 'dblclick');
    const t = await request(app.getHttpServer()).post('/api/tournaments').set('Authorization', organizer.auth).send(TOURNAMENT).expect(201);
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-GB' });
    const page = await context.newPage();
    await logIn(page, organizer.email);
    await page.goto(`${base}/tournaments/${t.body.id}/manage/players`);
    await Promise.all([page.waitForNavigation(), page.click('main a[href$="/manage/players/new"]')]);
    await page.fill('#f-nameZh', '双击');
    await page.fill('#f-nameEn', 'Double Click');
    // Both clicks' posts are counted where they reach the server, the first held there until the second arrives.
    const hold = holdFirstPost(app, (url) => url.endsWith('/manage/players/new'));
    try {
      // Two clicks as a hurried hand makes them: the second while the first post is on its way.
      const button = await page.locator('main form button[type=submit]').boundingBox();
      const x = button!.x + button!.width / 2;
      const y = button!.y + button!.height / 2;
      await page.mouse.click(x, y);
      await page.mouse.click(x, y, { delay: 5 });
      // The first click's navigation is cancelled by the second (the browser shows the second's answer).
      // Read from here (no navigation to wait on: the first one is aborted, and the page's CSP refuses eval).
      for (const until = Date.now() + 30_000; !new URL(page.url()).pathname.endsWith('/manage/players');) {
        if (Date.now() > until) throw new Error(`still at ${page.url()}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      await page.waitForLoadState('load');
    } finally {
      hold.release();
    }
    // Both clicks' posts reached the server; it stored one.
    expect(hold.posts()).toBeGreaterThanOrEqual(2);
    const players = await request(app.getHttpServer()).get(`/api/tournaments/${t.body.id}/players`).set('Authorization', organizer.auth).expect(200);
    expect(players.body.map((p: { nameEn: string }) => p.nameEn)).toEqual(['Double Click']);
    await expect(page.locator('main table').textContent()).resolves.toContain('Double Click');
    await screenshot(page, 'network-double-click-one-player');
    await context.close();
  });

  it("a page on another origin cannot sign the victim's browser in as the attacker (#3)", async () => {
    const mallory = await newUser(app, 'mallory');
    // The attacker's site: another origin (localhost vs 127.0.0.1, another port) posting Mallory's credentials to /login.
    const html = `<!doctype html><html><body><form id="f" method="post" action="${base}/login">
      <input name="email" value="${mallory.email}"><input name="password" value="${PASSWORD}"><input name="next" value="/account">
      </form><script>document.getElementById('f').submit()</script></body></html>`;
    attacker = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end(html));
    await new Promise<void>((r) => attacker!.listen(0, '127.0.0.1', r));
    const evil = `http://localhost:${(attacker.address() as AddressInfo).port}/`;
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-GB' });
    const page = await context.newPage();
    const answer = page.waitForResponse((r) => r.url() === `${base}/login` && r.request().method() === 'POST');
    await page.goto(evil);
    expect((await answer).status()).toBe(403);
    await page.waitForLoadState('load');
    await expect(page.locator('main').textContent()).resolves.toContain('another site');
    await screenshot(page, 'network-login-csrf-refused');
    expect((await context.cookies()).filter((c) => c.name === 'chuhe_session')).toEqual([]);
    // The victim's browser is not signed in: the account page asks to log in.
    await page.goto(`${base}/account`);
    expect(new URL(page.url()).pathname).toBe('/login');
    // Logging in on the site itself works as before.
    await logIn(page, mallory.email);
    expect((await context.cookies()).filter((c) => c.name === 'chuhe_session')).toHaveLength(1);
    await context.close();
  });
});
