/**
 * `npm run bench -- page-weight` (issue 24): the standings page of a 1,000-player event on a phone.
 * A fresh database on the machine's PostgreSQL (DATABASE_URL's server, else 127.0.0.1:5432), the
 * server (dist/) in its own process; round 1 of a 1,000-player Swiss played (500 results).
 * - weight: the page's bytes as sent — plain, gzip, brotli (goal: < 60 KB compressed), and the
 *   stylesheet written inline (static-assets.ts inlineStyle: the first paint waits for no other
 *   request) and the script it links (immutable: loaded once per visitor, not per page);
 * - first contentful paint in Chromium (/usr/bin/chromium or CHROMIUM_PATH) with 4× CPU slowdown,
 *   a cold cache, under three network profiles: Lighthouse's mobile profile (150 ms, 1.6 Mbit/s),
 *   WebPageTest's "3G Slow" (400 ms, 400 kbit/s) and DevTools' "Slow 3G" (2,000 ms round trip,
 *   400 kbit/s — its round trip alone is the 2 s goal);
 *   the same page unthrottled is the reference;
 * - without JavaScript the page shows every row; with it, a result entered meanwhile reaches the open
 *   page through the compressed live stream (the `change` frame swapped in).
 */
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { Client } from 'pg';
import { CHROMIUM, launchBrowser } from '../support/chromium';
import { benchClient, swissEventWithRound1 } from './bench-http';
import { applyMigrations } from './server-dist';

const SERVER = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1000);

function bytesOf(port: number, path: string, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent: false, headers: { 'Accept-Encoding': encoding } }, (res) => {
        let n = 0;
        res.on('data', (c: Buffer) => (n += c.length));
        res.on('end', () => resolve(n));
      })
      .on('error', reject);
  });
}

export async function bench(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    console.log(`page-weight: SKIPPED, no Chromium at ${CHROMIUM}`);
    return;
  }
  const name = `chuhe_bench_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  let child: ChildProcess | undefined;
  const browser = await launchBrowser();
  try {
    await applyMigrations(url.toString(), { warn: () => undefined });
    // The real server (dist/, built by `npm run bench`) in its own process.
    const port = 20000 + Math.floor(Math.random() * 20000);
    child = spawn(process.execPath, [join(__dirname, '../../dist/apps/server/src/main.js')], {
      env: { ...process.env, DATABASE_URL: url.toString(), PORT: String(port), CHUHE_WORKERS: '1', CHUHE_DEMO: '0', CHUHE_TOURNAMENT_CREATORS: 'anyone' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}`;
    for (const deadline = Date.now() + 300_000; ;) {
      if (
        await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (Date.now() > deadline) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 500));
    }
    const client = benchClient(base);
    const { must } = client;
    const {
      auth,
      eventId: event,
      games,
    } = await swissEventWithRound1(client, {
      name: 'Thousand',
      players: PLAYERS,
      rounds: 9,
      columns: 'gender,affiliation,rating',
      player: (i) => `${i % 3 ? 'male' : 'female'},会${i % 40},${2600 - i}`,
      publish: true,
    });
    const results = ['red_win', 'draw', 'black_win'];
    for (let i = 0; i < games.length - 1; i += 20) {
      await Promise.all(
        games
          .slice(i, Math.min(i + 20, games.length - 1))
          .map((g, k) => must('PUT', `/api/games/${g.id}/result`, { result: results[(i + k) % 3], version: g.version }, auth, 200)),
      );
    }
    const path = `/events/${event}/standings?lang=en`;
    const html = await (await fetch(base + path)).text();
    const [plain, gzip, br] = [await bytesOf(port, path, 'identity'), await bytesOf(port, path, 'gzip'), await bytesOf(port, path, 'br')];
    const inlineCss = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1].length ?? 0;
    const js = /src="(\/static\/js\/live\.[\w-]+\.js)"/.exec(html)?.[1] ?? '/static/js/live.js';
    console.log(
      `standings of ${PLAYERS} players after round 1: ${(plain / 1024).toFixed(0)} KB plain, gzip ${(gzip / 1024).toFixed(1)} KB, brotli ${(br / 1024).toFixed(1)} KB (goal < 60 KB compressed: ${Math.max(gzip, br) < 60 * 1024 ? 'met' : 'NOT met'}); ` +
        `the stylesheet inline in it (${(inlineCss / 1024).toFixed(1)} KB plain: no render-blocking request); script ${((await bytesOf(port, js, 'br')) / 1024).toFixed(1)} KB (brotli, immutable)`,
    );

    const profiles = [
      { label: 'unthrottled (reference)', cpu: 1, net: null },
      {
        label: 'Lighthouse mobile: 4× CPU, 150 ms RTT, 1.6 Mbit/s',
        cpu: 4,
        net: { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
      },
      {
        // WebPageTest's "3G Slow" connection (400 ms RTT, 400 kbit/s down, 400 up).
        label: 'WebPageTest 3G Slow: 4× CPU, 400 ms RTT, 400 kbit/s',
        cpu: 4,
        net: { latency: 400, downloadThroughput: (400 * 1000) / 8, uploadThroughput: (400 * 1000) / 8 },
      },
      {
        // Its latency is applied to every request: no page can paint in under 2 s on it.
        label: 'DevTools Slow 3G: 4× CPU, 2,000 ms RTT, 400 kbit/s',
        cpu: 4,
        net: { latency: 2000, downloadThroughput: (500 * 1000 * 0.8) / 8, uploadThroughput: (500 * 1000 * 0.8) / 8 },
      },
    ];
    let reference = NaN;
    for (const p of profiles) {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2 });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      if (p.cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: p.cpu });
      if (p.net) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...p.net });
      const fcps: number[] = [];
      for (let i = 0; i < 3; i++) {
        await page.goto(base + path, { waitUntil: 'load', timeout: 120_000 });
        const fcp = await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              new PerformanceObserver((list) => {
                const e = list.getEntries().find((x) => x.name === 'first-contentful-paint');
                if (e) resolve(e.startTime);
              }).observe({ type: 'paint', buffered: true } as never);
              setTimeout(() => resolve(NaN), 5000);
            }),
        );
        fcps.push(fcp);
      }
      fcps.sort((a, b) => a - b);
      if (!Number.isFinite(reference)) reference = fcps[1];
      console.log(
        `first contentful paint, ${p.label}: median of 3 ${fcps[1].toFixed(0)} ms (${(fcps[1] / reference).toFixed(1)}× the reference)${p.cpu > 1 ? ` — goal < 2,000 ms: ${fcps[1] < 2000 ? 'met' : 'NOT met'}` : ''}`,
      );
      await context.close();
    }

    // No script needed: every row is there with JavaScript off.
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const page = await noJs.newPage();
    await page.goto(base + path);
    const rows = await page.locator('main table tbody tr').count();
    console.log(`without JavaScript: ${rows} rows of standings shown (of ${PLAYERS})`);
    await noJs.close();

    // With it, the live stream (gzip, frames compressed once) swaps the page's new <main> in.
    const live = await browser.newContext();
    const viewer = await live.newPage();
    await viewer.goto(base + path);
    await viewer.waitForSelector('body[data-live="on"]', { timeout: 30_000 });
    const last = games[games.length - 1];
    const t0 = Date.now();
    await must('PUT', `/api/games/${last.id}/result`, { result: 'red_win', version: last.version }, auth, 200);
    await viewer.waitForFunction(() => ((globalThis as any).document.getElementById('live-status')?.textContent ?? '').startsWith('Updated'), undefined, {
      timeout: 30_000,
    });
    console.log(`live: a result reached the open page in Chromium (compressed stream, <main> swapped) in ${Date.now() - t0} ms`);
    await live.close();
  } finally {
    await browser.close();
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
    }
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}
