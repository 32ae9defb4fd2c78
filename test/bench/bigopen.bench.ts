/**
 * `npm run bench -- bigopen` (issue 35): a 1,000-player open on one server, everything at once.
 * The real server (dist/…/main.js, one process) on a fresh database of the machine's PostgreSQL;
 * 1,000 players, round 1 published: 500 boards. Then, for BENCH_BIGOPEN_SECONDS (default 60; the
 * issue's round is 600):
 * - 20 arbiters (BENCH_BIGOPEN_ARBITERS) enter the round's 500 results, each its own run of tables,
 *   spread evenly over the time (PUT /api/games/:id/result, the organizer's token: the same guard);
 * - 5,000 push viewers (BENCH_BIGOPEN_PUSH) hold the live stream (half the standings in en, half
 *   round 1's pairings in zh, as the crowd bench), each from its own loopback address;
 * - 1,000 reloading viewers (BENCH_BIGOPEN_RELOAD) each fetch the standings again every ~10 s.
 * Printed, each as p50/p99 (and max): a result's answer; the push news — from a result's request
 * to the first change frame a viewer received after its answer (a frame of an earlier result still
 * in flight makes one early: an under-estimate by at most the frames' interval); a reload's answer;
 * the server's CPU per result and per second, its memory, and the viewers that missed or failed.
 * The reference, measured in the same run before the crowd arrives: one arbiter alone (p50 of 20
 * results) and one viewer reloading alone (p50 of 20); the ratios, and the machine's load.
 */
import http from 'node:http';
import { loadavg } from 'node:os';
import { memoryMb, Viewer } from './crowd.bench';
import { cpuSeconds, pct, withServer } from './reload-crowd.bench';

const SECONDS = Number(process.env.BENCH_BIGOPEN_SECONDS ?? 60);
const ARBITERS = Number(process.env.BENCH_BIGOPEN_ARBITERS ?? 20);
const PUSH = Number(process.env.BENCH_BIGOPEN_PUSH ?? 5000);
const RELOAD = Number(process.env.BENCH_BIGOPEN_RELOAD ?? 1000);
const PLAYERS = Number(process.env.BENCH_BIGOPEN_PLAYERS ?? 1000);
const RELOAD_EVERY_MS = 10_000;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const pushAddress = (i: number) => `127.3.${Math.floor(i / 250)}.${(i % 250) + 1}`;
const reloadAddress = (i: number) => `127.4.${Math.floor(i / 250)}.${(i % 250) + 1}`;
const line = (label: string, xs: number[], unit = 'ms') =>
  `${label}: p50 ${pct(xs, 0.5).toFixed(0)} ${unit}, p99 ${pct(xs, 0.99).toFixed(0)} ${unit}, max ${pct(xs, 1).toFixed(0)} ${unit} (n ${xs.length})`;

/** One GET of a page as a browser (compressed, its own connection, from `localAddress`): ms to the last byte and the status, or null. */
function fetchPage(port: number, path: string, localAddress: string): Promise<{ ms: number; status: number } | null> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = http.get(
      { host: '127.0.0.1', port, path, localAddress, agent: false, headers: { Accept: 'text/html', 'Accept-Encoding': 'br, gzip' } },
      (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve({ ms: performance.now() - t0, status: res.statusCode ?? 0 }));
        res.on('error', () => resolve(null));
      },
    );
    req.setTimeout(60_000, () => req.destroy());
    req.on('error', () => resolve(null));
  });
}

export async function bench(): Promise<void> {
  await withServer('BigOpen', PLAYERS, async ({ port, pid, auth, eventId, games }) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: ARBITERS + 1 });
    const put = (g: { id: string; version: number }, result: string) =>
      new Promise<{ status: number; ms: number; sent: number; answered: number }>((resolve, reject) => {
        const body = Buffer.from(JSON.stringify({ result, version: g.version }));
        const sent = performance.now();
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            agent,
            method: 'PUT',
            path: `/api/games/${g.id}/result`,
            headers: { 'content-type': 'application/json', 'content-length': body.length, authorization: auth },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              const answered = performance.now();
              const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { game?: { version: number } };
              if (parsed.game) g.version = parsed.game.version;
              resolve({ status: res.statusCode ?? 0, ms: answered - sent, sent, answered });
            });
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    const standings = `/events/${eventId}/standings?lang=en`;
    const pages = [standings, `/events/${eventId}/rounds/1?lang=zh`];
    console.log(
      `${PLAYERS} players, ${games.length} boards; ${ARBITERS} arbiters over ${SECONDS} s, ${PUSH} push viewers, ${RELOAD} reloading viewers (load ${load()})`,
    );

    // The reference, quiet: one arbiter alone (a correction of the last boards, entered again after),
    // one viewer reloading alone.
    const spare = games.slice(-20);
    const alone: number[] = [];
    for (const g of spare) alone.push((await put(g, 'draw')).ms);
    const reloadAlone: number[] = [];
    for (let i = 0; i < 21; i++) {
      const r = await fetchPage(port, standings, '127.0.0.1');
      if (i > 0 && r) reloadAlone.push(r.ms);
    }
    const refResult = pct(alone, 0.5);
    const refReload = pct(reloadAlone, 0.5);
    console.log(
      `reference, quiet: one arbiter alone, a result p50 ${refResult.toFixed(1)} ms; one viewer reloading alone p50 ${refReload.toFixed(1)} ms (load ${load()})`,
    );

    // The push crowd arrives (≈1,000 a second, never more than 500 waiting), and waits for its hello.
    const mem0 = memoryMb(pid);
    const viewers: Viewer[] = [];
    for (let i = 0; i < PUSH; i++) {
      viewers.push(new Viewer(port, `/api/events/${eventId}/live?page=${encodeURIComponent(pages[i % 2])}`, pushAddress(i)));
      if (i % 500 === 499) await Promise.allSettled(viewers.slice(i - 499, i + 1).map((v) => v.ready));
    }
    const settled = await Promise.allSettled(viewers.map((v) => v.ready));
    const refused = settled.filter((s) => s.status === 'rejected').length;
    await new Promise((r) => setTimeout(r, 1000));
    const memIdle = memoryMb(pid);
    console.log(
      `push viewers connected ${PUSH - refused} of ${PUSH}; server RSS ${mem0.rss.toFixed(0)} → ${memIdle.rss.toFixed(0)} MB: ` +
        `${(((memIdle.rss - mem0.rss) * 1024) / Math.max(1, PUSH - refused)).toFixed(1)} KB per idle viewer (load ${load()})`,
    );

    // The round: every arbiter its own run of tables, its results spread evenly over SECONDS.
    const entries: { ms: number; sent: number; answered: number }[] = [];
    let failed = 0;
    const reloads: number[] = [];
    const reloadStatus = new Map<string, number>();
    const cpu0 = cpuSeconds(pid);
    const t0 = performance.now();
    const end = t0 + SECONDS * 1000;
    const round = games.slice(0, games.length - spare.length).concat(spare);
    const results = ['red_win', 'draw', 'black_win'];
    const arbiters = Array.from({ length: ARBITERS }, async (_, a) => {
      const mine = round.filter((_, i) => i % ARBITERS === a);
      const gap = (SECONDS * 1000) / Math.max(1, mine.length);
      await new Promise((r) => setTimeout(r, Math.random() * gap));
      for (const [k, g] of mine.entries()) {
        const at = t0 + k * gap + Math.random() * gap * 0.5;
        if (at > performance.now()) await new Promise((r) => setTimeout(r, at - performance.now()));
        const r = await put(g, results[(a + k) % 3]).catch(() => null);
        if (r && r.status === 200) entries.push(r);
        else failed++;
      }
    });
    const reloaders = Array.from({ length: RELOAD }, async (_, i) => {
      await new Promise((r) => setTimeout(r, Math.random() * RELOAD_EVERY_MS));
      while (performance.now() < end) {
        const r = await fetchPage(port, standings, reloadAddress(i));
        const key = r === null ? 'failed' : String(r.status);
        reloadStatus.set(key, (reloadStatus.get(key) ?? 0) + 1);
        if (r && r.status === 200) reloads.push(r.ms);
        await new Promise((res) => setTimeout(res, RELOAD_EVERY_MS * (0.5 + Math.random())));
      }
    });
    await Promise.all([...arbiters, ...reloaders]);
    await new Promise((r) => setTimeout(r, 3000)); // the last frames arrive
    const wall = (performance.now() - t0) / 1000;
    const cpu = cpuSeconds(pid) - cpu0;
    const mem = memoryMb(pid);

    // The push news of each result: from its request to each viewer's first change frame after its answer.
    const news: number[] = [];
    let missed = 0;
    const connected = viewers.filter((_, i) => settled[i].status === 'fulfilled');
    for (const e of entries) {
      for (const v of connected) {
        const f = v.frames;
        let lo = 0;
        let hi = f.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (f[mid].at < e.answered) lo = mid + 1;
          else hi = mid;
        }
        if (lo < f.length) news.push(f[lo].at - e.sent);
        else missed++;
      }
    }
    for (const v of viewers) v.close();
    agent.destroy();

    console.log(
      line(
        `results entered ${entries.length} of ${round.length} (failed ${failed}), answer`,
        entries.map((e) => e.ms),
      ),
    );
    console.log(
      `  p50 ${(
        pct(
          entries.map((e) => e.ms),
          0.5,
        ) / refResult
      ).toFixed(1)}× one arbiter alone`,
    );
    console.log(line(`push news, ${connected.length} viewers × ${entries.length} results (missed ${missed})`, news));
    console.log(
      `  frames per viewer: p50 ${pct(
        connected.map((v) => v.frames.length),
        0.5,
      )}, p50 ${(
        pct(
          connected.flatMap((v) => v.frames.map((f) => f.bytes)),
          0.5,
        ) / 1024
      ).toFixed(1)} KB, the largest ${(connected.reduce((most, v) => v.frames.reduce((m, f) => Math.max(m, f.bytes), most), 0) / 1024).toFixed(1)} KB`,
    );
    console.log(line(`reloads (${[...reloadStatus].map(([k, v]) => `${k} ×${v}`).join(', ')})`, reloads));
    console.log(`  p50 ${(pct(reloads, 0.5) / refReload).toFixed(1)}× one viewer reloading alone`);
    console.log(
      `server CPU ${cpu.toFixed(1)} s in ${wall.toFixed(0)} s (${((cpu / wall) * 100).toFixed(0)} % of one core); ` +
        `${((cpu * 1000) / Math.max(1, entries.length)).toFixed(0)} ms per result with the crowds; RSS ${mem.rss.toFixed(0)} MB (peak ${mem.peak.toFixed(0)}) (load ${load()})`,
    );
  });
}
