import { INestApplication } from '@nestjs/common';
import { mkdirSync, readFileSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { createPrismaClient, testDatabaseUrl } from '../support/database';
import { grantRole, newUser, startTestApp, SWISS_EVENT, TEAM_EVENT } from '../e2e/http-helpers';
import { publishTournament } from '../e2e/live-helpers';
import { Play, playEvent, withRole } from '../e2e/results-helpers';
import { drawnEvent, PlayEvent } from '../e2e/rounds-helpers';
import { logInFromHome, shoot, SHOTS, until, viaMyTournaments, watch } from './staff-helpers';
import { describeInBrowser, launchBrowser } from './browser-support';

const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Issue 20, pages 8–10 in Chromium, each person starting at the home page and using only links,
 * buttons and forms: the chief arbiter pairs round 1 (with its start time), exchanges colours,
 * swaps, publishes (asked first); an arbiter types the results on the keyboard sheet, is asked
 * before replacing a stored result and sees why an unknown table is refused; the chief arbiter pairs
 * round 2 and corrects a round-1 result, and the console shows the later pairings the correction
 * would have changed; a captain hands in a lineup. Screenshots at 1280 and 360 px; axe-core.
 */
describeInBrowser('staff pages in Chromium (issue 20)', () => {
  let app: INestApplication;
  let base: string;
  let browser: Browser;
  let play: Play;
  let chief: { email: string; auth: string };
  let arbiter: { email: string; auth: string };
  let team: PlayEvent;
  let captain: { email: string; auth: string };
  let captainEntry: string;
  let matchId: string;
  const prisma = createPrismaClient(testDatabaseUrl());
  const errors: string[] = [];
  const axePages: { name: string; url: string; email: string; ready: string }[] = [];
  const overflow: Record<string, number> = {};

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await startTestApp();
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    play = await playEvent(app, { ...SWISS_EVENT, nameZh: '公开组', nameEn: 'Open' }, 11);
    await publishTournament(app, play);
    chief = await withRole(app, play, 'chief_arbiter');
    arbiter = await withRole(app, play, 'arbiter');
    team = await drawnEvent(app, { ...TEAM_EVENT, nameZh: '团体组', nameEn: 'Teams' }, 4);
    await publishTournament(app, team);
    const entry = await prisma.entry.findFirstOrThrow({ where: { eventId: team.eventId, drawNumber: 1 } });
    captainEntry = entry.id;
    captain = await newUser(app, 'captain');
    await grantRole(app, team.organizer.auth, team.tournamentId, captain, 'team_captain', entry.teamId!);
    const http = () => request(app.getHttpServer());
    const draft = await http()
      .post(`/api/events/${team.eventId}/rounds`)
      .set('Authorization', team.organizer.auth)
      .send({ scheduledAt: new Date(Date.now() + 3 * 3600_000).toISOString() })
      .expect(201);
    const pub = await http()
      .post(`/api/rounds/${draft.body.id}/publish`)
      .set('Authorization', team.organizer.auth)
      .send({ version: draft.body.version })
      .expect(200);
    matchId = (pub.body.pairings as { id: string; red: { id: string }; black: { id: string } | null }[]).find(
      (p) => p.red.id === entry.id || p.black?.id === entry.id,
    )!.id;
    browser = await launchBrowser();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await prisma.$disconnect();
    await app?.close();
  });

  const rounds = async () => (await request(app.getHttpServer()).get(`/api/events/${play.eventId}/rounds`).set('Authorization', chief.auth).expect(200)).body;

  async function person(email: string, lang: 'zh' | 'en', width = 1280): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale: lang === 'zh' ? 'zh-CN' : 'en-GB' });
    const page = await context.newPage();
    watch(page, errors);
    await logInFromHome(page, base, email, lang);
    return page;
  }

  it('the chief arbiter pairs round 1 with its start time, reads the checker, exchanges colours, swaps and publishes (asked first)', async () => {
    const page = await person(chief.email, 'zh');
    await viaMyTournaments(page, `/events/${play.eventId}/console`);
    await page.waitForSelector('#pair-next');
    await page.fill('#pair-scheduledAt', '2026-12-01T09:30');
    await page.click('#pair-next');
    await page.waitForSelector('#draft-state');
    await page.waitForSelector('#findings');
    const draft = (await rounds())[0];
    expect(draft.state).toBe('draft');
    // 09:30 in the tournament's time zone (the default UTC unless the tournament says otherwise).
    expect(draft.scheduledAt).toBeTruthy();
    const t1 = draft.pairings.find((p: { table: number }) => p.table === 1);
    await page.click('button[data-colours="1"]');
    await page.waitForSelector('#draft-state');
    const afterColours = (await rounds())[0];
    expect(afterColours.pairings.find((p: { table: number }) => p.table === 1).red.id).toBe(t1.black.id);
    const byeHolder = afterColours.pairings.find((p: { black: unknown }) => p.black === null).red.id;
    await page.selectOption('#swap-a', afterColours.pairings.find((p: { table: number }) => p.table === 1).red.id);
    await page.selectOption('#swap-b', byeHolder);
    await page.click('#swap-submit');
    await page.waitForSelector('#draft-state');
    const swapped = (await rounds())[0];
    expect(swapped.pairings.find((p: { black: unknown }) => p.black === null).red.id).toBe(t1.black.id);
    overflow.consoleDraft = await shoot(page, 'staff-console-draft-zh');
    axePages.push({ name: 'console', url: `${base}/events/${play.eventId}/console?lang=en`, email: chief.email, ready: '#missing' });
    // Publishing asks first; the question's button publishes.
    await page.click('#publish');
    await page.waitForSelector('#confirm-yes');
    expect((await rounds())[0].state).toBe('draft');
    await shoot(page, 'staff-confirm-publish-zh');
    await page.click('#confirm-yes');
    await page.waitForSelector('#sheet-1');
    expect((await rounds())[0].state).toBe('published');
    expect(await page.locator('#missing li').count()).toBe(5);
    // No "pair the next round" while round 1 has games without a result.
    expect(await page.locator('#pair-next').count()).toBe(0);
    overflow.consolePublished = await shoot(page, 'staff-console-published-zh');
    await page.context().close();
  }, 300_000);

  it('an arbiter types the results on the keyboard; replacing a stored result asks first and shows the old one; an unknown table says why', async () => {
    const round = (await rounds())[0];
    // The chief arbiter's console stays open meanwhile: its missing results update live (SSE + htmx).
    const consolePage = await person(chief.email, 'en');
    await viaMyTournaments(consolePage, `/events/${play.eventId}/console`);
    await consolePage.waitForSelector('#missing li');
    expect(await consolePage.locator('#missing li').count()).toBe(5);
    const page = await person(arbiter.email, 'en', 1100);
    await viaMyTournaments(page, `/rounds/${round.id}/results`);
    await page.waitForSelector('#quick-entry');
    await expect(page.locator('#open-count').textContent()).resolves.toBe('Still open: 5');
    for (const line of ['1 1', '2 =', '3 0', '4 +']) {
      await page.fill('#quick-entry', line);
      await page.keyboard.press('Enter');
      await page.waitForSelector('#console-status');
      // The sheet comes back with the line empty and focused, ready for the next result.
      await until(page, `document.activeElement && document.activeElement.id === 'quick-entry' && document.querySelector('#quick-entry').value === ''`);
    }
    await expect(page.locator('#open-count').textContent()).resolves.toBe('Still open: 1');
    await until(consolePage, `document.querySelectorAll('#missing li').length === 1`);
    expect(await consolePage.evaluate('performance.getEntriesByType("navigation").length')).toBe(1); // swapped, never reloaded
    await consolePage.context().close();
    // The script reads the line as it is typed (libs/tournament's reader): an unknown table is refused before posting.
    await page.fill('#quick-entry', '9 1');
    await expect(page.locator('#quick-live').textContent()).resolves.toBe('This round has no table 9.');
    await page.keyboard.press('Enter');
    await expect(page.locator('#quick-entry').getAttribute('aria-invalid')).resolves.toBe('true');
    await page.fill('#quick-entry', '2 x');
    await expect(page.locator('#quick-live').textContent()).resolves.toContain('“x” is not a result code');
    // Table 1 already has Red wins: typing "1 0" asks first, showing the stored result.
    await page.fill('#quick-entry', '1 0');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#replace');
    await expect(page.locator('#replace-text').textContent()).resolves.toBe('Table 1 already has “Red wins 1–0”. Replace it with “Black wins 0–1”?');
    const t1 = () => rounds().then((r) => r[0].pairings.find((p: { table: number }) => p.table === 1).games[0].result);
    expect(await t1()).toBe('red_win');
    overflow.sheetReplace = await shoot(page, 'staff-result-sheet-replace-en');
    await page.click('#replace-yes');
    await page.waitForSelector('#console-status');
    expect(await t1()).toBe('black_win');
    // The last game by its row's form: a penalty result with its reason.
    const t5 = (await rounds())[0].pairings.find((p: { table: number }) => p.table === 5).games[0];
    // One editor for the sheet (issue 35): the row's Edit moves it into the row; saved in place (the row, the count).
    await page.click(`tr[data-game="${t5.id}"] a.edit-link`);
    await page.selectOption(`tr[data-game="${t5.id}"] select[name=result]`, 'red_win_penalty');
    await page.selectOption(`tr[data-game="${t5.id}"] select[name=penaltyReason]`, 'technical_fouls');
    await page.click(`tr[data-game="${t5.id}"] .row-form button`);
    await page.waitForSelector(`body[data-sheet-saved="${t5.id}"]`);
    await expect(page.locator('#open-count').textContent()).resolves.toBe('Every result of the round is in');
    await expect(page.locator(`tr[data-game="${t5.id}"] .stored`).textContent()).resolves.toContain('two technical fouls');
    overflow.sheetDone = await shoot(page, 'staff-result-sheet-done-en');
    axePages.push({ name: 'result sheet', url: `${base}/rounds/${round.id}/results?lang=en`, email: arbiter.email, ready: '#result-sheet' });
    await page.context().close();
  }, 300_000);

  it('the chief arbiter pairs round 2, corrects a round-1 result on its sheet with a reason, and the console shows the later pairings it would have changed', async () => {
    const page = await person(chief.email, 'en');
    await viaMyTournaments(page, `/events/${play.eventId}/console`);
    await page.click('#pair-next');
    await page.waitForSelector('#publish');
    await page.click('#publish');
    await page.click('#confirm-yes');
    await page.waitForSelector('#sheet-2');
    // The correction is made on round 1's result sheet, linked from the console.
    await page.click('#correct-sheet-1');
    await page.waitForSelector('#result-sheet');
    const t2 = (await rounds())[0].pairings.find((p: { table: number }) => p.table === 2).games[0];
    expect(t2.result).toBe('draw');
    await page.click(`tr[data-game="${t2.id}"] a.edit-link`);
    await page.selectOption(`tr[data-game="${t2.id}"] select[name=result]`, 'red_win');
    await page.fill(`tr[data-game="${t2.id}"] input[name=reason]`, 'score sheets signed for Red (二章8节6)');
    await page.click(`tr[data-game="${t2.id}"] .row-form button`);
    await page.waitForSelector('#replace');
    await page.click('#replace-yes');
    await page.waitForSelector('#later');
    expect(page.url()).toContain(`/events/${play.eventId}/console?later=1`);
    expect((await rounds())[0].pairings.find((p: { table: number }) => p.table === 2).games[0].result).toBe('red_win');
    await expect(page.locator('#later-h').textContent()).resolves.toBe('What the correction would have changed in round 2');
    const audit = (
      await request(app.getHttpServer())
        .get(`/api/tournaments/${play.tournamentId}/audit?entity=game&entityId=${t2.id}`)
        .set('Authorization', play.organizer.auth)
        .expect(200)
    ).body;
    expect(JSON.stringify(audit.items)).toContain('score sheets signed for Red');
    overflow.consoleLater = await shoot(page, 'staff-console-correction-en');
    // Downloads are links on the console.
    expect(await page.locator(`a[href^="/api/events/${play.eventId}/standings.csv"]`).count()).toBe(1);
    expect(await page.locator(`a[href="/api/events/${play.eventId}/trf"]`).count()).toBe(1);
    await page.context().close();
  }, 300_000);

  it('a captain hands in a lineup from the team’s matches', async () => {
    const page = await person(captain.email, 'zh', 1000);
    await viaMyTournaments(page, `/tournaments/${team.tournamentId}/my-team`);
    await page.waitForSelector(`#lineup-${matchId}`);
    await page.click(`#lineup-${matchId}`);
    await page.waitForSelector('#lineup-form-0');
    expect(await page.locator('form.lineup-form').count()).toBe(1);
    const members = (await page.evaluate(`[...document.querySelectorAll('#lineup-0-board-1 option')].map((o) => o.value)`)) as string[];
    expect(members).toHaveLength(4);
    // The reserve plays board 2 (附录1 #6).
    const reserve = (await prisma.teamMember.findFirstOrThrow({ where: { role: 'reserve', team: { entries: { some: { id: captainEntry } } } } })).playerId;
    await page.selectOption('#lineup-0-board-2', reserve);
    await page.click('#lineup-form-0 button[type=submit]');
    await page.waitForSelector('#lineup-saved');
    await expect(page.locator('#lineup-saved').textContent()).resolves.toContain('排阵已确认');
    const lineup = await prisma.lineup.findFirstOrThrow({ where: { pairingId: matchId, entryId: captainEntry }, include: { boards: true } });
    expect(lineup.boards.find((b) => b.board === 2)!.playerId).toBe(reserve);
    overflow.lineup = await shoot(page, 'staff-lineup-zh');
    axePages.push({ name: 'lineup', url: `${base}/pairings/${matchId}/lineup?lang=en`, email: captain.email, ready: '#lineup-form-0' });
    await page.goto(`${base}/tournaments/${team.tournamentId}/my-team?lang=zh`);
    overflow.myTeam = await shoot(page, 'staff-my-team-zh');
    await page.context().close();
  }, 200_000);

  it('no sideways scroll at 360 px, no accessibility violations axe-core finds, no page errors', async () => {
    expect(Object.entries(overflow).filter(([, px]) => px > 0)).toEqual([]);
    const found: string[] = [];
    for (const p of axePages) {
      // One person per context (each logs in from the home page).
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
      const page = await context.newPage();
      await logInFromHome(page, base, p.email, 'en');
      await page.goto(p.url);
      await page.waitForSelector(p.ready);
      await page.addScriptTag({ content: AXE });
      const violations = (await page.evaluate(
        'axe.run({ resultTypes: ["violations"] }).then((r) => r.violations.map((v) => v.id + " (" + v.nodes.length + ": " + (v.nodes[0] ? v.nodes[0].target.join(" ") : "") + ")"))',
      )) as string[];
      for (const v of violations) found.push(`${p.name}: ${v}`);
      await context.close();
    }
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
  }, 300_000);
});
