import { Global, Module } from '@nestjs/common';
import { MailSender } from './mail-sender';
import { MailService } from './mail.service';

/** The mail queue, global: any module enqueues through MailService in its own transaction. */
@Global()
@Module({
  providers: [MailService, MailSender],
  exports: [MailService, MailSender],
})
export class MailModule {}
