import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { DomainError } from '../common/errors';
import { Prisma } from '../generated/prisma/client';
import { RawDb, typedQuery } from '../persistence/typed-sql';
import { rawDb } from '../persistence/raw-pg';
import { PrismaService } from '../prisma/prisma.service';
import { AuthUser } from './auth.decorators';
import { DEMO_ORGANIZER } from './demo-account';
import { passwordProblem } from './common-passwords';
import { hashPassword, verifyPassword } from './password';
import { LoginThrottle } from './login-throttle';
import { DEFAULT_LIMITS, HashGate, Limits, tooManyRequests, WindowCounter } from './rate-limit';

const SESSION_DAYS = 30;
const SWEEP_EVERY_MS = 60 * 60_000;

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The user of a live session (none: no such session, or it expired). */
const SESSION_USER = typedQuery(
  'session user',
  { id: 'text', email: 'text', displayName: 'text' },
  (tokenHash: string) => Prisma.sql`
    SELECT u.id::text AS id, u.email, u."displayName" FROM "Session" s JOIN "User" u ON u.id = s."userId"
     WHERE s."tokenHash" = ${tokenHash} AND s."expiresAt" > now()`,
  [''],
);

/** What registration answers, for a new email and a known one alike (no account enumeration). */
export const REGISTERED = 'registered: log in with this email and password (if the email was registered before, log in with its password or ask its owner)';

/**
 * Accounts and sessions (issue 13): rate-limited login and registration, the same cost and answer
 * whether or not an email is known, hashing off the event loop and gated (rate-limit.ts), the
 * password rule (common-passwords.ts), expired sessions swept hourly, log out everywhere, and a
 * password change that ends every other session.
 */
@Injectable()
export class AuthService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Auth');
  private readonly limits: Limits = DEFAULT_LIMITS;
  private readonly registrations = new WindowCounter(this.limits.registrationsPerAddress, this.limits.registrationWindowMs);
  private readonly gate = new HashGate(this.limits.hashesInFlightPerAddress);
  /** A real hash of a random password: unknown emails are verified against it, at the same cost. */
  private dummyHash?: Promise<string>;
  private sweeper?: NodeJS.Timeout;

  private readonly pg: RawDb;

  constructor(
    private readonly prisma: PrismaService,
    private readonly throttle: LoginThrottle,
  ) {
    this.pg = rawDb(prisma.pg);
  }

  /** Whether this database holds the demo (its organizer account): the login and home pages then name it. */
  /** A server administrator (the account page links the registry's screens for them). */
  async isAdmin(user: AuthUser | undefined): Promise<boolean> {
    if (!user) return false;
    return !!(await this.prisma.user.findUnique({ where: { id: user.id }, select: { isAdmin: true } }))?.isAdmin;
  }

  async demoLoaded(): Promise<boolean> {
    return (await this.prisma.user.count({ where: { email: DEMO_ORGANIZER.email } })) > 0;
  }

  onModuleInit(): void {
    this.sweeper = setInterval(() => {
      void this.deleteExpiredSessions().catch(() => undefined);
      void this.throttle.sweep().catch(() => undefined);
    }, SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  onModuleDestroy(): void {
    if (this.sweeper) clearInterval(this.sweeper);
  }

  async deleteExpiredSessions(): Promise<number> {
    const { count } = await this.prisma.session.deleteMany({ where: { expiresAt: { lt: new Date() } } });
    if (count) this.logger.log(`deleted ${count} expired session(s)`);
    return count;
  }

  async register(
    { email, displayName, password }: { email: string; displayName: string; password: string },
    address = 'unknown',
  ): Promise<{ email: string; message: string }> {
    const normalized = email.trim().toLowerCase();
    const problem = passwordProblem(password, { email: normalized, displayName });
    if (problem) throw new DomainError(`password.${problem}`, { field: 'password' }, 'password');
    const wait = this.registrations.blockedFor(address);
    if (wait > 0) throw tooManyRequests('limit.registrations', wait);
    this.registrations.add(address);
    // Hash first, whatever the email: a known one costs the same and answers the same.
    const passwordHash = await this.gate.run(address, () => hashPassword(password));
    await this.prisma.user.createMany({ data: [{ email: normalized, displayName, passwordHash }], skipDuplicates: true });
    return { email: normalized, message: REGISTERED };
  }

  async login({ email, password }: { email: string; password: string }, address = 'unknown'): Promise<{ token: string; user: AuthUser; expiresAt: Date }> {
    const normalized = email.trim().toLowerCase();
    const attempt = { email: normalized, address };
    const standing = await this.throttle.check(attempt);
    if (standing.waitSeconds > 0) throw tooManyRequests('limit.failed_logins', standing.waitSeconds);
    const user = await this.prisma.user.findUnique({ where: { email: normalized } });
    const ok = await this.gate.run(address, async () =>
      user ? verifyPassword(password, user.passwordHash) : verifyPassword(password, await this.dummy()).then(() => false),
    );
    if (!user || !ok) {
      await this.throttle.failed(attempt, standing);
      throw new DomainError('auth.wrong_password');
    }
    await this.throttle.succeeded(attempt, user.id);
    await this.prisma.session.deleteMany({ where: { userId: user.id, expiresAt: { lt: new Date() } } });
    return { ...(await this.newSession(user.id)), user: { id: user.id, email: user.email, displayName: user.displayName } };
  }

  async logout(token: string): Promise<void> {
    await this.prisma.session.deleteMany({ where: { tokenHash: tokenHash(token) } });
  }

  /** Ends every session of the user, this one included. */
  async logoutEverywhere(userId: string): Promise<number> {
    const { count } = await this.prisma.session.deleteMany({ where: { userId } });
    return count;
  }

  /** Checks the current password (failures count as failed logins), then ends every other session. */
  async changePassword(
    user: AuthUser,
    token: string,
    { currentPassword, newPassword }: { currentPassword: string; newPassword: string },
    address = 'unknown',
  ): Promise<void> {
    const attempt = { email: user.email, address };
    const standing = await this.throttle.check(attempt);
    if (standing.waitSeconds > 0) throw tooManyRequests('limit.account_attempts', standing.waitSeconds);
    const problem = passwordProblem(newPassword, user);
    if (problem) throw new DomainError(`password.${problem}`, { field: 'newPassword' }, 'newPassword');
    if (newPassword === currentPassword) throw new DomainError('password.unchanged', {}, 'newPassword');
    const row = await this.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    const ok = await this.gate.run(address, () => verifyPassword(currentPassword, row.passwordHash));
    if (!ok) {
      await this.throttle.failed(attempt, standing);
      throw new DomainError('password.wrong_current', {}, 'currentPassword');
    }
    const passwordHash = await this.gate.run(address, () => hashPassword(newPassword));
    await this.prisma.$transaction([
      this.prisma.user.update({ where: { id: user.id }, data: { passwordHash } }),
      this.prisma.session.deleteMany({ where: { userId: user.id, tokenHash: { not: tokenHash(token) } } }),
    ]);
  }

  async userForToken(token: string): Promise<AuthUser | undefined> {
    // Every authenticated request asks this: one plain statement, not Prisma's query builder.
    // On the pool without Prisma's query engine (issue 35 #3); never cached: a logout counts at once.
    const rows = await SESSION_USER.rows(this.pg, tokenHash(token));
    return rows[0];
  }

  private async newSession(userId: string): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + SESSION_DAYS * 24 * 3600 * 1000);
    await this.prisma.session.create({ data: { tokenHash: tokenHash(token), userId, expiresAt } });
    return { token, expiresAt };
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    return this.dummyHash;
  }
}
