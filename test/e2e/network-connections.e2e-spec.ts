import { INestApplication } from '@nestjs/common';
import { AddressInfo, connect, Socket } from 'node:net';
import { startTestApp } from './http-helpers';

/**
 * Issue 34 #2 in the suite (the soak test/soak/network-slow-clients.soak-spec.ts does it at scale,
 * under a low open-file limit): the per-address connection cap closes the connections over it at
 * once, and another address is served throughout.
 */
describe('network: connection cap and request timeouts (issue 34 #2)', () => {
  let app: INestApplication;
  let port = 0;
  const saved = { ...process.env };

  beforeAll(async () => {
    process.env.CHUHE_CONNECTIONS_PER_ADDRESS = '5';
    process.env.CHUHE_REQUEST_TIMEOUT_MS = '1500';
    process.env.CHUHE_HEADERS_TIMEOUT_MS = '1500';
    process.env.CHUHE_IDLE_TIMEOUT_MS = '3000';
    app = await startTestApp();
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(async () => {
    process.env = saved;
    await app?.close();
  });

  const open = (localAddress = '127.0.0.1') =>
    new Promise<{ socket: Socket; closed: Promise<number> }>((resolve) => {
      const started = Date.now();
      const socket = connect({ host: '127.0.0.1', port, localAddress });
      socket.on('error', () => undefined);
      const closed = new Promise<number>((r) => socket.once('close', () => r(Date.now() - started)));
      socket.once('connect', () => resolve({ socket, closed }));
    });

  it('the sixth connection from one address is closed at once; another address is served beside five trickling ones', async () => {
    const first = await Promise.all(Array.from({ length: 5 }, () => open()));
    for (const { socket } of first)
      socket.write('POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\na');
    await new Promise((r) => setTimeout(r, 200));
    const extra = await open();
    const extraClosed = await extra.closed;
    expect(extraClosed).toBeLessThan(1000);
    const res = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.status,
      () => 'closed',
    );
    // The capped address itself is refused a sixth connection…
    expect(res).toBe('closed');
    // …another address is not.
    const other = await open('127.0.0.2');
    other.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    const answer = await new Promise<string>((r) => other.socket.once('data', (d) => r(d.toString())));
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    other.socket.destroy();
    for (const { socket } of first) socket.destroy();
  }, 300_000);

  it('a request trickling its headers, one trickling its body and a silent connection are cut; /api/health answers meanwhile', async () => {
    // Each from an address of its own (the cap above is 5 per address), a byte every 200 ms for up to 60 s.
    const trickle = async (localAddress: string, head: string, byte: string) => {
      const { socket, closed } = await open(localAddress);
      let answer = '';
      socket.on('data', (d) => (answer += d.toString()));
      socket.write(head);
      let open_ = true;
      void closed.then(() => (open_ = false));
      const until = Date.now() + 60_000;
      while (open_ && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 200));
        if (open_) socket.write(byte);
      }
      const ms = await Promise.race([closed, new Promise<number>((r) => setTimeout(() => r(-1), 1000))]);
      socket.destroy();
      return { ms, answer };
    };
    const headers = trickle('127.0.0.3', 'GET /api/health HTTP/1.1\r\nHost: x\r\n', 'X-Slow: a\r\n');
    const body = trickle(
      '127.0.0.4',
      'POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n',
      'a',
    );
    const silent = open('127.0.0.5').then(async ({ closed }) => Promise.race([closed, new Promise<number>((r) => setTimeout(() => r(-1), 60_000))]));
    // Health from another address while the three hang on.
    const health: number[] = [];
    for (let i = 0; i < 5; i++) {
      health.push(await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.status));
      await new Promise((r) => setTimeout(r, 100));
    }
    const [h, b, quiet] = await Promise.all([headers, body, silent]);
    console.log(`cut after: trickled headers ${h.ms} ms, trickled body ${b.ms} ms, silent connection ${quiet} ms (timeouts 1.5 s, 1.5 s, idle 3 s)`);
    expect(health).toEqual([200, 200, 200, 200, 200]);
    // Cut by the server, not by the test's 60 s: without the timeouts each would still be open.
    expect(h.ms).toBeGreaterThan(0);
    expect(b.ms).toBeGreaterThan(0);
    expect(quiet).toBeGreaterThan(0);
    // The body's request is answered 408 before the connection closes (Node's request timeout).
    expect(b.answer).toMatch(/^HTTP\/1\.1 408/);
  }, 300_000);
});
