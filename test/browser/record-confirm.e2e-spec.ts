// Issue 30 in a real browser: the arbiter pastes a record that says another result and other players
// than its game; the page shows the record beside the game (the rows that differ marked), stores
// nothing until "confirm" is ticked, then stores it. The annotated record's comments and variations
// show in the public viewer. zh and en, 1280 and 360 px; screenshots in test/screenshots/.
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { Browser, Page } from 'playwright-core';
import { DESKTOP, describeInBrowser, launchBrowser, listeningApp, PHONE, screenshot, sidewaysScroll } from './browser-support';
import { SWISS_EVENT } from '../e2e/http-helpers';
import { Play, RoundBody, nextRound, playEvent, putResult, withRole } from '../e2e/results-helpers';
import { PASSWORD } from './staff-helpers';

const RECORD = `[Event "全国象棋个人赛"]
[Red "王天一"]
[Black "郑惟桐"]
[Result "1/2-1/2"]

{中炮对屏风马}
1. 炮二平五 马8进7 (1... 炮8平5 {顺炮}) 2. 马二进三 车9平8 {屏风马} 3. 车一平二 卒7进1 1/2-1/2
`;

describeInBrowser('an uploaded record checked against its game, in Chromium (issue 30)', () => {
  let app: INestApplication;
  let base: string;
  let browser: Browser;
  let play: Play;
  let round: RoundBody;
  let arbiter: { auth: string; email: string };
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    ({ app, base } = await listeningApp());
    play = await playEvent(app, SWISS_EVENT, 4);
    arbiter = await withRole(app, play, 'arbiter');
    round = await nextRound(app, play);
    const t = (await http().get(`/api/tournaments/${play.tournamentId}`).expect(200)).body;
    await http()
      .patch(`/api/tournaments/${play.tournamentId}`)
      .set('Authorization', play.organizer.auth)
      .send({ version: t.version, published: true })
      .expect(200);
    for (const p of round.pairings) await putResult(app, arbiter.auth, p.games[0], { result: 'black_win' }).expect(200);
    browser = await launchBrowser();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function logIn(page: Page, email: string) {
    await page.goto(`${base}/login?lang=zh`);
    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', PASSWORD);
    await page.click('form[action="/login"] button[type=submit]');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  }

  it.each([
    ['zh', 0, DESKTOP],
    ['en', 1, PHONE],
  ] as const)('%s: side by side, stored only once confirmed; the viewer shows the comments and variations', async (lang, table, viewport) => {
    const game = round.pairings[table].games[0];
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    try {
      await logIn(page, arbiter.email);
      await page.goto(`${base}/games/${game.id}/record?lang=${lang}`);
      await page.fill('#record-text', RECORD);
      await page.click('#record-form button[type=submit]');
      await page.waitForSelector('#record-compare');
      // The record's result and both players differ from the game's; nothing is stored yet.
      const rows = await page.$$eval('#record-compare tbody tr', (trs) =>
        trs.map((tr) => [tr.getAttribute('data-field'), tr.classList.contains('differs'), ...[...tr.querySelectorAll('td')].map((td) => td.textContent)]),
      );
      expect(rows.map((r) => r.slice(0, 3))).toEqual([
        ['result', true, '1/2-1/2'],
        ['red', true, '王天一'],
        ['black', true, '郑惟桐'],
      ]);
      expect(rows[0][3]).toMatch(/0[–-]1/);
      expect(await page.textContent('[role=alert]')).toMatch(lang === 'zh' ? /不符/ : /another result or other players/);
      await http().get(`/api/games/${game.id}/record`).expect(404);
      expect(await sidewaysScroll(page)).toBe(0);
      await screenshot(page, `record-confirm-${lang}-${viewport.width}`);
      // The text is kept as typed; ticking "confirm" stores it.
      expect(await page.inputValue('#record-text')).toContain('[Red "王天一"]');
      await page.check('#record-confirm');
      await Promise.all([page.waitForURL((u) => u.pathname.includes('/results')), page.click('#record-form button[type=submit]')]);
      const stored = (await http().get(`/api/games/${game.id}/record`).expect(200)).body;
      expect(stored).toMatchObject({ plies: 6, annotations: { comments: { '0': '中炮对屏风马', '4': '屏风马' } } });
      // The public viewer: the comment of the position shown, the list of comments, the variation.
      await page.goto(`${base}/games/${game.id}?ply=4&lang=${lang}`);
      expect(await page.textContent('#viewer-comment')).toContain('屏风马');
      expect(await page.textContent('#viewer-variations')).toMatch(/炮8平5|C8\.5/);
      expect(await sidewaysScroll(page)).toBe(0);
      await screenshot(page, `record-annotated-viewer-${lang}-${viewport.width}`);
    } finally {
      await context.close();
    }
  });
});
