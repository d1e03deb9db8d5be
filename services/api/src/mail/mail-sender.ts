import { Injectable } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { AppConfig } from '../config/app-config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** Where mail goes. SMTP in every environment (MailDev in development and tests). */
export abstract class MailSender {
  abstract send(mail: OutgoingMail): Promise<void>;
  abstract close(): void;
}

@Injectable()
export class SmtpMailSender extends MailSender {
  private readonly transport: Transporter;

  constructor(private readonly config: AppConfig) {
    super();
    // nodemailer ignores every other option when given a URL, so the URL is taken apart here.
    const url = new URL(config.smtpUrl);
    this.transport = createTransport({
      host: url.hostname,
      port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 25)),
      secure: url.protocol === 'smtps:',
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
      connectionTimeout: config.smtpTimeoutMs,
      greetingTimeout: config.smtpTimeoutMs,
      socketTimeout: 2 * config.smtpTimeoutMs,
    });
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail({ from: this.config.mailFrom, ...mail });
  }

  close(): void {
    this.transport.close();
  }
}
