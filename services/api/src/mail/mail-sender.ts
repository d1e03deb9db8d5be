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
    this.transport = createTransport(config.smtpUrl, {
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail({ from: this.config.mailFrom, ...mail });
  }

  close(): void {
    this.transport.close();
  }
}
