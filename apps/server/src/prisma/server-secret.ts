import { Injectable } from '@nestjs/common';
import { createHmac, randomBytes } from 'node:crypto';
import { PrismaService } from './prisma.service';

/**
 * The server's secret key (issue 23 #3, #7): the key of the lineup seals (HMAC-SHA256) and of the
 * login throttle's address HMACs. `CHUHE_SECRET` (at least 32 characters) when it is set;
 * otherwise generated once (32 random bytes) and kept in the database's `ServerSecret` table, row
 * `server`, so that every instance on the database uses the same key and a restart keeps it. Whoever
 * can read the database can read the key — and the lineups themselves; nobody else can.
 */
@Injectable()
export class ServerSecret {
  private key?: Promise<Buffer>;

  constructor(private readonly prisma: PrismaService) {}

  /** HMAC-SHA256 of `text` under the server secret, hex. */
  async hmac(purpose: string, text: string): Promise<string> {
    return createHmac('sha256', await this.secret())
      .update(`${purpose}\0${text}`)
      .digest('hex');
  }

  /**
   * Loads the key now (it is cached from then on). A transaction that holds a lock calls this first:
   * loading reads through the pool, and a read outside the transaction while the lock is held can
   * wait for a connection that every other waiter on the lock holds (issue 23 #4).
   */
  async ready(): Promise<void> {
    await this.secret();
  }

  private secret(): Promise<Buffer> {
    this.key ??= this.load().catch((error: unknown) => {
      this.key = undefined; // a database that was away: ask again next time
      throw error;
    });
    return this.key;
  }

  private async load(): Promise<Buffer> {
    const configured = process.env.CHUHE_SECRET;
    if (configured) {
      if (configured.length < 32) throw new Error('CHUHE_SECRET must be at least 32 characters');
      return Buffer.from(configured, 'utf8');
    }
    // The first instance to get here writes it; the others (and later starts) read that one.
    await this.prisma.serverSecret.createMany({ data: [{ name: 'server', value: randomBytes(32).toString('base64') }], skipDuplicates: true });
    const row = await this.prisma.serverSecret.findUniqueOrThrow({ where: { name: 'server' } });
    return Buffer.from(row.value, 'base64');
  }
}
