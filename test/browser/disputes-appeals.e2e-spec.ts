import { INestApplication } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Browser, chromium } from 'playwright-core';
import request from 'supertest';
import { XIZE_01_05 } from '@chuhe/xiangqi/testing';
import { caseRecord } from '../e2e/dispute-helpers';
import { startTestApp, SWISS_EVENT } from '../e2e/http-helpers';
import { nextRound, playEvent, withRole } from '../e2e/results-helpers';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  if (process.env.CI) throw new Error(`browser tests need Chromium at ${CHROMIUM}`);
  console.warn(`browser tests SKIPPED: no Chromium at ${CHROMIUM}`);
}
const describeInBrowser = existsSync(CHROMIUM) ? describe : describe.skip;
const PASSWORD = 'correct horse battery';
const SHOTS = join(__dirname, '..', 'screenshots');

/** Issue 11 in Chromium: an arbiter opens a dispute from the record and reads the report with its diagrams; an appeals member votes. */
describeInBrowser('disputes and appeals pages in Chromium', () => {
  let app: INestApplication;
  let browser: Browser;
  let base: string;
  let gameId: string;
  let arbiter: { email: string; auth: string };
  let members: { email: string; auth: string }[];
  let blackEntry: string;
  let eventId: string;

  beforeAll(async () => {
    app = await startTestApp();
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    const play = await playEvent(app, SWISS_EVENT, 4);
    eventId = play.eventId;
    arbiter = await withRole(app, play, 'arbiter');
    members = [await withRole(app, play, 'appeals_member'), await withRole(app, play, 'appeals_member'), await withRole(app, play, 'appeals_member')];
    const round = await nextRound(app, play);
    const pairing = round.pairings.find((p) => p.table === 1)!;
    gameId = pairing.games[0].id;
    blackEntry = pairing.black!.id;
    const c = XIZE_01_05.find((x) => x.id === '细则 1 图1')!;
    await request(app.getHttpServer()).put(`/api/games/${gameId}/record`).set('Authorization', arbiter.auth).send({ text: caseRecord(c) }).expect(200);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('an arbiter opens a dispute from the record, reads the verdict, the moves in Chinese and the diagrams, and rules', async () => {
    const page = await browser.newPage({ locale: 'zh-CN', viewport: { width: 1200, height: 900 } });
    const errors: string[] = [];
    page.on('response', (r) => r.status() >= 400 && !r.url().endsWith('/favicon.ico') && errors.push(`${r.status()} ${r.url()}`));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${base}/staff/games/${gameId}/dispute?lang=zh`);
    await page.fill('#login-email', arbiter.email);
    await page.fill('#login-password', PASSWORD);
    await page.click('#login-form button');
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
    await page.screenshot({ path: join(SHOTS, 'dispute-report-zh.png'), fullPage: true });
    await page.fill('#ruling-text', '红方长将，判负（三章6G，棋例细则 1）');
    await page.click('#ruling-form button');
    await page.waitForSelector('#ruled');
    await expect(page.locator('#ruled').textContent()).resolves.toContain('black_win');
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('an appeals member reads the hearing file and votes; the majority decides', async () => {
    const http = () => request(app.getHttpServer());
    // The red player's written appeal, recorded by the arbiter.
    const redEntry = (await http().get(`/api/events/${eventId}/tournament-file`).expect(200)).body.rounds[0].pairings.find((p: { black: string }) => p.black === blackEntry).red;
    const filed = await http().post(`/api/games/${gameId}/appeals`).set('Authorization', arbiter.auth).send({ text: '红方认为黑方亦有捉子，请求改判和棋。', entryId: redEntry });
    expect(filed.status).toBe(201);
    const page = await browser.newPage({ locale: 'en-GB', viewport: { width: 1200, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${base}/staff/appeals/${filed.body.id}?lang=en`);
    await page.fill('#login-email', members[0].email);
    await page.fill('#login-password', PASSWORD);
    await page.click('#login-form button');
    await page.waitForSelector('#vote-form');
    expect(await page.locator('.diagrams figure svg').count()).toBe(4);
    await expect(page.locator('#committee').textContent()).resolves.toContain('The committee can decide');
    await page.selectOption('#vote-choice', 'uphold');
    await page.selectOption('#vote-result', 'draw');
    await page.fill('#vote-note', 'Black also chased');
    await page.click('#vote-submit');
    await page.waitForSelector('text=Your vote: Uphold');
    await page.screenshot({ path: join(SHOTS, 'appeal-vote-en.png'), fullPage: true });
    await http().post(`/api/appeals/${filed.body.id}/votes`).set('Authorization', members[1].auth).send({ choice: 'uphold', result: 'draw' }).expect(201);
    await page.reload();
    await page.waitForSelector('#decided');
    await expect(page.locator('#decided').textContent()).resolves.toContain('upheld');
    await expect(page.locator('#appeal-state').textContent()).resolves.toContain('refunded');
    await page.screenshot({ path: join(SHOTS, 'appeal-decided-en.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
