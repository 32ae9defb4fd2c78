// Issue 32, in a real browser: the steward scans a credential through Chromium's fake camera (a
// Y4M video of the QR code), the player opens the personal link at 360 px, the chief arbiter
// starts the round and one absent player's game becomes a loss by absence; the pairing's mail
// arrives at the test's SMTP server. Screenshots of the badge sheet, the scan page and the
// player's page in zh, zh-Hant and en (test/screenshots/venue-*.png) and the sheet as an A4 PDF.
import { INestApplication } from '@nestjs/common';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { MailSender } from '../../apps/server/src/mail/mail-sender';
import { RoundMails } from '../../apps/server/src/player-pages/round-mails';
import { PrismaService } from '../../apps/server/src/prisma/prisma.service';
import { SWISS_EVENT } from '../e2e/http-helpers';
import { drawnEvent, pairAndPublish, withRole, type PlayEvent, type User } from '../e2e/scenario';
import { startTestSmtp, type TestSmtp } from '../e2e/venue-smtp';
import { describeInBrowser, launchBrowser, listeningApp, PHONE, screenshot, SCREENSHOTS, sidewaysScroll } from './browser-support';
import { logInFromHome, viaMyTournaments, watch } from './staff-helpers';
import { writeQrVideo } from './venue-qr-video';

interface Cred {
  credentialId: string;
  kind: string;
  playerId: string | null;
  nameZh: string;
  nameEn: string;
  token: string;
  path: string;
}

describeInBrowser('at the venue, in the browser (issue 32)', () => {
  let app: INestApplication;
  let base: string;
  let smtp: TestSmtp;
  let browser: Browser;
  let play: PlayEvent;
  let steward: User;
  let chief: User;
  let creds: Cred[];
  let roundId: string;
  const errors: string[] = [];
  const saved = { url: process.env.CHUHE_SMTP_URL, poll: process.env.CHUHE_MAIL_POLL_MS };
  const http = () => request(app.getHttpServer());
  const video = join(mkdtempSync(join(tmpdir(), 'chuhe-qr-')), 'credential.y4m');

  beforeAll(async () => {
    smtp = await startTestSmtp();
    process.env.CHUHE_SMTP_URL = smtp.url;
    process.env.CHUHE_MAIL_POLL_MS = '0';
    ({ app, base } = await listeningApp());
    play = await drawnEvent(app, SWISS_EVENT, 6);
    steward = await withRole(app, play, 'steward');
    chief = await withRole(app, play, 'chief_arbiter');
    const t = (await http().get(`/api/tournaments/${play.tournamentId}`).expect(200)).body;
    await http()
      .patch(`/api/tournaments/${play.tournamentId}`)
      .set('Authorization', play.organizer.auth)
      .send({ version: t.version, published: true })
      .expect(200);
    const prisma = app.get(PrismaService);
    const players = await prisma.player.findMany({ where: { tournamentId: play.tournamentId } });
    for (const p of players)
      await prisma.player.update({ where: { id: p.id }, data: { email: `${p.nameEn.replace(/\W/g, '').toLowerCase()}-${Date.now()}@test.chuhe` } });
    creds = (await http().post(`/api/events/${play.eventId}/credentials`).set('Authorization', play.organizer.auth).expect(201)).body.credentials;
    await prisma.event.update({ where: { id: play.eventId }, data: { checkInPerRound: false } });
    // The run's database is shared: other suites' published rounds are queued and sent first (and
    // their mails forgotten), so that the counts below are this round's mails.
    while ((await app.get(RoundMails).queueDue()) > 0);
    while ((await app.get(MailSender).sendDue()) > 0);
    smtp.received.length = 0;
    const round = await pairAndPublish(app, play, play.organizer.auth, { scheduledAt: '2026-12-01T01:30:00Z' } as never);
    roundId = round.id;
    // The printed QR code of the first player's credential, as the camera will see it.
    writeQrVideo(video, `${base}${creds.find((c) => c.kind === 'player')!.path}`);
    browser = await launchBrowser(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await smtp?.close();
    process.env.CHUHE_SMTP_URL = saved.url;
    process.env.CHUHE_MAIL_POLL_MS = saved.poll;
  });

  const newPage = async (viewport = PHONE): Promise<Page> => {
    const context = await browser.newContext({ viewport, baseURL: base });
    const page = await context.newPage();
    watch(page, errors, [400, 403, 404, 409, 410]);
    return page;
  };

  it('the pairing’s mail arrives at the SMTP server with the personal link', async () => {
    expect(await app.get(RoundMails).queueDue()).toBe(6);
    await app.get(MailSender).sendDue();
    const mails = await smtp.waitFor(6);
    const first = creds.find((c) => c.kind === 'player')!;
    const mine = mails.find((m) => (m.text ?? '').includes(first.path));
    expect(mine?.subject).toContain('第1轮对阵');
    expect(mine?.text).toContain('2026-12-01');
    expect(mine?.text).toContain('09:30');
  });

  it('the steward finds the check-in page from My tournaments and scans the credential through the camera', async () => {
    const page = await newPage();
    await logInFromHome(page, base, steward.email, 'zh');
    await viaMyTournaments(page, `/tournaments/${play.tournamentId}/check-in`);
    await page.waitForSelector('#start-camera');
    for (const lang of ['zh', 'zh-Hant', 'en'] as const) {
      await page.goto(`/tournaments/${play.tournamentId}/check-in?lang=${lang}`);
      await screenshot(page, `venue-scan-${lang}`);
      expect(await sidewaysScroll(page)).toBe(0);
    }
    await page.goto(`/tournaments/${play.tournamentId}/check-in?lang=zh`);
    await page.click('#start-camera');
    // jsQR reads the fake camera's frames; the form is sent with the link from the QR code.
    await page.waitForSelector('#identity', { timeout: 20_000 });
    const first = creds.find((c) => c.kind === 'player')!;
    expect(await page.inputValue('#code')).toBe(`${base}${first.path}`);
    expect(await page.textContent('#identity-name')).toContain(first.nameZh);
    await screenshot(page, 'venue-scan-identity-zh');
    await page.click('.check-in-button');
    await page.waitForSelector('#check-in-done');
    expect(await page.textContent('#check-in-done')).toMatch(/检录完成（\d\d:\d\d）/);
    // Scanning again: "already checked in at 09:12".
    await page.goto(`/tournaments/${play.tournamentId}/check-in?lang=en&code=${encodeURIComponent(first.path)}`);
    expect(await page.textContent('#identity')).toMatch(/checked in at \d\d:\d\d/);
    await screenshot(page, 'venue-scan-already-en');
  });

  it('the player opens the personal link at 360 px: the next game, in three languages', async () => {
    const page = await newPage();
    const first = creds.find((c) => c.kind === 'player')!;
    for (const lang of ['zh', 'zh-Hant', 'en'] as const) {
      await page.goto(`${first.path}?lang=${lang}`);
      await page.waitForSelector('.next-game dl');
      expect(await sidewaysScroll(page)).toBe(0);
      await screenshot(page, `venue-player-${lang}`);
    }
    expect(await page.textContent('.next-game')).toContain('Round 1');
    expect(await page.textContent('.next-game')).toContain('09:30');
    expect(await page.textContent('.my-event')).toContain('checked in at');
    // The service worker is registered for /p/ (network first; the last copy kept for an offline venue).
    await page.waitForFunction('navigator.serviceWorker.getRegistration("/p/").then((r) => !!r)');
    expect(await page.evaluate('navigator.serviceWorker.getRegistration("/p/").then((r) => r && r.scope)')).toBe(`${base}/p/`);
    await page.waitForFunction('navigator.serviceWorker.ready.then(() => true)');
    // Loaded once through the worker (it keeps the copy), then the venue's network drops: the last pairing stays.
    await page.goto(`${first.path}?lang=en`);
    await page.waitForFunction('!!navigator.serviceWorker.controller');
    await page.goto(`${first.path}?lang=en`);
    await page.context().setOffline(true);
    await page.goto(`${first.path}?lang=en`);
    expect(await page.textContent('.next-game')).toContain('Round 1');
    expect(await page.isVisible('.offline-note')).toBe(true);
    expect(await page.textContent('.offline-note')).toContain('Offline: this page was saved at');
    await screenshot(page, 'venue-player-offline-en');
    await page.context().setOffline(false);
  });

  it('the chief arbiter starts the round from the venue desk; the absent player’s game is lost by absence', async () => {
    const players = creds.filter((c) => c.kind === 'player');
    const absent = players[players.length - 1];
    for (const c of players.slice(1, -1))
      await http()
        .post(`/api/tournaments/${play.tournamentId}/check-ins`)
        .set('Authorization', steward.auth)
        .send({ code: c.token, eventId: play.eventId })
        .expect(201);
    const page = await newPage({ width: 1280, height: 900 });
    await logInFromHome(page, base, chief.email, 'zh');
    await viaMyTournaments(page, `/events/${play.eventId}/venue-desk`);
    await page.waitForSelector('#start-round');
    await screenshot(page, 'venue-desk-before-zh');
    await page.click('#start-round');
    await page.click('#confirm-yes');
    await page.waitForSelector('#absences');
    expect(await page.textContent('#absences')).toContain(absent.nameZh);
    await page.click('#record-absences');
    await page.click('#confirm-yes');
    await page.waitForSelector('#presence-summary');
    await screenshot(page, 'venue-desk-after-zh');
    const game = await app.get(PrismaService).game.findFirstOrThrow({
      where: { pairing: { roundId }, OR: [{ redPlayerId: absent.playerId }, { blackPlayerId: absent.playerId }] },
    });
    expect(game.result).toBe(game.redPlayerId === absent.playerId ? 'black_win_forfeit' : 'red_win_forfeit');
    // The console shows the desk as a section.
    await page.goto(`/events/${play.eventId}/console?lang=zh`);
    await page.waitForSelector('#venue-desk #presence-summary');
    // The absent player's own page says so.
    const phone = await newPage();
    await phone.goto(`${absent.path}?lang=en`);
    expect(await phone.textContent('.my-event table')).toContain('lost (forfeit)');
  });

  it('the badge sheet: every holder on A4 with the QR code, in three languages', async () => {
    const page = await newPage({ width: 1280, height: 900 });
    await logInFromHome(page, base, play.organizer.email, 'zh');
    await viaMyTournaments(page, `/events/${play.eventId}/print/credentials`);
    for (const lang of ['zh', 'zh-Hant', 'en'] as const) {
      await page.goto(`/events/${play.eventId}/print/credentials?lang=${lang}`);
      expect(await page.locator('.badge').count()).toBe(creds.length);
      await screenshot(page, `venue-badges-${lang}`);
    }
    await page.emulateMedia({ media: 'print' });
    await page.pdf({ path: join(SCREENSHOTS, 'venue-badges-en.pdf'), format: 'A4', printBackground: true });
    // The offline step's own failed loads (the live stream while the network was down) are expected.
    expect(errors.filter((e) => !e.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
  });
});
