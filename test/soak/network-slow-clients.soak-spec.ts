import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect, createServer, Socket } from 'node:net';
import { join } from 'node:path';
import { testDatabaseUrl } from '../support/database';
import { latency, summary } from './soak-helpers';

/**
 * Issue 34 #2: slow clients. A server in a child process with a low open-file limit (prlimit
 * --nofile=OPEN_FILES) gets TRICKLERS connections from one address, each sending a POST's headers
 * and then its body a byte at a time. Health, asked from another address (127.0.0.2) every 100 ms,
 * answers throughout; the connections over the per-address cap are closed at once, the rest when
 * their request timeout ends. Prints its figures.
 */
const MAIN = join(__dirname, '..', '..', 'dist', 'apps', 'server', 'src', 'main.js');
const OPEN_FILES = Number(process.env.SOAK_OPEN_FILES ?? 512);
const TRICKLERS = Number(process.env.SOAK_TRICKLERS ?? 1100);
const PER_ADDRESS = 100;
const REQUEST_TIMEOUT_MS = 6000;
const HEADERS_TIMEOUT_MS = 6000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function health(base: string, from: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: Number(new URL(base).port), localAddress: from });
    let text = '';
    const done = (status: number) => {
      socket.destroy();
      resolve({ status, ms: performance.now() - started });
    };
    socket.setTimeout(5000, () => done(0));
    socket.on('error', () => done(0));
    socket.on('data', (d) => {
      text += d.toString();
      const m = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (m && text.includes('\r\n\r\n')) done(Number(m[1]));
    });
    socket.on('connect', () => socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
  });
}

const describeBuilt = existsSync(MAIN) && existsSync('/usr/bin/prlimit') ? describe : describe.skip;

describeBuilt('soak: slow clients against a server with a low open-file limit (issue 34 #2)', () => {
  let child: ChildProcess;
  let base = '';

  beforeAll(async () => {
    const port = await freePort();
    child = spawn('/usr/bin/prlimit', [`--nofile=${OPEN_FILES}:${OPEN_FILES}`, process.execPath, MAIN, 'serve'], {
      env: {
        ...process.env,
        DATABASE_URL: testDatabaseUrl(),
        PORT: String(port),
        CHUHE_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
        CHUHE_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        CHUHE_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      },
      stdio: 'ignore',
    });
    base = `http://127.0.0.1:${port}`;
    for (let i = 0; (await health(base, '127.0.0.2')).status !== 200; i++) {
      if (i > 300) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 300_000);

  afterAll(async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  });

  it('health answers throughout; the per-address cap and the request timeout close the trickling connections', async () => {
    const sockets: Socket[] = [];
    const closedAt: number[] = [];
    const start = performance.now();
    let socketErrors = 0;
    const errorCodes: Record<string, number> = {};
    for (let i = 0; i < TRICKLERS; i++) {
      const s = connect({ host: '127.0.0.1', port: Number(new URL(base).port) });
      s.on('error', (e: NodeJS.ErrnoException) => {
        socketErrors += 1;
        errorCodes[e.code ?? '?'] = (errorCodes[e.code ?? '?'] ?? 0) + 1;
      });
      s.on('close', () => closedAt.push(performance.now() - start));
      s.on('connect', () => {
        // Half send their headers slowly too (a slowloris), half a body a byte at a time.
        if (i % 2) s.write('POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n');
        else s.write('GET / HTTP/1.1\r\nHost: x\r\n');
      });
      sockets.push(s);
    }
    const trickle = setInterval(() => {
      for (const s of sockets) if (!s.destroyed && s.writable) s.write(s.bytesWritten > 80 && s.bytesWritten < 200 ? 'X-A: b\r\n' : 'a');
    }, 500);
    const answers: { status: number; ms: number }[] = [];
    const until = performance.now() + REQUEST_TIMEOUT_MS + 8000;
    while (performance.now() < until) {
      answers.push(await health(base, '127.0.0.2'));
      await new Promise((r) => setTimeout(r, 100));
    }
    clearInterval(trickle);
    const open = sockets.filter((s) => !s.destroyed).length;
    for (const s of sockets) s.destroy();
    const ok = answers.filter((a) => a.status === 200).length;
    // Closed before any timeout could close them: by the per-address cap.
    const capped = closedAt.filter((t) => t < REQUEST_TIMEOUT_MS - 1000).length;
    console.log(
      summary('network slow clients', {
        openFileLimit: OPEN_FILES,
        tricklers: TRICKLERS,
        perAddressCap: PER_ADDRESS,
        closedBeforeTimeouts: capped,
        closedByTimeouts: closedAt.length - capped,
        stillOpenAtEnd: open,
        socketErrors,
        errorCodes,
        closedMs: latency(closedAt),
        healthAsked: answers.length,
        health200: ok,
        healthMs: latency(answers.map((a) => a.ms)),
      }),
    );
    expect(ok).toBe(answers.length);
    expect(capped).toBeGreaterThanOrEqual(TRICKLERS - PER_ADDRESS - 5);
    expect(open).toBe(0);
  }, 300_000);
});
