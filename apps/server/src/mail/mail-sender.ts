import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { Prisma } from '../generated/prisma/client';
import { typedQuery } from '../persistence/typed-sql';
import { PrismaService } from '../prisma/prisma.service';

/** Attempts before a mail is given up (state failed, lastError kept). */
export const MAIL_MAX_ATTEMPTS = 8;
/** While one instance sends a claimed mail, the others leave it alone this long (then it is retried). */
const LEASE_SECONDS = 300;

/** The wait before attempt n+1 after n failures: 30 s, 1 min, 2 min … at most an hour. */
export function retryDelaySeconds(failures: number, baseSeconds = 30): number {
  return Math.min(3600, baseSeconds * 2 ** Math.max(0, failures - 1));
}

/**
 * Claims due mails for this instance: their next attempt moves a lease ahead, so another
 * instance's claim (SKIP LOCKED while this one holds the rows, then the lease) never takes them.
 */
const CLAIM = typedQuery(
  'mail claim',
  { id: 'text', to: 'text', subject: 'text', text: 'text', html: 'text?', attempts: 'int4' },
  (limit: number, leaseSeconds: number) => Prisma.sql`
    UPDATE "Mail" SET attempts = attempts + 1,
           "nextAttemptAt" = (now() AT TIME ZONE 'UTC') + make_interval(secs => ${leaseSeconds}::int)
     WHERE id IN (SELECT id FROM "Mail"
                   WHERE state = 'queued' AND "nextAttemptAt" <= (now() AT TIME ZONE 'UTC')
                   ORDER BY "nextAttemptAt", "createdAt" LIMIT ${limit}::int
                   FOR UPDATE SKIP LOCKED)
    RETURNING id::text AS id, "to", subject, text, html, attempts`,
  [0, LEASE_SECONDS],
);

const SENT = typedQuery(
  'mail sent',
  { id: 'text' },
  (id: string) => Prisma.sql`
    UPDATE "Mail" SET state = 'sent', "sentAt" = (now() AT TIME ZONE 'UTC'), "lastError" = NULL
     WHERE id = ${id}::uuid RETURNING id::text AS id`,
  ['00000000-0000-0000-0000-000000000000'],
);

const FAILED = typedQuery(
  'mail failed',
  { id: 'text' },
  (id: string, error: string, retryInSeconds: number | null) => Prisma.sql`
    UPDATE "Mail" SET "lastError" = ${error},
           state = CASE WHEN ${retryInSeconds}::int IS NULL THEN 'failed'::"MailState" ELSE 'queued'::"MailState" END,
           "nextAttemptAt" = (now() AT TIME ZONE 'UTC') + make_interval(secs => coalesce(${retryInSeconds}::int, 0))
     WHERE id = ${id}::uuid RETURNING id::text AS id`,
  ['00000000-0000-0000-0000-000000000000', '', null],
);

/**
 * The sender loop (issue 32 #5), one per server process: every few seconds it claims due mails
 * (`FOR UPDATE SKIP LOCKED` — two instances never claim the same row) and sends them through
 * nodemailer to CHUHE_SMTP_URL. A failure is recorded (`lastError`) and retried with a doubling
 * wait; after MAIL_MAX_ATTEMPTS the mail is `failed`. Without CHUHE_SMTP_URL nothing is sent: the
 * mails stay queued (sent once a server is configured) and every link stays on its page.
 * Delivery is at least once: a process that dies between the SMTP answer and the row update sends
 * that mail again after the lease.
 */
@Injectable()
export class MailSender implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Mail');
  private transport?: Transporter;
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;

  constructor(private readonly prisma: PrismaService) {}

  onApplicationBootstrap(): void {
    const url = process.env.CHUHE_SMTP_URL;
    if (!url) return;
    this.transport = nodemailer.createTransport(url);
    // CHUHE_MAIL_POLL_MS=0: no loop (tests and benches drain with sendDue()).
    const every = Number(process.env.CHUHE_MAIL_POLL_MS ?? 3000);
    if (every > 0) {
      this.timer = setInterval(() => void this.sendDue().catch((e: Error) => this.logger.warn(`mail sending: ${e.message}`)), every);
      this.timer.unref();
    }
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
    this.transport?.close();
  }

  /** Sends what is due now (one batch after another until none is left); answers how many were sent. */
  async sendDue(batch = 20): Promise<number> {
    if (!this.transport) return 0;
    // One drain at a time per process; a tick while one runs joins it.
    if (this.running) return this.running;
    this.running = this.drain(batch).finally(() => (this.running = undefined));
    return this.running;
  }

  private async drain(batch: number): Promise<number> {
    let sent = 0;
    for (;;) {
      const claimed = await CLAIM.rows(this.prisma, batch, LEASE_SECONDS);
      if (!claimed.length) return sent;
      let sentNow = 0;
      for (const mail of claimed) {
        try {
          await this.transport!.sendMail({
            from: process.env.CHUHE_MAIL_FROM ?? 'Chuhe <noreply@chuhe.invalid>',
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            ...(mail.html ? { html: mail.html } : {}),
            headers: { 'X-Chuhe-Mail': mail.id },
          });
          await SENT.rows(this.prisma, mail.id);
          sent++;
          sentNow++;
        } catch (error) {
          const message = (error as Error).message?.slice(0, 500) ?? String(error);
          const retry = mail.attempts >= MAIL_MAX_ATTEMPTS ? null : retryDelaySeconds(mail.attempts, Number(process.env.CHUHE_MAIL_RETRY_SECONDS ?? 30));
          await FAILED.rows(this.prisma, mail.id, message, retry);
          this.logger.warn(`mail ${mail.id} to ${mail.to} failed (attempt ${mail.attempts}): ${message}`);
        }
      }
      // A batch that only failed: the server is down — wait for the next tick, do not spin.
      if (!sentNow) return sent;
    }
  }
}
