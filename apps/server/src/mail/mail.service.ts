import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import type { PrismaService, Tx } from '../prisma/prisma.service';

/** One outgoing mail, as a caller asks for it. */
export interface MailRequest {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** invitation | entry_decision | pairing | results | confirm_email … */
  kind: string;
  tournamentId?: string;
  /** "Send once": a second enqueue with the same key (another instance, a retried request) is dropped. */
  dedupeKey?: string;
}

/** The part of a Prisma client or transaction the queue writes through. */
type MailDb = Pick<Tx, 'mail'> | Pick<PrismaService, 'mail'>;

/** A rough mail address check: something@something.tld, no spaces, no angle brackets. */
const ADDRESS = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/**
 * The mail queue (issue 32 #5): callers enqueue in their own transaction — the mail exists iff
 * what it tells about was committed — and the sender (mail-sender.ts) sends it later. A failing
 * mail server can therefore never block or roll back a result or a pairing.
 */
@Injectable()
export class MailService {
  /** Whether a mail server is configured (CHUHE_SMTP_URL); pages then say "sent by mail" beside the link. */
  get configured(): boolean {
    return !!process.env.CHUHE_SMTP_URL;
  }

  /**
   * Queues one mail; answers whether it was queued (false: an address that is no address, or the
   * dedupeKey was queued before — by this or another instance, ON CONFLICT DO NOTHING).
   */
  async enqueue(db: MailDb, mail: MailRequest): Promise<boolean> {
    const to = mail.to.trim();
    if (!ADDRESS.test(to)) return false;
    const { count } = await db.mail.createMany({
      data: [
        {
          to,
          subject: mail.subject.slice(0, 300),
          text: mail.text,
          html: mail.html ?? null,
          kind: mail.kind,
          tournamentId: mail.tournamentId ?? null,
          dedupeKey: mail.dedupeKey ?? null,
        },
      ],
      skipDuplicates: true,
    });
    return count === 1;
  }

  /** Queues many at once (a round's pairings to every player): one statement. */
  async enqueueMany(db: MailDb, mails: readonly MailRequest[]): Promise<number> {
    const data = mails
      .map((m) => ({ ...m, to: m.to.trim() }))
      .filter((m) => ADDRESS.test(m.to))
      .map((m) => ({
        to: m.to,
        subject: m.subject.slice(0, 300),
        text: m.text,
        html: m.html ?? null,
        kind: m.kind,
        tournamentId: m.tournamentId ?? null,
        dedupeKey: m.dedupeKey ?? null,
      }));
    if (!data.length) return 0;
    const { count } = await db.mail.createMany({ data, skipDuplicates: true });
    return count;
  }
}

/**
 * The same queueing as `enqueue`, as a data-modifying WITH of a caller's statement (issue 31: an
 * account-free request, its audit row and its confirmation mail in one statement): the mail is
 * queued once per row `from` selects (none: none), the dedupeKey kept once (ON CONFLICT DO
 * NOTHING). Times are UTC, as Prisma writes them. An address that is no address queues nothing.
 */
export function queueMailSql(mail: MailRequest, from: Prisma.Sql): Prisma.Sql {
  const to = mail.to.trim();
  return Prisma.sql`
    INSERT INTO "Mail" (id, "to", subject, text, html, kind, "tournamentId", "dedupeKey", "nextAttemptAt", "createdAt")
    SELECT gen_random_uuid(), ${to}, ${mail.subject.slice(0, 300)}, ${mail.text}, ${mail.html ?? null}::text, ${mail.kind}, ${mail.tournamentId ?? null}::uuid,
      ${mail.dedupeKey ?? null}::text, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
    FROM (${from}) AS queued
    WHERE ${ADDRESS.test(to)}::boolean
    ON CONFLICT ("dedupeKey") DO NOTHING`;
}
