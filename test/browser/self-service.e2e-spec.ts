import { INestApplication } from '@nestjs/common';
import { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { MailSender } from '../../apps/server/src/mail/mail-sender';
import { PrismaService } from '../../apps/server/src/prisma/prisma.service';
import { newUser, SWISS_EVENT, TOURNAMENT } from '../e2e/http-helpers';
import { openRegistration } from '../e2e/entries-helpers';
import { drawnEvent } from '../e2e/scenario';
import { startTestSmtp, TestSmtp } from '../e2e/venue-smtp';
import { describeInBrowser, DESKTOP, launchBrowser, listeningApp, PHONE, screenshot, sidewaysScroll } from './browser-support';
import { logInFromHome, watch } from './staff-helpers';

type Lang = 'zh' | 'zh-Hant' | 'en';

/**
 * Issue 31 #3–#4 and issue 32 #1–#2 in Chromium, from the home page by links and forms: a person
 * enters an open event without an account (the form, the mail at the test's SMTP server, the link
 * followed), in Simplified, Traditional and English at 360 px; a player with an account edits
 * their request, is approved and finds their own page through My tournaments; the badge sheet
 * keeps every QR code inside its badge at 360 px and on A4.
 */
describeInBrowser('entering without an account, editing, My tournaments, badges (issues 31, 32)', () => {
  let app: INestApplication;
  let base: string;
  let browser: Browser;
  let smtp: TestSmtp;
  const errors: string[] = [];
  const saved = { url: process.env.CHUHE_SMTP_URL, poll: process.env.CHUHE_MAIL_POLL_MS, pub: process.env.CHUHE_PUBLIC_URL };
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    smtp = await startTestSmtp();
    process.env.CHUHE_SMTP_URL = smtp.url;
    process.env.CHUHE_MAIL_POLL_MS = '0';
    ({ app, base } = await listeningApp());
    // The mailed links lead to this server (the operator's CHUHE_PUBLIC_URL in production).
    process.env.CHUHE_PUBLIC_URL = base;
    browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await smtp?.close();
    for (const [k, v] of [
      ['CHUHE_SMTP_URL', saved.url],
      ['CHUHE_MAIL_POLL_MS', saved.poll],
      ['CHUHE_PUBLIC_URL', saved.pub],
    ] as const)
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  });

  async function open(lang: Lang, viewport = PHONE): Promise<Page> {
    const locale = lang === 'zh' ? 'zh-CN' : lang === 'zh-Hant' ? 'zh-TW' : 'en-GB';
    const context = await browser.newContext({ viewport, locale });
    const page = await context.newPage();
    watch(page, errors);
    return page;
  }
  const fits = async (page: Page) => expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  const submit = (page: Page, selector: string) => Promise.all([page.waitForLoadState('load'), page.click(selector)]);

  async function mailTo(to: string): Promise<string> {
    const until = Date.now() + 30_000;
    for (;;) {
      const got = smtp.received.find((m) => JSON.stringify(m.to ?? '').includes(to));
      if (got) return got.text ?? '';
      if (Date.now() > until) throw new Error(`no mail to ${to}`);
      await app.get(MailSender).sendDue(20);
      await new Promise((r) => setTimeout(r, 150));
    }
  }

  it('a person enters from the home page without an account, confirms by the mailed link, in three languages at 360 px', async () => {
    const organizer = await newUser(app, 'organizer');
    const stamp = Date.now() % 100000;
    const t = (
      await http()
        .post('/api/tournaments')
        .set('Authorization', organizer.auth)
        .send({ ...TOURNAMENT, nameZh: `新春公开赛${stamp}`, nameEn: `Spring Open ${stamp}` })
        .expect(201)
    ).body.id as string;
    const ev = (
      await http()
        .post(`/api/tournaments/${t}/events`)
        .set('Authorization', organizer.auth)
        .send({ ...SWISS_EVENT, nameZh: '公开组', nameEn: 'Open' })
        .expect(201)
    ).body;
    await http()
      .put(`/api/events/${ev.id}/regulations`)
      .set('Authorization', organizer.auth)
      .send({ version: ev.version, selfRegistration: true, minBirthYear: 1940 })
      .expect(200);
    await openRegistration(app, organizer.auth, t);
    await app.get(PrismaService).tournament.update({ where: { id: t }, data: { publishedAt: new Date() } });

    const people: Record<Lang, { zh: string; en: string; tName: string; enter: string; sent: RegExp; confirmed: RegExp }> = {
      zh: { zh: '周晓梅', en: 'Zhou Xiaomei', tName: `新春公开赛${stamp}`, enter: '报名参赛', sent: /请查收寄到/, confirmed: /报名已确认，等待组委会审核/ },
      'zh-Hant': {
        zh: '黄志明',
        en: 'Wong Chi Ming',
        tName: `新春公開賽${stamp}`,
        enter: '報名參賽',
        sent: /請查收寄到/,
        confirmed: /報名已確認，等待組委會審核/,
      },
      en: { zh: '林文', en: 'Lim Boon', tName: `Spring Open ${stamp}`, enter: 'Enter', sent: /Check your mail at/, confirmed: /Your entry is confirmed/ },
    };
    for (const lang of ['zh', 'zh-Hant', 'en'] as const) {
      const who = people[lang];
      const page = await open(lang);
      await page.goto(`${base}/?lang=${lang}`);
      await page.click(`a:has-text("${who.tName}")`);
      await page.waitForLoadState('load');
      await page.click(`a[href="/events/${ev.id}/enter"]`);
      await page.waitForSelector('#by-mail');
      // Ineligible first (born too early): refused at once in the page's language, beside the field.
      await page.fill('#by-mail input[name=nameZh]', who.zh);
      await page.fill('#by-mail input[name=nameEn]', who.en);
      await page.selectOption('#by-mail select[name=gender]', 'female');
      await page.fill('#by-mail input[name=birthYear]', '1930');
      const email = `${lang.toLowerCase()}-${stamp}@mail.test`; // addresses are kept in lower case
      await page.fill('#by-mail input[name=requestEmail]', email);
      await submit(page, '#by-mail button[type=submit]');
      const refusal = await page.locator('#by-mail').innerText();
      expect(refusal).toContain(
        lang === 'en'
          ? 'birth year 1930 is outside the eligibility bounds'
          : lang === 'zh'
            ? '出生年份 1930 不在参赛资格范围'
            : '出生年份 1930 不在參賽資格範圍',
      );
      await fits(page);
      await screenshot(page, `self-entry-refused-${lang}-360`);
      await page.fill('#by-mail input[name=birthYear]', '1988');
      await submit(page, '#by-mail button[type=submit]');
      await expect(page.locator('body').innerText()).resolves.toMatch(who.sent);
      await fits(page);
      await screenshot(page, `self-entry-sent-${lang}-360`);
      // The mail, in the page's language; its link followed in the browser.
      const text = await mailTo(email);
      const link = new RegExp(`${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/entry-requests/confirm/[A-Za-z0-9_-]+\\?lang=${lang}`).exec(text);
      expect(link).not.toBeNull();
      await page.goto(link![0]);
      await expect(page.locator('main').innerText()).resolves.toMatch(who.confirmed);
      await fits(page);
      await screenshot(page, `self-entry-confirmed-${lang}-360`);
      await page.context().close();
    }
    const queue = (await http().get(`/api/events/${ev.id}/entry-requests`).set('Authorization', organizer.auth).expect(200)).body as { state: string }[];
    expect(queue.map((r) => r.state)).toEqual(['submitted', 'submitted', 'submitted']);
    expect(errors).toEqual([]);
  }, 240_000);

  it('a player with an account edits the request, is approved, and opens their own page from My tournaments; the badges keep their QR codes', async () => {
    const play = await drawnEvent(app, { ...SWISS_EVENT, nameZh: '证件', nameEn: 'Badges' }, 4);
    const organizer = play.organizer;
    const long = await app.get(PrismaService).entry.findFirstOrThrow({ where: { eventId: play.eventId } });
    // A long name, a unit and a draw number: the text column is taller than the badge's QR code.
    await app
      .get(PrismaService)
      .player.update({ where: { id: long.playerId! }, data: { nameZh: '欧阳司马慕容长名字选手', nameEn: 'Alexandra Konstantinopoulou-Vasquez de la Fuente' } });
    await http().post(`/api/events/${play.eventId}/credentials`).set('Authorization', organizer.auth).expect(201);
    // The player's own tournament: an open event with their request.
    const t = (await http().post('/api/tournaments').set('Authorization', organizer.auth).send(TOURNAMENT).expect(201)).body.id as string;
    const ev = (
      await http()
        .post(`/api/tournaments/${t}/events`)
        .set('Authorization', organizer.auth)
        .send({ ...SWISS_EVENT, nameZh: '公开组', nameEn: 'Open' })
        .expect(201)
    ).body;
    await http().put(`/api/events/${ev.id}/regulations`).set('Authorization', organizer.auth).send({ version: ev.version, selfRegistration: true }).expect(200);
    await openRegistration(app, organizer.auth, t);
    const me = await newUser(app, 'player');
    const asked = await http()
      .post(`/api/events/${ev.id}/entry-requests`)
      .set('Authorization', me.auth)
      .send({ player: { nameZh: '郑', nameEn: 'Zheng', gender: 'male', birthYear: 1990 } })
      .expect(201);

    for (const lang of ['en', 'zh'] as const) {
      const page = await open(lang, lang === 'en' ? PHONE : DESKTOP);
      await logInFromHome(page, base, me.email, lang);
      // From My tournaments to the request, then its edit form.
      await page.click('header a[href="/my"]');
      await page.waitForLoadState('load');
      await page.click(`#my-requests a[href="/events/${ev.id}/enter"]`);
      await page.waitForLoadState('load');
      await page.click(`a[href="/entry-requests/${asked.body.id}/edit"]`);
      await page.waitForSelector('form[action$="/edit"]');
      await page.fill('input[name=rating]', lang === 'en' ? '1850' : '1900');
      await screenshot(page, `self-entry-edit-${lang}-${lang === 'en' ? 360 : 1280}`);
      await submit(page, 'form[action$="/edit"] button[type=submit]');
      await expect(page.locator('body').innerText()).resolves.toContain(lang === 'en' ? 'The entry request is changed' : '报名已修改');
      if (lang === 'en') await fits(page);
      await page.context().close();
    }
    const current = await app.get(PrismaService).entryRequest.findUniqueOrThrow({ where: { id: asked.body.id } });
    expect((current.details as { members: { rating: number }[] }).members[0].rating).toBe(1900);
    await http().post(`/api/entry-requests/${asked.body.id}/approve`).set('Authorization', organizer.auth).send({ version: current.version }).expect(200);

    for (const lang of ['zh-Hant', 'en'] as const) {
      const page = await open(lang);
      await logInFromHome(page, base, me.email, lang === 'zh-Hant' ? 'zh' : 'en');
      await page.goto(`${base}/my?lang=${lang}`);
      await page.waitForSelector('#my-entries');
      await fits(page);
      await screenshot(page, `my-tournaments-player-${lang}-360`);
      await page.click('#my-entries a[href^="/my/players/"] >> nth=0');
      await page.waitForSelector('#my-page');
      await expect(page.locator('h1').innerText()).resolves.toContain(lang === 'en' ? 'Zheng' : '鄭');
      await fits(page);
      await screenshot(page, `my-player-page-${lang}-360`);
      await page.context().close();
    }

    // The badge sheet: every QR code inside its badge, on a 360 px phone and on A4 paper.
    for (const [name, viewport, media] of [
      ['360', PHONE, 'screen'],
      ['a4', { width: 794, height: 1123 }, 'print'],
    ] as const) {
      const page = await open('zh', viewport);
      await logInFromHome(page, base, organizer.email, 'zh');
      await page.emulateMedia({ media });
      await page.goto(`${base}/events/${play.eventId}/print/credentials?lang=zh`);
      await page.waitForSelector('.badge');
      const outside = await page.$$eval('.badge', (badges) =>
        badges
          .map((b) => {
            const box = b.getBoundingClientRect();
            const qr = b.querySelector('.badge-qr svg')!.getBoundingClientRect();
            return qr.left >= box.left && qr.right <= box.right + 0.5 && qr.top >= box.top && qr.bottom <= box.bottom + 0.5
              ? ''
              : b.textContent!.trim().slice(0, 40);
          })
          .filter(Boolean),
      );
      expect(outside).toEqual([]);
      if (name === '360') await fits(page);
      await screenshot(page, `badges-zh-${name}`);
      await page.context().close();
    }
    expect(errors).toEqual([]);
  }, 300_000);
});
