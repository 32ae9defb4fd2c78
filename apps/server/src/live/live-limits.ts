import { readFileSync } from 'node:fs';

/**
 * What strangers may hold open (issue 23 #2): one anonymous client once opened ~20,000 live streams,
 * used up the process's file descriptors, and the server answered nothing else — health checks and
 * static files included. So streams are capped per client address and in total, the total leaves
 * descriptors in reserve for ordinary requests (and PostgreSQL connections, files), and every
 * stream ends after a while (the browser's EventSource reconnects by itself, with Last-Event-ID).
 */
export interface LiveLimits {
  /** Open streams per client address (req.ip: behind a proxy set CHUHE_TRUST_PROXY). A venue's NAT shares one address. */
  perAddress: number;
  /** Open streams in this process: the descriptor limit less the reserve, unless CHUHE_LIVE_MAX says fewer. */
  total: number;
  /** A stream ends after this long (± a tenth, so that a crowd does not reconnect at once). */
  maxAgeMs: number;
  /** Seconds a refused client is told to wait (Retry-After). */
  retryAfterSeconds: number;
  /** A stream silent this long gets a keep-alive comment (proxies close idle streams); one that had news needs none. */
  heartbeatMs: number;
}

/** Descriptors kept for everything that is not a live stream: requests, pool connections, files. */
export const FD_RESERVE = 512;

/** The soft limit on open files of this process (Linux /proc; null elsewhere). */
export function openFilesLimit(): number | null {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
    return soft && /^\d+$/.test(soft) ? Number(soft) : null;
  } catch {
    return null;
  }
}

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, not ${raw}`);
  return n;
}

/** The limits from the environment: CHUHE_LIVE_PER_ADDRESS (64), CHUHE_LIVE_MAX, CHUHE_LIVE_MAX_SECONDS (900), CHUHE_LIVE_HEARTBEAT_MS (20,000). */
export function liveLimits(): LiveLimits {
  const fds = openFilesLimit() ?? 1024;
  // With the common `ulimit -n 1024`: 512 streams; raise the limit to hold a crowd (README).
  const room = Math.max(0, fds - Math.min(FD_RESERVE, Math.floor(fds / 2)));
  return {
    perAddress: positive('CHUHE_LIVE_PER_ADDRESS', 64),
    total: Math.min(room, positive('CHUHE_LIVE_MAX', room)),
    maxAgeMs: positive('CHUHE_LIVE_MAX_SECONDS', 900) * 1000,
    retryAfterSeconds: 30,
    heartbeatMs: Math.max(100, positive('CHUHE_LIVE_HEARTBEAT_MS', 20_000)),
  };
}

/** Counts the open streams per address and in all; admit() says whether one more may open. */
export class LiveAdmission {
  private readonly byAddress = new Map<string, number>();
  private open = 0;

  constructor(readonly limits: LiveLimits) {}

  get count(): number {
    return this.open;
  }

  /** 'ok' and counted (call the returned release once), or why not: 'address' → 429, 'full' → 503. */
  admit(address: string): { refused: 'address' | 'full' } | { release: () => void } {
    const mine = this.byAddress.get(address) ?? 0;
    if (mine >= this.limits.perAddress) return { refused: 'address' };
    if (this.open >= this.limits.total) return { refused: 'full' };
    this.byAddress.set(address, mine + 1);
    this.open++;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.open--;
        const n = (this.byAddress.get(address) ?? 1) - 1;
        if (n <= 0) this.byAddress.delete(address);
        else this.byAddress.set(address, n);
      },
    };
  }
}
