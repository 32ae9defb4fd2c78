import { ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import net from 'node:net';
import { join } from 'node:path';

/**
 * `npm run bench -- socket-write` (issue 35 #4): the floor under the push crowd's cost per viewer.
 * A live frame is one `write` per viewer; here a bare node socket (no HTTP, no Nest, no frame) writes
 * a buffer to each of 5,000 loopback connections whose readers are another process, 20 times per
 * size, and this process's own user and system CPU per write is printed. The reference is the
 * smallest write: what any server pays per viewer for one write, whatever it sends. The crowd bench
 * prints what the 1.5× goal allows per viewer (fixed cost per result / 14,000); when the floor is
 * above it, no server code meets the ratio with one write per viewer on this machine.
 */
const VIEWERS = Number(process.env.BENCH_SOCKET_VIEWERS ?? 5000);
const SIZES = [64, 1000, 5000, 40_000];
const ROUNDS = 20;

/** The readers: connect from their own loopback addresses, read and drop everything. */
const READER = `
const net = require('node:net');
const [port, n] = process.argv.slice(2).map(Number);
let i = 0;
(function open() {
  for (let k = 0; k < 200 && i < n; k++, i++) {
    const s = net.connect({ port, host: '127.0.0.1', localAddress: '127.6.' + Math.floor(i / 250) + '.' + ((i % 250) + 1) });
    s.on('data', () => undefined);
    s.on('error', () => undefined);
  }
  if (i < n) setTimeout(open, 20);
})();
`;

export async function bench(): Promise<void> {
  const sockets: net.Socket[] = [];
  let all: () => void = () => undefined;
  const connected = new Promise<void>((r) => (all = r));
  const server = net.createServer((s) => {
    s.setNoDelay(true); // as node's HTTP server sets it
    sockets.push(s);
    if (sockets.length === VIEWERS) all();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const script = join(mkdtempSync(join(tmpdir(), 'chuhe-socket-')), 'reader.js');
  writeFileSync(script, READER);
  let reader: ChildProcess | undefined;
  try {
    reader = fork(script, [String((server.address() as net.AddressInfo).port), String(VIEWERS)]);
    await connected;
    await new Promise((r) => setTimeout(r, 500));
    const pause = () => new Promise((r) => setTimeout(r, 100));
    // What the pauses between rounds cost by themselves, taken off each size's figure.
    const i0 = process.cpuUsage();
    for (let r = 0; r < ROUNDS; r++) await pause();
    const idle = process.cpuUsage(i0);
    const rows: { size: number; user: number; system: number }[] = [];
    for (const size of SIZES) {
      const buffer = Buffer.alloc(size, 97);
      const c0 = process.cpuUsage();
      for (let r = 0; r < ROUNDS; r++) {
        for (const s of sockets) s.write(buffer);
        await pause();
      }
      const c = process.cpuUsage(c0);
      const writes = ROUNDS * VIEWERS;
      rows.push({ size, user: (c.user - idle.user) / writes, system: (c.system - idle.system) / writes });
    }
    const reference = rows[0].user + rows[0].system;
    for (const r of rows)
      console.log(
        `${String(r.size).padStart(6)} B to each of ${VIEWERS} viewers: ${r.user.toFixed(2)} µs user + ${r.system.toFixed(2)} µs kernel per write ` +
          `(${((r.user + r.system) / reference).toFixed(2)}× the ${rows[0].size}-byte write)`,
      );
    console.log(
      `the floor of one write per viewer: ${reference.toFixed(1)} µs of the writer's CPU (load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')})`,
    );
  } finally {
    reader?.kill();
    for (const s of sockets) s.destroy();
    await new Promise((r) => server.close(r));
  }
}
