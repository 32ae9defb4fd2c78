import { DomainError, type ErrorCode } from '../common/errors';
import { availableParallelism } from 'node:os';

/**
 * Registration and hashing limits (issue 13), in memory per server process (several instances
 * each keep their own counts). Failed logins are throttled in PostgreSQL, across instances
 * (login-throttle.ts, issue 23 #7).
 *
 * - registrations per client address: CHUHE_REGISTRATIONS_PER_HOUR (default 200) per hour;
 * - password hashing: at most 2 scrypt computations in flight per client address (16 more wait
 *   their turn, beyond that 429 at once, before any work), and at most `cores` in flight in all.
 *   One client with 32 connections therefore cannot fill the thread pool everyone's logins use.
 *
 * Every refusal is a 429 with Retry-After (seconds).
 */
export interface Limits {
  registrationsPerAddress: number;
  registrationWindowMs: number;
  hashesInFlightPerAddress: number;
}

export const DEFAULT_LIMITS: Limits = {
  registrationsPerAddress: Number(process.env.CHUHE_REGISTRATIONS_PER_HOUR) || 200,
  registrationWindowMs: 60 * 60_000,
  hashesInFlightPerAddress: 2,
};

/** A 429 with its code (the words in the page's language) and `retryAfterSeconds` (the filter's Retry-After). */
export function tooManyRequests(code: Extract<ErrorCode, `limit.${string}`>, retryAfterSeconds: number): DomainError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new DomainError(code, { seconds }, undefined, { retryAfterSeconds: seconds });
}

/** Counts events per key in a fixed window that starts at the key's first event. */
export class WindowCounter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the key may try again, or 0 when it is under its limit. */
  blockedFor(key: string): number {
    const w = this.current(key);
    return w && w.count >= this.limit ? (w.start + this.windowMs - this.now()) / 1000 : 0;
  }

  add(key: string): void {
    const w = this.current(key);
    if (w) w.count += 1;
    else this.windows.set(key, { start: this.now(), count: 1 });
    if (this.windows.size > 100_000) this.sweep();
  }

  clear(key: string): void {
    this.windows.delete(key);
  }

  private current(key: string) {
    const w = this.windows.get(key);
    if (w && this.now() - w.start >= this.windowMs) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(key);
  }
}

/**
 * A counting semaphore for the password hashing: at most `concurrency` hashes run at once in all,
 * at most `perAddressLimit` of them for one address; an address's further requests wait in its own
 * queue (up to `perAddressQueue`, beyond that 429) and join the shared one only when one of its
 * own finishes — so one client's flood waits behind itself, not in front of everyone else.
 */
export class HashGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly addresses = new Map<string, { active: number; queue: (() => void)[] }>();

  constructor(
    private readonly perAddressLimit: number,
    private readonly concurrency = Math.max(2, availableParallelism()),
    private readonly perAddressQueue = 16,
  ) {}

  async run<T>(address: string, work: () => Promise<T>): Promise<T> {
    let slot = this.addresses.get(address);
    if (!slot) this.addresses.set(address, (slot = { active: 0, queue: [] }));
    if (slot.active >= this.perAddressLimit) {
      if (slot.queue.length >= this.perAddressQueue) throw tooManyRequests('limit.hashing', 1);
      await new Promise<void>((resolve) => slot!.queue.push(resolve));
    } else slot.active += 1;
    try {
      if (this.running >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
      else this.running += 1;
      try {
        return await work();
      } finally {
        const next = this.waiting.shift();
        if (next) next();
        else this.running -= 1;
      }
    } finally {
      const next = slot.queue.shift();
      if (next) next();
      else if (--slot.active === 0) this.addresses.delete(address);
    }
  }
}
