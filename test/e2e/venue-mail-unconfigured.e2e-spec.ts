// Issue 32 #5: without CHUHE_SMTP_URL nothing is sent — mails stay queued for a server configured later.
import { INestApplication } from '@nestjs/common';
import { MailSender } from '../../apps/server/src/mail/mail-sender';
import { MailService } from '../../apps/server/src/mail/mail.service';
import { PrismaService } from '../../apps/server/src/prisma/prisma.service';
import { startTestApp } from './http-helpers';

describe('mail queue without a mail server (issue 32 #5)', () => {
  let app: INestApplication;
  const saved = process.env.CHUHE_SMTP_URL;
  beforeAll(async () => {
    delete process.env.CHUHE_SMTP_URL;
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
    if (saved !== undefined) process.env.CHUHE_SMTP_URL = saved;
  });

  it('queues and keeps the mail, sends nothing', async () => {
    const to = `nobody-${Date.now()}@test.chuhe`;
    expect(app.get(MailService).configured).toBe(false);
    expect(await app.get(MailService).enqueue(app.get(PrismaService), { to, subject: 's', text: 't', kind: 'test' })).toBe(true);
    expect(await app.get(MailSender).sendDue()).toBe(0);
    expect(await app.get(PrismaService).mail.findFirstOrThrow({ where: { to } })).toMatchObject({ state: 'queued', attempts: 0 });
  });
});
