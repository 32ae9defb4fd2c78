import { INestApplication } from '@nestjs/common';
import { Browser } from 'playwright-core';
import request from 'supertest';
import { publishTournament } from '../e2e/live-helpers';
import { nextRound, Play, playEvent, putResult, RoundBody } from '../e2e/results-helpers';
import { SWISS_EVENT } from '../e2e/http-helpers';
import { describeInBrowser, launchBrowser, listeningApp, PHONE, screenshot } from './browser-support';
import { until, watch } from './staff-helpers';

/**
 * Issue 35, in Chromium: a public round page stays open while results come in. The first result
 * reaches it as a whole frame, the next ones as patches of the lines that changed (live/page-patch.ts,
 * client/lib/page-patch.ts); after each the page reads as the same page fetched anew, it was never
 * reloaded, and it never fetched itself (the frames carried everything).
 */
describeInBrowser('a public page updated live by whole frames and patches (issue 35)', () => {
  let app: INestApplication;
  let base: string;
  let browser: Browser;
  let play: Play;
  let round: RoundBody;
  const errors: string[] = [];

  beforeAll(async () => {
    ({ app, base } = await listeningApp());
    browser = await launchBrowser();
    play = await playEvent(app, SWISS_EVENT, 8);
    round = await nextRound(app, play);
    await publishTournament(app, play);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('three results: the page shows each, as a fresh fetch shows it, without reloading or fetching itself', async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'en-GB' });
    const page = await context.newPage();
    watch(page, errors);
    const url = `${base}/events/${play.eventId}/rounds/${round.number}?lang=en`;
    await page.goto(url);
    await page.waitForSelector('body[data-live="on"]');
    let selfFetches = 0;
    page.on('request', (r) => r.url() === url && r.resourceType() === 'fetch' && selfFetches++);
    const fresh = await context.newPage();
    const text = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
    const game = { ...round.pairings[0].games[0] };
    for (const result of ['draw', 'red_win', 'black_win']) {
      const res = await putResult(app, play.organizer.auth, game, { result });
      expect(res.status).toBe(200);
      game.version = (res.body as { game: { version: number } }).game.version;
      // The version the page now carries: its ETag's.
      const etag = String((await request(app.getHttpServer()).get(`/events/${play.eventId}/rounds/${round.number}?lang=en`)).headers.etag);
      const version = /^W\/"([^."]+)\./.exec(etag)![1];
      await until(page, `document.body.getAttribute('data-live-version') === ${JSON.stringify(version)}`);
      await fresh.goto(url);
      expect(text(await page.locator('main').textContent())).toBe(text(await fresh.locator('main').textContent()));
    }
    expect(await page.evaluate('performance.getEntriesByType("navigation").length')).toBe(1);
    expect(selfFetches).toBe(0);
    await screenshot(page, 'live-page-patched-en-360');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
