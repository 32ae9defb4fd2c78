// Issue 32 #5: the mail queue — enqueued in the caller's transaction, sent through SMTP by a loop
// that two instances run without sending anything twice, retried with a growing wait, recorded.
import { INestApplication } from '@nestjs/common';
import { MailSender, retryDelaySeconds } from '../../apps/server/src/mail/mail-sender';
import { MailService } from '../../apps/server/src/mail/mail.service';
import { PrismaService } from '../../apps/server/src/prisma/prisma.service';
import { startTestApp } from './http-helpers';
import { startTestSmtp, TestSmtp } from './venue-smtp';

describe('mail queue (issue 32 #5)', () => {
  let smtp: TestSmtp;
  let one: INestApplication;
  let two: INestApplication;
  const saved = { url: process.env.CHUHE_SMTP_URL, poll: process.env.CHUHE_MAIL_POLL_MS };

  beforeAll(async () => {
    smtp = await startTestSmtp();
    process.env.CHUHE_SMTP_URL = smtp.url;
    process.env.CHUHE_MAIL_POLL_MS = '0';
    // Two server instances on one database.
    one = await startTestApp();
    two = await startTestApp();
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await smtp.close();
    process.env.CHUHE_SMTP_URL = saved.url;
    process.env.CHUHE_MAIL_POLL_MS = saved.poll;
  });

  const prisma = () => one.get(PrismaService);
  const mails = () => one.get(MailService);

  // The run's database is shared with the other suites, whose invitations and decisions queue mails
  // too: each test starts with nothing due, so that its counts are its own mails'.
  beforeEach(async () => {
    while ((await one.get(MailSender).sendDue()) > 0);
  });

  it('a mail enqueued in a transaction that rolls back is never sent; a committed one arrives once', async () => {
    const stamp = Date.now();
    await expect(
      prisma().$transaction(async (tx) => {
        await mails().enqueue(tx, { to: `gone-${stamp}@test.chuhe`, subject: 'rolled back', text: 'never', kind: 'test' });
        throw new Error('the result was refused');
      }),
    ).rejects.toThrow('the result was refused');
    await prisma().$transaction((tx) => mails().enqueue(tx, { to: `kept-${stamp}@test.chuhe`, subject: '第1轮对阵', text: '您好', kind: 'test' }));
    const before = smtp.received.length;
    expect(await one.get(MailSender).sendDue()).toBe(1);
    await smtp.waitFor(before + 1);
    const got = smtp.received.slice(before);
    expect(got.map((m) => m.subject)).toEqual(['第1轮对阵']);
    expect(got[0].text?.trim()).toBe('您好');
    expect(await prisma().mail.count({ where: { to: `gone-${stamp}@test.chuhe` } })).toBe(0);
    expect(await prisma().mail.findFirstOrThrow({ where: { to: `kept-${stamp}@test.chuhe` } })).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it('a dedupeKey queues once, and two instances draining at once send each mail exactly once', async () => {
    const stamp = Date.now();
    expect(await mails().enqueue(prisma(), { to: `once-${stamp}@test.chuhe`, subject: 's', text: 't', kind: 'test', dedupeKey: `k-${stamp}` })).toBe(true);
    expect(
      await two
        .get(MailService)
        .enqueue(two.get(PrismaService), { to: `once-${stamp}@test.chuhe`, subject: 's', text: 't', kind: 'test', dedupeKey: `k-${stamp}` }),
    ).toBe(false);
    // Not an address: not queued.
    expect(await mails().enqueue(prisma(), { to: 'not an address', subject: 's', text: 't', kind: 'test' })).toBe(false);
    const n = 60;
    await mails().enqueueMany(
      prisma(),
      Array.from({ length: n }, (_, i) => ({
        to: `many-${i}-${stamp}@test.chuhe`,
        subject: `m${i}`,
        text: 't',
        kind: 'test',
        dedupeKey: `many-${i}-${stamp}`,
      })),
    );
    const before = smtp.received.length;
    const [a, b] = await Promise.all([one.get(MailSender).sendDue(5), two.get(MailSender).sendDue(5)]);
    expect(a + b).toBe(n + 1);
    await smtp.waitFor(before + n + 1);
    await new Promise((r) => setTimeout(r, 200));
    const ids = smtp.received.slice(before).map((m) => m.headers.get('x-chuhe-mail'));
    expect(ids).toHaveLength(n + 1);
    expect(new Set(ids).size).toBe(n + 1);
    // Both instances did part of the work (SKIP LOCKED let them share it).
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
  });

  it('a refusing mail server is recorded and retried with a growing wait, then the mail goes out; it gives up after 8 attempts', async () => {
    const stamp = Date.now();
    const to = `busy-${stamp}@test.chuhe`;
    smtp.refuse.add(to);
    await mails().enqueue(prisma(), { to, subject: 'retry me', text: 't', kind: 'test' });
    expect(await one.get(MailSender).sendDue()).toBe(0);
    const failed = await prisma().mail.findFirstOrThrow({ where: { to } });
    expect(failed).toMatchObject({ state: 'queued', attempts: 1 });
    expect(failed.lastError).toMatch(/450|busy/);
    // Not due again before its wait (30 s after the first failure).
    expect(failed.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(20_000);
    expect(await one.get(MailSender).sendDue()).toBe(0);
    expect(retryDelaySeconds(1)).toBe(30);
    expect(retryDelaySeconds(3)).toBe(120);
    expect(retryDelaySeconds(20)).toBe(3600);
    // The server recovers; the wait is over.
    smtp.refuse.delete(to);
    await prisma().mail.update({ where: { id: failed.id }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
    const before = smtp.received.length;
    expect(await one.get(MailSender).sendDue()).toBe(1);
    await smtp.waitFor(before + 1);
    expect(await prisma().mail.findUniqueOrThrow({ where: { id: failed.id } })).toMatchObject({ state: 'sent', attempts: 2, lastError: null });

    const never = `never-${stamp}@test.chuhe`;
    smtp.refuse.add(never);
    await mails().enqueue(prisma(), { to: never, subject: 'give up', text: 't', kind: 'test' });
    for (let i = 0; i < 8; i++) {
      await prisma().mail.updateMany({ where: { to: never }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
      await one.get(MailSender).sendDue();
    }
    expect(await prisma().mail.findFirstOrThrow({ where: { to: never } })).toMatchObject({ state: 'failed', attempts: 8 });
  });
});
