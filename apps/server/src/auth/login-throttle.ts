import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { typedQuery } from '../persistence/typed-sql';
import { PrismaService } from '../prisma/prisma.service';
import { ServerSecret } from '../prisma/server-secret';

/** How one kind of key slows down: `free` failures cost nothing, then each one doubles the wait from `baseSeconds` up to `capSeconds`. */
export interface ThrottlePolicy {
  free: number;
  baseSeconds: number;
  capSeconds: number;
}

/**
 * Login throttling (issue 23 #7), following ASVS V2.2.1 — anti-automation that also defeats
 * lockout attacks. Kept in PostgreSQL (`LoginThrottle`), so every instance on the database counts
 * the same failures. Three keys per attempt:
 * - `pair` (this account from this address): 5 free failures, then 1 s, 2 s, 4 s … at most 60 s
 *   between attempts — one guesser on one account;
 * - `account` (failures from addresses that never logged in to it): 10 free, then the same doubling
 *   — many addresses guessing one account;
 * - `address` (failures for accounts it never logged in to): 50 free, then the same — one address
 *   trying many accounts (credential stuffing).
 * Slowed down, never locked: the wait is at most a minute, and a refused attempt (429 with
 * Retry-After) checks no password and counts nothing. An address that logged in to the account
 * before (`LoginAddress`) passes the account's and the address's throttles — a stranger's failures,
 * from anywhere or from the same venue's NAT, cannot keep the owner out of an account they use.
 *
 * A new address (issue 34 #9): the owner on a phone's network or at a venue was kept out 62–123 s
 * while a stranger hammered the account, because each time the account's wait ran out a stranger's
 * attempt came first and armed it again. So an address with no failure for this account (in the
 * last 15 minutes) does not wait for the account's throttle — the strangers' addresses have all
 * failed, so their waits stand — but for a fourth key of its own:
 * - `fresh` (failures of such first-time addresses on this account): 100 free (NIST SP 800-63B
 *   5.2.2: at most 100 failed attempts on an account), then the same doubling.
 * What a stranger gains: one check per address of theirs per 15 minutes, at most 100 before those
 * are slowed too; a stranger with more than 100 fresh addresses in 15 minutes slows newcomers again
 * (the owner's known addresses still pass). The owner's own first wrong password makes the new
 * address a stranger's: it then waits for the account's throttle.
 * Failures are forgotten 15 minutes after the last one. Addresses are stored as HMACs under the
 * server secret.
 */
export const THROTTLE: ThrottlePolicies = {
  pair: { free: 5, baseSeconds: 1, capSeconds: 60 },
  account: { free: 10, baseSeconds: 1, capSeconds: 60 },
  address: { free: 50, baseSeconds: 1, capSeconds: 60 },
  fresh: { free: 100, baseSeconds: 1, capSeconds: 60 },
  forgetAfterMinutes: 15,
};

export interface ThrottlePolicies {
  pair: ThrottlePolicy;
  account: ThrottlePolicy;
  address: ThrottlePolicy;
  fresh: ThrottlePolicy;
  forgetAfterMinutes: number;
}

/** Seconds until the latest of the keys' next allowed attempt (NULL: none is waiting). */
const WAIT = typedQuery(
  'login wait',
  { wait: 'float8?' },
  (keys: string[]) => Prisma.sql`
    SELECT EXTRACT(EPOCH FROM max("nextAttemptAt") - (now() AT TIME ZONE 'UTC'))::float8 AS wait
      FROM "LoginThrottle" WHERE key = ANY(${keys}::text[]) AND "nextAttemptAt" > (now() AT TIME ZONE 'UTC')`,
  [['pair:x']],
);

/** Whether the address (its HMAC) logged in to the account before. */
const KNOWN_ADDRESS = typedQuery(
  'login address known',
  { known: 'bool' },
  (email: string, addressKey: string) => Prisma.sql`
    SELECT EXISTS (SELECT 1 FROM "LoginAddress" la JOIN "User" u ON u.id = la."userId" WHERE u.email = ${email} AND la.address = ${addressKey}) AS known`,
  ['', ''],
);

/** Whether this address failed on this account within the forget window (a stranger's address, once it guessed). */
const FAILED_HERE = typedQuery(
  'login pair failed',
  { failed: 'bool' },
  (pair: string, forgetMinutes: number) => Prisma.sql`
    SELECT EXISTS (SELECT 1 FROM "LoginThrottle" WHERE key = ${pair} AND failures > 0
                     AND "lastFailureAt" >= (now() AT TIME ZONE 'UTC') - make_interval(mins => ${forgetMinutes}::int)) AS failed`,
  ['pair:x', 15],
);

export interface Attempt {
  email: string;
  address: string;
}

/** What check() found: the wait, whether the address logged in to the account before, and whether it never failed on it. */
export interface Standing {
  waitSeconds: number;
  known: boolean;
  fresh: boolean;
}

@Injectable()
export class LoginThrottle {
  /** THROTTLE, unless createApp was given others (the e2e helpers: every spec logs in from one address). */
  policies: ThrottlePolicies = THROTTLE;

  constructor(
    private readonly prisma: PrismaService,
    private readonly secret: ServerSecret,
  ) {}

  /**
   * Seconds the attempt must wait (0: go ahead), whether the address logged in to the account
   * before, and whether it is fresh (no failure on this account lately): a known address waits for
   * its pair only; a fresh one for its pair, its address and the fresh key; any other for its pair,
   * the account and its address.
   */
  async check({ email, address }: Attempt): Promise<Standing> {
    const addressKey = await this.secret.hmac('login-address', address);
    const known = await this.isKnown(email, addressKey);
    const pair = pairKey(email, addressKey);
    const fresh = !known && !(await FAILED_HERE.one(this.prisma, pair, this.policies.forgetAfterMinutes)).failed;
    const keys = [pair, ...(known ? [] : [fresh ? `fresh:${email}` : `account:${email}`, `address:${addressKey}`])];
    const { wait } = await WAIT.one(this.prisma, keys);
    return { waitSeconds: Math.max(0, wait ?? 0), known, fresh };
  }

  /**
   * A wrong password (or an unknown email — counted the same): the pair always; unless the address is
   * known, the account and the address, and the fresh key when the address had not failed here before.
   */
  async failed({ email, address }: Attempt, { known, fresh }: Pick<Standing, 'known' | 'fresh'>): Promise<void> {
    const addressKey = await this.secret.hmac('login-address', address);
    await this.count(pairKey(email, addressKey), this.policies.pair);
    if (known) return;
    await this.count(`account:${email}`, this.policies.account);
    await this.count(`address:${addressKey}`, this.policies.address);
    if (fresh) await this.count(`fresh:${email}`, this.policies.fresh);
  }

  /** A login: the address is known to the account from now on, and the pair's failures are forgotten. */
  async succeeded({ email, address }: Attempt, userId: string): Promise<void> {
    const addressKey = await this.secret.hmac('login-address', address);
    await this.prisma.$executeRaw`
      INSERT INTO "LoginAddress" ("userId", address, "lastLoginAt") VALUES (${userId}::uuid, ${addressKey}, now() AT TIME ZONE 'UTC')
      ON CONFLICT ("userId", address) DO UPDATE SET "lastLoginAt" = EXCLUDED."lastLoginAt"`;
    await this.prisma.$executeRaw`DELETE FROM "LoginThrottle" WHERE key = ${pairKey(email, addressKey)}`;
  }

  /** Deletes what is forgotten anyway (the hourly sweep). */
  async sweep(): Promise<number> {
    return this.prisma.$executeRaw`
      DELETE FROM "LoginThrottle"
       WHERE "lastFailureAt" < (now() AT TIME ZONE 'UTC') - make_interval(mins => ${this.policies.forgetAfterMinutes})
         AND "nextAttemptAt" < (now() AT TIME ZONE 'UTC')`;
  }

  private async isKnown(email: string, addressKey: string): Promise<boolean> {
    return (await KNOWN_ADDRESS.one(this.prisma, email, addressKey)).known;
  }

  /** One more failure for `key`, atomically (two instances counting at once both count). */
  private async count(key: string, policy: ThrottlePolicy): Promise<void> {
    const { free, baseSeconds, capSeconds } = policy;
    await this.prisma.$executeRaw`
      WITH n AS (SELECT now() AT TIME ZONE 'UTC' AS now)
      INSERT INTO "LoginThrottle" AS t (key, failures, "lastFailureAt", "nextAttemptAt")
      SELECT ${key}, 1, n.now, n.now + make_interval(secs => ${delaySeconds(1, policy)}) FROM n
      ON CONFLICT (key) DO UPDATE SET
        failures = CASE WHEN t."lastFailureAt" < EXCLUDED."lastFailureAt" - make_interval(mins => ${this.policies.forgetAfterMinutes}) THEN 1 ELSE t.failures + 1 END,
        "lastFailureAt" = EXCLUDED."lastFailureAt",
        "nextAttemptAt" = EXCLUDED."lastFailureAt" + make_interval(secs => (
          SELECT CASE WHEN f <= ${free}::int THEN 0 ELSE LEAST(${capSeconds}::float8, ${baseSeconds}::float8 * power(2, f - ${free}::int - 1)) END
            FROM (SELECT CASE WHEN t."lastFailureAt" < EXCLUDED."lastFailureAt" - make_interval(mins => ${this.policies.forgetAfterMinutes}) THEN 1 ELSE t.failures + 1 END AS f) x))`;
  }
}

function pairKey(email: string, addressKey: string): string {
  return `pair:${email}|${addressKey}`;
}

/** The wait after the `failures`-th failure in a row (0 while free). */
export function delaySeconds(failures: number, { free, baseSeconds, capSeconds }: ThrottlePolicy): number {
  return failures <= free ? 0 : Math.min(capSeconds, baseSeconds * 2 ** (failures - free - 1));
}
