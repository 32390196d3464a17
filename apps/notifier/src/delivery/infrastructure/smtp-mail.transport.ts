import type { OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { MailTransport } from '../application/delivery-sender';

export interface SmtpOptions {
  host?: string;
  port: number;
  from?: string;
  user?: string;
  password?: string;
  timeoutMs: number;
}

/** `message.send` by e-mail over SMTP (nodemailer); STARTTLS is used when the server offers it. */
export class SmtpMailTransport extends MailTransport implements OnApplicationShutdown {
  readonly configured: boolean;
  private readonly transporter?: Transporter;

  constructor(private readonly options: SmtpOptions) {
    super();
    this.configured = Boolean(options.host && options.from);
    if (!this.configured) return;
    this.transporter = createTransport({
      host: options.host,
      port: options.port,
      secure: options.port === 465,
      auth: options.user ? { user: options.user, pass: options.password ?? '' } : undefined,
      connectionTimeout: options.timeoutMs,
      greetingTimeout: options.timeoutMs,
      socketTimeout: options.timeoutMs,
    });
  }

  async send(mail: { to: string; subject: string; text: string }): Promise<void> {
    if (!this.transporter) throw new Error('SMTP is not configured (SMTP_HOST, SMTP_FROM)');
    await this.transporter.sendMail({
      from: this.options.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
    });
  }

  onApplicationShutdown(): void {
    this.transporter?.close();
  }
}
