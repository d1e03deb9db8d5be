import { Global, Module } from '@nestjs/common';
import { MailSender, SmtpMailSender } from './mail-sender';
import { MailService } from './mail.service';
import { SendMailProcessor } from './send-mail.processor';

@Global()
@Module({
  providers: [MailService, SendMailProcessor, { provide: MailSender, useClass: SmtpMailSender }],
  exports: [MailService, MailSender],
})
export class MailModule {}
