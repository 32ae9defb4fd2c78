// Issue 25 in a real browser: the arbiter prints the round's result slips with the record links'
// QR codes (A4, from the result sheet); a player opens the link printed on the slip at 360 px,
// enters a 60-move game by taps (an illegal tap refused), the record is accepted and shows on
// the public viewer; the loser's link is refused; the arbiter locks the record by a click; a
// reprint revokes the old links. Screenshots in test/screenshots/.
import { INestApplication } from '@nestjs/common';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { join } from 'node:path';
import request from 'supertest';
import { Browser, Page } from 'playwright-core';
import { describeInBrowser, launchBrowser } from './browser-support';
import { Position, makeSquareName, mulberry32 } from '@chuhe/xiangqi';
import type { Move } from '@chuhe/xiangqi';
import { SWISS_EVENT, startTestApp } from '../e2e/http-helpers';
import { Play, RoundBody, nextRound, playEvent, putResult, withRole } from '../e2e/results-helpers';
import { recordLinkQrSvg } from '../../apps/server/src/records/record-link-qr';
import { PASSWORD } from './staff-helpers';

const SCREENSHOTS = join(__dirname, '..', 'screenshots');

/** A4 portrait less chuhe.css's 12 mm margins, in CSS px (as the crawl test). */
const A4_PORTRAIT_PX = Math.floor(((210 - 24) / 25.4) * 96);

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
  let arbiter: { auth: string; email: string };
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
    browser = await launchBrowser();
  }, 300_000);

  /** The arbiter logs in with the login form (a cookie session, as at the venue). */
  async function logIn(page: Page, email: string) {
    await page.goto(`${base}/login?lang=zh`);
    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', PASSWORD);
    await page.click('form[action="/login"] button[type=submit]');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  }

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('a save that fails shows the refusal in the page’s language (issue 30 #5): the slips are reprinted while the player types, the zh page says the link was revoked', async () => {
    const game = round.pairings[1].games[0];
    await putResult(app, arbiter.auth, game, { result: 'red_win' }).expect(200);
    for (const [lang, width] of [
      ['zh', 360],
      ['zh', 1280],
      ['en', 360],
      ['en', 1280],
    ] as const) {
      // Fresh links each time: the last time's were revoked.
      const links = (await http().post(`/api/games/${game.id}/record-links`).set('Authorization', arbiter.auth).expect(201)).body as { red: { path: string } };
      const page = await browser.newPage({ viewport: { width, height: 780 } });
      const opened = await page.goto(`${base}${links.red.path}?lang=${lang}`);
      expect({ status: opened?.status(), refusal: opened?.status() === 200 ? null : await page.locator('main').textContent() }).toEqual({
        status: 200,
        refusal: null,
      });
      await page.waitForSelector('[data-sq="h2"]');
      await page.click('[data-sq="h2"]');
      await page.click('[data-sq="e2"]');
      expect(await page.textContent('#ply-count')).toContain('1');
      // Meanwhile the arbiter revokes the links (a reprint of the slips does the same).
      await http().delete(`/api/games/${game.id}/record-links`).set('Authorization', arbiter.auth).expect(200);
      await page.click('#submit-record');
      await page.waitForSelector('#entry-status.error');
      const said = (await page.textContent('#entry-status'))!;
      if (lang === 'zh') {
        expect(said).toContain('此棋谱链接已作废');
        // Not one English word of the API's answer on the Chinese page.
        expect(said).not.toMatch(/[a-z]{3,}/i);
      } else expect(said).toContain('this record link was revoked');
      await page.screenshot({ path: join(SCREENSHOTS, `record-entry-save-refused-${lang}-${width}.png`), fullPage: true });
      await page.close();
    }
  }, 120_000);

  it('the arbiter prints the slips with QR codes; the winner opens the slip’s link and enters 60 moves by taps at 360 px; the loser is refused; the arbiter locks by a click; a reprint revokes', async () => {
    const game = round.pairings[0].games[0];
    // The arbiter, logged in, prints the round's slips from the result sheet (asked first: a print issues new links).
    const staff = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const desk = await staff.newPage();
    await logIn(desk, arbiter.email);
    let asked = false;
    const printSlips = async () => {
      await desk.goto(`${base}/rounds/${round.id}/results?lang=zh`);
      await desk.click('#record-slips-link');
      await desk.waitForSelector('#confirm-yes');
      if (!asked) {
        asked = true;
        await desk.setViewportSize({ width: 360, height: 780 });
        expect(await desk.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(0);
        await desk.screenshot({ path: join(SCREENSHOTS, 'record-slips-ask-360.png'), fullPage: true });
        await desk.setViewportSize({ width: 1280, height: 900 });
      }
      await desk.click('#confirm-yes');
      await desk.waitForSelector('.record-slips .slip');
      // The slip of table 1: each side's link under its QR code; the QR holds exactly that address.
      const slip = desk.locator('.record-slips .slip').first();
      const url = async (side: 'red' | 'black') => (await slip.locator(`figure[data-side="${side}"] .qr-url`).textContent())!.trim();
      const links = { red: await url('red'), black: await url('black') };
      for (const side of ['red', 'black'] as const) {
        const shown = await slip.locator(`figure[data-side="${side}"] svg path`).evaluateAll((ps) => ps.map((p) => p.getAttribute('d')));
        const made = [...(await recordLinkQrSvg(links[side], { size: 96 })).matchAll(/ d="([^"]+)"/g)].map((m) => m[1]);
        expect(shown).toEqual(made);
      }
      return links;
    };
    const links = await printSlips();
    const tables = round.pairings.filter((p) => p.black !== null).length;
    expect(await desk.locator('.record-slips .slip').count()).toBe(tables);
    await desk.screenshot({ path: join(SCREENSHOTS, 'record-slips-1280.png'), fullPage: true });
    // Printed to PDF on A4: a few slips a page, nothing cut.
    await desk.emulateMedia({ media: 'print' });
    const pdf = await desk.pdf({ format: 'A4', preferCSSPageSize: true });
    const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(pages).toBeLessThanOrEqual(Math.ceil(tables / 3));
    await desk.setViewportSize({ width: A4_PORTRAIT_PX, height: 1100 });
    const right = (await desk.evaluate(
      'Math.max(...[...document.querySelectorAll(".slip, .slip table, .qr-pair")].map((e) => Math.ceil(e.getBoundingClientRect().right)))',
    )) as number;
    expect(right).toBeLessThanOrEqual(A4_PORTRAIT_PX);
    await desk.screenshot({ path: join(SCREENSHOTS, 'record-slips-a4.png'), fullPage: true });
    await desk.emulateMedia({ media: 'screen' });
    await desk.setViewportSize({ width: 360, height: 780 });
    expect(await desk.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(0);
    await desk.screenshot({ path: join(SCREENSHOTS, 'record-slips-360.png'), fullPage: true });
    await desk.setViewportSize({ width: 1280, height: 900 });

    // The game is played: Red wins by resignation and enters the record with the link on the slip.
    await putResult(app, arbiter.auth, game, { result: 'red_win' }).expect(200);

    const page = await browser.newPage({ viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('response', (r) => {
      if (r.status() >= 400 && !r.url().endsWith('/favicon.ico') && !r.url().includes('/records/')) errors.push(`${r.status()} ${r.url()}`);
    });
    expect((await page.goto(`${links.red}?lang=zh`))?.status()).toBe(200);
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
    expect((await page.goto(`${links.black}?lang=en`))?.status()).toBe(403);
    expect(await page.textContent('#entry-refusal')).toContain('二章3节7');
    expect(await page.locator('[data-sq]').count()).toBe(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'record-entry-refused-360.png'), fullPage: true });

    // The arbiter locks the record by a click: the result sheet shows it in, the game's record page locks it.
    const stored = (await http().get(`/api/games/${game.id}/record`).expect(200)).body;
    expect(stored).toMatchObject({ plies: 120, enteredVia: 'link', locked: false });
    await desk.goto(`${base}/rounds/${round.id}/results?lang=en`);
    expect(await desk.textContent(`tr[data-game="${game.id}"] td.record`)).toContain('120');
    await desk.click(`tr[data-game="${game.id}"] a[href="/games/${game.id}/record"]`);
    await desk.waitForSelector('#lock-button');
    await desk.click('#lock-button');
    await desk.waitForSelector('#lock-state.locked');
    await desk.setViewportSize({ width: 360, height: 780 });
    expect(await desk.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(0);
    await desk.screenshot({ path: join(SCREENSHOTS, 'record-locked-360.png'), fullPage: true });
    await desk.setViewportSize({ width: 1280, height: 900 });
    expect((await http().get(`/api/games/${game.id}/record`).expect(200)).body.locked).toBe(true);
    expect((await page.goto(`${links.red}?lang=en`))?.status()).toBe(403);
    expect(await page.textContent('#entry-refusal')).toContain('locked');

    // A reprint of the slips issues new links: the old ones are refused as revoked.
    const reprinted = await printSlips();
    expect(reprinted.red).not.toBe(links.red);
    expect((await page.goto(`${links.red}?lang=en`))?.status()).toBe(403);
    expect(await page.textContent('main')).toContain('revoked');
    await page.close();
    await staff.close();
  }, 240_000);
});
