import { INestApplication } from '@nestjs/common';
import { mkdirSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { createPrismaClient } from '../support/database';
import { grantRole, newUser, startTestApp, SWISS_EVENT } from '../e2e/http-helpers';
import { logInFromHome, shoot, SHOTS, until, watch } from './staff-helpers';
import { describeInBrowser, launchBrowser } from './browser-support';

/**
 * Issue 35 #1 in Chromium: an arbiter enters results on the sheet of a 500-board round (a 1,000-
 * player open). The sheet opens on a section of 50 tables with links to every other section; no
 * row carries its own selects (one editor, moved into the row being edited); a result typed on the
 * keyboard line — in this section or another — and one chosen in a row's editor are saved in place:
 * the row, the count and the words change, the page is not loaded again. Behaviour only: the times
 * are measured by `npm run bench -- bigopen`.
 */
describeInBrowser('the result sheet of a 500-board round (issue 35)', () => {
  let app: INestApplication;
  let base: string;
  let browser: Browser;
  let roundId: string;
  let organizer: string;
  let games: { id: string; version: number }[];
  let arbiter: { email: string; auth: string; id: string };
  const errors: string[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    const t0 = Date.now();
    app = await startTestApp();
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    // The field of a 1,000-player open. The players and their entries are written straight to the
    // database (this test is about the sheet, not the CSV import, which has its own tests and bench);
    // the draw, the pairing and the publishing go through the API as an organizer's would.
    const organizerUser = await newUser(app, 'organizer');
    organizer = organizerUser.auth;
    const api = request(app.getHttpServer());
    const t = await api
      .post('/api/tournaments')
      .set('Authorization', organizer)
      .send({ nameZh: '千人公开赛', nameEn: 'Big open', venue: 'here', startDate: '2026-12-01', endDate: '2026-12-02', organizer: 'test' })
      .expect(201);
    const tournamentId = t.body.id as string;
    const eventId = (
      await api
        .post(`/api/tournaments/${tournamentId}/events`)
        .set('Authorization', organizer)
        .send({ ...SWISS_EVENT, stages: [{ type: 'swiss', rounds: 9 }] })
        .expect(201)
    ).body.id as string;
    const prisma = createPrismaClient();
    try {
      await prisma.player.createMany({
        data: Array.from({ length: 1000 }, (_, i) => ({ tournamentId, nameZh: `棋手${i}`, nameEn: `Player ${i}`, gender: 'male' as const, rating: 2600 - i })),
      });
      const players = await prisma.player.findMany({ where: { tournamentId }, select: { id: true } });
      await prisma.entry.createMany({ data: players.map((p) => ({ eventId, playerId: p.id })) });
    } finally {
      await prisma.$disconnect();
    }
    await api.post(`/api/events/${eventId}/draw`).set('Authorization', organizer).send({}).expect(201);
    const round = (await api.post(`/api/events/${eventId}/rounds`).set('Authorization', organizer).send({}).expect(201)).body;
    await api.post(`/api/rounds/${round.id}/publish`).set('Authorization', organizer).send({ version: round.version }).expect(200);
    roundId = round.id;
    games = (round.pairings as { black: unknown; games: { id: string; version: number }[] }[]).filter((p) => p.black).map((p) => p.games[0]);
    arbiter = await newUser(app, 'arbiter');
    await grantRole(app, organizer, tournamentId, arbiter, 'arbiter');
    browser = await launchBrowser();
    console.log(`a 1,000-player open, round 1 published: ${games.length} boards, ready in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const stored = async (table: number) => {
    const r = await request(app.getHttpServer()).get(`/api/rounds/${roundId}`).set('Authorization', organizer).expect(200);
    return (r.body.pairings as { table: number; games: { result: string | null }[] }[]).find((p) => p.table === table)!.games[0].result;
  };

  async function sheet(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    const page = await context.newPage();
    watch(page, errors);
    await logInFromHome(page, base, arbiter.email, 'en');
    await page.click('header a[href="/my"]');
    await page.waitForLoadState('domcontentloaded');
    await page.goto(`${base}/rounds/${roundId}/results?lang=en`);
    await page.waitForSelector('#result-sheet');
    return page;
  }

  it('opens on tables 1–50 with every section linked; no row carries its own selects', async () => {
    expect(games).toHaveLength(500);
    const page = await sheet();
    expect(await page.locator('#result-sheet tbody tr[data-game]').count()).toBe(50);
    expect(await page.locator('#result-sheet tbody tr[data-game]').first().getAttribute('data-table')).toBe('1');
    expect(await page.locator('#result-sheet tbody tr[data-game]').last().getAttribute('data-table')).toBe('50');
    // Ten sections of 50 and "all tables": every table stays reachable.
    const sections = page.locator('#sheet-sections a, #sheet-sections strong');
    expect(await sections.count()).toBe(11);
    await expect(page.locator('#sheet-sections strong').textContent()).resolves.toBe('tables 1–50');
    // One editor in a <template>: the document itself holds no select.
    expect(await page.locator('#result-sheet select').count()).toBe(0);
    await expect(page.locator('#open-count').textContent()).resolves.toBe('Still open: 500');
    // The whole sheet (every table) is still one link away, and weighs little compressed.
    const all = await request(app.getHttpServer())
      .get(`/rounds/${roundId}/results?tables=all&lang=en`)
      .set('Authorization', arbiter.auth)
      .set('Accept', 'text/html')
      .expect(200);
    expect((all.text.match(/<tr id="g-/g) ?? []).length).toBe(500);
    // No row's own select (ids r-<game id>); the one editor's (r-editor) waits in its <template>.
    expect(all.text).not.toMatch(/<select id="r-[0-9a-f]{8}-/);
    expect((all.text.match(/<select /g) ?? []).length).toBe(2);
    console.log(`result sheet, 500 boards: all tables ${(all.text.length / 1024).toFixed(0)} KB, gzip ${(gzipSync(all.text).length / 1024).toFixed(1)} KB`);
    await shoot(page, 'bigopen-result-sheet-section-en');
    await page.context().close();
  }, 300_000);

  it('a result typed on the line, one for a table of another section and one chosen in a row are saved in place, not by loading the sheet again', async () => {
    const page = await sheet();
    // A marker the page keeps only as long as it is not loaded again.
    await page.evaluate('window.__sameDocument = true');
    await page.fill('#quick-entry', '3 1');
    await expect(page.locator('#quick-live').textContent()).resolves.toContain('Red wins');
    await page.keyboard.press('Enter');
    await page.waitForSelector('body[data-sheet-saved]');
    const row3 = page.locator('#result-sheet tr[data-table="3"]');
    await expect(row3.locator('.stored').textContent()).resolves.toBe('Red wins 1–0');
    expect(await row3.getAttribute('class')).not.toContain('open');
    await expect(page.locator('#open-count').textContent()).resolves.toBe('Still open: 499');
    await expect(page.locator('#console-status').textContent()).resolves.toContain('table 3');
    await expect(page.locator('#quick-entry').inputValue()).resolves.toBe('');
    expect(await stored(3)).toBe('red_win');

    // Table 120 is in another section: the line says so, and the server finds it in the whole round.
    await page.fill('#quick-entry', '120 =');
    await expect(page.locator('#quick-live').textContent()).resolves.toContain('table 120 (another section)');
    await page.keyboard.press('Enter');
    await until(page, `(document.getElementById('console-status')?.textContent ?? '').includes('table 120')`);
    await expect(page.locator('#open-count').textContent()).resolves.toBe('Still open: 498');
    expect(await stored(120)).toBe('draw');

    // A row's Edit: the one editor moves into the row, set to the row's game.
    const row7 = page.locator('#result-sheet tr[data-table="7"]');
    await row7.locator('a.edit-link').click();
    expect(await page.locator('#result-sheet select[name=result]').count()).toBe(1);
    await row7.locator('select[name=result]').selectOption('black_win');
    await row7.locator('.row-form button').click();
    await until(page, `(document.getElementById('console-status')?.textContent ?? '').includes('table 7')`);
    await expect(row7.locator('.stored').textContent()).resolves.toBe('Black wins 0–1');
    expect(await page.locator('#result-sheet select').count()).toBe(0);
    await expect(page.locator('#open-count').textContent()).resolves.toBe('Still open: 497');
    expect(await stored(7)).toBe('black_win');

    // Replacing a stored result still asks first (the question is shown in place), then saves.
    await page.fill('#quick-entry', '3 0');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#replace');
    await page.click('#replace-yes');
    await until(
      page,
      `!document.getElementById('replace') && document.querySelector('#result-sheet tr[data-table="3"] .stored').textContent === 'Black wins 0–1'`,
    );
    expect(await stored(3)).toBe('black_win');
    expect(await page.evaluate('window.__sameDocument')).toBe(true);

    // The section of table 120 shows the draw.
    await page.click('#sheet-sections a[href*="tables=101-150"]');
    await page.waitForSelector('#result-sheet tr[data-table="120"]');
    await expect(page.locator('#result-sheet tr[data-table="120"] .stored').textContent()).resolves.toBe('Draw ½–½');
    await shoot(page, 'bigopen-result-sheet-saved-en');
    await page.context().close();
    expect(errors).toEqual([]);
  }, 300_000);
});
