// Issue 33 in a real browser: a spectator finds a player by name from the home page, opens the
// profile at 360 px (rating chart, events, head-to-head) and follows a game to its record page.
import { INestApplication } from '@nestjs/common';
import { Browser } from 'playwright-core';
import request from 'supertest';
import { createPrismaClient } from '../support/database';
import { newUser, SWISS_EVENT, TOURNAMENT } from '../e2e/http-helpers';
import type { RoundViewBody } from '../e2e/scenario';
import { describeInBrowser, launchBrowser, listeningApp, PHONE, screenshot, sidewaysScroll } from './browser-support';

/** Federation ids of this test's own (the run's database is shared with the other suites' persons). */
const FED = `CXA-${Date.now().toString(36)}`;
const PEOPLE: [string, string, string][] = [
  ['王天一', 'Wang Tianyi', `${FED}-1`],
  ['郑惟桐', 'Zheng Weitong', `${FED}-2`],
  ['赵鑫鑫', 'Zhao Xinxin', `${FED}-3`],
  ['孟辰', 'Meng Chen', `${FED}-4`],
];

describeInBrowser('the archive and a player profile in Chromium (issue 33)', () => {
  let app: INestApplication;
  let base: string;
  let browser: Browser;
  const prisma = createPrismaClient();

  beforeAll(async () => {
    ({ app, base } = await listeningApp());
    browser = await launchBrowser();
    const http = () => request(app.getHttpServer());
    const admin = await newUser(app, 'admin');
    await prisma.user.update({ where: { id: admin.id }, data: { isAdmin: true } });
    const organizer = await newUser(app, 'organizer');
    const listId = (await http().post('/api/rating-lists').set('Authorization', admin.auth).send({ name: '亚象联等级分 AXF ratings' }).expect(201)).body.id;
    // Three round robins of the same four players, the first player winning more as the year goes on.
    for (const [i, month] of ['03', '06', '09'].entries()) {
      const t = (
        await http()
          .post('/api/tournaments')
          .set('Authorization', organizer.auth)
          .send({
            ...TOURNAMENT,
            nameZh: `象棋公开赛第${i + 1}站`,
            nameEn: `Xiangqi Open leg ${i + 1}`,
            startDate: `2025-${month}-01`,
            endDate: `2025-${month}-03`,
          })
          .expect(201)
      ).body;
      const e = (
        await http()
          .post(`/api/tournaments/${t.id}/events`)
          .set('Authorization', organizer.auth)
          .send({ ...SWISS_EVENT, nameZh: '男子个人', nameEn: "Men's individual", stages: [{ type: 'round_robin' }] })
          .expect(201)
      ).body;
      const ids: string[] = [];
      for (const [zh, en, fid] of PEOPLE) {
        const player = (
          await http()
            .post(`/api/tournaments/${t.id}/players`)
            .set('Authorization', organizer.auth)
            .send({ nameZh: zh, nameEn: en, gender: 'male', federationId: fid })
            .expect(201)
        ).body as { id: string };
        ids.push(player.id);
        // The run's database may hold a namesake from another suite (同名, no federation ID): the
        // registry then waits for the organizer, who says this is a new person.
        const linked = await prisma.player.findUniqueOrThrow({ where: { id: player.id }, select: { personId: true } });
        if (!linked.personId) {
          // The federation ID typed with the player goes to the person the organizer's decision creates.
          await http().post(`/api/players/${player.id}/person`).set('Authorization', organizer.auth).send({ personId: null }).expect(200);
        }
      }
      if (i === 0) {
        const csv = ['federation_id,rating,games', `${FED}-1,2650,80`, `${FED}-2,2620,80`, `${FED}-3,2600,80`, `${FED}-4,2550,80`].join('\n');
        await http().post(`/api/rating-lists/${listId}/import`).set('Authorization', admin.auth).send({ asOf: '2025-01-01', csv }).expect(200);
      }
      await http().put(`/api/events/${e.id}/rating-list`).set('Authorization', organizer.auth).send({ ratingListId: listId }).expect(200);
      await http().post(`/api/events/${e.id}/entries/bulk`).set('Authorization', organizer.auth).send({ playerIds: ids }).expect(201);
      await http().post(`/api/events/${e.id}/draw`).set('Authorization', organizer.auth).send({ seed: month }).expect(201);
      const entries = (await http().get(`/api/events/${e.id}/entries`).expect(200)).body as { id: string; playerId: string }[];
      const strength = new Map(entries.map((x) => [x.id, ids.indexOf(x.playerId)]));
      for (let r = 0; r < 3; r++) {
        const draft = (await http().post(`/api/events/${e.id}/rounds`).set('Authorization', organizer.auth).send({}).expect(201)).body as RoundViewBody;
        const round = (await http().post(`/api/rounds/${draft.id}/publish`).set('Authorization', organizer.auth).send({ version: draft.version }).expect(200))
          .body as RoundViewBody;
        for (const p of round.pairings.filter((x) => x.black)) {
          const [red, black] = [strength.get(p.red.id)!, strength.get(p.black!.id)!];
          const result = (red + black + i) % 3 === 0 ? 'draw' : red < black ? 'red_win' : 'black_win';
          await http().put(`/api/games/${p.games[0].id}/result`).set('Authorization', organizer.auth).send({ result, version: p.games[0].version }).expect(200);
        }
      }
      await http().post(`/api/events/${e.id}/rating`).set('Authorization', organizer.auth).expect(200);
      const version = (await http().get(`/api/tournaments/${t.id}`).expect(200)).body.version;
      await http().patch(`/api/tournaments/${t.id}`).set('Authorization', organizer.auth).send({ published: true, version }).expect(200);
    }
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await prisma.$disconnect();
    await app?.close();
  });

  it('finds a player by name from the home page, opens the profile at 360 px and follows a game', async () => {
    const page = await browser.newPage({ viewport: PHONE, locale: 'zh-CN' });
    await page.goto(`${base}/?lang=zh`);
    await expect(page.locator('h2', { hasText: '已结束' }).count()).resolves.toBe(1);
    await screenshot(page, 'persons-home-360');
    await page.fill('#archive-q', '王天');
    await page.click('.archive-search button');
    await page.waitForURL(/q=/);
    await screenshot(page, 'persons-search-360');
    await page.click('a.person-link:has-text("王天一")');
    await page.waitForURL(/\/persons\//);
    await expect(page.locator('h1').textContent()).resolves.toContain('王天一');
    // The events are rated after their results, in the background (ratings/auto-rerate.ts): on a busy
    // machine the profile may come first, and shows the rest at its next load.
    for (const until = Date.now() + 60_000; (await page.locator('svg.rating-chart circle').count()) < 4 && Date.now() < until;) {
      await new Promise((r) => setTimeout(r, 500));
      await page.reload();
    }
    await expect(page.locator('svg.rating-chart circle').count()).resolves.toBe(4); // the list, then three events
    await expect(page.locator('table.person-events tbody tr').count()).resolves.toBe(3);
    // Each event and game says its date ({{date}} once called the date helper and showed nothing).
    await expect(page.locator('table.person-events tbody tr:first-child small').first().textContent()).resolves.toMatch(/2025-09-01/);
    await expect(page.locator('table.head-to-head tbody tr').count()).resolves.toBe(3);
    expect(await sidewaysScroll(page)).toBe(0);
    await screenshot(page, 'persons-profile-360');

    // Head-to-head against one opponent, then a game's record.
    await page.click('table.head-to-head tbody tr:first-child a.h2h-link');
    await page.waitForURL(/vs=/);
    await expect(page.locator('#games').textContent()).resolves.toContain('对局');
    await expect(page.locator('table.games tbody tr').count()).resolves.toBe(3);
    await page.click('table.games tbody tr:first-child a.game-link');
    await page.waitForURL(/\/games\//);
    expect(await sidewaysScroll(page)).toBe(0);
    await screenshot(page, 'persons-game-360');
    // The game's players are linked to their profiles (issue 33: every name); then, from a profile's
    // event, the event's round and its pairings name each player with a profile link too.
    const opponent = page.locator('p.players a.person-link').last();
    const opponentName = (await opponent.textContent())!.trim();
    await opponent.click();
    await page.waitForURL(/\/persons\//);
    await expect(page.locator('h1').textContent()).resolves.toContain(opponentName);
    await page.click('table.person-events tbody tr:first-child a');
    await page.waitForURL(/\/entries\//);
    await page.click('table.games tbody tr:first-child a.profile-link');
    await page.waitForURL(/\/persons\//);
    expect(await sidewaysScroll(page)).toBe(0);
    await page.goBack();
    await page.click('nav.event-nav a:has-text("棋手")');
    await page.waitForURL(/\/players/);
    await expect(page.locator('table.players a.profile-link').count()).resolves.toBe(4);
    expect(await sidewaysScroll(page)).toBe(0);
    await screenshot(page, 'persons-event-players-360');
    await page.close();
  });

  it('shows the profile in Traditional Chinese and English, and the rating report on A4', async () => {
    const person = await prisma.person.findUniqueOrThrow({ where: { federationId: `${FED}-1` } });
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${base}/persons/${person.id}?lang=zh-Hant`);
    await expect(page.locator('h2').first().textContent()).resolves.toContain('等級分');
    await page.goto(`${base}/persons/${person.id}?lang=en`);
    await expect(page.locator('h1').textContent()).resolves.toContain('Wang Tianyi');
    await expect(page.locator('h2', { hasText: 'Head-to-head' }).count()).resolves.toBe(1);
    expect(await sidewaysScroll(page)).toBe(0);
    await screenshot(page, 'persons-profile-en-360');
    // The profile with its rating chart on a desktop, in both languages.
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'persons-profile-en-1280');
    await page.goto(`${base}/persons/${person.id}?lang=zh`);
    await expect(page.locator('svg.rating-chart circle').count()).resolves.toBe(4);
    await screenshot(page, 'persons-profile-zh-1280');
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(`${base}/persons/${person.id}?lang=en`);
    // The latest event's rating report, reached from the profile.
    await page.click('table.person-events tbody tr:first-child td:last-child a');
    await page.waitForURL(/rating-report/);
    await expect(page.locator('section.rating-report-person').count()).resolves.toBe(4);
    await page.setViewportSize({ width: 794, height: 1123 });
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, 'persons-rating-report-a4');
    const list = await page.locator('a[href^="/rating-lists/"]').first().getAttribute('href');
    await page.emulateMedia({ media: 'screen' });
    await page.goto(`${base}${list}`);
    await expect(page.locator('table.rating-list tbody tr').count()).resolves.toBe(4);
    await screenshot(page, 'persons-rating-list');
    await page.close();
  });
});
