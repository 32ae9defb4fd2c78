import { INestApplication } from '@nestjs/common';
import { AddressInfo } from 'node:net';
import { Browser } from 'playwright-core';
import request from 'supertest';
import { XIZE_01_05 } from '@chuhe/xiangqi/testing';
import { caseRecord } from '../e2e/dispute-helpers';
import { startTestApp, SWISS_EVENT } from '../e2e/http-helpers';
import { nextRound, playEvent, withRole, type Play } from '../e2e/results-helpers';
import { logInFromHome, shoot, viaMyTournaments, watch } from './staff-helpers';
import { describeInBrowser, launchBrowser } from './browser-support';

/**
 * Issues 11 and 20 in Chromium, from the home page by links and forms: an arbiter opens a dispute
 * from the game's row on the result sheet and reads the report with its diagrams; an appeals member
 * finds the appeal among the tournament's appeals and votes.
 */
describeInBrowser('disputes and appeals pages in Chromium', () => {
  let app: INestApplication;
  let browser: Browser;
  let base: string;
  let gameId: string;
  let arbiter: { email: string; auth: string };
  let members: { email: string; auth: string }[];
  let blackEntry: string;
  let eventId: string;
  let roundId: string;
  let tournamentId: string;
  let organizer: Play['organizer'];

  beforeAll(async () => {
    app = await startTestApp();
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    const play = await playEvent(app, SWISS_EVENT, 4);
    eventId = play.eventId;
    tournamentId = play.tournamentId;
    organizer = play.organizer;
    arbiter = await withRole(app, play, 'arbiter');
    members = [await withRole(app, play, 'appeals_member'), await withRole(app, play, 'appeals_member'), await withRole(app, play, 'appeals_member')];
    const round = await nextRound(app, play);
    roundId = round.id;
    const pairing = round.pairings.find((p) => p.table === 1)!;
    gameId = pairing.games[0].id;
    blackEntry = pairing.black!.id;
    const c = XIZE_01_05.find((x) => x.id === '细则 1 图1')!;
    await request(app.getHttpServer())
      .put(`/api/games/${gameId}/record`)
      .set('Authorization', arbiter.auth)
      .send({ text: caseRecord(c) })
      .expect(200);
    browser = await launchBrowser();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('an arbiter opens a dispute from the result sheet row, reads the verdict, the moves in Chinese and the diagrams, and rules (asked first)', async () => {
    const page = await browser.newPage({ locale: 'zh-CN', viewport: { width: 1200, height: 900 } });
    const errors: string[] = [];
    watch(page, errors);
    await logInFromHome(page, base, arbiter.email, 'zh');
    await viaMyTournaments(page, `/rounds/${roundId}/results`);
    await page.click(`tr[data-game="${gameId}"] a[href="/staff/games/${gameId}/dispute"]`);
    await page.waitForSelector('#open-form');
    await page.click('#open-submit');
    await page.waitForSelector('#report');
    await page.waitForURL(/\/staff\/disputes\//);
    await expect(page.locator('#verdict').textContent()).resolves.toBe('红方判负');
    const moves = await page.locator('td.zh-move').allTextContents();
    expect(moves).toContain('车二进一');
    const diagrams = page.locator('.diagrams figure svg');
    expect(await diagrams.count()).toBe(4);
    // The browser lays the SVG out: a real box, the red king below the black king.
    const box = await diagrams.first().boundingBox();
    expect(box!.width).toBeGreaterThan(200);
    const redKing = await page.locator('.diagrams figure').first().locator('g.piece.red.king circle').boundingBox();
    const blackKing = await page.locator('.diagrams figure').first().locator('g.piece.black.king circle').boundingBox();
    expect(redKing!.y).toBeGreaterThan(blackKing!.y);
    expect(await page.locator('.diagrams line.arrow.check').count()).toBeGreaterThan(0);
    expect(await shoot(page, 'dispute-report-zh')).toBeLessThanOrEqual(0);
    await page.fill('#ruling-text', '红方长将，判负（三章6G，棋例细则 1）');
    await page.click('#ruling-submit');
    await page.waitForSelector('#confirm-yes');
    await page.click('#confirm-yes');
    await page.waitForSelector('#ruled');
    await expect(page.locator('#ruled').textContent()).resolves.toContain('黑胜');
    expect(errors).toEqual([]);
    await page.close();
  }, 300_000);

  it('an appeals member finds the appeal among the tournament’s appeals, reads the hearing file and votes; the majority decides', async () => {
    const http = () => request(app.getHttpServer());
    // The red player's written appeal, recorded by the arbiter.
    const redEntry = (await http().get(`/api/events/${eventId}/tournament-file`).expect(200)).body.rounds[0].pairings.find(
      (p: { black: string }) => p.black === blackEntry,
    ).red;
    const filed = await http()
      .post(`/api/games/${gameId}/appeals`)
      .set('Authorization', arbiter.auth)
      .send({ text: '红方认为黑方亦有捉子，请求改判和棋。', entryId: redEntry });
    expect(filed.status).toBe(201);
    const page = await browser.newPage({ locale: 'en-GB', viewport: { width: 1200, height: 900 } });
    const errors: string[] = [];
    watch(page, errors);
    await logInFromHome(page, base, members[0].email, 'en');
    await viaMyTournaments(page, `/tournaments/${tournamentId}/appeals`);
    await page.waitForSelector('#appeals-filed');
    expect(await shoot(page, 'appeals-list-en')).toBeLessThanOrEqual(0);
    await page.click(`#appeals-filed a[href="/staff/appeals/${filed.body.id}"]`);
    await page.waitForSelector('#vote-form');
    expect(await page.locator('.diagrams figure svg').count()).toBe(4);
    await expect(page.locator('#committee').textContent()).resolves.toContain('The committee can decide');
    await page.selectOption('#vote-choice', 'uphold');
    await page.selectOption('#vote-result', 'draw');
    await page.fill('#vote-note', 'Black also chased');
    await page.click('#vote-submit');
    await page.waitForSelector('#my-vote');
    await expect(page.locator('#my-vote').textContent()).resolves.toBe('Your vote: Uphold');
    await expect(page.locator('#tally').textContent()).resolves.toBe('Votes cast: 1');
    expect(await shoot(page, 'appeal-vote-en')).toBeLessThanOrEqual(0);
    await http().post(`/api/appeals/${filed.body.id}/votes`).set('Authorization', members[1].auth).send({ choice: 'uphold', result: 'draw' }).expect(201);
    await page.reload();
    await page.waitForSelector('#decided');
    await expect(page.locator('#decided').textContent()).resolves.toContain('upheld');
    await expect(page.locator('#appeal-state').textContent()).resolves.toContain('refunded');
    expect(await shoot(page, 'appeal-decided-en')).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await page.close();
  }, 300_000);

  it('four members sit (三章7A 以单数为适合 is a preference): the hearing page states the tie rule, at 360 px', async () => {
    const http = () => request(app.getHttpServer());
    members.push(await withRole(app, { tournamentId, organizer }, 'appeals_member'));
    const round = (await http().get(`/api/rounds/${roundId}`).set('Authorization', arbiter.auth).expect(200)).body;
    const pairing = round.pairings.find((p: { table: number }) => p.table === 2);
    const game = pairing.games[0];
    if (game.result === null)
      await http().put(`/api/games/${game.id}/result`).set('Authorization', arbiter.auth).send({ version: game.version, result: 'red_win' }).expect(200);
    const filed = await http()
      .post(`/api/games/${game.id}/appeals`)
      .set('Authorization', arbiter.auth)
      .send({ text: '书面申诉', entryId: pairing.black.id })
      .expect(201);
    const page = await browser.newPage({ locale: 'zh-CN', viewport: { width: 360, height: 800 } });
    const errors: string[] = [];
    watch(page, errors);
    await logInFromHome(page, base, members[3].email, 'zh');
    await viaMyTournaments(page, `/tournaments/${tournamentId}/appeals`);
    await page.waitForSelector('#appeals-filed');
    await page.click(`#appeals-filed a[href="/staff/appeals/${filed.body.id}"]`);
    await page.waitForSelector('#tie-rule');
    await expect(page.locator('#tie-rule').textContent()).resolves.toContain('三章7A');
    expect(await shoot(page, 'appeal-even-panel-zh-360')).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await page.close();
  }, 300_000);
});
