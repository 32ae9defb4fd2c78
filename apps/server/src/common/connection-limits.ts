import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Slow clients (issue 34 #2): 2,200 connections trickling request bodies from one address
 * exhausted the open files and every page and health failed until they closed. The server now
 *  - gives a request's headers CHUHE_HEADERS_TIMEOUT_MS (default 15 s) and the whole request, body
 *    included, CHUHE_REQUEST_TIMEOUT_MS (default 60 s; a 5 MB import over a slow line fits) — then
 *    408 and the connection closes; a connection that sends nothing at all closes after the header
 *    timeout too;
 *  - closes a connection idle between requests after 5 s (keep-alive) and one silent for
 *    CHUHE_IDLE_TIMEOUT_MS (default 120 s; live streams beat every 20 s);
 *  - holds at most CHUHE_CONNECTIONS_PER_ADDRESS (default 128) open connections per client
 *    address: one more is closed at once, before it costs more than its socket. Behind a reverse
 *    proxy every client has the proxy's address: set it high (or 0, no cap) and let the proxy cap
 *    per client (README "Reliability").
 */
export interface ConnectionLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  idleTimeoutMs: number;
  perAddress: number;
}

export function connectionLimits(env: NodeJS.ProcessEnv = process.env): ConnectionLimits {
  const n = (name: string, fallback: number) => {
    const v = env[name];
    return v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : fallback;
  };
  return {
    headersTimeoutMs: n('CHUHE_HEADERS_TIMEOUT_MS', 15_000),
    requestTimeoutMs: n('CHUHE_REQUEST_TIMEOUT_MS', 300_000),
    idleTimeoutMs: n('CHUHE_IDLE_TIMEOUT_MS', 120_000),
    perAddress: n('CHUHE_CONNECTIONS_PER_ADDRESS', 128),
  };
}

export function limitConnections(server: Server, limits: ConnectionLimits = connectionLimits()): void {
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = 5_000;
  server.timeout = limits.idleTimeoutMs;
  // Node checks the two request timeouts on this interval (default 30 s): a tighter one keeps them close to their setting.
  (server as Server & { connectionsCheckingInterval?: number }).connectionsCheckingInterval = Math.min(
    limits.headersTimeoutMs,
    limits.requestTimeoutMs,
    30_000,
  );
  // A connection that never sends a byte: Node's header timeout does not cover it, and once that
  // timeout's check has run (every connectionsCheckingInterval) the idle timeout no longer fires for
  // it either (measured on Node 20: headers 2 s, idle 6 s — still open after 20 s). So it is closed
  // here once the header timeout has passed without a byte (issue 34 #2, the e2e's silent connection).
  if (limits.headersTimeoutMs > 0) closeSilentConnections(server, limits.headersTimeoutMs);
  if (limits.perAddress <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

/**
 * Closes the connections that have sent nothing for between one and two header timeouts: the
 * connections of each timeout's span are looked at once, at the end of the next (issue 35 #2: a
 * timer per connection cost a crowd of reloads, each on a new connection, ~20 µs apiece).
 */
function closeSilentConnections(server: Server, timeoutMs: number): void {
  let arriving: Socket[] = [];
  let waiting: Socket[] = [];
  const sweep = setInterval(() => {
    for (const socket of waiting) if (socket.bytesRead === 0 && !socket.destroyed) socket.destroy();
    waiting = arriving;
    arriving = [];
  }, timeoutMs);
  sweep.unref();
  server.on('connection', (socket: Socket) => void arriving.push(socket));
  server.once('close', () => clearInterval(sweep));
}

/**
 * Where the server listens: PORT, with a listen backlog of CHUHE_LISTEN_BACKLOG (default 4096,
 * capped by the kernel's net.core.somaxconn). Node's default of 511 overflowed when 2,000 viewers
 * reloaded at once (issue 35 #2): the kernel dropped the rest of the SYNs and those browsers waited
 * for their retransmission, 1 s, then 3 s, … later.
 */
export function listenOptions(port: number, env: NodeJS.ProcessEnv = process.env): { port: number; backlog: number } {
  const backlog = Number(env.CHUHE_LISTEN_BACKLOG);
  return { port, backlog: Number.isInteger(backlog) && backlog > 0 ? backlog : 4096 };
}
