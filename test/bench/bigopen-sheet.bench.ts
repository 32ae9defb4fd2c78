/**
 * `npm run bench -- bigopen-sheet` (issue 35 #1): the arbiters' result sheet of a 500-board round
 * (a 1,000-player open) in Chromium, at 1× and at 4× CPU throttling (CDP
 * Emulation.setCPUThrottlingRate, a phone-class CPU). Printed: the sheet's bytes (brotli, as
 * served), the time from navigation to the sheet ready for typing (load event), and from Enter on
 * the keyboard line to the row showing the result (p50 of RESULTS), each with the machine's load.
 * Reference in the same run: the public standings page of the same event, loaded the same way.
 */
import { existsSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { benchClient } from './bench-http';
import { pct, withServer } from './reload-crowd.bench';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RESULTS = Number(process.env.BENCH_SHEET_RESULTS ?? 6);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

function brotliBytes(port: number, path: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers: { Accept: 'text/html', 'Accept-Encoding': 'br', Cookie: cookie } }, (res) => {
        let n = 0;
        res.on('data', (c: Buffer) => (n += c.length));
        res.on('end', () => resolve(n));
      })
      .on('error', reject);
  });
}

export async function bench(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    console.log(`no Chromium at ${CHROMIUM}: skipped`);
    return;
  }
  await withServer('BigOpenSheet', 1000, async ({ port, auth, eventId, games }) => {
    const base = `http://127.0.0.1:${port}`;
    const { must } = benchClient(base);
    const tournament = (await must('GET', `/api/events/${eventId}`, undefined, auth, 200)).tournamentId as string;
    const email = `arbiter-${Date.now()}@bench.chuhe`;
    await must('POST', '/api/auth/register', { email, displayName: 'arbiter', password: 'correct horse battery' }, undefined, 201);
    const arbiterAuth = `Bearer ${(await must('POST', '/api/auth/login', { email, password: 'correct horse battery' }, undefined, 200)).token}`;
    const invitation = await must('POST', `/api/tournaments/${tournament}/invitations`, { email, role: 'arbiter' }, auth, 201);
    await must('POST', '/api/invitations/accept', { token: invitation.token }, arbiterAuth, 201);
    const roundId = (await must('GET', `/api/events/${eventId}/rounds`, undefined, auth, 200))[0].id as string;
    console.log(`a 1,000-player open, round 1: ${games.length} boards`);

    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
      const page = await context.newPage();
      await page.goto(`${base}/login?lang=en`);
      await page.fill('input[name=email]', email);
      await page.fill('input[name=password]', 'correct horse battery');
      await page.click('form[action="/login"] button[type=submit]');
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));
      const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
      const sheet = `/rounds/${roundId}/results?lang=en`;
      const [opened, all] = [await brotliBytes(port, sheet, cookie), await brotliBytes(port, `/rounds/${roundId}/results?tables=all&lang=en`, cookie)];
      console.log(
        `sheet as it opens ${(opened / 1024).toFixed(1)} KB brotli; every table ${(all / 1024).toFixed(1)} KB brotli (goal < 150 KB) (load ${load()})`,
      );
      const cdp = await context.newCDPSession(page);
      let table = 1;
      for (const rate of [1, 4]) {
        await cdp.send('Emulation.setCPUThrottlingRate', { rate });
        const timeLoad = async (path: string) => {
          const t0 = performance.now();
          await page.goto(base + path, { waitUntil: 'load' });
          return performance.now() - t0;
        };
        const reference = await timeLoad(`/events/${eventId}/standings?lang=en`);
        const loads = [await timeLoad(sheet), await timeLoad(sheet), await timeLoad(sheet)];
        const confirms: number[] = [];
        for (let i = 0; i < RESULTS; i++, table++) {
          await page.waitForSelector('#quick-entry');
          await page.fill('#quick-entry', `${table} 1`);
          const t0 = performance.now();
          await page.keyboard.press('Enter');
          // The row shows the result: in place (a partial answer) or after the sheet came again.
          // Polled from here (a locator reads the row; waitForFunction's predicate would be compiled in
          // the page, which the page's CSP refuses).
          const row = page.locator(`#result-sheet tr[data-table="${table}"]`).first();
          const shown = async () => (await row.count()) > 0 && !((await row.getAttribute('class')) ?? '').split(/\s+/).includes('open');
          for (const until = performance.now() + 120_000; !(await shown().catch(() => false));) {
            if (performance.now() > until) throw new Error(`table ${table}: its result was not shown`);
            await new Promise((r) => setTimeout(r, 10));
          }
          confirms.push(performance.now() - t0);
        }
        const sheetLoad = pct(loads, 0.5);
        console.log(
          `${rate}× CPU: sheet ready ${sheetLoad.toFixed(0)} ms (${(sheetLoad / reference).toFixed(1)}× the standings page, ${reference.toFixed(0)} ms); ` +
            `a result from Enter to its row: p50 ${pct(confirms, 0.5).toFixed(0)} ms, max ${Math.max(...confirms).toFixed(0)} ms ` +
            `(goals: ready < 1 s at 4×; confirmed < ${rate === 1 ? '300 ms' : '1 s'}) (load ${load()})`,
        );
      }
    } finally {
      await browser.close();
    }
  });
}
