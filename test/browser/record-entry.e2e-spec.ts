// Issue 25 in a real browser: a player opens the record link from the result slip at 360 px,
// enters a 60-move game by taps (an illegal tap refused), the record is accepted and shows on
// the public viewer; the loser's link is refused; the arbiter locks the record; a revoked link
// is refused. Screenshots in test/screenshots/.
import { INestApplication } from '@nestjs/common';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { join } from 'node:path';
import request from 'supertest';
import { Browser, chromium } from 'playwright-core';
import { Position, makeSquareName, mulberry32 } from '@chuhe/xiangqi';
import type { Move } from '@chuhe/xiangqi';
import { SWISS_EVENT, startTestApp } from '../e2e/http-helpers';
import { Play, RoundBody, nextRound, playEvent, putResult, withRole } from '../e2e/results-helpers';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  if (process.env.CI) throw new Error(`browser tests need Chromium at ${CHROMIUM}`);
  console.warn(`browser tests SKIPPED: no Chromium at ${CHROMIUM}`);
}
const describeInBrowser = existsSync(CHROMIUM) ? describe : describe.skip;
const SCREENSHOTS = join(__dirname, '..', 'screenshots');

/** A legal 120-ply game (60 moves) that does not end before its last move, from a fixed seed. */
function sixtyMoves(): Move[] {
  for (let seed = 1; ; seed++) {
    const rnd = mulberry32(seed);
    const pos = Position.default();
    const moves: Move[] = [];
    while (moves.length < 120 && pos.hasLegalMove()) {
      const legal = pos.legalMoves();
      const m = legal[Math.floor(rnd() * legal.length)];
      pos.play(m);
      moves.push(m);
    }
    if (moves.length === 120 && pos.hasLegalMove()) return moves;
  }
}

describeInBrowser('record entry in Chromium (issue 25)', () => {
  let app: INestApplication;
  let browser: Browser;
  let base: string;
  let play: Play;
  let round: RoundBody;
  let arbiter: { auth: string };
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    // The page's script, bundled as `npm run build` does.
    execFileSync(process.execPath, [join(__dirname, '..', '..', 'scripts', 'build-client.js')], { stdio: 'inherit' });
    app = await startTestApp();
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    play = await playEvent(app, SWISS_EVENT, 4);
    arbiter = await withRole(app, play, 'arbiter');
    round = await nextRound(app, play);
    const t = (await http().get(`/api/tournaments/${play.tournamentId}`).expect(200)).body;
    await http()
      .patch(`/api/tournaments/${play.tournamentId}`)
      .set('Authorization', play.organizer.auth)
      .send({ version: t.version, published: true })
      .expect(200);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('the winner enters 60 moves by taps at 360 px; the loser is refused; lock; revoked link refused', async () => {
    const game = round.pairings[0].games[0];
    // Red won by resignation; the printed slip carries both players' links (QR codes).
    await putResult(app, arbiter.auth, game, { result: 'red_win' }).expect(200);
    const links = (await http().post(`/api/games/${game.id}/record-links`).set('Authorization', arbiter.auth).expect(201)).body as {
      red: { path: string };
      black: { path: string };
    };

    const page = await browser.newPage({ viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('response', (r) => {
      if (r.status() >= 400 && !r.url().endsWith('/favicon.ico') && !r.url().includes('/records/')) errors.push(`${r.status()} ${r.url()}`);
    });
    expect((await page.goto(`${base}${links.red.path}?lang=zh`))?.status()).toBe(200);
    await page.waitForSelector('[data-sq="h2"]');
    // An illegal tap: the horse on b0 cannot go to b4.
    await page.tap('[data-sq="b0"]');
    await page.tap('[data-sq="b4"]');
    await page.waitForSelector('#entry-status.error', { timeout: 5000 }).catch(async (e) => {
      await page.screenshot({ path: join(SCREENSHOTS, 'record-entry-debug.png'), fullPage: true });
      throw new Error(`${e.message}\n${errors.join('\n')}\n${await page.textContent('#entry-status')}`);
    });
    expect(await page.textContent('#entry-status')).toContain('不合法');
    await page.tap('[data-sq="b0"]'); // deselect
    const moves = sixtyMoves();
    for (const [i, m] of moves.entries()) {
      await page.tap(`[data-sq="${makeSquareName(m.from)}"]`);
      await page.tap(`[data-sq="${makeSquareName(m.to)}"]`);
      if (i === 39) await page.screenshot({ path: join(SCREENSHOTS, 'record-entry-360.png'), fullPage: true });
    }
    expect(await page.textContent('#ply-count')).toContain('120');
    // Undo and redo the last move by typing it (Chinese or WXF are read too).
    await page.click('#undo');
    expect(await page.textContent('#ply-count')).toContain('119');
    await page.fill('#move-text', `${makeSquareName(moves[119].from)}${makeSquareName(moves[119].to)}`);
    await page.click('#move-form button[type=submit]');
    expect(await page.textContent('#ply-count')).toContain('120');
    expect(await page.textContent('#end-check')).toContain('认输'); // no mate: a resignation needs none
    const { scroll, client } = (await page.evaluate('({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth })')) as {
      scroll: number;
      client: number;
    };
    expect(scroll).toBeLessThanOrEqual(client);
    await page.click('#submit-record');
    await page.waitForSelector('#viewer-link:not([hidden])');
    expect(await page.textContent('#entry-status')).toContain('120');
    await page.screenshot({ path: join(SCREENSHOTS, 'record-entry-accepted-360.png'), fullPage: true });
    expect(errors).toEqual([]);

    // The public viewer, from the pairings page.
    await page.goto(`${base}/events/${play.eventId}/rounds/1?lang=en`);
    await page.click(`a.game-link[href^="/games/${game.id}"]`);
    await page.waitForSelector('#viewer-board svg');
    expect(await page.locator('.viewer-moves a[data-ply]').count()).toBe(120);
    await page.click('a[data-nav="first"]');
    expect(await page.getAttribute('#viewer-board', 'data-ply')).toBe('0');
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(/ply=1/);
    expect(await page.getAttribute('#viewer-board', 'data-ply')).toBe('1');
    await page.screenshot({ path: join(SCREENSHOTS, 'game-viewer-360.png'), fullPage: true });
    const desktop = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await desktop.goto(`${base}/games/${game.id}?ply=40&lang=zh`);
    await desktop.screenshot({ path: join(SCREENSHOTS, 'game-viewer-zh.png'), fullPage: true });
    await desktop.goto(`${base}/games/${game.id}/diagrams?lang=zh`);
    await desktop.emulateMedia({ media: 'print' });
    expect(await desktop.locator('.sheet-diagram svg').count()).toBe(6);
    await desktop.screenshot({ path: join(SCREENSHOTS, 'game-diagrams-print.png'), fullPage: true });
    await desktop.close();

    // The loser's link is refused (二章3节7).
    expect((await page.goto(`${base}${links.black.path}?lang=en`))?.status()).toBe(403);
    expect(await page.textContent('#entry-refusal')).toContain('二章3节7');
    expect(await page.locator('[data-sq]').count()).toBe(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'record-entry-refused-360.png'), fullPage: true });

    // The arbiter locks the record: the winner's link can no longer change it.
    const stored = (await http().get(`/api/games/${game.id}/record`).expect(200)).body;
    expect(stored).toMatchObject({ plies: 120, enteredVia: 'link' });
    await http().put(`/api/games/${game.id}/record/lock`).set('Authorization', arbiter.auth).send({ locked: true, version: stored.version }).expect(200);
    expect((await page.goto(`${base}${links.red.path}?lang=en`))?.status()).toBe(403);
    expect(await page.textContent('#entry-refusal')).toContain('locked');

    // New links revoke the old ones.
    await http().post(`/api/games/${game.id}/record-links`).set('Authorization', arbiter.auth).expect(201);
    expect((await page.goto(`${base}${links.red.path}?lang=en`))?.status()).toBe(403);
    expect(await page.textContent('main')).toContain('revoked');
    await page.close();
  }, 240_000);
});
