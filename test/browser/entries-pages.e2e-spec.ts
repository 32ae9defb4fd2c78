import { INestApplication } from '@nestjs/common';
import { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { newUser, SWISS_EVENT, TEAM_EVENT, TOURNAMENT } from '../e2e/http-helpers';
import { person } from '../e2e/entries-helpers';
import { scenario } from '../e2e/scenario';
import { describeInBrowser, DESKTOP, launchBrowser, listeningApp, PHONE, screenshot, sidewaysScroll } from './browser-support';
import { logInFromHome, PASSWORD, viaMyTournaments, watch } from './staff-helpers';

/**
 * Issue 31 in Chromium, by links and forms: the organizer writes and publishes the regulations,
 * computes 附录2 #1 quotas for 6 units from last year's finished team event and invites two
 * delegates, who accept, enter players and a team (one entry over the quota refused); a player
 * enters an open event themselves; the organizer approves, refuses, waits; the field fills, a
 * withdrawal frees a place and the waiting entry is promoted; a fee is marked, its receipt printed;
 * the draw runs. Screenshots at 1280 and 360 px, in Chinese and English.
 */
describeInBrowser('entries from units and players in Chromium (issue 31)', () => {
  let app: INestApplication;
  let base: string;
  let browser: Browser;
  const errors: string[] = [];
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    ({ app, base } = await listeningApp());
    browser = await launchBrowser();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function open(lang: 'zh' | 'en', viewport = DESKTOP): Promise<Page> {
    const context = await browser.newContext({ viewport, locale: lang === 'zh' ? 'zh-CN' : 'en-GB' });
    const page = await context.newPage();
    watch(page, errors);
    return page;
  }
  const submit = (page: Page, selector: string) => Promise.all([page.waitForLoadState('load'), page.click(selector)]);
  const fits = async (page: Page) => expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

  it('regulations, quotas, delegates, self-registration, approval, waiting list, fees and the draw', async () => {
    // Before: the organizer ran last year's team championship (two rounds played) and set up this year's tournament.
    const organizer = await newUser(app, 'organizer');
    const last = await scenario(app, { event: TEAM_EVENT, players: 4, rounds: 2, organizer });
    const lastUnits = (await http().get(`/api/tournaments/${last.tournamentId}/affiliations`).expect(200)).body as { nameZh: string; nameEn: string }[];
    const auth = organizer.auth;
    const t = (
      await http()
        .post('/api/tournaments')
        .set('Authorization', auth)
        .send({ ...TOURNAMENT, nameZh: '亚洲个人锦标赛', nameEn: 'Asian Individual Championship' })
        .expect(201)
    ).body.id as string;
    const units: Record<string, string> = {};
    for (const [i, u] of [...lastUnits, { nameZh: '新加坡', nameEn: 'Singapore' }, { nameZh: '文莱', nameEn: 'Brunei' }].entries())
      units[u.nameZh] = (
        await http()
          .post(`/api/tournaments/${t}/affiliations`)
          .set('Authorization', auth)
          .send({ nameZh: u.nameZh, nameEn: `${u.nameEn} ${i}` })
          .expect(201)
      ).body.id;
    const ev = async (body: Record<string, unknown>) =>
      (await http().post(`/api/tournaments/${t}/events`).set('Authorization', auth).send(body).expect(201)).body as { id: string; version: number };
    const individual = await ev({ ...SWISS_EVENT, nameZh: '个人锦标赛', nameEn: 'Championship' });
    const teams = await ev({ ...TEAM_EVENT, nameZh: '团体赛', nameEn: 'Teams' });
    const openEvent = await ev({ ...SWISS_EVENT, nameZh: '公开赛', nameEn: 'Open' });
    await http().put(`/api/events/${teams.id}/quotas/${units['新加坡']}`).set('Authorization', auth).send({ quota: 1 }).expect(200);

    // ── The organizer: regulations (English, 1280 px) ──
    const org = await open('en');
    await logInFromHome(org, base, organizer.email, 'en');
    await viaMyTournaments(org, `/tournaments/${t}/manage`);
    await org.click(`main a[href="/tournaments/${t}/manage/regulations"]`);
    await org.fill('#f-purpose_zh', '促进亚洲象棋交流');
    await org.fill('#f-purpose_en', 'To promote xiangqi in Asia');
    await org.fill('#f-prizes_zh', '前三名颁发奖杯');
    await org.fill('#f-prizes_en', 'Cups for the first three');
    await org.fill('#f-registrationOpensAt', '2026-01-01T09:00');
    await org.fill('#f-registrationClosesAt', '2030-12-01T18:00');
    await org.fill('#f-registrationPlace', 'Singapore Chinese Chess Association');
    await org.fill('#f-feeCurrency', 'SGD');
    await submit(org, 'main form[action$="/manage/regulations"] button[type=submit]');
    // The open event: players enter themselves, at most 2, a fee of S$30.
    const openForm = `#event-${openEvent.id}`;
    await org.fill(`${openForm} #f-maxEntries`, '2');
    await org.fill(`${openForm} #f-feePerPlayer`, '3000');
    await org.check(`${openForm} #f-selfRegistration`);
    await submit(org, `${openForm} button[type=submit]`);
    await expect(org.locator('.flash').textContent()).resolves.toContain('Open');
    await submit(org, 'form[action$="/regulations/publish"] button');
    expect(new URL(org.url()).pathname).toBe(`/tournaments/${t}/regulations`);
    await expect(org.locator('main').textContent()).resolves.toContain('Cups for the first three');
    await screenshot(org, 'entries-regulations-en-1280');
    // An amendment after publication is shown.
    await org.goto(`${base}/tournaments/${t}/manage/regulations`);
    await org.fill('#f-prizes_en', 'Cups for the first eight');
    await org.fill('#f-prizes_zh', '前八名颁发奖杯');
    await submit(org, 'main form[action$="/manage/regulations"] button[type=submit]');
    await org.goto(`${base}/tournaments/${t}/regulations`);
    await expect(org.locator('.amended').textContent()).resolves.toMatch(/Amended on .*Prizes/);

    // ── Units and quotas by 附录2 #1, delegates invited ──
    await org.goto(`${base}/tournaments/${t}/manage`);
    await org.click(`main a[href="/tournaments/${t}/manage/units"]`);
    const rule = `#quotas-${individual.id}`;
    await org.click(`${rule} details.rule summary`);
    await org.selectOption(`${rule} #from-${individual.id}`, last.eventId);
    await org.selectOption(`${rule} #host-${individual.id}`, units['新加坡']);
    await submit(org, `${rule} form[action$="/quotas/rule"] button[type=submit]`);
    await expect(org.locator('.flash').textContent()).resolves.toContain('6 units');
    const quotaOf = (unit: string) => org.locator(`#q-${individual.id}-${units[unit]}`).inputValue();
    await expect(quotaOf('新加坡')).resolves.toBe('3'); // 2 + the one that makes 9 even
    await expect(quotaOf('文莱')).resolves.toBe('1');
    const quotas = await Promise.all(Object.keys(units).map(quotaOf));
    expect(quotas.map(Number).reduce((a, b) => a + b, 0)).toBe(10);
    // Each delegate invited in their own language: the invitation's mail and page are in it (issue 32 #5).
    const invite = async (email: string, unit: string, language: 'zh' | 'en') => {
      await org.fill('#delegates #f-email', email);
      await org.selectOption('#delegates #f-affiliationId', units[unit]);
      await expect(org.locator('#delegates #f-language').inputValue()).resolves.toBe('en'); // the page's language by default
      await org.selectOption('#delegates #f-language', language);
      await submit(org, '#delegates form button[type=submit]');
    };
    const delegateA = `delegate-a-${Date.now()}@test.chuhe`;
    const delegateB = `delegate-b-${Date.now()}@test.chuhe`;
    await invite(delegateA, '文莱', 'zh');
    await invite(delegateB, '新加坡', 'en');
    const links = await org.locator('#delegates .link-box').allTextContents();
    expect(links).toHaveLength(2);
    await screenshot(org, 'entries-units-en-1280');

    // ── Delegate A (Chinese, phone): accepts, enters the unit's one player; a second tab's entry is over the quota ──
    const a = await open('zh', PHONE);
    const signUpAndAccept = async (page: Page, link: string, email: string, name: string) => {
      await page.goto(link);
      await page.click('main a[href^="/signup"]');
      await page.fill('#f-email', email);
      await page.fill('#f-displayName', name);
      await page.fill('#f-password', PASSWORD);
      await Promise.all([page.waitForNavigation(), page.click('main form button[type=submit]')]);
      await Promise.all([page.waitForNavigation(), page.click('main form button[type=submit]')]);
      await viaMyTournaments(page, `/tournaments/${t}/unit`);
    };
    await signUpAndAccept(a, links[0], delegateA, '文莱领队');
    const section = `#event-${individual.id}`;
    await expect(a.locator(section).textContent()).resolves.toContain('名额 1，已用 0，剩余 1');
    const second = await a.context().newPage();
    await second.goto(a.url());
    const enterOne = async (page: Page, zh: string, en: string) => {
      await page.click(`${section} summary`);
      await page.fill(`${section} input[name=nameZh]`, zh);
      await page.fill(`${section} input[name=nameEn]`, en);
      await page.selectOption(`${section} select[name=gender]`, 'male');
      await page.fill(`${section} input[name=birthYear]`, '1995');
      await submit(page, `${section} form button[type=submit]`);
    };
    await enterOne(a, '文一', 'Wen Yi');
    await expect(a.locator('.flash').textContent()).resolves.toBe('报名已提交，等待审核');
    await enterOne(second, '文二', 'Wen Er');
    await expect(second.locator(`${section} .form-error`).textContent()).resolves.toMatch(/名额为 1，已用 1（附录2 #1）/);
    await a.reload();
    await fits(a);
    await screenshot(a, 'entries-unit-zh-360');

    // ── Delegate B (English, 1280): a team of three new starters and a reserve ──
    const b = await open('en');
    await signUpAndAccept(b, links[1], delegateB, 'Singapore delegate');
    const team = `#event-${teams.id}`;
    await b.click(`${team} summary`);
    await b.fill(`${team} input[name=teamNameZh]`, '新加坡队');
    await b.fill(`${team} input[name=teamNameEn]`, 'Singapore');
    for (const [i, [zh, en]] of [
      ['吴一', 'Wu One'],
      ['吴二', 'Wu Two'],
      ['吴三', 'Wu Three'],
      ['吴四', 'Wu Four'],
    ].entries()) {
      await b.fill(`${team} input[name=m${i}_nameZh]`, zh);
      await b.fill(`${team} input[name=m${i}_nameEn]`, en);
      await b.selectOption(`${team} select[name=m${i}_gender]`, 'male');
    }
    await submit(b, `${team} form button[type=submit]`);
    await expect(b.locator('.flash').textContent()).resolves.toBe('Entry submitted, awaiting approval');
    await expect(b.locator(`${team} table.requests`).textContent()).resolves.toContain('Board 3: Wu Three');
    // The delegate sees their unit only: Brunei's entry is not on this page.
    await expect(b.locator('main').textContent()).resolves.not.toContain('Wen Yi');
    await screenshot(b, 'entries-unit-en-1280');

    // ── A player enters the open event from the tournament's page (English, phone) ──
    const p = await open('en', PHONE);
    await p.goto(`${base}/tournaments/${t}?lang=en`);
    await p.click(`main a[href="/events/${openEvent.id}/enter"]`);
    await p.click('main a[href^="/signup"]');
    await p.fill('#f-email', `player-${Date.now()}@test.chuhe`);
    await p.fill('#f-displayName', 'Lim');
    await p.fill('#f-password', PASSWORD);
    await Promise.all([p.waitForNavigation(), p.click('main form button[type=submit]')]);
    expect(new URL(p.url()).pathname).toBe(`/events/${openEvent.id}/enter`);
    await p.fill('#f-nameZh', '林');
    await p.fill('#f-nameEn', 'Lim');
    await p.selectOption('#f-gender', 'male');
    await p.fill('#f-birthYear', '2001');
    await submit(p, 'main form[action$="/enter"] button[type=submit]');
    await expect(p.locator('.state').textContent()).resolves.toBe('Submitted');
    await fits(p);
    await screenshot(p, 'entries-enter-en-360');
    // Three more ask through the API.
    for (const [zh, en] of [
      ['陈', 'Chen'],
      ['黄', 'Huang'],
      ['李', 'Lee'],
    ]) {
      const u = await newUser(app, 'player');
      await http()
        .post(`/api/events/${openEvent.id}/entry-requests`)
        .set('Authorization', u.auth)
        .send({ player: person(zh, en) })
        .expect(201);
    }

    // ── The organizer's queue: approve, refuse with a reason, wait; the field fills ──
    await org.goto(`${base}/tournaments/${t}/manage`);
    await org.click(`main a[href="/manage/events/${openEvent.id}/requests"]`);
    await expect(org.locator('main').textContent()).resolves.toContain('at most 2, 0 entered, 2 free, 0 waiting');
    const row = (name: string) => org.locator('table.requests tbody tr', { hasText: name });
    await submit(org, `#${await row('Lim').getAttribute('id')} button[value=approve]`);
    await row('Chen').locator('input[name=reason]').fill('Entry form incomplete');
    await submit(org, `#${await row('Chen').getAttribute('id')} button[value=refuse]`);
    await submit(org, `#${await row('Huang').getAttribute('id')} button[value=wait]`);
    await submit(org, `#${await row('Lee').getAttribute('id')} button[value=approve]`);
    await expect(org.locator('main').textContent()).resolves.toContain('at most 2, 2 entered, 0 free, 1 waiting');
    await expect(row('Chen').textContent()).resolves.toContain('Reason: Entry form incomplete');
    await screenshot(org, 'entries-queue-en-1280');
    // Filtered: the waiting list only.
    await org.selectOption('#f-state', 'waiting');
    await submit(org, 'form.filters button');
    await expect(org.locator('table.requests tbody tr').count()).resolves.toBe(1);

    // ── A withdrawal frees a place; the first waiting is promoted ──
    await org.goto(`${base}/manage/events/${openEvent.id}/entries`);
    await org.click('main tr:has-text("Lee") a[href$="/withdraw"]');
    await submit(org, 'main form button.danger');
    await org.goto(`${base}/manage/events/${openEvent.id}/requests`);
    await submit(org, 'form[action$="/requests/promote"] button');
    await expect(org.locator('.flash').textContent()).resolves.toBe('Huang promoted from the waiting list');
    await expect(row('Huang').locator('.state').textContent()).resolves.toBe('Approved');

    // The Chinese queue on a phone.
    const orgZh = await open('zh', PHONE);
    await logInFromHome(orgZh, base, organizer.email, 'zh');
    await orgZh.goto(`${base}/manage/events/${openEvent.id}/requests`);
    await expect(orgZh.locator('main').textContent()).resolves.toContain('理由：Entry form incomplete');
    await fits(orgZh);
    await screenshot(orgZh, 'entries-queue-zh-360');
    await orgZh.goto(`${base}/tournaments/${t}/regulations`);
    await expect(orgZh.locator('main').textContent()).resolves.toContain('前八名颁发奖杯');
    await fits(orgZh);
    await screenshot(orgZh, 'entries-regulations-zh-360');
    // The same pages in Chinese at 1280 px (the units with their 附录2 quotas, the queue), and the English queue at 360 px.
    const orgZhWide = await open('zh');
    await logInFromHome(orgZhWide, base, organizer.email, 'zh');
    await orgZhWide.goto(`${base}/tournaments/${t}/manage/units`);
    await expect(orgZhWide.locator('main').textContent()).resolves.toContain('文莱');
    await screenshot(orgZhWide, 'entries-units-zh-1280');
    await orgZhWide.goto(`${base}/manage/events/${openEvent.id}/requests`);
    await screenshot(orgZhWide, 'entries-queue-zh-1280');
    await orgZhWide.context().close();
    const orgEnPhone = await open('en', PHONE);
    await logInFromHome(orgEnPhone, base, organizer.email, 'en');
    await orgEnPhone.goto(`${base}/manage/events/${openEvent.id}/requests`);
    await fits(orgEnPhone);
    await screenshot(orgEnPhone, 'entries-queue-en-360');
    await orgEnPhone.context().close();

    // ── Fees: the unpaid list before the draw, one marked paid in cash, its receipt ──
    await org.goto(`${base}/tournaments/${t}/manage`);
    await org.click(`main a[href="/tournaments/${t}/manage/fees"]`);
    await org.click(`main a[href$="/manage/fees?state=unpaid"]`);
    await expect(org.locator('table.requests tbody tr').count()).resolves.toBe(3);
    await submit(org, 'table.requests tbody tr:has-text("Lim") form button');
    await expect(org.locator('table.requests tbody tr').count()).resolves.toBe(2);
    await screenshot(org, 'entries-fees-en-1280');
    await org.click(`main a[href="/tournaments/${t}/manage/fees"]`);
    await org.click('table.requests tbody tr:has-text("Lim") a[href$="/receipt"]');
    await expect(org.locator('.receipt').textContent()).resolves.toMatch(/Receipt no\. 1[\s\S]*SGD\s?30\.00|Receipt no\. 1[\s\S]*S\$30\.00/);
    await orgZh.goto(org.url());
    await expect(orgZh.locator('.receipt').textContent()).resolves.toContain('收据编号 1');
    await screenshot(orgZh, 'entries-receipt-zh-360');

    // ── Approve the delegates' entries; the draw runs on what came in ──
    await org.goto(`${base}/manage/events/${teams.id}/requests`);
    await submit(org, 'table.requests tbody tr button[value=approve]');
    await expect(org.locator('.state').first().textContent()).resolves.toBe('Approved');
    await org.goto(`${base}/manage/events/${openEvent.id}/draw`);
    await submit(org, 'main form[action$="/draw"] button[type=submit]');
    const drawn = (await http().get(`/api/events/${openEvent.id}/entries`).expect(200)).body as { status: string; drawNumber: number | null }[];
    expect(
      drawn
        .filter((e) => e.status === 'active')
        .map((e) => e.drawNumber)
        .sort(),
    ).toEqual([1, 2]);
    expect(errors).toEqual([]);
  }, 600_000); // a long walk: on a loaded 2-core machine it has taken over 4 minutes
});
