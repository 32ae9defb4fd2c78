import { INestApplication } from '@nestjs/common';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { AddressInfo } from 'node:net';
import { Browser, Page } from 'playwright-core';
import { startTestApp, SWISS_EVENT } from '../e2e/http-helpers';
import { publishTournament } from '../e2e/live-helpers';
import { nextRound, Play, playEvent, RoundBody, withRole } from '../e2e/results-helpers';
import { logInFromHome, shoot, SHOTS, until, viaMyTournaments, watch } from './staff-helpers';
import { describeInBrowser, launchBrowser } from './browser-support';

/**
 * Issue 30 #6 and #7 where people met them, in Chromium:
 * - the new-event form showed the team fields for individual presets and kept 60′+30″ for the 5+2
 *   preset (附录2 #4: 80′+30″);
 * - a disputed position was typed as FEN + ICCS text: now the arbiter sets it up on the record entry
 *   page's board and plays the sequence, which fills the fields.
 * Screenshots at 1280 and 360 px, zh and en.
 */
describeInBrowser('the event form and the disputed-position board (issue 30 #6, #7)', () => {
  let app: INestApplication;
  let base: string;
  let browser: Browser;
  let play: Play;
  let round: RoundBody;
  let arbiter: { email: string; auth: string };
  let chief: { email: string; auth: string };
  let deputy: { email: string; auth: string };
  let seedsEventId: string;
  const errors: string[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await startTestApp();
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    play = await playEvent(app, { ...SWISS_EVENT, nameZh: '公开组', nameEn: 'Open' }, 6);
    await publishTournament(app, play);
    arbiter = await withRole(app, play, 'arbiter');
    round = await nextRound(app, play);
    chief = await withRole(app, play, 'chief_arbiter');
    deputy = await withRole(app, play, 'deputy_chief_arbiter');
    // A second event, entries in and no round yet: its seeds are still open (#6 seeds in bulk).
    const http = () => request(app.getHttpServer());
    seedsEventId = (
      await http()
        .post(`/api/tournaments/${play.tournamentId}/events`)
        .set('Authorization', play.organizer.auth)
        .send({ ...SWISS_EVENT, nameZh: '快棋组', nameEn: 'Rapid' })
        .expect(201)
    ).body.id;
    const players = (await http().get(`/api/tournaments/${play.tournamentId}/players`).expect(200)).body as { id: string }[];
    await http()
      .post(`/api/events/${seedsEventId}/entries/bulk`)
      .set('Authorization', play.organizer.auth)
      .send({ playerIds: players.map((p) => p.id) })
      .expect(201);
    browser = await launchBrowser();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  afterEach(() => {
    const seen = errors.splice(0);
    expect(seen).toEqual([]);
  });

  async function person(email: string, lang: 'zh' | 'en', width = 1280): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale: lang === 'zh' ? 'zh-CN' : 'en-GB' });
    const page = await context.newPage();
    watch(page, errors);
    await logInFromHome(page, base, email, lang);
    return page;
  }

  it('#6: the 5+2 preset fills 80′+30″ (附录2 #4); team fields show only for team presets', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const page = await person(play.organizer.email, lang);
      await page.goto(`${base}/tournaments/${play.tournamentId}/manage/events/new?lang=${lang}`);
      const teamShown = () => page.locator('.team-only').first().isVisible();
      expect(await teamShown()).toBe(false); // individual Swiss, the form's first preset
      await page.selectOption('select[name="preset"]', 'championship_5_2');
      expect(await page.inputValue('input[name="timeControl.baseMinutes"]')).toBe('80');
      expect(await page.inputValue('input[name="timeControl.incrementSeconds"]')).toBe('30');
      expect(await teamShown()).toBe(false);
      await shoot(page, `issue30-event-form-5-2-${lang}`);
      await page.selectOption('select[name="preset"]', 'team_swiss');
      expect(await teamShown()).toBe(true);
      // A clock the organizer typed stays when the preset changes.
      await page.fill('input[name="timeControl.baseMinutes"]', '45');
      await page.selectOption('select[name="preset"]', 'championship_5_2');
      expect(await page.inputValue('input[name="timeControl.baseMinutes"]')).toBe('45');
      await page.context().close();
    }
  }, 120_000);

  it('issue 30 rules: the second period (二章2节2) and a clock per stage (附录3 #4) set on the new-event form; refusals in the page’s language; shown on the event’s pages', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const page = await person(play.organizer.email, lang, lang === 'zh' ? 360 : 1280);
      await page.goto(`${base}/tournaments/${play.tournamentId}/manage/events/new?lang=${lang}`);
      await page.selectOption('select[name="preset"]', 'championship_6_1');
      await page.fill('input[name="nameZh"]', lang === 'zh' ? '六加一甲组' : '六加一乙组');
      await page.fill('input[name="nameEn"]', lang === 'zh' ? 'Six plus one A' : 'Six plus one B');
      await page.fill('input[name="timeControl.baseMinutes"]', '60');
      await page.fill('input[name="timeControl.incrementSeconds"]', '30');
      await page.click('details.clock-extras summary');
      // A second period without the first period's moves, and a clock for a stage the event lacks: both refused.
      await page.fill('input[name="timeControl.secondPeriod.minutes"]', '5');
      await page.fill('input[name="timeControl.secondPeriod.moves"]', '10');
      await page.fill('input[name="timeControl.stages.1.rapid.baseMinutes"]', '10');
      await page.click('form button.primary[type=submit]');
      // Each refusal beside the part it concerns, in the page's language.
      const beside = (name: string) => page.locator(`#f-${name.replace(/\./g, '-')}-error`).textContent();
      await page.waitForSelector('#f-timeControl-secondPeriod-minutes-error');
      const period = (await beside('timeControl.secondPeriod.minutes'))!;
      const stage = (await beside('timeControl.stages.1.slow.baseMinutes'))!;
      if (lang === 'zh') {
        expect(period).toContain('第二时段（二章2节2 限时限着制）须填写第一时段的着数');
        expect(stage).toContain('本项目只有 1 个阶段');
        expect(`${period} ${stage}`).not.toMatch(/[a-z]{3,}/i);
      } else {
        expect(period).toMatch(/^\s*a second period \(二章2节2 限时限着制\) needs movesInBase/);
        expect(stage).toContain('the event has 1 stage(s)');
      }
      // What was typed is kept, and the box is open on the refusal.
      expect(await page.inputValue('input[name="timeControl.secondPeriod.minutes"]')).toBe('5');
      expect(await page.locator('details.clock-extras').getAttribute('open')).not.toBeNull();
      await shoot(page, `issue30-event-clocks-refused-${lang}`);
      // Corrected: 25 moves in the first 60′, then 10 moves every 5′; rapid games 15′ + 5″ (附录3 #4).
      await page.fill('input[name="timeControl.movesInBase"]', '25');
      await page.fill('input[name="timeControl.stages.1.rapid.baseMinutes"]', '');
      await page.fill('input[name="timeControl.stages.0.rapid.baseMinutes"]', '15');
      await page.fill('input[name="timeControl.stages.0.rapid.incrementSeconds"]', '5');
      await Promise.all([page.waitForURL(/\/manage\/events\/[0-9a-f-]{36}(\?|$)/), page.click('form button.primary[type=submit]')]);
      const eventId = /\/manage\/events\/([0-9a-f-]{36})/.exec(page.url())![1];
      const stored = (await request(app.getHttpServer()).get(`/api/events/${eventId}`).expect(200)).body.timeControl;
      expect(stored).toEqual({
        baseMinutes: 60,
        incrementSeconds: 30,
        movesInBase: 25,
        secondPeriod: { minutes: 5, moves: 10 },
        stages: [{ rapid: { baseMinutes: 15, incrementSeconds: 5 } }],
      });
      const settings = (await page.textContent('main'))!;
      expect(settings).toContain(lang === 'zh' ? '快棋' : 'rapid games');
      await shoot(page, `issue30-event-clocks-settings-${lang}`);
      // The public event page announces both clocks and the second period.
      await page.goto(`${base}/events/${eventId}?lang=${lang}`);
      const clocks = (await page.locator('ul.clocks').textContent())!;
      expect(clocks).toContain(lang === 'zh' ? '快棋' : 'rapid games');
      expect(clocks).toContain('15');
      expect(clocks).toContain('10');
      await shoot(page, `issue30-event-clocks-public-${lang}`);
      // The edit form shows what is stored, the box open.
      await page.goto(`${base}/manage/events/${eventId}/edit?lang=${lang}`);
      expect(await page.inputValue('input[name="timeControl.stages.0.rapid.baseMinutes"]')).toBe('15');
      expect(await page.inputValue('input[name="timeControl.secondPeriod.moves"]')).toBe('10');
      await page.context().close();
    }
  }, 180_000);

  it('#7: the arbiter sets the disputed position up on the board and plays the sequence; the fields fill and the engine judges it', async () => {
    const game = round.pairings.find((p) => p.table === 1)!.games[0];
    for (const lang of ['en', 'zh'] as const) {
      const page = await person(arbiter.email, lang);
      await page.goto(`${base}/staff/games/${game.id}/dispute?lang=${lang}`);
      await page.waitForSelector('#dispute-board [data-sq="h2"]');
      // 炮二平五 on the board, then "this is the start", then 马8进7 and 马二进三 as the sequence.
      const tapSq = (sq: string) => page.click(`#dispute-board [data-sq="${sq}"]`);
      await tapSq('h2');
      await tapSq('e2');
      await page.click('#dispute-board-start');
      expect(await page.inputValue('#fen')).toBe('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1');
      await tapSq('h9');
      await tapSq('g7');
      await tapSq('h0');
      await tapSq('g2');
      expect(await page.inputValue('#moves')).toBe('h9g7 h0g2');
      // A refused tap says why in the page's language.
      await tapSq('e5');
      const said = await page.locator('#dispute-board-status').innerText();
      expect(said).toBe(lang === 'zh' ? '这里没有棋子' : 'there is no piece there');
      await shoot(page, `issue30-dispute-board-${lang}`);
      if (lang === 'zh') {
        expect(await page.isChecked('#from-record')).toBe(false);
        await Promise.all([page.waitForURL(/\/staff\/disputes\/[0-9a-f-]{36}/), page.click('#open-submit')]);
        await until(page, `document.querySelector('main') !== null`);
        await shoot(page, 'issue30-dispute-judged-zh');
      }
      await page.context().close();
    }
  }, 120_000);
  it('#6 seeds in bulk: from the entries page, every seed in one form (zh, 360 px); a clash is refused beside its row; a pasted order (en, 1280 px)', async () => {
    const zh = await person(play.organizer.email, 'zh', 360);
    await zh.goto(`${base}/manage/events/${seedsEventId}/entries?lang=zh`);
    await Promise.all([zh.waitForURL(/\/seeds/), zh.click(`a[href="/manage/events/${seedsEventId}/seeds"]`)]);
    const seedInputs = zh.locator('input.seed');
    expect(await seedInputs.count()).toBe(6);
    // Two rows with seed 1: nothing is saved, the second row says why, the values stay.
    await seedInputs.nth(0).fill('1');
    await seedInputs.nth(1).fill('1');
    await Promise.all([zh.waitForLoadState('domcontentloaded'), zh.click('form.seeds button[type=submit]')]);
    expect(await zh.locator('#seed-1-error').innerText()).toMatch(/^种子序号 1 已属于 /);
    expect(await zh.inputValue('#seed-0')).toBe('1');
    await shoot(zh, 'issue30-seeds-refused-zh');
    await zh.locator('input.seed').nth(1).fill('2');
    await Promise.all([zh.waitForURL(/\/entries$/), zh.click('form.seeds button[type=submit]')]);
    expect(await zh.locator('main').innerText()).toContain('已保存 2 处种子变更');
    expect(await zh.inputValue(`.seed-form input[name="seed"] >> nth=0`)).not.toBe('');
    await shoot(zh, 'issue30-seeds-saved-zh');
    await zh.context().close();

    const en = await person(play.organizer.email, 'en');
    await en.goto(`${base}/manage/events/${seedsEventId}/entries?lang=en`);
    await Promise.all([en.waitForURL(/\/seeds/), en.click(`a[href="/manage/events/${seedsEventId}/seeds"]`)]);
    const names = await en.locator('table.seeds tbody label').allInnerTexts();
    // The list's third and first rows, by name, top seed first: they become seeds 1 and 2, the others none.
    const english = (full: string) => full.split(' ').slice(1).join(' ');
    await en.fill('#f-order', `${english(names[2])}\n${english(names[0])}`);
    await shoot(en, 'issue30-seeds-order-en');
    await Promise.all([en.waitForURL(/\/entries$/), en.click('form.seeds button[type=submit]')]);
    expect(await en.locator('main').innerText()).toContain('3 seed(s) changed.');
    const seeds = (await request(app.getHttpServer()).get(`/api/events/${seedsEventId}/entries`).expect(200)).body as {
      seed: number | null;
      player: { nameEn: string };
    }[];
    const seedOf = (full: string) => seeds.find((e) => e.player.nameEn === english(full))!.seed;
    expect([seedOf(names[2]), seedOf(names[0]), seedOf(names[1])]).toEqual([1, 2, null]);
    await en.context().close();
  }, 180_000);

  it('the rules30 pages reached by links as the chief arbiter would (三章3A deputy, 三章4E suspension, readings, 三章6B printouts), zh at 360 px and en at 1280 px; printouts on A4', async () => {
    const overflow: Record<string, number> = {};
    // 三章3A: the deputy finds the console under My tournaments, with the chief's delegated tools.
    const dep = await person(deputy.email, 'zh', 360);
    await viaMyTournaments(dep, `/events/${play.eventId}/console`);
    expect(await dep.locator(`#suspend-${round.number}`).count()).toBe(1);
    overflow['deputy-console-zh'] = await shoot(dep, 'issue30-rules-deputy-console-zh');
    await dep.context().close();

    for (const [lang, width] of [
      ['zh', 360],
      ['en', 1280],
    ] as const) {
      const page = await person(chief.email, lang, width);
      await viaMyTournaments(page, `/events/${play.eventId}/console`);
      // 三章4E: suspend (zh) and resume (en) from the round's card; the public round page says so.
      // The suspend box is folded until the round is suspended; then it stands open with the resume button.
      if (lang === 'zh') {
        await page.click(`#round-${round.number} details.suspend summary`);
        await page.fill(`#resumesAt-${round.number}`, '2099-01-01T09:30');
        await page.fill(`#resumeVenue-${round.number}`, '二号厅');
        await page.fill(`#suspendReason-${round.number}`, '停电');
        await Promise.all([page.waitForLoadState('domcontentloaded'), page.click(`#suspend-${round.number} button[type=submit]`)]);
        expect(await page.locator(`#round-${round.number} .suspended`).innerText()).toBe('比赛暂停');
        overflow['suspended-zh'] = await shoot(page, 'issue30-rules-suspended-console-zh');
        const publicPage = await page.context().newPage();
        await publicPage.goto(`${base}${await page.locator(`#round-${round.number} a[href^="/"]:not(#sheet-${round.number})`).first().getAttribute('href')}`);
        expect(await publicPage.locator('main').innerText()).toContain('二号厅');
        overflow['suspended-public-zh'] = await shoot(publicPage, 'issue30-rules-suspended-public-zh');
        await publicPage.close();
      } else {
        overflow['console-en'] = await shoot(page, 'issue30-rules-console-en');
        await Promise.all([page.waitForLoadState('domcontentloaded'), page.click(`#resume-${round.number}`)]);
        expect(await page.locator(`#round-${round.number} .suspended`).count()).toBe(0);
      }
      // The readings (event settings for the open articles), by the console's link.
      await Promise.all([page.waitForURL(/\/readings/), page.click(`#rules-printouts a[href$="/readings"]`)]);
      overflow[`readings-${lang}`] = await shoot(page, `issue30-rules-readings-${lang}`);
      await page.goBack();
      if (lang === 'zh') {
        // Before round 1 (the second event): the chief arbiter counts a bye as a win (a counting setting, 三章4C).
        const console = page.url();
        await viaMyTournaments(page, `/events/${seedsEventId}/console`);
        await Promise.all([page.waitForURL(/\/readings/), page.click(`#rules-printouts a[href$="/readings"]`)]);
        expect(await page.locator('#readings-page h2').count()).toBe(3);
        expect(await page.locator('#reading-byeIsWin legend').innerText()).toBe('轮空计入胜局数');
        await page.check('#reading-byeIsWin input[value="true"]');
        await Promise.all([page.waitForLoadState('domcontentloaded'), page.click('#readings-page button[type=submit]')]);
        expect(await page.locator('#reading-byeIsWin input[value="true"]').isChecked()).toBe(true);
        expect(await page.locator('#reading-forfeitWinsAreWins input[value="true"]').isChecked()).toBe(true);
        const saved = (await request(app.getHttpServer()).get(`/api/events/${seedsEventId}/readings`).expect(200)).body;
        expect(saved).toMatchObject({ byeIsWin: true, forfeitWinsAreWins: true, appealTieFee: 'forfeited' });
        overflow['readings-set-zh'] = await shoot(page, 'issue30-rules-readings-set-zh');
        await page.goto(console);
      }
      // 三章6B printouts: each by its link, printed to PDF on A4, nothing wider than the sheet.
      for (const [name, selector] of [
        ['name-cards', '#rules-printouts a[href*="/print/name-cards"]'],
        ['score-table', '#rules-printouts a[href*="/print/score-table"]'],
        ['record-forms', `#round-${round.number} a[href*="/print/record-forms"]`],
      ] as const) {
        await Promise.all([page.waitForURL(new RegExp(`/print/${name}`)), page.click(selector)]);
        overflow[`${name}-${lang}`] = await shoot(page, `issue30-rules-${name}-${lang}`);
        await page.emulateMedia({ media: 'print' });
        const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true, path: join(SHOTS, `issue30-rules-${name}-${lang}.pdf`) });
        // 6 entries, 3 tables: two name cards a sheet, one score table, one record form a game.
        const sheets = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
        expect(sheets).toBe({ 'name-cards': 3, 'score-table': 1, 'record-forms': 3 }[name]);
        // A4 between its 12 mm margins is 186 mm = 703 px: nothing reaches past it or scrolls inside.
        await page.setViewportSize({ width: 703, height: 1123 });
        const right = (await page.evaluate(
          'Math.max(...[...document.querySelectorAll("main *")].map((e) => Math.ceil(e.getBoundingClientRect().right)))',
        )) as number;
        expect(right).toBeLessThanOrEqual(703);
        const clipped = (await page.evaluate(
          '[...document.querySelectorAll("main .table-wrap")].filter((w) => w.scrollWidth > w.clientWidth).length',
        )) as number;
        expect(clipped).toBe(0);
        await page.emulateMedia({ media: 'screen' });
        await page.setViewportSize({ width, height: 900 });
        await page.goBack();
      }
      await page.context().close();
    }
    // Nothing scrolls sideways at 360 px.
    expect(Object.entries(overflow).filter(([, px]) => px > 0)).toEqual([]);
  }, 300_000);
});
