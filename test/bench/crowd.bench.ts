/**
 * `npm run bench -- crowd` (issue 24): a crowd of live viewers at a round's end, on one server
 * process (the real server, dist/…/main.js, in its own process: the viewers' CPU is not the
 * server's), on the machine's PostgreSQL (DATABASE_URL's server, else 127.0.0.1:5432; a fresh
 * database, dropped after). The event: a 40-player Swiss (the demo's open), round 1 published.
 *
 * Viewers are raw HTTP connections, each from its own loopback address (127.1.x.y: no viewer is
 * refused by the per-address cap), half on the standings page (en), half on round 1's pairings (zh).
 * - push (the design): each viewer's stream names its page (`?page=`); a result's `change` frame
 *   carries the page's new <main>, rendered once per version and language and written to all.
 *   A viewer shows the news when its frame has arrived whole.
 * - refetch (the reference, issue 12's live.js): the stream says only "changed"; each viewer then
 *   fetches its page (spread over 0.5 s, served from the rendered-page cache, compressed); a viewer
 *   shows the news when the page has arrived.
 * For each crowd (BENCH_CROWDS, default 1000,2000,5000,10000 for push; 1000 for refetch) an arbiter enters
 * BENCH_RESULTS results (default 8) one a second; for each, the delay from the result's answer (its
 * commit) to each viewer's news: p50, p99, max, and viewers that missed it; the results' own
 * latency while the crowd watches; the server's memory (RSS now and peak); the CPU per result of
 * the server and of this process (the viewers), which share the machine's cores.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { constants, inflateRawSync } from 'node:zlib';
import { join } from 'node:path';
import { loadavg, tmpdir } from 'node:os';
import { Client } from 'pg';
import { benchClient, swissEventWithRound1 } from './bench-http';
import { profiledPhase } from './reload-crowd.bench';
import { applyMigrations } from './server-dist';

const SERVER = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const CROWDS = (process.env.BENCH_CROWDS ?? '1000,2000,5000,10000').split(',').map(Number);
const REFETCH_CROWD = Number(process.env.BENCH_REFETCH_CROWD ?? 1000);
const RESULTS = Number(process.env.BENCH_RESULTS ?? 8);
const PLAYERS = 40;

/** The i-th viewer's own address on the loopback network. */
const addressOf = (i: number) => `127.1.${Math.floor(i / 250)}.${(i % 250) + 1}`;

function pct(xs: number[], p: number): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
}

export function memoryMb(pid: number): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (k: string) => Number(new RegExp(`^${k}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return { rss: NaN, peak: NaN };
  }
}

/** CPU seconds a process has used (user + system), from /proc: the server's and the viewers' shares of the 2 cores. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return NaN;
  }
}

/** The kernel's share of a process's CPU seconds (stime): on loopback, a write's delivery to the viewer is charged to the writer. */
function systemSeconds(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[12]) / 100;
  } catch {
    return NaN;
  }
}

/**
 * What the viewers' bytes say, decoded once for all of them. The server writes each SSE frame as
 * one HTTP chunk (one `res.write`), and a gzip stream's chunks after its header are deflate blocks
 * compressed each on its own (live-page.ts): so each chunk decodes alone, and 10,000 viewers of one
 * page receive the same bytes. A chunk is decoded the first time any viewer receives it; every other
 * viewer's chunk is compared byte for byte with it (a hit is exact, not a guess). Inflating in every
 * simulated viewer cost this process 2.3 s of CPU per result at 10,000 viewers — on the same 2 cores
 * as the server, so the bench measured itself (measured: server 0.3 s per result).
 */
interface ChunkSays {
  hello: boolean;
  changes: { id: string; bytes: number }[];
}

class ChunkText {
  private readonly known = new Map<string, { bytes: Buffer; says: ChunkSays }[]>();

  says(chunk: Buffer, gzip: boolean): ChunkSays {
    const key = `${chunk.length}:${chunk.toString('latin1', 0, 24)}:${chunk.toString('latin1', Math.max(0, chunk.length - 24))}`;
    const same = this.known.get(key);
    const hit = same?.find((k) => k.bytes.equals(chunk));
    if (hit) return hit.says;
    let text: string;
    if (!gzip) text = chunk.toString('utf8');
    else if (chunk.equals(GZIP_HEADER)) text = '';
    else text = inflateRawSync(chunk, { finishFlush: constants.Z_SYNC_FLUSH }).toString('utf8');
    const says: ChunkSays = { hello: text.includes('event: hello'), changes: [] };
    for (const frame of text.split('\n\n')) {
      // A page's news is a whole frame (`change`) or, to a viewer that holds the frame before, a `patch` (live/page-patch.ts).
      const m = /(?:^|\n)id: ([^\n]*)\nevent: (?:change|patch)\n/.exec(frame);
      if (m) says.changes.push({ id: m[1], bytes: frame.length });
    }
    const entry = { bytes: Buffer.from(chunk), says };
    if (same) same.push(entry);
    else this.known.set(key, [entry]);
    return says;
  }
}
const chunkText = new ChunkText();
/** The gzip member header every compressed live stream starts with (live-page.ts GZIP_HEADER). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);

/**
 * One viewer on a raw socket, as a browser's EventSource with `Accept-Encoding: gzip`: reads the
 * response head, then the chunked body chunk by chunk; a `change` frame counts when its chunk has
 * arrived whole (its id and decoded size kept). The chunk parser is a few comparisons per read, so
 * the viewers' CPU stays small beside the server's (printed).
 */
export class Viewer {
  status = 0;
  hello = false;
  encoding = '';
  frames: { id: string; at: number; bytes: number }[] = [];
  onFrame: ((v: Viewer) => void) | null = null;
  ready: Promise<void>;
  private readonly socket: net.Socket;
  private head = Buffer.alloc(0);
  private inBody = false;
  /** Chunked body: the size line being read, or the bytes of the chunk under way. */
  private sizeLine = '';
  private want = -1;
  private parts: Buffer[] = [];
  private got = 0;
  /** The CRLF after a chunk's data still to skip. */
  private skip = 0;

  constructor(port: number, path: string, localAddress: string) {
    let markReady: () => void;
    let markFailed: (e: Error) => void;
    this.ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      markFailed = reject;
    });
    this.socket = net.connect({ host: '127.0.0.1', port, localAddress }, () => {
      this.socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\nAccept-Encoding: gzip\r\n\r\n`);
    });
    this.socket.on('data', (data: Buffer) => {
      if (!this.inBody) {
        this.head = Buffer.concat([this.head, data]);
        const end = this.head.indexOf('\r\n\r\n');
        if (end < 0) return;
        const lines = this.head.toString('latin1', 0, end).split('\r\n');
        this.status = Number(lines[0].split(' ')[1]);
        const header = (name: string) =>
          lines
            .find((l) => l.toLowerCase().startsWith(`${name}:`))
            ?.slice(name.length + 1)
            .trim()
            .toLowerCase() ?? '';
        this.encoding = header('content-encoding');
        if (this.status !== 200 || header('transfer-encoding') !== 'chunked') {
          markFailed(new Error(`status ${this.status}`));
          this.socket.destroy();
          return;
        }
        this.inBody = true;
        data = this.head.subarray(end + 4);
        this.head = Buffer.alloc(0);
      }
      this.read(data, () => markReady());
    });
    this.socket.on('error', (e) => markFailed(e));
    this.socket.on('close', () => markFailed(new Error('closed')));
  }

  private read(data: Buffer, onHello: () => void): void {
    let at = 0;
    while (at < data.length) {
      if (this.skip) {
        const n = Math.min(this.skip, data.length - at);
        this.skip -= n;
        at += n;
      } else if (this.want < 0) {
        const nl = data.indexOf(10, at);
        this.sizeLine += data.toString('latin1', at, nl < 0 ? data.length : nl);
        if (nl < 0) return;
        at = nl + 1;
        this.want = parseInt(this.sizeLine, 16);
        this.sizeLine = '';
        this.parts = [];
        this.got = 0;
      } else {
        const n = Math.min(this.want - this.got, data.length - at);
        this.parts.push(data.subarray(at, at + n));
        this.got += n;
        at += n;
        if (this.got === this.want) {
          const chunk = this.parts.length === 1 ? this.parts[0] : Buffer.concat(this.parts);
          this.want = -1;
          this.skip = 2;
          this.chunk(chunk, performance.now(), onHello);
        }
      }
    }
  }

  private chunk(chunk: Buffer, now: number, onHello: () => void): void {
    const says = chunkText.says(chunk, this.encoding === 'gzip');
    if (!this.hello && says.hello) {
      this.hello = true;
      onHello();
    }
    for (const change of says.changes) {
      this.frames.push({ id: change.id, at: now, bytes: change.bytes });
      this.onFrame?.(this);
    }
  }

  close(): void {
    this.socket.on('error', () => undefined);
    this.socket.destroy();
  }
}

/** GET a page as a browser would (compressed), from a given address; resolves when it has arrived whole. */
function fetchPage(port: number, path: string, localAddress: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(
      { host: '127.0.0.1', port, path, localAddress, agent: false, headers: { 'Accept-Encoding': 'gzip, br', Accept: 'text/html' } },
      (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
  });
}

export async function bench(): Promise<void> {
  const name = `chuhe_bench_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  let child: ChildProcess | undefined;
  const heapFile = join(tmpdir(), `${name}.heap.json`);
  /** The server's heap and external memory in MB after a full collection (heap-on-signal.js). */
  const heldMb = async (): Promise<number> => {
    rmSync(`${heapFile}.done`, { force: true });
    process.kill(child!.pid!, 'SIGWINCH');
    for (const deadline = Date.now() + 30_000; !existsSync(`${heapFile}.done`) && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 50));
    const m = JSON.parse(readFileSync(heapFile, 'utf8')) as { heapUsed: number; external: number };
    return (m.heapUsed + m.external) / 2 ** 20;
  };
  try {
    await applyMigrations(databaseUrl, { warn: () => undefined });
    const port = 20000 + Math.floor(Math.random() * 20000);
    child = spawn(
      process.execPath,
      [
        // BENCH_PROFILE_DIR: the server's CPU profile of each push crowd's results (reload-crowd.bench.ts profiledPhase).
        ...(process.env.BENCH_PROFILE_DIR ? ['-r', join(__dirname, 'profile-on-signal.js')] : []),
        // The server's heap after a full collection, on demand (heap-on-signal.js): memory per idle viewer.
        '--expose-gc',
        '-r',
        join(__dirname, 'heap-on-signal.js'),
        join(__dirname, '../../dist/apps/server/src/main.js'),
      ],
      {
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          PORT: String(port),
          CHUHE_WORKERS: '1',
          CHUHE_DEMO: '0',
          CHUHE_TOURNAMENT_CREATORS: 'anyone',
          BENCH_HEAP_FILE: heapFile,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
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
    const { call, must } = benchClient(base);
    const {
      auth,
      eventId: event,
      games,
    } = await swissEventWithRound1(
      { call, must },
      {
        name: 'Crowd',
        players: PLAYERS,
        rounds: 7,
        columns: 'gender,affiliation,rating',
        player: (i) => `${i % 3 ? 'male' : 'female'},会${i % 8},${2400 - i * 7}`,
        publish: true,
      },
    );
    const pages = [`/events/${event}/standings?lang=en`, `/events/${event}/rounds/1?lang=zh`];
    const sizes = await Promise.all(pages.map(async (p) => (await fetch(base + p)).text().then((h) => h.length)));
    console.log(
      `${PLAYERS} players, ${games.length} games; pages ${pages.map((p, i) => `${p.split('/').slice(3).join('/')} ${(sizes[i] / 1024).toFixed(1)} KB`).join(', ')}; server pid ${child.pid}, one process`,
    );

    let next = 0;
    const results = ['red_win', 'draw', 'black_win'];
    /** Enters the next result (each game in turn, again and again: a correction is a change as good as any). */
    const enter = async (): Promise<number> => {
      const g = games[next++ % games.length];
      const t0 = performance.now();
      const res = await fetch(`${base}/api/games/${g.id}/result`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: auth },
        body: JSON.stringify({ result: results[next % 3], version: g.version }),
      });
      const body = (await res.json()) as { game?: { version: number } };
      if (res.status !== 200) throw new Error(`result: ${res.status} ${JSON.stringify(body)}`);
      g.version = body.game!.version;
      return performance.now() - t0;
    };

    const rows: string[] = [];
    /** The server's CPU per result by push crowd (issue 35 #4: within 1.5× from 2,000 to 10,000 viewers). */
    const serverCpu = new Map<number, number>();
    /** Its kernel part (system time) by push crowd: the writes' share. */
    const kernelCpu = new Map<number, number>();
    const run = async (mode: 'push' | 'refetch', crowd: number) => {
      const viewers: Viewer[] = [];
      const news = new Map<Viewer, number[]>(); // refetch: when each viewer's page arrived
      const held0 = await heldMb();
      const t0 = performance.now();
      /** The server's RSS with the first half of the crowd connected and quiet (1 s after). */
      let half = NaN;
      let halfConnected = 0;
      for (let i = 0; i < crowd; i++) {
        if (i === Math.floor(crowd / 2)) {
          halfConnected = (await Promise.allSettled(viewers.map((x) => x.ready))).filter((x) => x.status === 'fulfilled').length;
          await new Promise((r) => setTimeout(r, 1000));
          half = memoryMb(child!.pid!).rss;
        }
        const page = pages[i % 2];
        const path = mode === 'push' ? `/api/events/${event}/live?page=${encodeURIComponent(page)}` : `/api/events/${event}/live`;
        const v = new Viewer(port, path, addressOf(i));
        viewers.push(v);
        if (mode === 'refetch') {
          news.set(v, []);
          v.onFrame = () => setTimeout(() => void fetchPage(port, page, addressOf(i)).then(() => news.get(v)!.push(performance.now())), Math.random() * 500);
        }
        // Arrive at ~1,000 a second, as a crowd that opens a link does; never more than 500 waiting.
        if (i % 500 === 499) await Promise.allSettled(viewers.slice(i - 499, i + 1).map((x) => x.ready));
      }
      const settled = await Promise.allSettled(viewers.map((v) => v.ready));
      const refused = settled.filter((s) => s.status === 'rejected').length;
      const connectS = (performance.now() - t0) / 1000;
      await new Promise((r) => setTimeout(r, 1000));
      // Memory per idle viewer (issue 35 #4): what the second half of the crowd added to the server's
      // RSS, both measured quiet. Not the whole crowd against the RSS before it: the memory a smaller
      // crowd before it freed is reused by the first viewers (RSS does not shrink), which made the
      // figure small or negative.
      const idleKb = ((memoryMb(child!.pid!).rss - half) * 1024) / Math.max(1, crowd - refused - halfConnected);
      // And what the whole crowd holds of the server's heap (and buffers), each measured after a full collection.
      const heldKb = (((await heldMb()) - held0) * 1024) / Math.max(1, crowd - refused);
      const delays: number[] = [];
      const entry: number[] = [];
      let missed = 0;
      let bytes = 0;
      const sizes: number[] = [];
      const cpu0 = { server: cpuSeconds(child!.pid!), viewers: cpuSeconds(process.pid), system: systemSeconds(child!.pid!) };
      const results = async () => {
        for (let k = 0; k < RESULTS; k++) {
          const before = viewers.map((v) => (mode === 'push' ? v.frames.length : news.get(v)!.length));
          // Measured from the arbiter's request (its commit lies between that and its answer): an upper bound.
          const committed = performance.now();
          const took = await enter();
          entry.push(took);
          // Every viewer's news, or 5 s.
          const deadline = performance.now() + 5000;
          while (performance.now() < deadline) {
            const waiting = viewers.some(
              (v, i) => settled[i].status === 'fulfilled' && (mode === 'push' ? v.frames.length : news.get(v)!.length) === before[i],
            );
            if (!waiting) break;
            await new Promise((r) => setTimeout(r, 20));
          }
          viewers.forEach((v, i) => {
            if (settled[i].status !== 'fulfilled') return;
            const got = mode === 'push' ? v.frames.slice(before[i]) : news.get(v)!.slice(before[i]);
            if (!got.length) {
              missed++;
              return;
            }
            const at = mode === 'push' ? (got[0] as { at: number; bytes: number }).at : (got[0] as number);
            if (mode === 'push') {
              bytes = Math.max(bytes, (got[0] as { bytes: number }).bytes);
              sizes.push((got[0] as { bytes: number }).bytes);
            }
            delays.push(at - committed);
          });
          // One a second: a round's end, results arriving one after another.
          await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (performance.now() - committed))));
        }
      };
      if (mode === 'push') await profiledPhase(child!.pid!, `push-${crowd}`, results);
      else await results();
      const mem = memoryMb(child!.pid!);
      // CPU per result: what the server spent, and what the simulated viewers (this process) spent.
      const cpu = {
        server: (cpuSeconds(child!.pid!) - cpu0.server) / RESULTS,
        viewers: (cpuSeconds(process.pid) - cpu0.viewers) / RESULTS,
        system: (systemSeconds(child!.pid!) - cpu0.system) / RESULTS,
      };
      for (const v of viewers) v.close();
      const within = delays.filter((d) => d <= 1000).length / (delays.length + missed);
      rows.push(
        `${mode.padEnd(7)} ${String(crowd).padStart(6)}  connected ${String(crowd - refused).padStart(6)} in ${connectS.toFixed(1).padStart(4)} s  ` +
          `news p50 ${pct(delays, 0.5).toFixed(0).padStart(4)} ms  p99 ${pct(delays, 0.99).toFixed(0).padStart(5)} ms  max ${pct(delays, 1).toFixed(0).padStart(5)} ms  ` +
          `≤1 s ${(within * 100).toFixed(1).padStart(5)} %  missed ${missed}  ` +
          `result p50 ${pct(entry, 0.5).toFixed(0)} ms p99 ${pct(entry, 0.99).toFixed(0)} ms  RSS ${mem.rss.toFixed(0)} MB (peak ${mem.peak.toFixed(0)})` +
          (mode === 'push' ? `  frame p50 ${(pct(sizes, 0.5) / 1024).toFixed(1)} KB, largest ${(bytes / 1024).toFixed(1)} KB` : '') +
          `  CPU per result: server ${(cpu.server * 1000).toFixed(0)} ms (kernel ${(cpu.system * 1000).toFixed(0)}), viewers ${(cpu.viewers * 1000).toFixed(0)} ms  idle viewer ${heldKb.toFixed(1)} KB heap (RSS ${idleKb.toFixed(1)} KB)`,
      );
      if (mode === 'push') {
        serverCpu.set(crowd, cpu.server);
        kernelCpu.set(crowd, cpu.system);
      }
      console.log(rows[rows.length - 1]);
      await new Promise((r) => setTimeout(r, 2000));
      return pct(delays, 0.99);
    };

    console.log(`${RESULTS} results, one a second, per crowd; news = the arbiter's request → the viewer has the new page`);
    const reference = await run('refetch', REFETCH_CROWD);
    let pushAtReference = NaN;
    for (const crowd of CROWDS) {
      const p99 = await run('push', crowd);
      if (crowd === REFETCH_CROWD) pushAtReference = p99;
    }
    if (Number.isFinite(pushAtReference)) console.log(`push / refetch p99 at ${REFETCH_CROWD} viewers: ${(pushAtReference / reference).toFixed(2)}`);
    const [small, large] = [serverCpu.has(2000) ? 2000 : Math.min(...serverCpu.keys()), Math.max(...serverCpu.keys())];
    if (serverCpu.size > 1)
      console.log(
        `server CPU per result, ${large} / ${small} push viewers: ${(serverCpu.get(large)! / serverCpu.get(small)!).toFixed(2)}× for ${(large / small).toFixed(0)}× the viewers ` +
          `(goal ≤ 1.5× from 2,000 to 10,000: render once, write n) (load ${loadavg()
            .map((l) => l.toFixed(1))
            .join(' ')})`,
      );
    if (serverCpu.size > 1) {
      // What one more viewer costs per result, from the two crowds: the part in this process's code
      // (user) and in the kernel (system: on loopback the viewer's receive path runs in the softirq of
      // the server's own write, and is charged to it unless the kernel accounts irq time apart — so
      // the kernel figure may be above what a server pays on a real network).
      const perViewer = (m: Map<number, number>) => ((m.get(large)! - m.get(small)!) / (large - small)) * 1e6;
      const kernel = perViewer(kernelCpu);
      const user = perViewer(serverCpu) - kernel;
      const fixed = (serverCpu.get(small)! - (user + kernel) * small * 1e-6) * 1000;
      console.log(
        `per result: ${fixed.toFixed(0)} ms whatever the crowd, and per viewer ${user.toFixed(1)} µs user + ${kernel.toFixed(1)} µs kernel ` +
          `(≤ 1.5× from 2,000 to 10,000 needs ≤ ${((fixed * 1000) / 14_000).toFixed(1)} µs a viewer in all)`,
      );
    }
  } finally {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
    }
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}
