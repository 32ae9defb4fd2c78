// Issue 33 in a real browser: a long career's profile — more than 100 games (the games a page at a
// time, with links to newer and older ones) and more than 50 opponents (the 50 most played, then a
// link to all of them) — at 360 and 1280 px, in Chinese and English.
import { INestApplication } from '@nestjs/common';
import { Browser } from 'playwright-core';
import { createPrismaClient } from '../support/database';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { DESKTOP, describeInBrowser, launchBrowser, listeningApp, PHONE, screenshot, SCREENSHOTS, sidewaysScroll } from './browser-support';

/** What the viewport shows with `selector` at its top (a long page's full screenshot is too tall to look at). */
async function screenshotAt(page: Page, selector: string, name: string): Promise<void> {
  await page
    .locator(selector)
    .first()
    .evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/** Names of this test's own (the run's database is shared with the other suites). */
const TAG = `career${Date.now().toString(36)}`;
const TOURNAMENTS = 6;
const ROUNDS = 20;
const OPPONENTS = 60;

/**
 * The career by SQL (as the archive-scale bench seeds it): six published tournaments of one
 * individual event, each of 21 players — the person and 20 of a pool of 60 opponents (each met in
 * two tournaments) — where the person plays one opponent a round: 120 games against 60 opponents.
 */
function careerSql(): string[] {
  const id = (what: string) => `md5('${TAG}-' || ${what})::uuid`;
  const opponent = `((i * 10 + k - 1) % ${OPPONENTS})`;
  return [
    `INSERT INTO "Person"(id, "nameZh", "nameEn", gender, "updatedAt") VALUES (${id("'star'")}, '常胜将军', 'Chang Shengjun', 'male', now())`,
    `INSERT INTO "Person"(id, "nameZh", "nameEn", gender, "updatedAt")
       SELECT ${id("'p' || n")}, '对手' || n, 'Opponent ' || n, 'male', now() FROM generate_series(0, ${OPPONENTS - 1}) n`,
    `INSERT INTO "Tournament"(id, "nameZh", "nameEn", venue, "startDate", "endDate", organizer, "publishedAt", "updatedAt")
       SELECT ${id("'t' || i")}, '生涯杯第' || (i + 1) || '站', 'Career Cup ' || (i + 1), '北京', date '2024-01-01' + i * 30, date '2024-01-03' + i * 30, 'test', now(), now()
       FROM generate_series(0, ${TOURNAMENTS - 1}) i`,
    `INSERT INTO "Event"(id, "tournamentId", "nameZh", "nameEn", kind, stages, "timeControl", "tieBreaks", "round1PairedAt", "updatedAt")
       SELECT ${id("'e' || i")}, ${id("'t' || i")}, '个人赛', 'Individual', 'individual', '[{"type":"swiss","rounds":${ROUNDS}}]',
              '{"baseMinutes":60,"incrementSeconds":30}', '["score","opponentScore","sonnebornBerger"]', now(), now()
       FROM generate_series(0, ${TOURNAMENTS - 1}) i`,
    `INSERT INTO "Stage"(id, "eventId", index, type, config)
       SELECT ${id("'s' || i")}, ${id("'e' || i")}, 0, 'swiss', '{"rounds":${ROUNDS}}' FROM generate_series(0, ${TOURNAMENTS - 1}) i`,
    // Player k = 0 is the person; k = 1…20 are opponents of the pool.
    `INSERT INTO "Player"(id, "tournamentId", "nameZh", "nameEn", gender, "personId", "updatedAt")
       SELECT ${id("'pl' || i || '-' || k")}, ${id("'t' || i")},
              CASE WHEN k = 0 THEN '常胜将军' ELSE '对手' || ${opponent} END, CASE WHEN k = 0 THEN 'Chang Shengjun' ELSE 'Opponent ' || ${opponent} END, 'male',
              CASE WHEN k = 0 THEN ${id("'star'")} ELSE ${id(`'p' || ${opponent}`)} END, now()
       FROM generate_series(0, ${TOURNAMENTS - 1}) i, generate_series(0, ${ROUNDS}) k`,
    `INSERT INTO "Entry"(id, "eventId", "playerId", "drawNumber", "updatedAt")
       SELECT ${id("'en' || i || '-' || k")}, ${id("'e' || i")}, ${id("'pl' || i || '-' || k")}, k + 1, now()
       FROM generate_series(0, ${TOURNAMENTS - 1}) i, generate_series(0, ${ROUNDS}) k`,
    `INSERT INTO "Round"(id, "eventId", "stageId", number, "stageRound", state, "publishedAt", "completedAt", "updatedAt")
       SELECT ${id("'r' || i || '-' || r")}, ${id("'e' || i")}, ${id("'s' || i")}, r, r, 'completed', now(), now(), now()
       FROM generate_series(0, ${TOURNAMENTS - 1}) i, generate_series(1, ${ROUNDS}) r`,
    // Round r: the person against player r, red in odd rounds.
    `INSERT INTO "Pairing"(id, "roundId", "table", "redEntryId", "blackEntryId", "updatedAt")
       SELECT ${id("'pa' || i || '-' || r")}, ${id("'r' || i || '-' || r")}, 1,
              CASE WHEN r % 2 = 1 THEN ${id("'en' || i || '-0'")} ELSE ${id("'en' || i || '-' || r")} END,
              CASE WHEN r % 2 = 1 THEN ${id("'en' || i || '-' || r")} ELSE ${id("'en' || i || '-0'")} END, now()
       FROM generate_series(0, ${TOURNAMENTS - 1}) i, generate_series(1, ${ROUNDS}) r`,
    `INSERT INTO "Game"(id, "pairingId", board, "redPlayerId", "blackPlayerId", result, "updatedAt")
       SELECT ${id("'g' || i || '-' || r")}, ${id("'pa' || i || '-' || r")}, 1,
              CASE WHEN r % 2 = 1 THEN ${id("'pl' || i || '-0'")} ELSE ${id("'pl' || i || '-' || r")} END,
              CASE WHEN r % 2 = 1 THEN ${id("'pl' || i || '-' || r")} ELSE ${id("'pl' || i || '-0'")} END,
              (ARRAY['red_win', 'draw', 'black_win'])[1 + (i + r) % 3]::"GameResult", now()
       FROM generate_series(0, ${TOURNAMENTS - 1}) i, generate_series(1, ${ROUNDS}) r`,
  ];
}

describeInBrowser('a long career on a profile in Chromium (issue 33)', () => {
  let app: INestApplication;
  let base: string;
  let browser: Browser;
  let star: string;
  const prisma = createPrismaClient();

  beforeAll(async () => {
    ({ app, base } = await listeningApp());
    browser = await launchBrowser();
    await prisma.$transaction(async (tx) => {
      for (const sql of careerSql()) await tx.$executeRawUnsafe(sql);
    });
    star = (await prisma.$queryRawUnsafe<{ id: string }[]>(`SELECT md5('${TAG}-star')::uuid::text AS id`))[0].id;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await prisma.$disconnect();
    await app?.close();
  });

  it('pages 120 games (newer and older) and shows the 50 most played of 60 opponents, then all, at 360 px in Chinese', async () => {
    const page = await browser.newPage({ viewport: PHONE, locale: 'zh-CN' });
    await page.goto(`${base}/persons/${star}?lang=zh`);
    await expect(page.locator('h1').textContent()).resolves.toContain('常胜将军');
    await expect(page.locator('table.person-events tbody tr').count()).resolves.toBe(TOURNAMENTS);
    await expect(page.locator('table.games tbody tr').count()).resolves.toBe(100);
    await expect(page.locator('p.games-paging').first().textContent()).resolves.toContain('120');
    await expect(page.locator('p.games-paging a[rel="prev"]').count()).resolves.toBe(0);
    // Above and below the table: after 100 rows the way on is where the reader is.
    await expect(page.locator('p.games-paging a[rel="next"]').count()).resolves.toBe(2);
    // The newest game first: the last tournament's last round.
    await expect(page.locator('table.games tbody tr:first-child').textContent()).resolves.toContain('生涯杯第6站');
    await expect(page.locator('table.head-to-head tbody tr').count()).resolves.toBe(50);
    await expect(page.locator('a.all-opponents').first().textContent()).resolves.toContain(String(OPPONENTS));
    expect(await sidewaysScroll(page)).toBe(0);
    await screenshot(page, 'persons-career-zh-360');
    await screenshotAt(page, 'p.games-paging', 'persons-career-paging-zh-360');

    await page.locator('p.games-paging a[rel="next"]').first().click();
    await page.waitForURL(/page=2/);
    await expect(page.locator('table.games tbody tr').count()).resolves.toBe(20);
    await expect(page.locator('table.games tbody tr:last-child').textContent()).resolves.toContain('生涯杯第1站');
    await expect(page.locator('p.games-paging a[rel="next"]').count()).resolves.toBe(0);
    expect(await sidewaysScroll(page)).toBe(0);
    await screenshotAt(page, 'p.games-paging', 'persons-career-page2-zh-360');
    await page.locator('p.games-paging a[rel="prev"]').first().click();
    await page.waitForURL(/page=1/);
    await expect(page.locator('table.games tbody tr').count()).resolves.toBe(100);

    await page.locator('a.all-opponents').last().click();
    await page.waitForURL(/opponents=all/);
    await expect(page.locator('table.head-to-head tbody tr').count()).resolves.toBe(OPPONENTS);
    await expect(page.locator('a.all-opponents').count()).resolves.toBe(0);
    // Every opponent met twice: 2 games each.
    await expect(page.locator('table.head-to-head tbody tr:first-child td.num').last().textContent()).resolves.toBe('2');
    expect(await sidewaysScroll(page)).toBe(0);
    await screenshotAt(page, '#head-to-head', 'persons-career-opponents-zh-360');

    // One opponent's games: both of them, no paging.
    await page.click('table.head-to-head tbody tr:first-child a.h2h-link');
    await page.waitForURL(/vs=/);
    await expect(page.locator('table.games tbody tr').count()).resolves.toBe(2);
    await expect(page.locator('p.games-paging a[rel]').count()).resolves.toBe(0);
    await expect(page.locator('a.every-game').count()).resolves.toBe(1);
    await page.close();
  });

  it('shows the paging and the all-opponents link in English at 1280 and 360 px', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${base}/persons/${star}?lang=en&page=2`);
    await expect(page.locator('h1').textContent()).resolves.toContain('Chang Shengjun');
    await expect(page.locator('p.games-paging').first().textContent()).resolves.toMatch(/101.*120.*120/);
    await expect(page.locator('a.all-opponents').first().textContent()).resolves.toContain(String(OPPONENTS));
    await screenshot(page, 'persons-career-en-1280');
    await screenshotAt(page, 'p.games-paging', 'persons-career-paging-en-1280');
    await page.setViewportSize(PHONE);
    await page.goto(`${base}/persons/${star}?lang=en`);
    expect(await sidewaysScroll(page)).toBe(0);
    await screenshotAt(page, '#head-to-head', 'persons-career-opponents-en-360');
    await screenshotAt(page, 'p.games-paging', 'persons-career-paging-en-360');
    await page.close();
  });
});
